import { boundaryAsPolygon, type Field, type FieldBoundary, type FieldPoint } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import type { GeoJSONSource, Map as MapLibreMap, VectorTileSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Basemap } from '../../lib/api/public-config.ts';
import { fitView, type MapView } from '../maps/fit-view.ts';
import { MapStateNotices } from '../maps/MapStatusOverlay.tsx';
import { useMapLibre } from '../maps/use-map.ts';
import { fieldQuery } from '../fields/api/fields.ts';
import { boundsOfFields, cropGroupColour, fieldFeatures, fieldLabelPoints } from './field-layers.ts';
import type { FieldOutlines } from './map-fields.ts';

export interface FieldsMapProps {
  /** Every field as a point: labels, markers, the fit and the selection. */
  fields: FieldPoint[];
  outlines: FieldOutlines;
  selectedId: string | null;
  onSelect: (fieldId: string | null) => void;
  basemap: Basemap;
}

const SOURCE = 'fields';
/** The selected field's full boundary, read by id (the tiles and the list hold the simplified map form). */
const SELECTED_SOURCE = 'selected-field';
/**
 * Online, the outlines come from the server as vector tiles, from zoom 12 (further out the markers stand for the
 * fields) to 16 (closer in those are enlarged): only the tiles in view are fetched and drawn, so 30,000 fields cost
 * what the few hundred in view cost. Offline, from the list a field pack keeps, as one GeoJSON source.
 */
const TILE_LAYER = 'fields';
const TILE_MIN_ZOOM = 12;
const TILE_MAX_ZOOM = 16;
/** The tiles' address; `v` changes when the list does, so the map fetches them again after an edit. */
const tilesUrl = (version: number) => `${window.location.origin}/api/fields/tiles/{z}/{x}/{y}?v=${version}`;
/** One point per field for its label: labels placed from polygons repeat once per tile a field crosses. */
const LABEL_SOURCE = 'field-labels';
const FILL_LAYER = 'fields-fill';
/** Far out a field is a dot under a pixel: there it is shown as a marker, and nearby markers as one counted circle. */
const CLUSTER_LAYER = 'field-clusters';
const MARKER_LAYER = 'field-markers';
/** Field names and sizes appear once a few fields fill the screen; further out they would only collide. */
const LABEL_MIN_ZOOM = 12;
const OUTLINE_MIN_ZOOM = 13;
/** When a field is selected the map comes this close at most, so its neighbours stay in view. */
const SELECTED_MAX_ZOOM = 17;
/** Room around the fitted fields for the markers, the zoom buttons and the legend. */
const FIT_PADDING_PX = 64;
const isCluster = ['has', 'point_count'] as const;
const isSingle = ['!', ['has', 'point_count']] as const;

/**
 * Every field of the organisation on one map: coloured by crop group, outlined, labelled with name and
 * hectares; far out, where fields are smaller than a pixel, a marker per field and a counted circle per group of
 * nearby fields. The outlines are the server's vector tiles (offline: the kept list as GeoJSON), the labels and
 * markers one clustered point per field, the selected field its full boundary read by id: seven layers, no DOM
 * markers. It opens fitted to all the fields, or to the selected one.
 */
export default function FieldsMap({ fields, outlines, selectedId, onSelect, basemap }: FieldsMapProps) {
  const { t } = useTranslation('app');
  const container = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  const [zoom, setZoom] = useState(0);
  /** The exact centre and zoom once the map settles: browser tests place clicks on markers from it. */
  const [view, setView] = useState<MapView | null>(null);
  const outlineList = outlines.from === 'list' ? outlines.fields : null;
  const tilesVersion = outlines.from === 'tiles' ? outlines.version : 0;
  const data = useMemo(() => (outlineList ? fieldFeatures(outlineList) : null), [outlineList]);
  const labels = useMemo(() => fieldLabelPoints(fields), [fields]);
  const selectedField = useQuery({ ...fieldQuery(selectedId ?? ''), enabled: selectedId !== null });
  const selectedOutline = useMemo(() => outlineOf(selectedId ? selectedField.data : undefined), [selectedField.data, selectedId]);
  const latest = useRef({ data, labels, fields, selectedId, tilesVersion, selectedOutline });
  // The map's own handlers (built once per attempt) read the newest props through these refs.
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
    latest.current = { data, labels, fields, selectedId, tilesVersion, selectedOutline };
  });

  // It opens on the chosen field, or on all of them, as the load handler below keeps it.
  const opening = selectedId ? fields.filter((field) => field.id === selectedId) : fields;
  const openingBounds = boundsOfFields(opening.length > 0 ? opening : fields);

  // The layers are added once per map; data and selection changes are applied to the running map below.
  const { state, idle, imageryUnavailable, mapRef, retry } = useMapLibre(container, basemap, {
    startView: openingBounds && { bounds: openingBounds, paddingPx: FIT_PADDING_PX, maxZoom: SELECTED_MAX_ZOOM },
    onIdleChange: (isIdle, map) => {
      if (isIdle) setView({ centre: map.getCenter().toArray() as [number, number], zoom: map.getZoom() });
    },
    onZoom: setZoom,
    onLoad: (shown) => {
      if (latest.current.data) shown.addSource(SOURCE, { type: 'geojson', data: latest.current.data as never, tolerance: 0.5 });
      else {
        shown.addSource(SOURCE, {
          type: 'vector',
          tiles: [tilesUrl(latest.current.tilesVersion)],
          minzoom: TILE_MIN_ZOOM,
          maxzoom: TILE_MAX_ZOOM,
        });
      }
      const fieldSource = latest.current.data ? { source: SOURCE } : { source: SOURCE, 'source-layer': TILE_LAYER };
      // The label points double as markers: clustered up to the zoom where the fields themselves are drawn.
      shown.addSource(LABEL_SOURCE, {
        type: 'geojson',
        data: latest.current.labels as never,
        cluster: true,
        clusterMaxZoom: LABEL_MIN_ZOOM - 1,
        clusterRadius: 44,
      });
      // Fills without their antialiasing outline pass (a second draw of every edge, the costliest part far out);
      // closer in, a wider line makes edges easy to see and tap.
      shown.addLayer({
        id: FILL_LAYER,
        type: 'fill',
        ...fieldSource,
        paint: { 'fill-color': cropGroupColour as never, 'fill-opacity': 0.5, 'fill-antialias': false },
      });
      shown.addLayer({
        id: 'fields-outline',
        type: 'line',
        ...fieldSource,
        minzoom: OUTLINE_MIN_ZOOM,
        paint: { 'line-color': cropGroupColour as never, 'line-width': 2.5 },
      });
      shown.addSource(SELECTED_SOURCE, { type: 'geojson', data: latest.current.selectedOutline as never });
      shown.addLayer({
        id: 'fields-selected',
        type: 'line',
        source: SELECTED_SOURCE,
        paint: { 'line-color': '#ffffff', 'line-width': 4 },
      });
      shown.addLayer({
        id: 'fields-labels',
        type: 'symbol',
        source: LABEL_SOURCE,
        minzoom: LABEL_MIN_ZOOM,
        filter: isSingle as never,
        layout: { 'text-field': ['get', 'label'], 'text-size': 13, 'text-max-width': 12, 'text-font': ['sans-serif'] },
        paint: { 'text-color': '#1c1917', 'text-halo-color': '#ffffff', 'text-halo-width': 1.6 },
      });
      shown.addLayer({
        id: CLUSTER_LAYER,
        type: 'circle',
        source: LABEL_SOURCE,
        maxzoom: LABEL_MIN_ZOOM,
        filter: isCluster as never,
        paint: {
          'circle-color': '#166534',
          'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 23, 1000, 28],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      shown.addLayer({
        id: 'field-cluster-counts',
        type: 'symbol',
        source: LABEL_SOURCE,
        maxzoom: LABEL_MIN_ZOOM,
        filter: isCluster as never,
        layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 13, 'text-font': ['sans-serif'] },
        paint: { 'text-color': '#ffffff' },
      });
      shown.addLayer({
        id: MARKER_LAYER,
        type: 'circle',
        source: LABEL_SOURCE,
        maxzoom: LABEL_MIN_ZOOM,
        filter: isSingle as never,
        paint: {
          'circle-color': ['get', 'colour'],
          'circle-radius': 8,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      shown.on('click', (event) => {
        const [hit] = shown.queryRenderedFeatures(event.point, { layers: [CLUSTER_LAYER, MARKER_LAYER, FILL_LAYER] });
        if (hit?.layer.id === CLUSTER_LAYER) {
          // A counted circle opens up: the map comes in to where it splits into its fields or smaller groups.
          const centre = (hit.geometry as unknown as { coordinates: [number, number] }).coordinates;
          void (shown.getSource(LABEL_SOURCE) as GeoJSONSource)
            .getClusterExpansionZoom(hit.properties.cluster_id as number)
            .then((zoom) => shown.easeTo({ center: centre, zoom }));
          return;
        }
        const id = (hit?.properties.id as string | undefined) ?? null;
        if (hit?.layer.id === MARKER_LAYER && id) {
          const field = latest.current.fields.find((candidate) => candidate.id === id);
          if (field) moveTo(shown, [field], { maxZoom: SELECTED_MAX_ZOOM });
        }
        onSelectRef.current(id);
      });
      for (const layer of [FILL_LAYER, CLUSTER_LAYER, MARKER_LAYER]) {
        shown.on('mouseenter', layer, () => (shown.getCanvas().style.cursor = 'pointer'));
        shown.on('mouseleave', layer, () => (shown.getCanvas().style.cursor = ''));
      }
      const { fields: all, selectedId: selected } = latest.current;
      const opening = selected ? all.filter((field) => field.id === selected) : all;
      moveTo(shown, opening, { maxZoom: SELECTED_MAX_ZOOM, instant: true });
      setZoom(shown.getZoom());
    },
  });

  useEffect(() => {
    const map = mapRef.current;
    if (state !== 'ready' || !map) return;
    if (data) (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data as never);
    else {
      // Only a changed list sends the map for its tiles again: the same address would drop the tiles it holds.
      const tiles = map.getSource(SOURCE) as VectorTileSource | undefined;
      if (tiles && tiles.tiles[0] !== tilesUrl(tilesVersion)) tiles.setTiles([tilesUrl(tilesVersion)]);
    }
    (map.getSource(LABEL_SOURCE) as GeoJSONSource | undefined)?.setData(labels as never);
  }, [data, labels, mapRef, state, tilesVersion]);

  useEffect(() => {
    if (state !== 'ready') return;
    (mapRef.current?.getSource(SELECTED_SOURCE) as GeoJSONSource | undefined)?.setData(selectedOutline as never);
  }, [mapRef, selectedOutline, state]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || state !== 'ready') return;
    const selected = selectedId ? fields.find((field) => field.id === selectedId) : undefined;
    if (selected) moveTo(map, [selected], { maxZoom: SELECTED_MAX_ZOOM });
    // Fit only when the selection changes, not when the list refreshes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list is read, not followed
  }, [selectedId, state]);

  return (
    <div
      className="relative h-full w-full"
      data-testid="fields-map"
      data-state={state}
      data-idle={idle}
      data-zoom={zoom.toFixed(1)}
      data-view={view ? `${view.centre[0].toFixed(6)},${view.centre[1].toFixed(6)},${view.zoom.toFixed(4)}` : undefined}
    >
      <div ref={container} role="region" aria-label={t('mapView.mapLabel')} className="h-full w-full bg-[#e7e5d8]" />
      <MapStateNotices
        state={state}
        loading={t('mapView.loading')}
        noWebGl={t('mapView.noWebGl')}
        imageryUnavailable={imageryUnavailable}
        onRetry={retry}
      />
    </div>
  );
}

/**
 * Brings `fields` into view on `map` (all of them, inside a margin; a lone small field no closer than `maxZoom`),
 * from the map's own size, so a phone and a wide screen each get the zoom that fits.
 */
function moveTo(
  map: MapLibreMap,
  fields: Pick<FieldPoint, 'bbox'>[],
  { maxZoom, instant = false }: { maxZoom: number; instant?: boolean },
) {
  const bounds = boundsOfFields(fields);
  if (!bounds) return;
  const container = map.getContainer();
  const { centre, zoom } = fitView(bounds, {
    widthPx: container.clientWidth,
    heightPx: container.clientHeight,
    paddingPx: FIT_PADDING_PX,
    maxZoom,
    minZoom: 1,
  });
  if (instant) map.jumpTo({ center: centre, zoom });
  else map.easeTo({ center: centre, zoom });
}

/** The field's full boundary as a GeoJSON source's data (a circle traced); nothing while none is selected or read. */
function outlineOf(field: Field | undefined) {
  return {
    type: 'FeatureCollection' as const,
    features: field ? [{ type: 'Feature' as const, properties: {}, geometry: boundaryAsPolygon(field.boundary as FieldBoundary) }] : [],
  };
}
