import type { VisitQueueItem } from '@murimi/core';
import type { GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Basemap } from '../../../lib/api/public-config.ts';
import type { LngLatBounds } from '../../maps/fit-view.ts';
import { MapStateNotices } from '../../maps/MapStatusOverlay.tsx';
import { useMapLibre } from '../../maps/use-map.ts';
import { useVisitTexts } from '../visits-texts.ts';
import { scoreBand, SCORE_BAND_COLOURS } from '../score-bands.ts';

const SOURCE = 'visit-queue';
const POINTS = 'visit-queue-points';
const SELECTED = 'visit-queue-selected';
const PADDING_PX = 48;

function pointsOf(items: VisitQueueItem[]) {
  return {
    type: 'FeatureCollection',
    features: items.map((item) => ({
      type: 'Feature',
      id: item.fieldId,
      properties: { id: item.fieldId, score: item.score, colour: SCORE_BAND_COLOURS[scoreBand(item.score)], label: String(item.score) },
      geometry: { type: 'Point', coordinates: [item.point.longitude, item.point.latitude] },
    })),
  };
}

function boundsOf(items: VisitQueueItem[]): LngLatBounds | null {
  if (items.length === 0) return null;
  const lngs = items.map((item) => item.point.longitude);
  const lats = items.map((item) => item.point.latitude);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/**
 * The ranked fields as circles at their centres, coloured by their score's band and labelled with it; tapping one
 * selects it in the list. Opens fitted to all of them (a lone field no closer than zoom 15).
 */
export default function VisitQueueMap({
  items,
  selectedId,
  onSelect,
  basemap,
}: {
  items: VisitQueueItem[];
  selectedId: string | null;
  onSelect: (fieldId: string) => void;
  basemap: Basemap;
}) {
  const { t } = useVisitTexts();
  const container = useRef<HTMLDivElement>(null);
  const data = useMemo(() => pointsOf(items), [items]);
  const latest = useRef({ data, onSelect });
  useLayoutEffect(() => {
    latest.current = { data, onSelect };
  });
  const bounds = boundsOf(items);
  const { state, idle, imageryUnavailable, mapRef, retry } = useMapLibre(container, basemap, {
    startView: bounds && { bounds, paddingPx: PADDING_PX, maxZoom: 15 },
    onLoad: (map) => {
      map.addSource(SOURCE, { type: 'geojson', data: latest.current.data as never });
      map.addLayer({
        id: SELECTED,
        type: 'circle',
        source: SOURCE,
        filter: ['==', ['get', 'id'], ''],
        paint: { 'circle-radius': 19, 'circle-color': '#1c1917' },
      });
      map.addLayer({
        id: POINTS,
        type: 'circle',
        source: SOURCE,
        paint: { 'circle-radius': 15, 'circle-color': ['get', 'colour'], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      });
      map.addLayer({
        id: 'visit-queue-scores',
        type: 'symbol',
        source: SOURCE,
        layout: { 'text-field': ['get', 'label'], 'text-size': 12, 'text-font': ['sans-serif'], 'text-allow-overlap': true },
        paint: { 'text-color': '#ffffff' },
      });
      map.on('click', POINTS, (event) => {
        const id = event.features?.[0]?.properties.id as string | undefined;
        if (id) latest.current.onSelect(id);
      });
      map.on('mouseenter', POINTS, () => (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', POINTS, () => (map.getCanvas().style.cursor = ''));
    },
  });

  useEffect(() => {
    if (state === 'ready') (mapRef.current?.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data as never);
  }, [data, mapRef, state]);
  useEffect(() => {
    if (state === 'ready') mapRef.current?.setFilter(SELECTED, ['==', ['get', 'id'], selectedId ?? '']);
  }, [selectedId, mapRef, state]);

  return (
    <div className="relative h-full w-full" data-testid="visit-queue-map" data-state={state} data-idle={idle}>
      <div ref={container} role="region" aria-label={t('queue.map')} className="h-full w-full bg-[#e7e5d8]" />
      <MapStateNotices
        state={state}
        loading={t('queue.loading')}
        noWebGl={t('queue.mapUnavailable')}
        imageryUnavailable={imageryUnavailable}
        onRetry={retry}
      />
    </div>
  );
}
