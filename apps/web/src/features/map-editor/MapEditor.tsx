import { ACRES_PER_HECTARE, MIN_FIELD_HECTARES, boundaryAsPolygon, measureFieldBoundary, type FieldBoundary } from '@murimi/core';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TerraDraw } from 'terra-draw';
import { Button } from '../../components/ui/Button.tsx';
import { TextInput } from '../../components/ui/form.tsx';
import type { Basemap } from '../../lib/api/public-config.ts';
import { formatNumber } from '../../lib/format.ts';
import { DEFAULT_ZOOM, MY_LOCATION_ZOOM } from '../maps/basemap.ts';
import { createMap, showOverlays } from '../maps/create-map.ts';
import { fitView, tooFarOutToDraw, type LngLatBounds } from '../maps/fit-view.ts';
import type { FieldFeatureCollection } from '../map-view/field-layers.ts';
import { boundaryOf, featureOf, withRadius, type DrawingMode, type DrawnFeature } from './boundary-features.ts';
import { EditHistory } from './edit-history.ts';
import { loadMapLibre } from '../maps/load-maplibre.ts';
import { MapStatusOverlay } from '../maps/MapStatusOverlay.tsx';
import { useLocate } from '../../lib/use-locate.ts';
import { startDrawing } from './start-drawing.ts';
import { guardDoubleTaps } from './tap-guard.ts';

export interface MapEditorProps {
  /** The boundary to start from (a field being edited); null for a new field. */
  initialBoundary: FieldBoundary | null;
  /** Called after every finished edit with the new boundary, or null when the shape was cleared (spec §3). */
  onChange: (boundary: FieldBoundary | null) => void;
  basemap: Basemap;
  /**
   * Where to open without a boundary: around the farm's other fields. With none, the map opens on the farmer's
   * position if the browser may already tell it, else on the default view with a warning to zoom in.
   */
  openAround?: LngLatBounds | null;
  /** The farm's other fields, drawn faintly under the drawing (not editable), so a new field is placed beside them. */
  otherFields?: FieldFeatureCollection | null;
  /**
   * What to say under the map when it has no satellite picture (switched off on the server, or its tiles failed):
   * by default that the plain map still draws; Field Setup offers its other ways to give the boundary.
   */
  withoutImagery?: ((reason: 'off' | 'unavailable') => ReactNode) | undefined;
}

const OTHER_FIELDS_SOURCE = 'other-fields';

type ToolsState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: 'mapFailed' | 'toolsFailed' | 'noWebGl' };

/** What the editor holds while mounted; kept outside React state because the map and drawing library own it. */
interface Session {
  map: MapLibreMap;
  draw: TerraDraw;
  history: EditHistory<FieldBoundary | null>;
}

/**
 * The field-boundary map editor (spec §2.6, §4 Map drawing): draw a polygon or a circle on satellite imagery,
 * edit corners, centre and radius, undo and redo, with the area measured as you go. Gives back the boundary as
 * the API stores it, or null after Clear Shape.
 */
export default function MapEditor({
  initialBoundary,
  onChange,
  basemap,
  openAround = null,
  otherFields = null,
  withoutImagery,
}: MapEditorProps) {
  const { t } = useTranslation('app');
  const container = useRef<HTMLDivElement>(null);
  const session = useRef<Session | null>(null);
  const onChangeRef = useRef(onChange);
  // The drawing tools' handlers (built once per attempt) call the newest `onChange`.
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const modeRef = useRef<DrawingMode>('none');

  const [attempt, setAttempt] = useState(0);
  const [tools, setTools] = useState<ToolsState>({ status: 'loading' });
  const [mode, setModeState] = useState<DrawingMode>('none');
  const [shape, setShape] = useState<FieldBoundary | null>(initialBoundary);
  const [drawingHectares, setDrawingHectares] = useState<number | null>(null);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [imagery, setImagery] = useState<'shown' | 'off' | 'unavailable'>(basemap.satelliteTilesUrl ? 'shown' : 'off');
  const [overlays, setOverlays] = useState(true);
  const [selfIntersection, setSelfIntersection] = useState(false);
  const { state: located, locate } = useLocate((latitude, longitude) =>
    session.current?.map.flyTo({ center: [longitude, latitude], zoom: MY_LOCATION_ZOOM }),
  );
  /** Whether the map has finished moving and drawing (shown as data-idle for tests and assistive timing). */
  const [idle, setIdle] = useState(false);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const initial = useRef(initialBoundary);
  const around = useRef(openAround);
  const others = useRef(otherFields);
  const aroundKey = openAround?.join(',') ?? '';
  /** The `openAround` the map was last moved to, so a new farm's fields move it once and a re-render does not. */
  const shownAround = useRef(aroundKey);

  const setMode = (next: DrawingMode) => {
    modeRef.current = next;
    setModeState(next);
  };

  /** Puts `next` on the map as the only shape, selected for editing (a boundary with holes is shown, not edited). */
  const show = (next: FieldBoundary | null) => {
    const draw = session.current?.draw;
    if (!draw) return;
    draw.clear();
    if (!next) return;
    const [result] = draw.addFeatures([{ ...featureOf(next), id: crypto.randomUUID() } as never]);
    const holed = next.type === 'Polygon' && next.coordinates.length > 1;
    if (result?.valid && result.id !== undefined && !holed) draw.selectFeature(result.id);
  };

  /** Records a finished edit: history, React state and the parent. */
  const commit = (next: FieldBoundary | null) => {
    const history = session.current?.history;
    if (!history) return;
    history.record(next);
    setCanUndo(history.canUndo);
    setCanRedo(history.canRedo);
    setShape(next);
    setDrawingHectares(null);
    onChangeRef.current(next);
  };

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    let removeGuard = () => {};
    const element = container.current!;

    loadMapLibre()
      .then((maplibre) => {
        if (cancelled) return;
        try {
          map = createMap(maplibre, element, basemap, {
            onImageryUnavailable: () => setImagery('unavailable'),
            onIdleChange: setIdle,
            onZoom: setZoom,
          });
        } catch (error) {
          console.error('The map could not start', error);
          setTools({ status: 'error', message: 'noWebGl' });
          return;
        }
        const shown = map;
        shown.once('load', () => {
          if (cancelled) return;
          try {
            // Added before the drawing tools, so their layers lie above these.
            shown.addSource(OTHER_FIELDS_SOURCE, { type: 'geojson', data: (others.current ?? emptyCollection) as never });
            shown.addLayer({
              id: 'other-fields-fill',
              type: 'fill',
              source: OTHER_FIELDS_SOURCE,
              paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.3 },
            });
            shown.addLayer({
              id: 'other-fields-outline',
              type: 'line',
              source: OTHER_FIELDS_SOURCE,
              paint: { 'line-color': ['get', 'colour'], 'line-width': 2, 'line-dasharray': [2, 1] },
            });
            const draw = startDrawing(maplibre, shown, {
              onSelfIntersection: () => setSelfIntersection(true),
            });
            const current: Session = { map: shown, draw, history: new EditHistory<FieldBoundary | null>(initial.current) };
            session.current = current;
            draw.on('change', () => {
              if (modeRef.current === 'none') return;
              const drawing = draw.getSnapshot().find((feature) => feature.properties.currentlyDrawing);
              if (!drawing || drawing.geometry.type !== 'Polygon') return setDrawingHectares(null);
              const measured = measureFieldBoundary(boundaryOf(drawing as unknown as DrawnFeature));
              setDrawingHectares(measured.ok ? measured.value.areaHectares : (measured.problem.areaHectares ?? null));
            });
            draw.on('finish', (id, context) => {
              const finished = draw.getSnapshotFeature(id);
              if (!finished || finished.geometry.type !== 'Polygon') return;
              if (context.action === 'draw') {
                // One field, one shape: a newly drawn shape replaces the one before.
                const others = draw.getSnapshot().filter((feature) => feature.id !== id);
                if (others.length > 0) draw.removeFeatures(others.map((feature) => feature.id!));
                draw.setMode('select');
                setMode('none');
                draw.selectFeature(id);
              }
              commit(boundaryOf(finished as unknown as DrawnFeature));
            });
            draw.setMode('select');
            show(initial.current);
            if (initial.current) {
              const [west, south, east, north] = boundsOf(initial.current);
              shown.fitBounds([west, south, east, north], { padding: 40, duration: 0, maxZoom: 18 });
            } else if (around.current) {
              openOn(shown, around.current, true);
            } else {
              goToFarmerIfAllowed(shown, () => cancelled);
            }
            setZoom(shown.getZoom());
            removeGuard = guardDoubleTaps(element, () => modeRef.current !== 'none');
            setTools({ status: 'ready' });
          } catch (error) {
            console.error('The drawing tools could not start', error);
            setTools({ status: 'error', message: 'toolsFailed' });
          }
        });
      })
      .catch((error: unknown) => {
        console.error('The map library could not be loaded', error);
        if (!cancelled) setTools({ status: 'error', message: 'mapFailed' });
      });

    return () => {
      cancelled = true;
      removeGuard();
      const draw = session.current?.draw;
      session.current = null;
      try {
        draw?.stop();
      } catch (error) {
        console.warn('The drawing tools did not stop cleanly', error);
      }
      map?.remove();
    };
    // The map is built once per attempt; basemap and overlays changes are applied without rebuilding it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [attempt]);

  useEffect(() => {
    const map = session.current?.map;
    if (map && tools.status === 'ready') showOverlays(map, overlays);
  }, [overlays, tools.status]);

  useEffect(() => {
    others.current = otherFields;
    const map = session.current?.map;
    if (map && tools.status === 'ready') {
      (map.getSource(OTHER_FIELDS_SOURCE) as GeoJSONSource | undefined)?.setData((otherFields ?? emptyCollection) as never);
    }
  }, [otherFields, tools.status]);

  // Another farm chosen before anything is drawn: its fields come into view.
  useEffect(() => {
    around.current = openAround;
    const map = session.current?.map;
    if (!map || tools.status !== 'ready' || aroundKey === shownAround.current) return;
    shownAround.current = aroundKey;
    if (openAround && !shape) openOn(map, openAround, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- followed by its key, not by the array's identity
  }, [aroundKey, tools.status]);

  const choose = (next: DrawingMode) => {
    const draw = session.current?.draw;
    if (!draw) return;
    const target = mode === next ? 'none' : next;
    setSelfIntersection(false);
    setDrawingHectares(null);
    draw.setMode(target === 'none' ? 'select' : target);
    setMode(target);
  };

  const replaceWith = (next: FieldBoundary | null) => {
    const draw = session.current?.draw;
    if (!draw) return;
    draw.setMode('select');
    setMode('none');
    setSelfIntersection(false);
    show(next);
  };

  /** Steps back or forward through the edits: the map, the summary and the parent follow. */
  const travel = (direction: 'undo' | 'redo') => {
    const history = session.current?.history;
    if (!history) return;
    const next = direction === 'undo' ? history.undo() : history.redo();
    replaceWith(next);
    setShape(next);
    setCanUndo(history.canUndo);
    setCanRedo(history.canRedo);
    onChangeRef.current(next);
  };

  const clear = () => {
    replaceWith(null);
    commit(null);
  };

  const changeRadius = (radiusM: number) => {
    if (!shape || shape.type !== 'Point') return;
    const next = withRadius(shape, radiusM);
    replaceWith(next);
    commit(next);
  };

  const ready = tools.status === 'ready';
  const hasHoles = shape?.type === 'Polygon' && shape.coordinates.length > 1;
  const hint =
    mode === 'polygon'
      ? t('mapEditor.hint.polygon')
      : mode === 'circle'
        ? t('mapEditor.hint.circle')
        : !shape
          ? t('mapEditor.hint.empty')
          : hasHoles
            ? t('mapEditor.hint.holes')
            : shape.type === 'Point'
              ? t('mapEditor.hint.editCircle')
              : t('mapEditor.hint.editPolygon');

  return (
    <div
      className="flex flex-col gap-3"
      data-testid="map-editor"
      data-tools={tools.status}
      data-mode={mode}
      data-idle={idle}
      data-zoom={zoom.toFixed(1)}
    >
      <div role="toolbar" aria-label={t('mapEditor.tools')} className="flex flex-wrap gap-2">
        <ToolButton pressed={mode === 'polygon'} disabled={!ready || hasHoles} onClick={() => choose('polygon')}>
          {mode === 'polygon' ? t('mapEditor.stopDrawing') : t('mapEditor.drawPolygon')}
        </ToolButton>
        <ToolButton pressed={mode === 'circle'} disabled={!ready || hasHoles} onClick={() => choose('circle')}>
          {mode === 'circle' ? t('mapEditor.stopDrawing') : t('mapEditor.drawCircle')}
        </ToolButton>
        <ToolButton disabled={!ready || !canUndo} onClick={() => travel('undo')}>
          {t('mapEditor.undo')}
        </ToolButton>
        <ToolButton disabled={!ready || !canRedo} onClick={() => travel('redo')}>
          {t('mapEditor.redo')}
        </ToolButton>
        <ToolButton disabled={!ready || !shape} onClick={clear}>
          {t('mapEditor.clear')}
        </ToolButton>
        <ToolButton disabled={!ready || located.status === 'locating'} onClick={locate}>
          {located.status === 'locating' ? t('mapEditor.locating') : t('mapEditor.useLocation')}
        </ToolButton>
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {ready ? hint : null}
      </p>
      {ready && tooFarOutToDraw(zoom) && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
          {t('mapEditor.zoomInToDraw')}
        </p>
      )}
      <div className="relative">
        <div
          ref={container}
          role="application"
          aria-label={t('mapEditor.label')}
          className="h-[55vh] min-h-80 w-full overflow-hidden rounded-lg border border-stone-300 bg-[#e7e5d8] md:h-[480px]"
        />
        {tools.status !== 'ready' && (
          <MapStatusOverlay
            loading={t('mapEditor.loading')}
            error={tools.status === 'error' ? t(`mapEditor.${tools.message}`) : null}
            onRetry={
              tools.status === 'error' && tools.message !== 'noWebGl'
                ? () => {
                    setTools({ status: 'loading' });
                    setAttempt((n) => n + 1);
                  }
                : undefined
            }
          />
        )}
      </div>
      {/* Under the map: a notice that came above it once the tiles failed would move the map under the farmer's finger. */}
      {imagery !== 'shown' && ready && withoutImagery?.(imagery)}
      {imagery !== 'shown' && ready && !withoutImagery && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {imagery === 'off' ? t('mapEditor.imageryOff') : t('mapEditor.imageryUnavailable')}
        </p>
      )}
      {basemap.overlayTilesUrls.length > 0 && imagery === 'shown' && (
        <label className="flex min-h-11 items-center gap-2 text-stone-800">
          <input type="checkbox" className="size-5" checked={overlays} onChange={(event) => setOverlays(event.target.checked)} />
          {t('mapEditor.overlays')}
        </label>
      )}
      {located.status === 'failed' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t(`boundary.locateFailed.${located.reason}`)}
        </p>
      )}
      {selfIntersection && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
          {t('mapEditor.selfIntersection')}
        </p>
      )}
      <ShapeSummary shape={shape} drawingHectares={drawingHectares} />
      {shape?.type === 'Point' && ready && (
        <RadiusInput key={shape.properties.radius} radiusM={shape.properties.radius} onApply={changeRadius} />
      )}
    </div>
  );
}

function ToolButton({ pressed, children, ...props }: { pressed?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant={pressed ? 'primary' : 'secondary'} aria-pressed={pressed} {...props}>
      {children}
    </Button>
  );
}

/** The area of the shape (or of the shape being drawn), with the 0.5 ha minimum as a warning before save. */
function ShapeSummary({ shape, drawingHectares }: { shape: FieldBoundary | null; drawingHectares: number | null }) {
  const { t } = useTranslation('app');
  const measured = shape ? measureFieldBoundary(shape) : null;
  const shapeHectares = measured ? (measured.ok ? measured.value.areaHectares : (measured.problem.areaHectares ?? null)) : null;
  const hectares = drawingHectares ?? shapeHectares;
  const area = (key: 'area' | 'drawingArea', value: number) =>
    t(`mapEditor.${key}`, { hectares: formatNumber(value, 2), acres: formatNumber(value * ACRES_PER_HECTARE, 2) });
  return (
    <div aria-live="polite" data-testid="map-editor-area" className="rounded-lg bg-stone-100 p-3 text-stone-900">
      {drawingHectares !== null ? (
        <p>{area('drawingArea', drawingHectares)}</p>
      ) : !shape ? (
        <p className="text-stone-700">{t('mapEditor.noShape')}</p>
      ) : (
        <>
          <p className="font-semibold">
            {shapeHectares !== null ? area('area', shapeHectares) : null}
            <span className="ml-2 font-normal text-stone-700">
              {shape.type === 'Point'
                ? t('mapEditor.shape.circle', { radius: formatNumber(shape.properties.radius, 1) })
                : t('mapEditor.shape.polygon')}
            </span>
          </p>
          {measured && !measured.ok && measured.problem.code !== 'FIELD_TOO_SMALL' && (
            <p className="mt-1 font-medium text-red-800">{measured.problem.message}</p>
          )}
        </>
      )}
      {hectares !== null && hectares < MIN_FIELD_HECTARES && <p className="mt-1 font-medium text-amber-900">{t('boundary.tooSmall')}</p>}
    </div>
  );
}

function RadiusInput({ radiusM, onApply }: { radiusM: number; onApply: (radiusM: number) => void }) {
  const { t } = useTranslation('app');
  const [text, setText] = useState(String(Math.round(radiusM * 10) / 10));
  const [error, setError] = useState<string | undefined>();
  const apply = () => {
    const value = Number(text.trim().replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(value) || value <= 0) return setError(t('mapEditor.radiusInvalid'));
    setError(undefined);
    if (Math.abs(value - radiusM) > 0.05) onApply(value);
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="sm:w-64">
        <TextInput
          label={t('mapEditor.radius')}
          hint={t('mapEditor.radiusHint')}
          inputMode="decimal"
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
      </div>
      <Button type="button" variant="secondary" onClick={apply}>
        {t('mapEditor.applyRadius')}
      </Button>
    </div>
  );
}

/** [west, south, east, north] of a boundary, for fitting the map to it. */
function boundsOf(boundary: FieldBoundary): [number, number, number, number] {
  const ring = boundaryAsPolygon(boundary).coordinates[0]!;
  const lngs = ring.map(([lng]) => lng);
  const lats = ring.map(([, lat]) => lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

const emptyCollection = { type: 'FeatureCollection', features: [] };

/** The least zoom the editor opens at: a 0.5 ha field is about 60 px across, a 500 ha one fills a phone's map. */
const OPENING_MIN_ZOOM = 15;

/**
 * The farm's fields, fitted to the map but no farther out than zoom 15 (a farm wider than the map is centred on their
 * middle, where a new field most likely lies) and no closer than zoom 17 for a lone small field.
 */
function openOn(map: MapLibreMap, bounds: LngLatBounds, instant: boolean) {
  const container = map.getContainer();
  const { centre, zoom } = fitView(bounds, {
    widthPx: container.clientWidth,
    heightPx: container.clientHeight,
    paddingPx: 40,
    maxZoom: 17,
    minZoom: OPENING_MIN_ZOOM,
  });
  if (instant) map.jumpTo({ center: centre, zoom });
  else map.easeTo({ center: centre, zoom });
}

/**
 * Moves to the farmer's position when the browser has already been allowed to give it (no permission prompt the
 * moment the page opens; "Use my location" asks). Skipped if the farmer has moved the map meanwhile.
 */
function goToFarmerIfAllowed(map: MapLibreMap, isCancelled: () => boolean) {
  if (!('geolocation' in navigator) || !navigator.permissions) return;
  let moved = false;
  map.once('movestart', (event: { originalEvent?: unknown }) => {
    if (event.originalEvent) moved = true;
  });
  navigator.permissions
    .query({ name: 'geolocation' })
    .then((permission) => {
      if (permission.state !== 'granted') return;
      navigator.geolocation.getCurrentPosition(
        (position) => {
          if (isCancelled() || moved) return;
          map.jumpTo({ center: [position.coords.longitude, position.coords.latitude], zoom: MY_LOCATION_ZOOM });
        },
        () => {}, // the default view stays, with its warning to zoom in
        { enableHighAccuracy: false, timeout: 20_000, maximumAge: 300_000 },
      );
    })
    .catch(() => {});
}
