/** One scene over the field, as the imagery list gives it: when, which, how clear, and the field's numbers when the scene can be trusted. */
export interface FieldScene {
  /** YYYY-MM-DD. */
  date: string;
  datetime: string;
  sceneId: string;
  source: string;
  /** The catalogue's cloud cover for the whole scene, percent; null when it gives none. */
  sceneCloudCoverPct: number | null;
  /** Share of the field clear of cloud and shadow and inside the scene, 0–1; null when the scene could not be read. */
  clearShare: number | null;
  usable: boolean;
  /** Why the scene is not usable: too-cloudy, partly-outside-scene, outside-scene, reflectance-suspect, no-valid-pixels, unreadable. */
  reason: string | null;
  mean: number | null;
  p10: number | null;
  p90: number | null;
  simulated: boolean;
}
