import type { PolygonBoundary } from '@murimi/core';
import type { GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Basemap } from '../../../lib/api/public-config.ts';
import { MapStateNotices } from '../../maps/MapStatusOverlay.tsx';
import { useMapLibre } from '../../maps/use-map.ts';
import type { SceneImage } from '../api/imagery.ts';
import type { problemZoneFeatures } from '../health-summary.ts';
import { PROBLEM_ZONE_COLOUR } from '../problem-zones.ts';

export interface IndexMapProps {
  basemap: Basemap;
  /** Accessible name of the map. */
  label: string;
  /** West, south, east, north of the field. */
  bounds: [number, number, number, number];
  outline: PolygonBoundary;
  /** The scene shown and its image; null while none is chosen or loaded. */
  overlay: { sceneId: string; image: SceneImage } | null;
  problemZones: ReturnType<typeof problemZoneFeatures>;
  /** Shown over the map until the map has drawn the scene (or, with no scene, itself), and where it cannot start. */
  placeholder?: ReactNode;
}

const IMAGE_SOURCE = 'index-image';
const OUTLINE_SOURCE = 'field-outline';
const ZONES_SOURCE = 'problem-zones';
/** Close enough that a 10 m pixel is a few screen pixels on a small field, not so close that it is a blur of blocks. */
const MAX_ZOOM = 18;

const emptyCollection = { type: 'FeatureCollection' as const, features: [] };

/**
 * One field on the satellite basemap with a scene's index image over it, the field's outline and the problem areas
 * of the latest health check. `data-overlay-scene` names the scene once the map has drawn its image and settled.
 */
export default function IndexMap({ basemap, label, bounds, outline, overlay, problemZones, placeholder }: IndexMapProps) {
  const { t } = useTranslation('app');
  const container = useRef<HTMLDivElement>(null);
  /** The scene whose image the map has finished drawing. */
  const [drawnScene, setDrawnScene] = useState<string | null>(null);
  const requestedScene = useRef<string | null>(null);

  const { state, idle, imageryUnavailable, mapRef, retry } = useMapLibre(container, basemap, {
    startView: { bounds, paddingPx: 32, maxZoom: MAX_ZOOM },
    // The image is drawn only once the map is idle with it: the source has loaded and the frame is painted.
    onIdleChange: (isIdle) => {
      if (isIdle) setDrawnScene(requestedScene.current);
    },
    onLoad: (shown) => {
      shown.addSource(OUTLINE_SOURCE, { type: 'geojson', data: outline as never });
      shown.addSource(ZONES_SOURCE, { type: 'geojson', data: emptyCollection });
      shown.addLayer({
        id: 'field-outline',
        type: 'line',
        source: OUTLINE_SOURCE,
        paint: { 'line-color': '#ffffff', 'line-width': 2.5 },
      });
      shown.addLayer({
        id: 'problem-zones',
        type: 'line',
        source: ZONES_SOURCE,
        paint: { 'line-color': PROBLEM_ZONE_COLOUR, 'line-width': 3, 'line-dasharray': [2, 1] },
      });
      shown.fitBounds(bounds, { padding: 32, duration: 0, maxZoom: MAX_ZOOM });
    },
  });

  // The field: its outline, and the view fitted to it when another field is chosen.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || state !== 'ready') return;
    (map.getSource(OUTLINE_SOURCE) as GeoJSONSource | undefined)?.setData(outline as never);
    map.fitBounds(bounds, { padding: 32, duration: 0, maxZoom: MAX_ZOOM });
  }, [bounds, mapRef, outline, state]);

  useEffect(() => {
    if (state !== 'ready') return;
    (mapRef.current?.getSource(ZONES_SOURCE) as GeoJSONSource | undefined)?.setData(problemZones as never);
  }, [mapRef, problemZones, state]);

  // The scene's image, under the outlines. The PNG is decoded here and handed to MapLibre as a canvas: an image
  // source would fetch an object URL, which the page's Content-Security-Policy (connect-src 'self') refuses.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || state !== 'ready') return;
    let cancelled = false;
    requestedScene.current = null;
    setDrawnScene(null);
    const removeImage = () => {
      if (map.getLayer(IMAGE_SOURCE)) map.removeLayer(IMAGE_SOURCE);
      if (map.getSource(IMAGE_SOURCE)) map.removeSource(IMAGE_SOURCE);
    };
    if (!overlay) {
      removeImage();
      map.triggerRepaint();
      return;
    }
    createImageBitmap(overlay.image.png)
      .then((bitmap) => {
        if (cancelled || mapRef.current !== map) return bitmap.close();
        const canvas = document.createElement('canvas');
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
        bitmap.close();
        removeImage();
        map.addSource(IMAGE_SOURCE, { type: 'canvas', canvas, coordinates: overlay.image.corners, animate: false });
        // Nearest-neighbour: each 10 m (or 20 m) pixel stays a square of one reading instead of a smear.
        map.addLayer(
          { id: IMAGE_SOURCE, type: 'raster', source: IMAGE_SOURCE, paint: { 'raster-opacity': 0.9, 'raster-resampling': 'nearest' } },
          'field-outline',
        );
        // Named once the layer is there: the next idle is the first frame with this image.
        requestedScene.current = overlay.sceneId;
      })
      .catch((error: unknown) => console.error('The index image could not be drawn', error));
    return () => {
      cancelled = true;
    };
  }, [mapRef, overlay, state]);

  const mapShowsIt = state === 'ready' && (overlay === null ? idle : drawnScene === overlay.sceneId);
  const showPlaceholder = placeholder !== undefined && !mapShowsIt;
  return (
    <div
      className="relative h-full w-full"
      data-testid="index-map"
      data-state={state}
      data-idle={idle}
      data-overlay-scene={drawnScene ?? ''}
    >
      <div ref={container} role="region" aria-label={label} className="h-full w-full bg-[#e7e5d8]" />
      {showPlaceholder && <div className="absolute inset-0">{placeholder}</div>}
      {/* The placeholder is the loading state; a failure is still said over it. */}
      {!(showPlaceholder && state === 'loading') && (
        <MapStateNotices
          state={state}
          loading={t('cropHealth.map.loading')}
          noWebGl={t('cropHealth.map.noWebGl')}
          imageryUnavailable={imageryUnavailable}
          onRetry={retry}
        />
      )}
    </div>
  );
}
