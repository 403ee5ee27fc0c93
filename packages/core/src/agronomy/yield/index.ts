/** Season yield estimate (science brief §4): light-use efficiency and AquaCrop water productivity, shown as a range. */
export * from './yield-coefficients.ts';
export * from './yield-estimate.ts';
export * from './harvest-comparison.ts';
