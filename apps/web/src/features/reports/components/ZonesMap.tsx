import type { Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Basemap } from '../../../lib/api/public-config.ts';
import { createMap } from '../../maps/create-map.ts';
import { loadMapLibre } from '../../maps/load-maplibre.ts';
import { MapStateNotices, type MapState } from '../../maps/MapStatusOverlay.tsx';
import type { ManagementZones } from '../api/reports.ts';
import { zoneColour } from '../zone-rates.ts';

export interface ZonesMapProps {
  basemap: Basemap;
  label: string;
  /** West, south, east, north of the field. */
  bounds: [number, number, number, number];
  zones: ManagementZones;
}

const ZONES_SOURCE = 'management-zones';
const MAX_ZOOM = 18;

/** The zones' GeoJSON with each feature's fill colour, so the map needs no colour expression of its own. */
const colouredZones = (zones: ManagementZones) => ({
  type: 'FeatureCollection' as const,
  features: zones.features.features.map((feature) => ({
    ...feature,
    properties: { ...feature.properties, colour: zoneColour(feature.properties.zone, zones.zoneCount) },
  })),
});

/** A field's management zones as a fill layer on the satellite basemap, zone edges in white. */
export default function ZonesMap({ basemap, label, bounds, zones }: ZonesMapProps) {
  const { t } = useTranslation('app');
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [idle, setIdle] = useState(false);
  const [imageryUnavailable, setImageryUnavailable] = useState(false);
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef({ bounds, zones });
  useLayoutEffect(() => {
    latest.current = { bounds, zones };
  });

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    loadMapLibre()
      .then((maplibre) => {
        if (cancelled) return;
        try {
          map = createMap(maplibre, container.current!, basemap, {
            onImageryUnavailable: () => setImageryUnavailable(true),
            onIdleChange: setIdle,
            onZoom: () => {},
          });
        } catch (error) {
          console.error('The map could not start', error);
          setState('noWebGl');
          return;
        }
        const shown = map;
        shown.once('load', () => {
          if (cancelled) return;
          shown.addSource(ZONES_SOURCE, { type: 'geojson', data: colouredZones(latest.current.zones) as never });
          shown.addLayer({
            id: 'zone-fill',
            type: 'fill',
            source: ZONES_SOURCE,
            paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.8 },
          });
          shown.addLayer({ id: 'zone-edge', type: 'line', source: ZONES_SOURCE, paint: { 'line-color': '#ffffff', 'line-width': 1.5 } });
          shown.fitBounds(latest.current.bounds, { padding: 24, duration: 0, maxZoom: MAX_ZOOM });
          mapRef.current = shown;
          setState('ready');
        });
      })
      .catch((error: unknown) => {
        console.error('The map library could not be loaded', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      mapRef.current = null;
      map?.remove();
    };
  }, [attempt, basemap]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || state !== 'ready') return;
    (map.getSource(ZONES_SOURCE) as { setData(data: unknown): void } | undefined)?.setData(colouredZones(zones));
    map.fitBounds(bounds, { padding: 24, duration: 0, maxZoom: MAX_ZOOM });
  }, [bounds, zones, state]);

  return (
    <div className="relative h-full w-full" data-testid="zones-map" data-state={state} data-idle={idle}>
      <div ref={container} role="region" aria-label={label} className="h-full w-full bg-[#e7e5d8]" />
      <MapStateNotices
        state={state}
        loading={t('cropHealth.map.loading')}
        noWebGl={t('cropHealth.map.noWebGl')}
        imageryUnavailable={imageryUnavailable}
        onRetry={() => {
          setState('loading');
          setAttempt((n) => n + 1);
        }}
      />
    </div>
  );
}
