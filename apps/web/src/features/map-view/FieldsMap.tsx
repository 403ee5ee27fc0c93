import type { FieldOnMap } from '@murimi/core';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Basemap } from '../../lib/api/public-config.ts';
import { createMap } from '../maps/create-map.ts';
import { loadMapLibre } from '../maps/load-maplibre.ts';
import { MapStatusOverlay } from '../maps/MapStatusOverlay.tsx';
import { boundsOfFields, fieldFeatures, fieldLabelPoints } from './field-layers.ts';

export interface FieldsMapProps {
  fields: FieldOnMap[];
  selectedId: string | null;
  onSelect: (fieldId: string | null) => void;
  basemap: Basemap;
}

const SOURCE = 'fields';
/** One point per field for its label: labels placed from polygons repeat once per tile a field crosses. */
const LABEL_SOURCE = 'field-labels';
const FILL_LAYER = 'fields-fill';
/** Field names and sizes appear once a few fields fill the screen; further out they would only collide. */
const LABEL_MIN_ZOOM = 12;
const OUTLINE_MIN_ZOOM = 13;
/** When a field is selected the map comes this close at most, so its neighbours stay in view. */
const SELECTED_MAX_ZOOM = 17;

type MapState = 'loading' | 'ready' | 'failed' | 'noWebGl';

/**
 * Every field of the organisation on one map: coloured by crop group, outlined, labelled with name and
 * hectares. Two GeoJSON sources (the fields, and one label point per field) and four layers (no DOM markers), so 2,000
 * fields pan smoothly on a phone.
 */
export default function FieldsMap({ fields, selectedId, onSelect, basemap }: FieldsMapProps) {
  const { t } = useTranslation('app');
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const onSelectRef = useRef(onSelect);
  const [state, setState] = useState<MapState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [idle, setIdle] = useState(false);
  const [zoom, setZoom] = useState(0);
  const [imageryUnavailable, setImageryUnavailable] = useState(false);
  const data = useMemo(() => fieldFeatures(fields), [fields]);
  const labels = useMemo(() => fieldLabelPoints(fields), [fields]);
  const latest = useRef({ data, labels, fields, selectedId });
  // The map's own handlers (built once per attempt) read the newest props through these refs.
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
    latest.current = { data, labels, fields, selectedId };
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
            onZoom: setZoom,
          });
        } catch (error) {
          console.error('The map could not start', error);
          setState('noWebGl');
          return;
        }
        const shown = map;
        shown.once('load', () => {
          if (cancelled) return;
          shown.addSource(SOURCE, { type: 'geojson', data: latest.current.data as never, tolerance: 0.5 });
          shown.addSource(LABEL_SOURCE, { type: 'geojson', data: latest.current.labels as never });
          // Fills without their antialiasing outline pass (a second draw of every edge, the costliest part far out);
          // closer in, a wider line makes edges easy to see and tap.
          shown.addLayer({
            id: FILL_LAYER,
            type: 'fill',
            source: SOURCE,
            paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.5, 'fill-antialias': false },
          });
          shown.addLayer({
            id: 'fields-outline',
            type: 'line',
            source: SOURCE,
            minzoom: OUTLINE_MIN_ZOOM,
            paint: { 'line-color': ['get', 'colour'], 'line-width': 2.5 },
          });
          shown.addLayer({
            id: 'fields-selected',
            type: 'line',
            source: SOURCE,
            filter: ['==', ['get', 'id'], ''],
            paint: { 'line-color': '#ffffff', 'line-width': 4 },
          });
          shown.addLayer({
            id: 'fields-labels',
            type: 'symbol',
            source: LABEL_SOURCE,
            minzoom: LABEL_MIN_ZOOM,
            layout: { 'text-field': ['get', 'label'], 'text-size': 13, 'text-max-width': 12, 'text-font': ['sans-serif'] },
            paint: { 'text-color': '#1c1917', 'text-halo-color': '#ffffff', 'text-halo-width': 1.6 },
          });
          shown.on('click', (event) => {
            const hit = shown.queryRenderedFeatures(event.point, { layers: [FILL_LAYER] })[0];
            onSelectRef.current((hit?.properties.id as string | undefined) ?? null);
          });
          shown.on('mouseenter', FILL_LAYER, () => (shown.getCanvas().style.cursor = 'pointer'));
          shown.on('mouseleave', FILL_LAYER, () => (shown.getCanvas().style.cursor = ''));
          mapRef.current = shown;
          const { fields: all, selectedId: selected } = latest.current;
          const target = boundsOfFields(selected ? all.filter((field) => field.id === selected) : all);
          if (target) shown.fitBounds(target, { padding: 48, duration: 0, maxZoom: SELECTED_MAX_ZOOM });
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
    // Built once per attempt; data and selection changes are applied to the running map below.
  }, [attempt, basemap]);

  useEffect(() => {
    if (state !== 'ready') return;
    (mapRef.current?.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data as never);
    (mapRef.current?.getSource(LABEL_SOURCE) as GeoJSONSource | undefined)?.setData(labels as never);
  }, [data, labels, state]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || state !== 'ready') return;
    map.setFilter('fields-selected', ['==', ['get', 'id'], selectedId ?? '']);
    const selected = selectedId ? fields.find((field) => field.id === selectedId) : undefined;
    const target = selected ? boundsOfFields([selected]) : null;
    if (target) map.fitBounds(target, { padding: 48, maxZoom: SELECTED_MAX_ZOOM });
    // Fit only when the selection changes, not when the list refreshes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list is read, not followed
  }, [selectedId, state]);

  return (
    <div className="relative h-full w-full" data-testid="fields-map" data-state={state} data-idle={idle} data-zoom={zoom.toFixed(1)}>
      <div ref={container} role="region" aria-label={t('mapView.mapLabel')} className="h-full w-full bg-[#e7e5d8]" />
      {state !== 'ready' && (
        <MapStatusOverlay
          loading={t('mapView.loading')}
          error={state === 'loading' ? null : state === 'noWebGl' ? t('mapView.noWebGl') : t('mapEditor.mapFailed')}
          onRetry={
            state === 'failed'
              ? () => {
                  setState('loading');
                  setAttempt((n) => n + 1);
                }
              : undefined
          }
        />
      )}
      {imageryUnavailable && state === 'ready' && (
        <p role="status" className="absolute top-2 left-2 max-w-[70%] rounded-lg bg-amber-50/95 p-2 text-sm text-amber-900 shadow">
          {t('mapView.imageryUnavailable')}
        </p>
      )}
    </div>
  );
}
