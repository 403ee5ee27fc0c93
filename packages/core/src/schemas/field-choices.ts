/*
 * The fixed choices of a field's record, apart from its schemas: a screen that names a soil texture does not need the
 * validation library that checks a whole field.
 */

/** USDA soil texture classes; they set the soil's available water (FAO-56 Table 19). */
export const soilTextures = [
  'sand',
  'loamy-sand',
  'sandy-loam',
  'loam',
  'silt-loam',
  'silt',
  'sandy-clay-loam',
  'clay-loam',
  'silty-clay-loam',
  'sandy-clay',
  'silty-clay',
  'clay',
] as const;

/**
 * What to do with water records (irrigations, rain readings) that a later planting date would leave before planting:
 * `keep` them as records before the season, which the water balance does not count, or `delete` them. Sent with the
 * change only after the server has named those records (409 `RECORDS_BEFORE_PLANTING`).
 */
export const waterRecordsBeforePlantingChoices = ['keep', 'delete'] as const;
export type WaterRecordsBeforePlantingChoice = (typeof waterRecordsBeforePlantingChoices)[number];

/**
 * What each item of the field list carries: `summary` (the default) the facts, box and centroid without the
 * boundary; `map` adds the boundary simplified for drawing. The full boundary is read one field at a time.
 */
export const fieldListViews = ['summary', 'map'] as const;
export type FieldListView = (typeof fieldListViews)[number];
