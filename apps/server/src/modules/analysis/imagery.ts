import path from 'node:path';
import {
  earthSearchSentinel2,
  loadBiophysicalNetwork,
  SceneSearchCache,
  simulatedSentinel2,
  startLocalStacApi,
  TileCache,
  type BiophysicalNetwork,
  type LocalStacApi,
  type FieldSceneWindows,
  type OpenCogOptions,
  type SceneMeasurer,
  type SceneSearchOptions,
  type Sentinel2Source,
} from '@murimi/earth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { paceOf } from '../../integrations/outside-paces.ts';
import type { CpuPool } from '../../workers/cpu-pool.ts';
import type { CpuTaskName, CpuTasks } from '../../workers/cpu-tasks.ts';

/** Where an analysis gets its scenes, with what the imagery engine needs to read them. */
export interface ImageryAccess {
  source: Sentinel2Source;
  /** True for the demo catalog: every number from it is labelled simulated. */
  simulated: boolean;
  cog: OpenCogOptions;
  search: SceneSearchOptions;
  laiNetwork?: BiophysicalNetwork;
  /** Where each scene's pixels are measured once read: the CPU threads when the process has them, else in line. */
  measurer?: SceneMeasurer;
  /** The CPU threads an analysis's other per-pixel work runs on (its problem zones), when the process has them. */
  cpu?: CpuPool;
}

/**
 * A scene's pixels of the largest field (10,000 ha: a million pixels a band) are measured, or its problem zones found,
 * in about a second; past this the thread is stopped.
 */
const SCENE_MEASURING_DEADLINE_MS = 60_000;
const measuringTooLong = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    `Measuring a scene's pixels took more than ${SCENE_MEASURING_DEADLINE_MS / 1000} s; please try again later.`,
  );

/** Runs an analysis's CPU task on the threads, as a job's: requests go first. */
export function runPixelTask<Name extends CpuTaskName>(
  cpu: CpuPool,
  name: Name,
  input: Parameters<CpuTasks[Name]>[0],
  { handOver = [], signal }: { handOver?: Uint8Array[]; signal?: AbortSignal | undefined } = {},
) {
  return cpu.runForJob(name, input, { deadlineMs: SCENE_MEASURING_DEADLINE_MS, tooLong: measuringTooLong, handOver, signal });
}

/** Measures each scene's pixels on the CPU threads, so the event loop keeps answering requests meanwhile. */
function measurerOn(cpu: CpuPool): SceneMeasurer {
  return (windows: FieldSceneWindows, signal?: AbortSignal) => {
    // The windows were read for this task alone: their memory moves to the thread instead of being copied.
    const handOver = windows.grids.flatMap(({ mask, bands }) =>
      [mask, ...Object.values(bands)].flatMap((values) =>
        ArrayBuffer.isView(values) ? [new Uint8Array(values.buffer, values.byteOffset, values.byteLength)] : [],
      ),
    );
    return runPixelTask(cpu, 'measureFieldScene', windows, { handOver, signal });
  };
}

/** Made once per process and setting: the demo catalog's STAC API by folder, tile caches by folder, LAI networks. */
const demoCatalogs = new Map<string, Promise<LocalStacApi>>();
const tileCaches = new Map<string, Promise<TileCache>>();
/** The tile caches this process has opened, for their hit counts. */
const openedTileCaches = new Set<TileCache>();

/** How often imagery reads were answered from the tile caches of this process (hits) or fetched (misses). */
export function tileCacheLookups(): { hits: number; misses: number } {
  let hits = 0;
  let misses = 0;
  for (const cache of openedTileCaches) {
    hits += cache.lookups.hits;
    misses += cache.lookups.misses;
  }
  return { hits, misses };
}
const laiNetworks = new Map<string, Promise<BiophysicalNetwork | undefined>>();
/**
 * Catalogue searches shared by the analyses of this process: the fields of one 0.1° cell planted in the same month
 * (a farm, a daily schedule's run over a tile) are searched once per 10 minutes, not once each. Keyed by everything
 * that changes the answer (catalogue, collection, bands, cloud limit, cells, dates); at most 500 searches kept.
 */
export const sceneSearches = new SceneSearchCache({ maxEntries: 500, ttlMs: 10 * 60_000 });

function once<T>(made: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = made.get(key);
  if (!value) {
    // A failure is not kept: the next analysis tries again (the folder may exist by then).
    value = make().catch((error: unknown) => {
      made.delete(key);
      throw error;
    });
    made.set(key, value);
  }
  return value;
}

/**
 * Earth Search (or the catalog at IMAGERY_STAC_URL), or — with IMAGERY_SOURCE=demo, and always for the demo
 * organisation, whose fields are made up — the demo catalog under DEMO_IMAGERY_DIR served by a STAC
 * API inside this process: workers run no web server, and the engine reads a catalog over HTTP either way. Made
 * once per process: the tile cache and ESA's LAI network (when SNAP_LAI_NETWORK_DIR is set) are shared.
 */
export async function imageryAccess(
  config: Config,
  log: FastifyBaseLogger,
  demoOrganisation = false,
  cpu?: CpuPool,
): Promise<ImageryAccess> {
  const searchLog: SceneSearchOptions['log'] = (event) => log[event.level]({ ...event.context }, event.message);
  const { imagery } = config;
  const cacheDirectory = path.join(config.dataDir, 'tile-cache');
  const cache = await once(tileCaches, cacheDirectory, () =>
    TileCache.open({ directory: cacheDirectory, maxBytes: imagery.tileCacheMaxMb * 1024 * 1024 }),
  );
  openedTileCaches.add(cache);
  const laiNetworkDir = imagery.laiNetworkDir;
  const laiNetwork = laiNetworkDir
    ? await once(laiNetworks, laiNetworkDir, () =>
        loadBiophysicalNetwork(laiNetworkDir).catch((error: Error) => {
          log.error({ err: error }, 'ESA LAI network not loaded; LAI uses the empirical relation');
          return undefined;
        }),
      )
    : undefined;
  const common = {
    cog: { cache },
    search: { log: searchLog, cache: sceneSearches },
    laiNetwork,
    ...(cpu ? { measurer: measurerOn(cpu), cpu } : {}),
  };
  if (imagery.source === 'demo' || demoOrganisation) {
    const { url } = await once(demoCatalogs, imagery.demoDir, () =>
      startLocalStacApi(imagery.demoDir).catch((error: Error) => {
        throw new Error(`The demo imagery catalog in ${imagery.demoDir} cannot be read (${error.message}); run npm run demo.`);
      }),
    );
    return { ...common, source: simulatedSentinel2(url), simulated: true };
  }
  const source = imagery.stacUrl ? { ...earthSearchSentinel2, stacUrl: imagery.stacUrl } : earthSearchSentinel2;
  // The outside catalogue at its pace (the demo catalogue is this process's own, and unpaced).
  const search = { ...common.search, pace: paceOf(source.stacUrl, imagery.stacRequestsPerMinute) };
  return { ...common, search, source, simulated: false };
}

/**
 * Stops the demo catalogs' STAC APIs this process started: an open server would keep a finished command (`npm run
 * demo`) from exiting.
 */
export async function closeDemoCatalogs(): Promise<void> {
  const started = [...demoCatalogs.values()];
  demoCatalogs.clear();
  await Promise.all(started.map((api) => api.then((running) => running.close()).catch(() => undefined)));
}
