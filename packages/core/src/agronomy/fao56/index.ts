/** FAO Irrigation and Drainage Paper 56 (Allen et al. 1998): reference ET₀, crop water use, the root-zone water balance. */
export * from './humidity.ts';
export * from './radiation.ts';
export * from './reference-evapotranspiration.ts';
export * from './crop-coefficient.ts';
export * from './root-zone.ts';
export * from './water-balance.ts';
export * from './irrigation-advice.ts';
