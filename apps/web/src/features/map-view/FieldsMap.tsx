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
import { formatLocale } from '../../lib/format.ts';
import { cropGroupColour, fieldFeatures, fieldLabel, fieldPointFeatures } from './field-layers.ts';
import type { MapSource } from './map-fields.ts';

export interface FieldsMapProps {
  source: MapSource;
  /** The box around every field, where the map opens with none selected. */
  bounds: Bounds | null;
  selectedId: string | null;
  onSelect: (fieldId: string | null) => void;
  basemap: Basemap;
}

type Bounds = [number, number, number, number];

/**
 * Online, one vector tile source from the server (`/api/fields/tiles`): only the tiles in view are fetched and drawn,
 * so 30,000 fields cost what the few hundred in view cost. Its layer `field-points` holds a point per field, or up to
 * zoom 11 a counted circle per group of nearby fields; from zoom 12 its layer `fields` holds the outlines. Past 16 the
 * map enlarges those tiles. Offline, the same two from a kept list: outlines as one GeoJSON source, points as another
 * that the map clusters itself.
 */
const SOURCE = 'fields';
const OUTLINE_LAYER = 'fields';
const POINT_LAYER = 'field-points';
const TILE_MAX_ZOOM = 16;
const POINT_SOURCE = 'field-points';
/** The selected field's full boundary, read by id (the tiles and the list hold the simplified map form). */
const SELECTED_SOURCE = 'selected-field';
/** The tiles' address; `v` changes when the list does, so the map fetches them again after an edit. */
const tilesUrl = (version: number) => `${window.location.origin}/api/fields/tiles/{z}/{x}/{y}?v=${version}`;
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
 * Every field of the organisation on one map: coloured by crop group, outlined, labelled with name and hectares;
 * far out, where fields are smaller than a pixel, a marker per field and a counted circle per group of nearby fields;
 * the selected field its full boundary, read by id. Seven layers, no DOM markers. It opens fitted to all the fields,
 * or to the selected one.
 */
export default function FieldsMap({ source, bounds, selectedId, onSelect, basemap }: FieldsMapProps) {
  const { t } = useTranslation('app');
  const container = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  const [zoom, setZoom] = useState(0);
  /** The exact centre and zoom once the map settles: browser tests place clicks on markers from it. */
  const [view, setView] = useState<MapView | null>(null);
  const listPoints = source.from === 'list' ? source.points : null;
  const listOutlines = source.from === 'list' ? source.outlines : null;
  const tilesVersion = source.from === 'tiles' ? source.version : 0;
  const outlines = useMemo(() => (listOutlines ? fieldFeatures(listOutlines) : null), [listOutlines]);
  const points = useMemo(() => (listPoints ? fieldPointFeatures(listPoints) : null), [listPoints]);
  const selectedField = useQuery({ ...fieldQuery(selectedId ?? ''), enabled: selectedId !== null });
  const selectedOutline = useMemo(() => outlineOf(selectedId ? selectedField.data : undefined), [selectedField.data, selectedId]);
  // Where the selected field is: from the kept list at once, else from its read by id.
  const selectedBox =
    (selectedId ? listPoints?.find((field) => field.id === selectedId)?.bbox : undefined) ??
    (selectedId && selectedField.data?.id === selectedId ? selectedField.data.bbox : undefined);
  const opening = selectedBox ? boxBounds(selectedBox) : bounds;
  const latest = useRef({ outlines, points, opening, tilesVersion, selectedOutline });
  // The map's own handlers (built once per attempt) read the newest props through these refs.
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
    latest.current = { outlines, points, opening, tilesVersion, selectedOutline };
  });

  // The layers are added once per map; data and selection changes are applied to the running map below.
  const { state, idle, imageryUnavailable, mapRef, retry } = useMapLibre(container, basemap, {
    startView: opening && { bounds: opening, paddingPx: FIT_PADDING_PX, maxZoom: SELECTED_MAX_ZOOM },
    onIdleChange: (isIdle, map) => {
      if (isIdle) setView({ centre: map.getCenter().toArray() as [number, number], zoom: map.getZoom() });
    },
    onZoom: setZoom,
    onLoad: (shown) => {
      const kept = latest.current.outlines && latest.current.points;
      let outlineSource: { source: string; 'source-layer'?: string };
      let pointSource: { source: string; 'source-layer'?: string };
      if (kept) {
        shown.addSource(SOURCE, { type: 'geojson', data: latest.current.outlines as never, tolerance: 0.5 });
        // Clustered up to the zoom where the fields themselves are drawn.
        shown.addSource(POINT_SOURCE, {
          type: 'geojson',
          data: latest.current.points as never,
          cluster: true,
          clusterMaxZoom: LABEL_MIN_ZOOM - 1,
          clusterRadius: 44,
        });
        outlineSource = { source: SOURCE };
        pointSource = { source: POINT_SOURCE };
      } else {
        shown.addSource(SOURCE, { type: 'vector', tiles: [tilesUrl(latest.current.tilesVersion)], maxzoom: TILE_MAX_ZOOM });
        outlineSource = { source: SOURCE, 'source-layer': OUTLINE_LAYER };
        pointSource = { source: SOURCE, 'source-layer': POINT_LAYER };
      }
      // Fills without their antialiasing outline pass (a second draw of every edge, the costliest part far out);
      // closer in, a wider line makes edges easy to see and tap.
      shown.addLayer({
        id: FILL_LAYER,
        type: 'fill',
        ...outlineSource,
        paint: { 'fill-color': cropGroupColour as never, 'fill-opacity': 0.5, 'fill-antialias': false },
      });
      shown.addLayer({
        id: 'fields-outline',
        type: 'line',
        ...outlineSource,
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
        ...pointSource,
        minzoom: LABEL_MIN_ZOOM,
        filter: isSingle as never,
        layout: { 'text-field': fieldLabel(formatLocale()) as never, 'text-size': 13, 'text-max-width': 12, 'text-font': ['sans-serif'] },
        paint: { 'text-color': '#1c1917', 'text-halo-color': '#ffffff', 'text-halo-width': 1.6 },
      });
      shown.addLayer({
        id: CLUSTER_LAYER,
        type: 'circle',
        ...pointSource,
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
        ...pointSource,
        maxzoom: LABEL_MIN_ZOOM,
        filter: isCluster as never,
        layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 13, 'text-font': ['sans-serif'] },
        paint: { 'text-color': '#ffffff' },
      });
      shown.addLayer({
        id: MARKER_LAYER,
        type: 'circle',
        ...pointSource,
        maxzoom: LABEL_MIN_ZOOM,
        filter: isSingle as never,
        paint: {
          'circle-color': cropGroupColour as never,
          'circle-radius': 8,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      shown.on('click', (event) => {
        const [hit] = shown.queryRenderedFeatures(event.point, { layers: [CLUSTER_LAYER, MARKER_LAYER, FILL_LAYER] });
        if (hit?.layer.id === CLUSTER_LAYER) {
          // A counted circle opens up: the map comes in to where it splits into its fields or smaller groups. The
          // server's circles carry that zoom; the map's own (offline) are asked.
          const centre = (hit.geometry as unknown as { coordinates: [number, number] }).coordinates;
          const carried = hit.properties.expansion_zoom as number | undefined;
          void (
            carried !== undefined
              ? Promise.resolve(carried)
              : (shown.getSource(POINT_SOURCE) as GeoJSONSource).getClusterExpansionZoom(hit.properties.cluster_id as number)
          ).then((zoom) => shown.easeTo({ center: centre, zoom }));
          return;
        }
        // The selection brings the field into view (below), once where it lies is known.
        onSelectRef.current((hit?.properties.id as string | undefined) ?? null);
      });
      for (const layer of [FILL_LAYER, CLUSTER_LAYER, MARKER_LAYER]) {
        shown.on('mouseenter', layer, () => (shown.getCanvas().style.cursor = 'pointer'));
        shown.on('mouseleave', layer, () => (shown.getCanvas().style.cursor = ''));
      }
      moveTo(shown, latest.current.opening, { maxZoom: SELECTED_MAX_ZOOM, instant: true });
      setZoom(shown.getZoom());
    },
  });

  useEffect(() => {
    const map = mapRef.current;
    if (state !== 'ready' || !map) return;
    if (outlines && points) {
      (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(outlines as never);
      (map.getSource(POINT_SOURCE) as GeoJSONSource | undefined)?.setData(points as never);
    } else {
      // Only a changed list sends the map for its tiles again: the same address would drop the tiles it holds.
      const tiles = map.getSource(SOURCE) as VectorTileSource | undefined;
      if (tiles && tiles.tiles[0] !== tilesUrl(tilesVersion)) tiles.setTiles([tilesUrl(tilesVersion)]);
    }
  }, [outlines, points, mapRef, state, tilesVersion]);

  useEffect(() => {
    if (state !== 'ready') return;
    (mapRef.current?.getSource(SELECTED_SOURCE) as GeoJSONSource | undefined)?.setData(selectedOutline as never);
  }, [mapRef, selectedOutline, state]);

  const selectedKnown = selectedBox !== undefined;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || state !== 'ready' || !selectedKnown || !latest.current.opening) return;
    moveTo(map, latest.current.opening, { maxZoom: SELECTED_MAX_ZOOM });
    // Move only when the selection changes or where it lies becomes known, not when the field is read again.
  }, [mapRef, selectedId, selectedKnown, state]);

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

const boxBounds = (box: FieldPoint['bbox']): Bounds => [box.minLng, box.minLat, box.maxLng, box.maxLat];

/**
 * Brings `bounds` into view on `map` (inside a margin; a lone small field no closer than `maxZoom`), from the map's
 * own size, so a phone and a wide screen each get the zoom that fits.
 */
function moveTo(map: MapLibreMap, bounds: Bounds | null, { maxZoom, instant = false }: { maxZoom: number; instant?: boolean }) {
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
