import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Basemap } from '../../lib/api/public-config.ts';
import { createMap, type StartView } from './create-map.ts';
import { loadMapLibre } from './load-maplibre.ts';
import type { MapState } from './MapStatusOverlay.tsx';

export interface MapSetup {
  /** Where the map opens (read once, when it starts); the default view of spec §9 without it. */
  startView?: StartView | null;
  /** Adds the map's own sources, layers and handlers once its style has loaded; the map is ready after it. */
  onLoad: (map: MapLibreMap) => void;
  /** The map started or stopped moving; when it stops, every frame it was asked for is drawn. */
  onIdleChange?: (idle: boolean, map: MapLibreMap) => void;
  /** The zoom after each move. */
  onZoom?: (zoom: number) => void;
}

export interface MapLibreView {
  state: MapState;
  /** The map has drawn everything it was asked for and is not moving. */
  idle: boolean;
  /** Satellite tiles failed: the plain map shows instead. */
  imageryUnavailable: boolean;
  /** The running map once it is ready; null before and after. */
  mapRef: RefObject<MapLibreMap | null>;
  /** Starts the map again after a failed load. */
  retry: () => void;
}

/**
 * A MapLibre map on `basemap` in `container`, for the lifetime of the component: the library is fetched, the map
 * started (or `noWebGl` when the browser cannot draw it), `setup.onLoad` adds its layers, and it is removed on
 * unmount, on a new basemap and on a retry. The setup is read when the map calls it, so it may change every render.
 */
export function useMapLibre(container: RefObject<HTMLElement | null>, basemap: Basemap, setup: MapSetup): MapLibreView {
  const mapRef = useRef<MapLibreMap | null>(null);
  const [state, setState] = useState<MapState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [idle, setIdle] = useState(false);
  const [imageryUnavailable, setImageryUnavailable] = useState(false);
  const latestSetup = useRef(setup);
  useLayoutEffect(() => {
    latestSetup.current = setup;
  });

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    loadMapLibre()
      .then((maplibre) => {
        if (cancelled) return;
        try {
          map = createMap(
            maplibre,
            container.current!,
            basemap,
            {
              onImageryUnavailable: () => setImageryUnavailable(true),
              onIdleChange: (isIdle) => {
                if (cancelled) return;
                if (map) latestSetup.current.onIdleChange?.(isIdle, map);
                setIdle(isIdle);
              },
              onZoom: (zoom) => latestSetup.current.onZoom?.(zoom),
            },
            latestSetup.current.startView,
          );
        } catch (error) {
          console.error('The map could not start', error);
          setState('noWebGl');
          return;
        }
        const shown = map;
        shown.once('load', () => {
          if (cancelled) return;
          latestSetup.current.onLoad(shown);
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
    // One map per attempt and basemap; what it shows is applied to the running map by the component.
  }, [attempt, basemap, container]);

  const retry = useCallback(() => {
    setState('loading');
    setAttempt((n) => n + 1);
  }, []);

  return { state, idle, imageryUnavailable, mapRef, retry };
}
