import { analysisTypes, type FieldSummary, type HealthResult } from '@murimi/core';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { publicConfigQuery, type Basemap } from '../../lib/api/public-config.ts';
import { keptReadKey } from '../../lib/kept-reads.ts';
import type { OfflineDb } from '../../lib/offline-db.ts';
import { analysisQuery, latestSummariesQuery } from '../analyses/api/analyses.ts';
import { fieldScenesQuery, imagePeriodOf, sceneImagePath } from '../crop-health/api/imagery.ts';
import { cropHealthIndices } from '../crop-health/index-legend.ts';
import { canDrawScene, defaultSceneIndex } from '../crop-health/scene-choice.ts';
import { farmQuery, farmsQuery } from '../farms/api/farms.ts';
import { farmFieldsQuery, fieldQuery, fieldsOnMapQuery, fieldsQuery } from '../fields/api/fields.ts';
import { estimatePackBytes } from './pack-size.ts';
import { listPacks, releaseUrls, savePack, type FieldPack, type PackCache } from './pack-store.ts';
import { packTileUrls } from './tile-math.ts';

/** What a pack will fetch, known before anything is: shown with its estimate so the farmer can decide. */
export interface PackPlan {
  farmId: string;
  farmName: string;
  fields: FieldSummary[];
  tileUrls: string[];
  /** Whether the basemap has satellite tiles at all; without them the pack keeps boundaries and overlays only. */
  hasImagery: boolean;
  estimateBytes: number;
}

export function planPack(farm: { id: string; name: string }, fields: FieldSummary[], basemap: Basemap): PackPlan {
  const tileUrls = packTileUrls(
    basemap.satelliteTilesUrl,
    fields.map((field) => field.bbox),
  );
  return {
    farmId: farm.id,
    farmName: farm.name,
    fields,
    tileUrls,
    hasImagery: basemap.satelliteTilesUrl !== null,
    estimateBytes: estimatePackBytes(tileUrls.length, fields.length),
  };
}

export interface PackProgress {
  /** Fields whose data is kept, plus tiles fetched (or given up on), out of all of both. */
  done: number;
  total: number;
}

export interface PackDownloadDeps {
  db: OfflineDb;
  cache: PackCache;
  queryClient: QueryClient;
  /** A tile from its server (another origin, no credentials). */
  fetchTile: (url: string, signal: AbortSignal) => Promise<Response>;
  /** A GET of our API with the person's token; rejects on a failed answer. */
  fetchApi: (path: string) => Promise<Response>;
  /** The app's origin: API paths are kept in the cache as the absolute URLs the screens request. */
  origin: string;
  now: () => number;
}

export type PackOutcome = { status: 'done'; pack: FieldPack } | { status: 'cancelled' };

/** Tiles fetched at once: enough to keep a slow connection busy, few enough not to crowd out the app's own requests. */
export const TILE_CONCURRENCY = 4;

const encoder = new TextEncoder();
const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value) ?? '').byteLength;

/**
 * Runs `work` on every item, at most `limit` at a time, stopping at the first abort or error. It returns only when
 * every lane has stopped, so nothing is still writing to the cache while a cancelled download cleans up.
 */
async function eachLimited<T>(items: readonly T[], limit: number, signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < items.length && !failed) {
      signal.throwIfAborted();
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const failure = lanes.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * A read from the server through the query client, kept on the device by its persister. The persister restores
 * its stored copy instead of asking the server whenever a query has nothing in memory, and a pack must hold today's
 * answers: so the first fetch goes without it (straight to the server), and the second hands that answer to the
 * persister, which stores it because the query now has data in memory.
 */
export async function readFresh<T, Key extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, Key>,
): Promise<T> {
  const data = await queryClient.fetchQuery({ ...options, staleTime: 0, persister: undefined });
  await queryClient.fetchQuery({ ...options, staleTime: 0, queryFn: () => Promise.resolve(data) });
  return data;
}

/** An answer's body kept as it came, headers included (an index image carries its place on the map in them). */
async function keep(cache: PackCache, url: string, response: Response): Promise<number> {
  const body = await response.blob();
  await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }));
  return body.size;
}

/** One try and one retry; null once both failed. An abort is not a failure: it ends the download. */
async function twice(attempt: () => Promise<Response>, signal: AbortSignal): Promise<Response | null> {
  for (let tries = 0; tries < 2; tries++) {
    signal.throwIfAborted();
    try {
      const response = await attempt();
      if (response.ok) return response;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      void error;
    }
  }
  return null;
}

/** The field page's NDVI thumbnail of the latest clear image (`overlayImageQuery`): no period. */
export const thumbnailPath = (fieldId: string, sceneId: string) => sceneImagePath(fieldId, sceneId, 'ndvi');

/**
 * Downloads a farm's pack: the screens' API answers through the query client (which keeps every read on the device;
 * the pack lists them, so they stay as long as it does), each field's latest index images and the basemap tiles into
 * the person's pack cache, then the pack's record with what it measured. Cancelled or failed, it takes back the files it added that no pack lists and saves no record.
 */
export async function downloadPack(
  plan: PackPlan,
  deps: PackDownloadDeps,
  options: { signal: AbortSignal; onProgress?: (progress: PackProgress) => void },
): Promise<PackOutcome> {
  const { signal } = options;
  const { queryClient, cache } = deps;
  const bytes = { tiles: 0, images: 0, data: 0 };
  const cachedUrls = new Set<string>();
  const readKeys = new Set<string>();
  const alreadyListed = new Set((await listPacks(deps.db)).flatMap((pack) => pack.cachedUrls));
  const progress: PackProgress = { done: 0, total: plan.fields.length + plan.tileUrls.length };
  const step = () => {
    progress.done += 1;
    options.onProgress?.({ ...progress });
  };
  options.onProgress?.({ ...progress });
  let imagesMissing = 0;
  let tilesMissing = 0;

  const read = async <T, Key extends QueryKey>(options: FetchQueryOptions<T, Error, T, Key>): Promise<T> => {
    signal.throwIfAborted();
    const data = await readFresh(queryClient, options);
    bytes.data += jsonBytes(data);
    readKeys.add(keptReadKey(options.queryKey));
    return data;
  };
  const keepImage = async (path: string) => {
    const response = await twice(() => deps.fetchApi(path), signal);
    if (!response) {
      imagesMissing += 1;
      return;
    }
    const url = new URL(path, deps.origin).href;
    const size = await keep(cache, url, response);
    bytes.images += size;
    cachedUrls.add(url);
  };

  try {
    // What Map View, Crop Health, the farm's page and the field pickers read, for the whole list.
    await read(publicConfigQuery());
    await read(fieldsOnMapQuery());
    await read(fieldsQuery());
    await read(farmsQuery());
    await read(farmQuery(plan.farmId));
    await read(farmFieldsQuery(plan.farmId));

    for (const field of plan.fields) {
      await read(fieldQuery(field.id));
      const latest = await read(latestSummariesQuery(field.id));
      for (const type of analysisTypes) {
        const summary = latest[type];
        if (!summary) continue;
        const detail = await read(analysisQuery(field.id, type, summary.id));
        const health = type === 'health' ? (detail.result as HealthResult | null | undefined) : undefined;
        if (health && health.status !== 'no-clear-image') await keepImage(thumbnailPath(field.id, health.lastClearImage.sceneId));
      }
      for (const index of cropHealthIndices) {
        let scenes;
        try {
          scenes = await read(fieldScenesQuery(field.id, index));
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          // The season's scenes could not be read (the catalogue unreachable): this index has no image to keep.
          void error;
          imagesMissing += 1;
          continue;
        }
        const at = defaultSceneIndex(scenes.scenes);
        const scene = at === null ? null : scenes.scenes[at]!;
        if (scene && canDrawScene(scene)) await keepImage(sceneImagePath(field.id, scene.sceneId, index, imagePeriodOf(scenes)));
      }
      step();
    }

    // Each size is awaited, then added: with four tiles at once, adding an awaited value in one expression would read
    // the total before the wait and lose what the others added meanwhile.
    await eachLimited(plan.tileUrls, TILE_CONCURRENCY, signal, async (url) => {
      const kept = await cache.match(url);
      if (kept) {
        // Another pack (a neighbouring farm, or this one's earlier download) has it already.
        const { size } = await kept.blob();
        bytes.tiles += size;
        cachedUrls.add(url);
      } else {
        const response = await twice(() => deps.fetchTile(url, signal), signal);
        if (response) {
          const size = await keep(cache, url, response);
          bytes.tiles += size;
          cachedUrls.add(url);
        } else {
          tilesMissing += 1;
        }
      }
      step();
    });
    signal.throwIfAborted();

    const pack: FieldPack = {
      farmId: plan.farmId,
      farmName: plan.farmName,
      downloadedAt: deps.now(),
      fieldIds: plan.fields.map((field) => field.id),
      tilesPlanned: plan.tileUrls.length,
      tilesMissing,
      imagesMissing,
      cachedUrls: [...cachedUrls],
      readKeys: [...readKeys],
      bytes: { ...bytes, total: bytes.tiles + bytes.images + bytes.data },
    };
    await savePack(deps.db, cache, pack);
    return { status: 'done', pack };
  } catch (error) {
    // The files this download added that no pack lists go again; the farm's earlier pack keeps all it had.
    await releaseUrls(
      deps.db,
      cache,
      null,
      [...cachedUrls].filter((url) => !alreadyListed.has(url)),
    );
    if (signal.aborted) return { status: 'cancelled' };
    throw error;
  }
}
