/** [west, south, east, north] in degrees (WGS 84). */
export type LngLatBounds = [number, number, number, number];

export interface MapView {
  centre: [number, number];
  zoom: number;
}

export interface FitOptions {
  /** The map's size in CSS pixels. */
  widthPx: number;
  heightPx: number;
  /** Space kept free around the bounds on every side, in CSS pixels; shrunk on a map too small for it. */
  paddingPx: number;
  /** The closest the view comes, so a lone small field (or a point) is not blown up to fill the screen. */
  maxZoom: number;
  /** The farthest the view goes out. */
  minZoom?: number;
}

/** MapLibre's world is 512 CSS pixels wide at zoom 0 (its tiles are 512 px). */
const WORLD_PX_AT_ZOOM_0 = 512;
/** Web Mercator stops short of the poles. */
const MAX_LATITUDE = 85.051129;

const mercatorX = (lng: number) => (lng + 180) / 360;
function mercatorY(lat: number): number {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
}
const longitudeOf = (x: number) => x * 360 - 180;
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * The view that shows `bounds` whole on a map of the given size (Web Mercator, as MapLibre draws it): centred on
 * them, as close as they fit inside the padding, but never closer than `maxZoom` — a single point or a field of a
 * few metres gets `maxZoom`, not zoom 22.
 */
export function fitView(bounds: LngLatBounds, options: FitOptions): MapView {
  const [west, south, east, north] = bounds;
  const minZoom = options.minZoom ?? 0;
  // On a small map, padding may eat at most half of each side.
  const padding = Math.max(0, Math.min(options.paddingPx, options.widthPx / 4, options.heightPx / 4));
  const usableWidth = Math.max(1, options.widthPx - 2 * padding);
  const usableHeight = Math.max(1, options.heightPx - 2 * padding);
  const spanX = Math.abs(mercatorX(east) - mercatorX(west));
  const spanY = Math.abs(mercatorY(south) - mercatorY(north));
  const zoomForWidth = spanX > 0 ? Math.log2(usableWidth / (spanX * WORLD_PX_AT_ZOOM_0)) : Infinity;
  const zoomForHeight = spanY > 0 ? Math.log2(usableHeight / (spanY * WORLD_PX_AT_ZOOM_0)) : Infinity;
  const zoom = Math.max(minZoom, Math.min(options.maxZoom, zoomForWidth, zoomForHeight));
  const centreX = (mercatorX(west) + mercatorX(east)) / 2;
  const centreY = (mercatorY(south) + mercatorY(north)) / 2;
  return { centre: [longitudeOf(centreX), latitudeOf(centreY)], zoom };
}

/** Where `lngLat` is drawn on a map showing `view`, in CSS pixels from its top-left corner. */
export function pixelOf(lngLat: [number, number], view: MapView, widthPx: number, heightPx: number): { x: number; y: number } {
  const scale = WORLD_PX_AT_ZOOM_0 * 2 ** view.zoom;
  return {
    x: widthPx / 2 + (mercatorX(lngLat[0]) - mercatorX(view.centre[0])) * scale,
    y: heightPx / 2 + (mercatorY(lngLat[1]) - mercatorY(view.centre[1])) * scale,
  };
}

/**
 * The least zoom at which a field can be drawn by tapping its corners: at zoom 13 a pixel is about 18 m near the
 * tropics, so a 0.5 ha field (70 m across) is 4 px and the screen spans 7–26 km. Further out the farmer is warned.
 */
export const MIN_DRAWING_ZOOM = 13;

export const tooFarOutToDraw = (zoom: number) => zoom < MIN_DRAWING_ZOOM;
