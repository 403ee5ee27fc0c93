/**
 * Weather is fetched and kept per cell of a 0.1° grid, not per field. Open-Meteo's models run at 2–11 km (ECMWF
 * IFS 9 km and ICON 11 km over Africa; ERA5-Land 0.1° ≈ 11 km for the archive), and 0.1° is about 11 km north–south
 * and 10.5 km east–west at 18° S: asking for the cell's centre instead of the field moves the point by at most
 * ~7.7 km (half the cell's diagonal), under one grid box of the models that cover the region, while every field
 * of a farm (and of its neighbours) shares one forecast and one archive — one upstream request per farm per hour.
 * What can differ within a cell is elevation: Open-Meteo downscales temperature to the asked point's height
 * (90 m terrain model), so on a steep escarpment the cell centre's temperature is not the field's.
 */
export const WEATHER_CELL_DEGREES = 0.1;

export interface WeatherCell {
  /** round(latitude / 0.1): the cache key, exact where a float would not be. */
  latIndex: number;
  lngIndex: number;
  /** The cell's centre, where the weather is asked for. */
  latitude: number;
  longitude: number;
}

export function weatherCellOf(latitude: number, longitude: number): WeatherCell {
  const latIndex = Math.round(latitude / WEATHER_CELL_DEGREES);
  let lngIndex = Math.round(longitude / WEATHER_CELL_DEGREES);
  // 180° E and 180° W are one meridian: one cell, not two.
  if (lngIndex === Math.round(180 / WEATHER_CELL_DEGREES)) lngIndex = -lngIndex;
  return {
    latIndex,
    lngIndex,
    // Through division, not multiplication, so that the centre prints as -17.8 rather than -17.800000000000001.
    latitude: latIndex / (1 / WEATHER_CELL_DEGREES),
    longitude: lngIndex / (1 / WEATHER_CELL_DEGREES),
  };
}

/** A field's point for weather: the centre of its bounding box (a field is at most 100 km², well inside its cell's reach). */
export function fieldWeatherCell(bbox: { bboxMinLat: number; bboxMaxLat: number; bboxMinLng: number; bboxMaxLng: number }): WeatherCell {
  return weatherCellOf((bbox.bboxMinLat + bbox.bboxMaxLat) / 2, (bbox.bboxMinLng + bbox.bboxMaxLng) / 2);
}
