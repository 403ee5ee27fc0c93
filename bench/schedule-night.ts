/**
 * A programme's night: the two daily schedules over 15,000 in-season fields on PostgreSQL, as the cron starts them
 * (the health check where the catalogue has a new scene, with the fertilizer advice after it, and the irrigation
 * advice), until every analysis and follow-up has ended. Run twice, each on a database of its own and a cold tile
 * cache:
 *  (A) `npm start`'s shape: the serving process works the jobs itself (its CPU threads measure the pixels);
 *  (B) the serving process only serves, and `murimi worker` ×2 work the jobs.
 * Against the outside services' local fakes, in a process of their own (bench/support/outside-fakes.ts): Earth Search
 * as the local STAC API over a demo catalog written for the run, and Open-Meteo as the tests' fake. Both are asked at
 * the configured pace (STAC_REQUESTS_PER_MINUTE, OPEN_METEO_REQUESTS_PER_MINUTE, their defaults here).
 *
 * Reference, same run: the three analyses of 150 of the fields called directly one after another in this process (no
 * queue, no CPU threads, cold caches), in analyses per minute; each night prints its own rate against it.
 *
 * Prints per run: the schedule's wall time (goal ≤ 2 h), analyses per minute, what ended how, peak RSS of each
 * process, the serving process's event-loop delay p99 and `/api/health` p99 (checked every 50 ms from a thread of
 * its own; goal ≤ 100 ms), and the catalogue searches and weather reads against the fields, the 0.1° cells they lie
 * in (one search per cell and month, one weather read per cell) and the scenes.
 *
 * The fields: 50 organisations of 300 fields of 0.5–4 ha (a programme of smallholders), in 10 farming areas of
 * Zimbabwe, 5 organisations each, planted 40–58 days ago with maize, soybean or flue-cured tobacco.
 *
 *   npm run bench:schedule-night   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test;
 *                                   BENCH_FIELDS=1500 for a shorter run, BENCH_ONLY=workers|in-process for one of
 *                                   the nights, BENCH_ONLY=reference for the reference alone)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { addDays, boundaryCentroid, boundaryCornerCount, isoDay, simplifyBoundaryForMap } from '@murimi/core';
import { writeDemoCatalog, type DemoCrop } from '@murimi/earth';
import pino from 'pino';
import { sharedBlockCache } from '../packages/earth/src/cog/block-memory-cache.ts';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { dailyIrrigationJob, newImageryJob } from '../apps/server/src/modules/analysis/analysis-schedule.ts';
import type { AnalysisType } from '../apps/server/src/modules/analysis/analysis-types.ts';
import { sceneSearches } from '../apps/server/src/modules/analysis/imagery.ts';
import { runAnalysis } from '../apps/server/src/modules/analysis/run-analysis.ts';
import { fieldWeatherCell } from '../apps/server/src/modules/weather/weather.cells.ts';
import { startRuntime, type Runtime } from '../apps/server/src/runtime.ts';
import { startHealthChecker } from '../apps/server/test/health-checker.ts';
import type { OutsideCounts } from './support/outside-fakes.ts';
import { packSquares, type SquareBoundary } from './support/packed-squares.ts';
import { BENCH_JWT_SECRET, withScratchDatabase } from './support/scratch-runtime.ts';
import { p99, rssMb } from './support/served-process.ts';
import { cpuMs, startWorker, stopWorkers } from './support/workers.ts';

const root = path.resolve(import.meta.dirname, '..');
const FIELD_COUNT = Number(process.env.BENCH_FIELDS ?? 15_000);
const ORGANISATIONS = 50;
/** Fields whose analyses are called directly for the reference. */
const REFERENCE_FIELDS = 150;
/** Farming areas (town centres), 5 organisations in each. */
const AREAS: [number, number][] = [
  [31.05, -17.83], // Harare
  [30.2, -17.36], // Chinhoyi
  [31.55, -18.19], // Marondera
  [31.33, -17.3], // Bindura
  [32.13, -18.53], // Rusape
  [29.82, -19.45], // Gweru
  [30.83, -20.07], // Masvingo
  [29.92, -18.35], // Kadoma
  [29.69, -16.81], // Karoi
  [32.67, -18.97], // Mutare
];
const CROPS: { demo: DemoCrop; cropType: string }[] = [
  { demo: 'maize', cropType: 'maize-grain' },
  { demo: 'soybean', cropType: 'soybean' },
  { demo: 'tobacco', cropType: 'tobacco-flue-cured' },
];
const SOILS = ['sandy-loam', 'loam', 'clay-loam', 'sand'];
const GOAL_WALL_MS = 2 * 3600_000;
const GOAL_HEALTH_P99_MS = 100;
/** A run still open after this is stopped and reported as such. */
const RUN_LIMIT_MS = Number(process.env.BENCH_LIMIT_MINUTES ?? 180) * 60_000;
const HEALTH_CHECK_EVERY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

interface NightField {
  id: string;
  orgId: string;
  farmId: string;
  name: string;
  area: number;
  hectares: number;
  crop: (typeof CROPS)[number];
  plantingDate: string;
  soilTexture: string;
  irrigated: boolean;
  boundary: SquareBoundary;
}

/**
 * The programme's fields: square fields of 0.5–4 ha (seeded), each organisation's in one area, packed in rows 20 m
 * apart from the area's centre so each area's scene is no bigger than it must be.
 */
function makeFields(today: string): NightField[] {
  let seed = 2026;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const organisations = Array.from({ length: ORGANISATIONS }, (_, i) => ({
    orgId: randomUUID(),
    farmId: randomUUID(),
    area: i % AREAS.length,
  }));
  const fields: NightField[] = [];
  AREAS.forEach((centre, area) => {
    const mine = organisations.filter((organisation) => organisation.area === area);
    const count = Math.floor(FIELD_COUNT / AREAS.length) + (area < FIELD_COUNT % AREAS.length ? 1 : 0);
    const sizes = Array.from({ length: count }, () => 0.5 + random() * 3.5);
    const plantingDate = addDays(today, -(40 + 2 * area));
    const boundaries = packSquares(centre, sizes, 20);
    sizes.forEach((hectares, i) => {
      const organisation = mine[i % mine.length]!;
      fields.push({
        id: randomUUID(),
        orgId: organisation.orgId,
        farmId: organisation.farmId,
        name: `Plot ${area + 1}-${String(i + 1).padStart(4, '0')}`,
        area,
        hectares,
        crop: CROPS[i % CROPS.length]!,
        plantingDate,
        soilTexture: SOILS[i % SOILS.length]!,
        irrigated: i % 10 === 0,
        boundary: boundaries[i]!,
      });
    });
  });
  return fields;
}

/** The programme written straight into the database: organisations, a farm each, and the fields with their map form. */
async function seed(runtime: Runtime, fields: NightField[]): Promise<void> {
  const run = (text: string, values: unknown[] = []) => runtime.ctx.database.db.executeQuery(CompiledQuery.raw(text, values));
  const organisations = [...new Map(fields.map((field) => [field.orgId, field])).values()];
  await run(`insert into organisations (id, name) select id, 'Programme co-op ' || n from unnest($1::uuid[]) with ordinality as o(id, n)`, [
    organisations.map((field) => field.orgId),
  ]);
  await run(
    `insert into farms (id, org_id, name) select farm_id, org_id, 'Co-op plots' from unnest($1::uuid[], $2::uuid[]) as f(farm_id, org_id)`,
    [organisations.map((field) => field.farmId), organisations.map((field) => field.orgId)],
  );
  for (let start = 0; start < fields.length; start += 1000) {
    const rows = fields.slice(start, start + 1000).map((field) => {
      const ring = field.boundary.coordinates[0]!;
      const [centroidLng, centroidLat] = boundaryCentroid(field.boundary);
      return {
        id: field.id,
        org_id: field.orgId,
        farm_id: field.farmId,
        name: field.name,
        boundary: field.boundary,
        size_hectares: field.hectares,
        bbox_min_lng: Math.min(...ring.map(([lng]) => lng)),
        bbox_min_lat: Math.min(...ring.map(([, lat]) => lat)),
        bbox_max_lng: Math.max(...ring.map(([lng]) => lng)),
        bbox_max_lat: Math.max(...ring.map(([, lat]) => lat)),
        map_boundary: simplifyBoundaryForMap(field.boundary),
        centroid_lng: centroidLng,
        centroid_lat: centroidLat,
        boundary_vertices: boundaryCornerCount(field.boundary),
        boundary_bytes: Buffer.byteLength(JSON.stringify(field.boundary)),
        crop_type: field.crop.cropType,
        planting_date: field.plantingDate,
        soil_texture: field.soilTexture,
        irrigated: field.irrigated,
      };
    });
    await run(
      `insert into fields (id, org_id, farm_id, name, boundary, size_hectares, bbox_min_lng, bbox_min_lat, bbox_max_lng,
         bbox_max_lat, map_boundary, centroid_lng, centroid_lat, boundary_vertices, boundary_bytes, crop_type, planting_date,
         soil_texture, irrigated)
       select id, org_id, farm_id, name, boundary, size_hectares, bbox_min_lng, bbox_min_lat, bbox_max_lng, bbox_max_lat,
         map_boundary, centroid_lng, centroid_lat, boundary_vertices, boundary_bytes, crop_type, planting_date, soil_texture,
         irrigated
       from jsonb_to_recordset($1::jsonb) as r(id uuid, org_id uuid, farm_id uuid, name text, boundary jsonb,
         size_hectares double precision, bbox_min_lng double precision, bbox_min_lat double precision,
         bbox_max_lng double precision, bbox_max_lat double precision, map_boundary jsonb, centroid_lng double precision,
         centroid_lat double precision, boundary_vertices integer, boundary_bytes integer, crop_type text, planting_date date,
         soil_texture text, irrigated boolean)`,
      [JSON.stringify(rows)],
    );
  }
  await run('analyze');
}

/** The outside services' fakes in a process of their own; resolves with their addresses. */
function startOutsideFakes(
  catalog: string,
  register: (child: ChildProcess) => void,
): Promise<{ stacUrl: string; forecastUrl: string; archiveUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/outside-fakes.ts', catalog], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    register(child);
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`the outside services' fakes exited with ${code}`)));
  });
}

interface Night {
  label: string;
  wallMs: number;
  finished: boolean;
  byTypeAndStatus: { type: string; status: string; count: number }[];
  failures: { type: string; error: string; count: number }[];
  jobMs: { type: string; median: number; p90: number }[];
  servingPeakRssMb: number;
  workers: { peakRssMb: number; cpuShare: number }[];
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  health: { count: number; p99Ms: number; maxMs: number; failed: number };
  outside: OutsideCounts;
  /** The outside services' paces each process keeps, requests a minute. */
  paces: { catalogue: number; openMeteo: number };
}

type Fakes = { stacUrl: string; forecastUrl: string; archiveUrl: string };

/**
 * A PostgreSQL database and data folder of their own for `use` (dropped and removed after), with the settings of a
 * server that asks the fakes; `use` gets them as the environment a process would have.
 */
function withNightDatabase<T>(label: string, fakes: Fakes, use: (env: Record<string, string>) => Promise<T>): Promise<T> {
  return withScratchDatabase(`night_${label}`, (databaseUrl, folder) =>
    use({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      DATA_DIR: folder,
      IMAGERY_SOURCE: 'earth-search',
      IMAGERY_STAC_URL: fakes.stacUrl,
      WEATHER_SOURCE: 'open-meteo',
      OPEN_METEO_FORECAST_URL: fakes.forecastUrl,
      OPEN_METEO_ARCHIVE_URL: fakes.archiveUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(folder, 'no-web-build'),
      MAP_SATELLITE_TILES_URL: '',
      MAP_OVERLAY_TILES_URLS: '',
    }),
  );
}

/** Forgets the scenes' decoded blocks and the catalogue's answers this process keeps in memory. */
function forgetImagery(): void {
  sharedBlockCache.clear();
  sceneSearches.clear();
}

/** The analyses of the night, in the order a field gets them. */
const NIGHT_ANALYSES = ['health', 'irrigation', 'fertilizer'] as const satisfies readonly AnalysisType[];

/**
 * The reference: the night's three analyses of a sample of the fields, spread over the areas, called directly one
 * after another in this process (no queue, no CPU threads), from a cold tile cache and cold search cache. Answers
 * analyses per minute.
 */
async function directReference(sample: NightField[], fakes: Fakes): Promise<{ analyses: number; perMinute: number; failed: number }> {
  return withNightDatabase('reference', fakes, async (env) => {
    const config = loadConfig(env);
    const runtime = await startRuntime(config, { work: false, logger: false });
    try {
      await seed(runtime, sample);
      forgetImagery();
      const context = {
        database: runtime.ctx.database,
        config,
        log: pino({ level: 'silent' }),
        attempt: { retryCount: 0, retryLimit: 0, isLast: true },
        queue: runtime.ctx.queue,
        now: () => new Date(),
      };
      let [analyses, failed] = [0, 0];
      const started = performance.now();
      for (const field of sample) {
        for (const type of NIGHT_ANALYSES) {
          try {
            await runAnalysis(type, { fieldId: field.id, orgId: field.orgId, inputs: { options: {} } } as never, context);
          } catch {
            failed++;
          }
          analyses++;
        }
      }
      return { analyses, perMinute: (analyses / (performance.now() - started)) * 60_000, failed };
    } finally {
      await runtime.close();
    }
  });
}

async function night(mode: 'in-process' | 'workers', fields: NightField[], fakes: Fakes, children: Set<ChildProcess>): Promise<Night> {
  return withNightDatabase(mode.replace('-', '_'), fakes, (env) => nightOn(env, mode, fields, fakes, children));
}

async function nightOn(
  env: Record<string, string>,
  mode: 'in-process' | 'workers',
  fields: NightField[],
  fakes: Fakes,
  children: Set<ChildProcess>,
): Promise<Night> {
  const label = mode === 'in-process' ? '(A) jobs in the serving process' : '(B) murimi worker ×2, the serving process only serves';
  let runtime: Runtime | undefined;
  let workers: ChildProcess[] = [];
  try {
    const config = loadConfig(env);
    // As a process that has just started: the reference (or the night before) left scenes and searches in memory.
    forgetImagery();
    runtime = await startRuntime(config, { work: mode === 'in-process', logger: false });
    await seed(runtime, fields);
    const address = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const logs: string[] = [];
    if (mode === 'workers') {
      workers = await Promise.all([1, 2].map(() => startWorker({ ...process.env, ...env }, null, (child) => children.add(child), logs)));
    }
    await fetch(`${fakes.stacUrl}/counts?reset`);
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 1 });
    const open = async () => {
      const { rows } = await pool.query<{ jobs: string; analyses: string }>(
        `select (select count(*) from pgboss.job where name like 'analysis-%' and state in ('created', 'retry', 'active')) as jobs,
                (select count(*) from analyses where status in ('queued', 'running')) as analyses`,
      );
      return { jobs: Number(rows[0]!.jobs), analyses: Number(rows[0]!.analyses) };
    };

    // What the serving process is measured by, from the moment the cron would fire.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const checker = startHealthChecker(`${address}/api/health`, HEALTH_CHECK_EVERY_MS);
    let servingPeakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (servingPeakRss = Math.max(servingPeakRss, process.memoryUsage().rss)), 1000);
    delay.enable();
    const started = performance.now();
    const cpuAtStart = workers.map(cpuMs);
    await runtime.ctx.queue.send(newImageryJob, {});
    await runtime.ctx.queue.send(dailyIrrigationJob, {});
    let finished = false;
    let lastReport = started;
    for (;;) {
      await sleep(5000);
      const now = await open();
      if (now.jobs === 0 && now.analyses === 0) {
        finished = true;
        break;
      }
      for (const child of workers)
        if (child.exitCode !== null) throw new Error(`a worker exited with ${child.exitCode}:\n${logs.join('')}`);
      if (performance.now() - started > RUN_LIMIT_MS) break;
      if (performance.now() - lastReport >= 60_000) {
        lastReport = performance.now();
        const { rows } = await pool.query<{ count: string }>(`select count(*) from analyses where status not in ('queued', 'running')`);
        console.error(
          `    … ${mode}: ${rows[0]!.count} analyses ended, ${now.analyses} open, ${now.jobs} jobs waiting or running, after ${minutes(lastReport - started)}`,
        );
      }
    }
    const wallMs = performance.now() - started;
    delay.disable();
    clearInterval(sampler);
    const latencies = await checker.stop();
    const workerFigures = workers.map((child, i) => ({
      peakRssMb: rssMb(child.pid!).peak,
      cpuShare: (cpuMs(child) - cpuAtStart[i]!) / wallMs,
    }));
    const outside = (await (await fetch(`${fakes.stacUrl}/counts`)).json()) as OutsideCounts;

    const byTypeAndStatus = (
      await pool.query<{ type: string; status: string; count: string }>(
        'select type, status, count(*) from analyses group by 1, 2 order by 1, 2',
      )
    ).rows.map((row) => ({ ...row, count: Number(row.count) }));
    const failures = (
      await pool.query<{ type: string; error: string; count: string }>(
        `select type, coalesce(error, '(no message)') as error, count(*) from analyses where status = 'failed'
          group by 1, 2 order by 3 desc limit 8`,
      )
    ).rows.map((row) => ({ ...row, count: Number(row.count) }));
    const jobMs = (
      await pool.query<{ type: string; median: number; p90: number }>(
        `select type,
                percentile_cont(0.5) within group (order by extract(epoch from finished_at - started_at) * 1000) as median,
                percentile_cont(0.9) within group (order by extract(epoch from finished_at - started_at) * 1000) as p90
           from analyses where status = 'completed' group by type order by type`,
      )
    ).rows;
    await pool.end();
    const finite = latencies.filter(Number.isFinite);
    return {
      label,
      wallMs,
      finished,
      byTypeAndStatus,
      failures,
      jobMs,
      servingPeakRssMb: servingPeakRss / 1024 ** 2,
      workers: workerFigures,
      eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
      eventLoopDelayMaxMs: delay.max / 1e6,
      health: { count: latencies.length, p99Ms: p99(latencies), maxMs: Math.max(...finite), failed: latencies.length - finite.length },
      outside,
      paces: { catalogue: config.imagery.stacRequestsPerMinute, openMeteo: config.weather.openMeteo.requestsPerMinute },
    };
  } finally {
    await stopWorkers(workers);
    for (const child of workers) children.delete(child);
    await runtime?.close();
  }
}

function report(result: Night, fields: NightField[], scenesPerArea: number, directPerMinute: number): void {
  const ended = result.byTypeAndStatus.filter((row) => row.status !== 'queued' && row.status !== 'running');
  const analyses = ended.reduce((sum, row) => sum + row.count, 0);
  const boxes = fields.map((field) => {
    const ring = field.boundary.coordinates[0]!;
    const lngs = ring.map(([lng]) => lng);
    const lats = ring.map(([, lat]) => lat);
    return { bboxMinLng: Math.min(...lngs), bboxMaxLng: Math.max(...lngs), bboxMinLat: Math.min(...lats), bboxMaxLat: Math.max(...lats) };
  });
  // Weather is read per cell of the field's middle; a catalogue search is widened to the whole 0.1° cells the field touches.
  const weatherCells = new Set(boxes.map((box) => fieldWeatherCell(box)).map((cell) => `${cell.latIndex},${cell.lngIndex}`)).size;
  const searchAreas = new Set(
    boxes.map((box) =>
      [
        Math.floor(box.bboxMinLng * 10),
        Math.floor(box.bboxMinLat * 10),
        Math.ceil(box.bboxMaxLng * 10),
        Math.ceil(box.bboxMaxLat * 10),
      ].join(),
    ),
  ).size;
  const months = new Set(fields.map((field) => field.plantingDate.slice(0, 7))).size;
  const { outside } = result;
  console.log(`\n${result.label}: ${fields.length.toLocaleString('en')} fields in season`);
  console.log(
    `    wall time ${minutes(result.wallMs)}${result.finished ? '' : ' (STOPPED at the limit, analyses still open)'}   goal ≤ 2 h: ${result.finished && result.wallMs <= GOAL_WALL_MS ? 'met' : 'MISSED'}` +
      `   ${((analyses / result.wallMs) * 60_000).toFixed(0)} analyses/min   night/direct ${(((analyses / result.wallMs) * 60_000) / directPerMinute).toFixed(2)}`,
  );
  console.log(`    ${result.byTypeAndStatus.map((row) => `${row.type} ${row.count} ${row.status}`).join(', ')}`);
  console.log(
    `    job time (started → finished, median / p90): ${result.jobMs.map((row) => `${row.type} ${row.median.toFixed(0)} / ${row.p90.toFixed(0)} ms`).join(', ')}`,
  );
  for (const failure of result.failures) console.log(`    failed: ${failure.count} × ${failure.type}: ${failure.error}`);
  console.log(
    `    serving process: peak RSS ${mb(result.servingPeakRssMb)}, event-loop delay p99 ${result.eventLoopDelayP99Ms.toFixed(0)} ms (max ${result.eventLoopDelayMaxMs.toFixed(0)} ms), ` +
      `/api/health p99 ${result.health.p99Ms.toFixed(0)} ms (max ${result.health.maxMs.toFixed(0)} ms, ${result.health.count} checks, ${result.health.failed} failed)` +
      `   goal ≤ ${GOAL_HEALTH_P99_MS} ms: ${result.health.p99Ms <= GOAL_HEALTH_P99_MS && result.eventLoopDelayP99Ms <= GOAL_HEALTH_P99_MS ? 'met' : 'MISSED'}`,
  );
  for (const [i, worker] of result.workers.entries())
    console.log(`    worker ${i + 1}: peak RSS ${mb(worker.peakRssMb)}, CPU busy ${(worker.cpuShare * 100).toFixed(0)} % of the night`);
  console.log(
    `    catalogue: ${outside.searches} searches (${outside.searchPages} pages) for ${fields.length} fields in ${searchAreas} search areas of whole 0.1° cells, planted in ${months} months ` +
      `(${(outside.searches / fields.length).toFixed(3)} per field), ${outside.cogReads.toLocaleString('en')} GeoTIFF range reads over ${AREAS.length} areas × ${scenesPerArea} scenes; ` +
      `asked at most ${result.paces.catalogue} a minute per process`,
  );
  console.log(
    `    weather: ${outside.forecastReads} forecast and ${outside.archiveReads} archive reads for ${outside.weatherPoints} points asked, ${weatherCells} weather cells ` +
      `(${((outside.forecastReads + outside.archiveReads) / fields.length).toFixed(3)} per field); asked at most ${result.paces.openMeteo} a minute per process`,
  );
}

async function main(): Promise<void> {
  const today = isoDay(new Date());
  const fields = makeFields(today);
  const work = await mkdtemp(path.join(tmpdir(), 'murimi-bench-night-'));
  const children = new Set<ChildProcess>();
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  try {
    const catalog = path.join(work, 'catalog');
    const t0 = performance.now();
    const earliest = fields.reduce((first, field) => (field.plantingDate < first ? field.plantingDate : first), today);
    const written = await writeDemoCatalog({
      fields: fields.map((field) => ({
        id: field.id,
        name: field.name,
        crop: field.crop.demo,
        plantingDate: field.plantingDate,
        boundary: field.boundary,
      })),
      from: earliest,
      to: today,
      directory: catalog,
    });
    const hectares = fields.reduce((sum, field) => sum + field.hectares, 0);
    console.log(
      `Demo imagery: ${fields.length.toLocaleString('en')} fields (${hectares.toFixed(0)} ha) in ${written.sites.length} sites, ${written.dates.length} dates from ${earliest}, ` +
        `${(written.totalBytes / 1024 ** 2).toFixed(0)} MB, written in ${minutes(performance.now() - t0)}`,
    );
    const fakes = await startOutsideFakes(catalog, (child) => children.add(child));
    const only = process.env.BENCH_ONLY;
    const sample = Array.from(
      { length: Math.min(REFERENCE_FIELDS, fields.length) },
      (_, i) => fields[Math.floor((i * fields.length) / REFERENCE_FIELDS)]!,
    );
    const reference = await directReference(sample, fakes);
    console.log(
      `\nReference, same run: the ${NIGHT_ANALYSES.join(', ')} analyses of ${sample.length} of the fields called directly, one after another, ` +
        `in one process (no queue, no CPU threads), cold caches: ${reference.perMinute.toFixed(0)} analyses/min (${reference.failed} failed)`,
    );
    for (const mode of ['in-process', 'workers'] as const) {
      if (only && only !== mode) continue;
      report(await night(mode, fields, fakes, children), fields, written.dates.length, reference.perMinute);
    }
  } finally {
    killAll();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
