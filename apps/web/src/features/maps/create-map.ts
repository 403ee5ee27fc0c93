import type { Map as MapLibreMap } from 'maplibre-gl';
import { authorizationHeader } from '../../lib/api/client.ts';
import type { Basemap } from '../../lib/api/public-config.ts';
import type { LngLatBounds } from './fit-view.ts';
import { DEFAULT_CENTRE, DEFAULT_ZOOM, OVERLAY_SOURCE_PREFIX, SATELLITE_SOURCE, mapStyle } from './basemap.ts';

type MapLibre = typeof import('maplibre-gl');

/** Whether a map request goes to this app's API, not to a tile server elsewhere (which must not see the token). */
function isOwnApi(url: string): boolean {
  const target = new URL(url, window.location.href);
  return target.origin === window.location.origin && target.pathname.startsWith('/api/');
}

/**
 * Where a map opens: fitted to these bounds from its first frame, so it never fetches the tiles of a default view
 * first (costly data on a phone, and tiles an offline field pack does not hold).
 */
export interface StartView {
  bounds: LngLatBounds;
  paddingPx: number;
  maxZoom: number;
}

export interface MapEvents {
  /** Satellite tiles failed (offline, service down): their layer is hidden and the plain map shows. */
  onImageryUnavailable: () => void;
  onIdleChange: (idle: boolean) => void;
  onZoom: (zoom: number) => void;
}

/**
 * A map on the basemap, as both map screens use it: no rotation or tilt (fields are drawn north-up), zoom
 * buttons, compact credits. Throws when the browser cannot draw it (no WebGL).
 */
export function createMap(
  maplibre: MapLibre,
  container: HTMLElement,
  basemap: Basemap,
  events: MapEvents,
  startView: StartView | null = null,
): MapLibreMap {
  const map = new maplibre.Map({
    container,
    style: mapStyle(basemap),
    ...(startView
      ? { bounds: startView.bounds, fitBoundsOptions: { padding: startView.paddingPx, maxZoom: startView.maxZoom } }
      : { center: DEFAULT_CENTRE, zoom: DEFAULT_ZOOM }),
    attributionControl: { compact: true },
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    renderWorldCopies: false,
    fadeDuration: 0, // labels appear at once instead of fading: fewer frames to draw while panning
    // The app's own API (Map View's field tiles) answers the signed-in person only: the map sends their token.
    transformRequest: (url) => (isOwnApi(url) ? { url, headers: authorizationHeader() } : { url }),
  });
  map.touchZoomRotate.disableRotation();
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
  map.on('movestart', () => events.onIdleChange(false));
  map.on('idle', () => events.onIdleChange(true));
  map.on('moveend', () => events.onZoom(map.getZoom()));
  map.on('error', (event: { sourceId?: string; error?: unknown }) => {
    const sourceId = event.sourceId ?? '';
    if (sourceId !== SATELLITE_SOURCE && !sourceId.startsWith(OVERLAY_SOURCE_PREFIX)) {
      console.error('Map error', event.error);
      return;
    }
    if (map.getLayer(sourceId)) map.setLayoutProperty(sourceId, 'visibility', 'none');
    if (sourceId === SATELLITE_SOURCE) events.onImageryUnavailable();
  });
  return map;
}

/** Shows or hides the road and place-name overlays. */
export function showOverlays(map: MapLibreMap, visible: boolean): void {
  for (const layer of map.getStyle().layers) {
    if (layer.id.startsWith(OVERLAY_SOURCE_PREFIX)) map.setLayoutProperty(layer.id, 'visibility', visible ? 'visible' : 'none');
  }
}
