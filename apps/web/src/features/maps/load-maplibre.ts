import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

type MapLibre = typeof import('maplibre-gl');

let loading: Promise<MapLibre> | null = null;

/**
 * MapLibre (about 320 KB compressed and a 520 KB worker) is fetched only when a map screen opens. Its worker is
 * a file of its own in the build; the library must be told where.
 */
export function loadMapLibre(): Promise<MapLibre> {
  loading ??= import('maplibre-gl')
    .then((maplibre) => {
      maplibre.setWorkerUrl(workerUrl);
      maplibre.prewarm(); // start the workers now, while the rest of the screen gets ready
      return maplibre;
    })
    .catch((error: unknown) => {
      loading = null; // a lost connection should not break the map until reload
      throw error;
    });
  return loading;
}
