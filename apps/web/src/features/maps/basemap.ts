import type { StyleSpecification } from 'maplibre-gl';
import type { Basemap } from '../../lib/api/public-config.ts';

/** Spec §9 Map: where a new map opens when there is no field to show (Harare, zoom 8). */
export const DEFAULT_CENTRE: [number, number] = [31.0335, -17.8252];
export const DEFAULT_ZOOM = 8;
/** Close enough to see field edges on satellite imagery when the map moves to the user's position. */
export const MY_LOCATION_ZOOM = 16;

/** Spec §9 Map: polygons green, circles amber. */
export const POLYGON_COLOUR = '#15803d';
export const CIRCLE_COLOUR = '#d97706';
/** The plain background when imagery is off or unavailable: a light field colour fields stand out on. */
const PLAIN_BACKGROUND = '#e7e5d8';

export const SATELLITE_SOURCE = 'satellite';
export const OVERLAY_SOURCE_PREFIX = 'overlay-';

/**
 * The map style: satellite raster tiles under road and place-name overlays (spec §9: hybrid), on a plain background. No
 * `glyphs`: labels are drawn from the device's own fonts, so they work offline too.
 */
export function mapStyle(basemap: Basemap): StyleSpecification {
  const style: StyleSpecification = {
    version: 8,
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': PLAIN_BACKGROUND } }],
  };
  if (basemap.satelliteTilesUrl) {
    style.sources[SATELLITE_SOURCE] = {
      type: 'raster',
      tiles: [basemap.satelliteTilesUrl],
      tileSize: 256,
      maxzoom: 19,
      attribution: basemap.attribution,
    };
    style.layers.push({ id: SATELLITE_SOURCE, type: 'raster', source: SATELLITE_SOURCE });
  }
  basemap.overlayTilesUrls.forEach((url, index) => {
    const id = `${OVERLAY_SOURCE_PREFIX}${index}`;
    style.sources[id] = { type: 'raster', tiles: [url], tileSize: 256, maxzoom: 19 };
    style.layers.push({ id, type: 'raster', source: id });
  });
  return style;
}
