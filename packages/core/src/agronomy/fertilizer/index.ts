/** The fertilizer recommendation engine (science brief §5). Pure functions; the clock and observations are passed in. */
export * from './coefficients.ts';
export * from './products.ts';
export * from './crop-nutrient-profiles.ts';
export * from './applied-nutrients.ts';
export * from './nutrient-need.ts';
export * from './split-timing.ts';
export * from './product-plan.ts';
export * from './ndre-sufficiency.ts';
export * from './suppression.ts';
export * from './recommend-fertilizer.ts';
