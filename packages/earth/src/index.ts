/**
 * The imagery engine (STAC search, COG reads, zonal statistics) lives here.
 * It is built by the imagery issue; until then the package exports only its source label.
 */
export const imagerySources = ['earth-search', 'landsat', 'simulated'] as const;
export type ImagerySource = (typeof imagerySources)[number];
