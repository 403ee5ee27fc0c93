import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Basemap } from '../../../lib/api/public-config.ts';
import { MapStateNotices } from '../../maps/MapStatusOverlay.tsx';
import { useMapLibre } from '../../maps/use-map.ts';
import type { ManagementZonesView } from '@murimi/core';
import { zoneColour } from '../zone-rates.ts';

export interface ZonesMapProps {
  basemap: Basemap;
  label: string;
  /** West, south, east, north of the field. */
  bounds: [number, number, number, number];
  zones: ManagementZonesView;
}

const ZONES_SOURCE = 'management-zones';
const MAX_ZOOM = 18;

/** The zones' GeoJSON with each feature's fill colour, so the map needs no colour expression of its own. */
const colouredZones = (zones: ManagementZonesView) => ({
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
  const { state, idle, imageryUnavailable, mapRef, retry } = useMapLibre(container, basemap, {
    startView: { bounds, paddingPx: 24, maxZoom: MAX_ZOOM },
    onLoad: (shown) => {
      shown.addSource(ZONES_SOURCE, { type: 'geojson', data: colouredZones(zones) as never });
      shown.addLayer({
        id: 'zone-fill',
        type: 'fill',
        source: ZONES_SOURCE,
        paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.8 },
      });
      shown.addLayer({ id: 'zone-edge', type: 'line', source: ZONES_SOURCE, paint: { 'line-color': '#ffffff', 'line-width': 1.5 } });
      shown.fitBounds(bounds, { padding: 24, duration: 0, maxZoom: MAX_ZOOM });
    },
  });

  useEffect(() => {
    const map = mapRef.current;
    if (!map || state !== 'ready') return;
    (map.getSource(ZONES_SOURCE) as { setData(data: unknown): void } | undefined)?.setData(colouredZones(zones));
    map.fitBounds(bounds, { padding: 24, duration: 0, maxZoom: MAX_ZOOM });
  }, [bounds, mapRef, zones, state]);

  return (
    <div className="relative h-full w-full" data-testid="zones-map" data-state={state} data-idle={idle}>
      <div ref={container} role="region" aria-label={label} className="h-full w-full bg-[#e7e5d8]" />
      <MapStateNotices
        state={state}
        loading={t('cropHealth.map.loading')}
        noWebGl={t('cropHealth.map.noWebGl')}
        imageryUnavailable={imageryUnavailable}
        onRetry={retry}
      />
    </div>
  );
}
