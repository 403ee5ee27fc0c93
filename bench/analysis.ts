/**
 * Analyses through the job queue on PostgreSQL (a database made for the run and dropped after), on demo imagery
 * (a catalog written for the run: 1,000 fields of 0.5–50 ha packed into 3 sites, a scene every 5 days since
 * planting) and simulated weather. Prints a ratio against a reference measured in the same run:
 *  (a) one field's health analysis from POST …/health-analysis/run to the new id in GET …/latest-summaries (polled
 *      every 50 ms), warm caches, N = 5 after one warm-up run, each started at a random moment, the server started
 *      in this process (`startRuntime`, work: true) with the job queue polling every 2 s (the production default) and
 *      again every 0.5 s; reference: the same analysis (`runAnalysis`) called directly, no queue. Goal: ≤ 2 s.
 *  (b) all four analyses of N fields, queued through the API, then worked off by K = 1 and K = 2 `murimi worker`
 *      processes (each K on fresh analyses and a fresh tile cache): fields per minute, the scaling K = 2 / K = 1, and
 *      what failed and why; then one worker polling every 0.5 s (no setting gives `murimi worker` that: started
 *      as cli.ts starts it, plus the option); reference: the same four analyses called directly, one after another,
 *      in this process.
 *      N defaults to 200 fields to keep a run short (BENCH_FIELDS=1000 for the full figure) and nothing is
 *      extrapolated.
 *  (c) GET …/latest-summaries' query (what the web app asks every 5 s) for a field with two years of daily analyses
 *      of the 4 types, on a database of its own; reference: the way it read before (every completed row with its
 *      result, newest picked in JavaScript), in the same run.
 *  (e) catalogue searches and COG requests per health analysis and per season's imagery, for one farm's fields on demo
 *      imagery, against the reads as made before, replayed in the same run (BENCH_ONLY=searches runs it alone).
 *
 *   npm run bench:analysis   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; about 13 minutes;
 *                             BENCH_ONLY=summaries runs (c) alone, in under a minute; BENCH_ONLY=schedule runs (d) alone;
 *                             BENCH_ONLY=latency stops after (a))
 */
// The server's own declaration of an untyped dependency, which the imports below reach (a script, not a module).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../apps/server/src/types/shpjs.d.ts" />
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeDemoCatalog, type DemoCrop, type DemoField } from '@murimi/earth';
import { createLocalStacHandler, fieldTimeSeries, SceneSearchCache, simulatedSentinel2, type Measure } from '@murimi/earth';
import { runHealthAnalysis } from '../apps/server/src/modules/analysis/health-analysis.ts';
import type { ImageryAccess } from '../apps/server/src/modules/analysis/imagery.ts';
import { seasonImagery } from '../apps/server/src/modules/analysis/season-imagery.ts';
import { CompiledQuery } from 'kysely';
import { analysisJobs } from '../apps/server/src/modules/analysis/analysis.jobs.ts';
import { latestSummaries, latestSummariesQuery } from '../apps/server/src/modules/analysis/analysis.service.ts';
import { getField } from '../apps/server/src/modules/fields/fields.service.ts';
import pg from 'pg';
import pino from 'pino';
import { sharedBlockCache } from '../packages/earth/src/cog/block-memory-cache.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { analysisSlugs, analysisTypes, type AnalysisType } from '../apps/server/src/modules/analysis/analysis-types.ts';
import { runAnalysis } from '../apps/server/src/modules/analysis/run-analysis.ts';
import { startRuntime, type Runtime } from '../apps/server/src/runtime.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';
import { packSquares, type SquareBoundary } from './support/packed-squares.ts';
import { cpuMs, startWorker, stopWorkers } from './support/workers.ts';
import {
  addDays,
  boundaryCentroid,
  isoDay,
  boundaryCornerCount,
  LONGEST_SEASON_DAYS,
  seasonWindow,
  simplifyBoundaryForMap,
} from '@murimi/core';
import { enqueueAnalysis } from '../apps/server/src/modules/analysis/analysis.service.ts';
import type { ScheduleBatch } from '../apps/server/src/modules/analysis/analysis-schedule.batches.ts';
import {
  fanOutSchedule,
  runScheduleBatch,
  SCHEDULE_BATCH_FIELDS,
  scheduleBatchFieldsQuery,
  scheduleBatchJobs,
  type DailySchedule,
} from '../apps/server/src/modules/analysis/analysis-schedule.ts';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FIELD_COUNT = 1_000;
const SITES: [number, number][] = [
  [31.05, -17.83], // Harare
  [30.2, -17.36], // Chinhoyi
  [31.55, -18.19], // Marondera
];
/** Days since planting, and of imagery: a scene every 5 days, 11 scenes (the catalog takes about a minute to write). */
const SEASON_DAYS = 50;
const RUNS = 5;
const QUEUED_FIELDS = Math.min(FIELD_COUNT, Number(process.env.BENCH_FIELDS ?? 200));
/** Fields analysed directly, for (b)'s reference. */
const REFERENCE_FIELDS = 20;
/** pg-boss's default in `JobQueue.start`, which `murimi serve` and `murimi worker` use (no setting changes it). */
const PRODUCTION_POLL_SECONDS = 2;
const ROUND_LIMIT_MS = 20 * 60_000;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-1';
const CROPS: { demo: DemoCrop; cropType: string }[] = [
  { demo: 'maize', cropType: 'maize-grain' },
  { demo: 'soybean', cropType: 'soybean' },
  { demo: 'tobacco', cropType: 'tobacco-flue-cured' },
];

const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

interface BenchField {
  name: string;
  hectares: number;
  crop: (typeof CROPS)[number];
  site: number;
  boundary: SquareBoundary;
}

/**
 * 1,000 square fields of 0.5–50 ha (seeded), a third in each site, packed in rows 40 m apart (largest first) so
 * each site's scene is no bigger than it must be: the catalog's time is its pixels.
 */
function makeFields(): BenchField[] {
  let seed = 2026;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const sizes = Array.from({ length: FIELD_COUNT }, () => 0.5 + random() * 49.5);
  const fields: BenchField[] = new Array(FIELD_COUNT);
  SITES.forEach((centre, site) => {
    const mine = sizes.map((hectares, i) => ({ hectares, i })).filter(({ i }) => i % SITES.length === site);
    mine.sort((a, b) => b.hectares - a.hectares);
    const boundaries = packSquares(
      centre,
      mine.map(({ hectares }) => hectares),
      40,
    );
    mine.forEach(({ hectares, i }, k) => {
      fields[i] = {
        name: `Block ${String(i + 1).padStart(4, '0')}`,
        hectares,
        crop: CROPS[i % CROPS.length]!,
        site,
        boundary: boundaries[k]!,
      };
    });
  });
  return fields;
}

/** A client of one running API: JSON in and out, a failure is an exception with the answer's text. */
function apiClient(baseUrl: string) {
  let token = '';
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    call,
    signIn(value: string) {
      token = value;
    },
  };
}
type Api = ReturnType<typeof apiClient>;

/**
 * The server in this process on a free port. `serve`: it also works jobs, started as `murimi serve` starts it (the
 * queue's default polling); a number: works jobs polling that often; null: no jobs worked.
 */
async function startApi(config: Config, jobs: 'serve' | number | null): Promise<{ runtime: Runtime; api: Api }> {
  const runtime = await startRuntime(config, {
    work: jobs !== null,
    logger: false,
    pollingIntervalSeconds: typeof jobs === 'number' ? jobs : undefined,
  });
  const address = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  return { runtime, api: apiClient(address) };
}

const silentLog = pino({ level: 'silent' });

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY === 'summaries') return measureLatestSummaries();
  if (process.env.BENCH_ONLY === 'schedule') return measureSchedule();
  if (process.env.BENCH_ONLY === 'searches') return measureCatalogueSearches();
  const wallStarted = performance.now();
  const databaseName = `murimi_bench_analysis_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const work = await mkdtemp(path.join(tmpdir(), 'murimi-bench-analysis-'));
  const catalog = path.join(work, 'demo-imagery');
  const env = (dataDir: string): Record<string, string> => ({
    DATABASE_URL: databaseUrl.toString(),
    JWT_SECRET,
    DATA_DIR: dataDir,
    IMAGERY_SOURCE: 'demo',
    DEMO_IMAGERY_DIR: catalog,
    WEATHER_SOURCE: 'simulated',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(work, 'no-web-build'),
    MAP_SATELLITE_TILES_URL: '',
    MAP_OVERLAY_TILES_URLS: '',
  });
  const children = new Set<ChildProcess>();
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
  let running: Runtime | undefined;
  try {
    // The imagery: 1,000 fields in 3 sites, a scene every 5 days from planting to today.
    const today = new Date();
    const plantingDate = isoDay(new Date(today.getTime() - SEASON_DAYS * DAY_MS));
    const fields = makeFields();
    const demoFields: DemoField[] = fields.map((field, i) => ({
      id: `field-${i}`,
      name: field.name,
      crop: field.crop.demo,
      plantingDate,
      boundary: field.boundary,
    }));
    let started = performance.now();
    const written = await writeDemoCatalog({ fields: demoFields, from: plantingDate, to: isoDay(today), directory: catalog });
    const catalogMs = performance.now() - started;
    const sites = written.sites.map((site) => `${site.widthPx10m}×${site.heightPx10m}`).join(', ');
    console.log(
      `Demo imagery: ${FIELD_COUNT} fields of 0.5–50 ha in ${written.sites.length} sites (${sites} px at 10 m), ` +
        `${written.dates.length} scenes each from ${plantingDate} to ${isoDay(today)}, ${(written.totalBytes / 1024 ** 2).toFixed(0)} MB, written in ${seconds(catalogMs)}`,
    );

    // The organisation: one account, a farm per site, the 1,000 fields in one bulk create.
    const serveConfig = loadConfig(env(path.join(work, 'serve')));
    let { runtime, api } = await startApi(serveConfig, 'serve');
    running = runtime;
    const session = await api.call<{ access_token: string; user: { organisation: { id: string } } }>('POST', '/api/auth/register', {
      email: 'bench@example.org',
      password: 'bench-password-1',
      name: 'Bench Farmer',
      country: 'ZW',
    });
    api.signIn(session.access_token);
    const orgId = session.user.organisation.id;
    const farms: string[] = [];
    for (const [site] of SITES.entries()) {
      farms.push((await api.call<{ data: { id: string } }>('POST', '/api/farms', { name: `Bench farm ${site + 1}` })).data.id);
    }
    const created = await api.call<{ data: { id: string; name: string; size_hectares: number }[] }>('POST', '/api/fields/bulk', {
      fields: fields.map((field, i) => ({
        name: field.name,
        farmId: farms[field.site],
        boundary: field.boundary,
        cropType: field.crop.cropType,
        plantingDate,
        soilTexture: 'sandy-loam',
        irrigated: i % 4 === 0,
      })),
    });
    const fieldIds = created.data.map((field) => field.id);
    if (fieldIds.length !== FIELD_COUNT) throw new Error(`created ${fieldIds.length} fields, not ${FIELD_COUNT}`);

    // (a) One field's health analysis, warm: the field nearest the mean size.
    const chosen = created.data.reduce((best, field) =>
      Math.abs(field.size_hectares - 25) < Math.abs(best.size_hectares - 25) ? field : best,
    );
    const healthUntilSummary = async (client: Api) => {
      const t0 = performance.now();
      const run = await client.call<{ data: { id: string } }>('POST', `/api/analysis/${chosen.id}/${analysisSlugs.health}/run`, {});
      const id = run.data.id;
      for (let polls = 1; performance.now() - t0 < 60_000; polls++) {
        const latest = await client.call<{ data: { health: { id: string } | null } }>('GET', `/api/analysis/${chosen.id}/latest-summaries`);
        if (latest.data.health?.id === id) break;
        if (polls % 20 === 0) {
          const detail = await client.call<{ data: { status: string; error: string | null } }>(
            'GET',
            `/api/analysis/${chosen.id}/health/${id}`,
          );
          if (detail.data.status === 'failed') throw new Error(`the health analysis failed: ${detail.data.error}`);
        }
        await sleep(50);
      }
      const totalMs = performance.now() - t0;
      if (totalMs >= 60_000) throw new Error('no health summary within 60 s');
      const detail = await client.call<{
        data: { requested_at: string; started_at: string; finished_at: string; inputs: { sceneIds: string[] } };
      }>('GET', `/api/analysis/${chosen.id}/health/${id}`);
      const at = (text: string) => Date.parse(text);
      return {
        id,
        totalMs,
        waitMs: at(detail.data.started_at) - at(detail.data.requested_at),
        handlerMs: at(detail.data.finished_at) - at(detail.data.started_at),
        scenes: detail.data.inputs.sceneIds.length,
      };
    };
    // Back-to-back runs would lock onto the worker's poll (each POST just after a poll): start each at a random
    // moment instead, as people do, after a pause of 0–2.5 s (seeded).
    let phaseSeed = 7;
    const timedRuns = async (client: Api) => {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        phaseSeed = (phaseSeed * 1_103_515_245 + 12_345) % 2 ** 31;
        await sleep((phaseSeed / 2 ** 31) * 2500);
        runs.push(await healthUntilSummary(client));
      }
      return runs;
    };
    const warmUp = await healthUntilSummary(api);
    const jobContext = {
      database: runtime.ctx.database,
      config: serveConfig,
      log: silentLog,
      attempt: { retryCount: 0, retryLimit: 0, isLast: true },
      queue: runtime.ctx.queue,
      now: () => new Date(),
    };
    const direct = async (type: AnalysisType, fieldId: string) => {
      const t0 = performance.now();
      await runAnalysis(type, { fieldId, orgId, inputs: { options: {} } } as never, jobContext);
      return performance.now() - t0;
    };
    const directRuns: number[] = [];
    for (let run = 0; run < RUNS; run++) directRuns.push(await direct('health', chosen.id));
    const slowPoll = await timedRuns(api);
    await runtime.close();
    running = undefined;
    ({ runtime, api } = await startApi(serveConfig, 0.5));
    running = runtime;
    api.signIn(session.access_token);
    const fastPoll = await timedRuns(api);
    const directMs = median(directRuns);

    // (b)'s reference: the four analyses of REFERENCE_FIELDS fields called one after another, a fresh tile cache.
    const sample = Array.from({ length: REFERENCE_FIELDS }, (_, i) => fieldIds[Math.floor((i * FIELD_COUNT) / REFERENCE_FIELDS) + 1]!);
    const referenceConfig = loadConfig(env(path.join(work, 'reference')));
    const referenceContext = { ...jobContext, database: runtime.ctx.database, queue: runtime.ctx.queue, config: referenceConfig };
    sharedBlockCache.clear(); // as a new process starts: nothing decoded in memory
    const directByType = Object.fromEntries(analysisTypes.map((type) => [type, [] as number[]])) as Record<AnalysisType, number[]>;
    started = performance.now();
    for (const fieldId of sample) {
      for (const type of analysisTypes) {
        const t0 = performance.now();
        await runAnalysis(type, { fieldId, orgId, inputs: { options: {} } } as never, referenceContext);
        directByType[type].push(performance.now() - t0);
      }
    }
    const referenceFieldsPerMinute = (REFERENCE_FIELDS / (performance.now() - started)) * 60_000;
    await runtime.close();
    running = undefined;

    const line = (name: string, runs: { totalMs: number; waitMs: number; handlerMs: number }[]) => {
      const total = median(runs.map((run) => run.totalMs));
      const max = Math.max(...runs.map((run) => run.totalMs));
      return (
        `    ${name.padEnd(30)} median ${ms(total).padStart(7)}, max ${ms(max).padStart(7)}` +
        `   (in the queue ${ms(median(runs.map((run) => run.waitMs)))}, job ${ms(median(runs.map((run) => run.handlerMs)))})` +
        `   queued/direct ${(total / directMs).toFixed(1)}×   goal ≤ 2 s: ${max <= 2000 ? 'met' : total <= 2000 ? 'met by the median, MISSED by the max' : 'MISSED'}`
      );
    };
    console.log(
      `\n(a) health analysis of one field (${chosen.size_hectares.toFixed(1)} ha, ${warmUp.scenes} scenes), POST → id in latest-summaries, ` +
        `warm (after one run of ${ms(warmUp.totalMs)}), N = ${RUNS}, PostgreSQL`,
    );
    console.log(line(`queue polling every ${PRODUCTION_POLL_SECONDS} s (prod)`, slowPoll));
    console.log(line('queue polling every 0.5 s', fastPoll));
    console.log(
      `    reference, same run: runAnalysis('health') called directly, no queue: median ${ms(directMs)}, max ${ms(Math.max(...directRuns))}`,
    );
    console.log(
      `    the worker is woken when the analysis is committed (JobQueue.wake), so the polling interval no longer adds ` +
        `to a request made to the server that works the queue; goal: median ≤ 1 s`,
    );
    if (process.env.BENCH_ONLY === 'latency') return;

    // (b) The four analyses of QUEUED_FIELDS fields (spread over the sites and sizes), by K worker processes.
    const queued = Array.from({ length: QUEUED_FIELDS }, (_, i) => fieldIds[Math.floor((i * FIELD_COUNT) / QUEUED_FIELDS)]!);
    const pool = new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 });
    const rounds: { workers: number; analyses: number; ms: number }[] = [];
    // `murimi worker` ×1 and ×2, then one process started as `murimi worker` starts but polling every 0.5 s (the
    // worker has no setting for it) to show what the poll costs.
    for (const [workers, poll] of [
      [1, null],
      [2, null],
      [1, 0.5],
    ] as const) {
      const label = poll === null ? `K = ${workers}` : `K = ${workers}, polling ${poll} s`;
      // Queue through the API, no worker running; then start the workers.
      const queueing = await startApi(loadConfig(env(path.join(work, 'queueing'))), null);
      running = queueing.runtime;
      queueing.api.signIn(session.access_token);
      const ids: string[] = [];
      for (let i = 0; i < queued.length; i += 8) {
        const batch = queued
          .slice(i, i + 8)
          .flatMap((fieldId) =>
            analysisTypes.map((type) =>
              queueing.api.call<{ data: { id: string } }>('POST', `/api/analysis/${fieldId}/${analysisSlugs[type]}/run`, {}),
            ),
          );
        for (const answer of await Promise.all(batch)) ids.push(answer.data.id);
      }
      await queueing.runtime.close();
      running = undefined;

      const dataDir = path.join(work, `workers-${rounds.length}`);
      await mkdir(dataDir, { recursive: true });
      const logs: string[] = [];
      const spawned = performance.now();
      const processes = await Promise.all(
        Array.from({ length: workers }, () => startWorker({ ...process.env, ...env(dataDir) }, poll, (child) => children.add(child), logs)),
      );
      const ready = performance.now();
      const cpuAtReady = processes.map(cpuMs);
      let statuses: Record<string, number> = {};
      let lastReport = ready;
      for (;;) {
        const { rows } = await pool.query<{ status: string; count: string }>(
          'select status, count(*) from analyses where id = any($1::uuid[]) group by status',
          [ids],
        );
        statuses = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
        const open = (statuses.queued ?? 0) + (statuses.running ?? 0);
        if (open === 0) break;
        for (const child of processes)
          if (child.exitCode !== null) throw new Error(`a worker exited with ${child.exitCode}:\n${logs.join('')}`);
        if (performance.now() - ready > ROUND_LIMIT_MS)
          throw new Error(`${label}: ${open} analyses still open after ${seconds(ROUND_LIMIT_MS)}`);
        if (performance.now() - lastReport >= 60_000) {
          lastReport = performance.now();
          console.error(`    … ${label}: ${ids.length - open}/${ids.length} done after ${seconds(lastReport - ready)}`);
        }
        await sleep(500);
      }
      const done = performance.now();
      const cpuUsed = processes.map((child, i) => cpuMs(child) - cpuAtReady[i]!);
      await stopWorkers(processes);
      for (const child of processes) children.delete(child);

      const round = { workers, analyses: ids.length, ms: done - ready };
      if (poll === null) rounds.push(round);
      const startupMs = ready - spawned;
      const cpuShare = cpuUsed.reduce((sum, value) => sum + value, 0) / workers / (done - ready);
      const perType = await pool.query<{ type: string; median: number; p90: number; attempts: string }>(
        `select type,
                percentile_cont(0.5) within group (order by extract(epoch from finished_at - started_at) * 1000) as median,
                percentile_cont(0.9) within group (order by extract(epoch from finished_at - started_at) * 1000) as p90,
                sum(attempts - 1) as attempts
           from analyses where id = any($1::uuid[]) and status = 'completed' group by type order by type`,
        [ids],
      );
      const failures = await pool.query<{ type: string; error: string; count: string }>(
        `select type, coalesce(error, '(no message)') as error, count(*) from analyses
          where id = any($1::uuid[]) and status <> 'completed' group by type, error order by count(*) desc`,
        [ids],
      );
      const fieldsPerMinute = (round.analyses / analysisTypes.length / round.ms) * 60_000;
      console.log(
        `\n(b) ${label}: ${QUEUED_FIELDS} fields × ${analysisTypes.length} analyses, all finished ${seconds(round.ms)} after the ` +
          `worker${workers > 1 ? 's were' : ' was'} up (start-up ${seconds(startupMs)}): ${fieldsPerMinute.toFixed(1)} fields/min` +
          `   queued/direct ${(fieldsPerMinute / referenceFieldsPerMinute).toFixed(2)}   worker CPU busy ${(cpuShare * 100).toFixed(0)} % of the time`,
      );
      console.log(
        `    ${Object.entries(statuses)
          .map(([status, count]) => `${count} ${status}`)
          .join(', ')}; job time (started → finished, median / p90): ` +
          perType.rows.map((row) => `${row.type} ${ms(row.median)} / ${ms(row.p90)}`).join(', ') +
          `; extra attempts ${perType.rows.reduce((sum, row) => sum + Number(row.attempts), 0)}`,
      );
      for (const failure of failures.rows) console.log(`    failed: ${failure.count} × ${failure.type}: ${failure.error}`);
      if (rounds.length === 1) {
        // What the analyses said, by the opening words of their summaries: all "no clear image" would be a broken run.
        const outcomes = await pool.query<{ type: string; opening: string; count: string }>(
          `select type, array_to_string((regexp_split_to_array(summary, '[\\s:(]+'))[1:4], ' ') as opening, count(*)
             from analyses where id = any($1::uuid[]) and status = 'completed' group by 1, 2 order by 1, 3 desc`,
          [ids],
        );
        const byType = new Map<string, string[]>();
        for (const row of outcomes.rows) byType.set(row.type, [...(byType.get(row.type) ?? []), `${row.count} “${row.opening}…”`]);
        for (const [type, openings] of byType) console.log(`    ${type} said: ${openings.slice(0, 4).join(', ')}`);
      }
      const warnings = new Map<string, number>();
      for (const entry of logs.join('').split('\n')) {
        if (!entry.startsWith('{')) continue;
        let record: { level: number; msg: string; err?: { message?: string } };
        try {
          record = JSON.parse(entry);
        } catch {
          continue;
        }
        if (record.level < 40) continue;
        const key = `${record.msg}${record.err?.message ? `: ${record.err.message}` : ''}`;
        warnings.set(key, (warnings.get(key) ?? 0) + 1);
      }
      for (const [message, count] of [...warnings].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
        console.log(`    worker log: ${count} × ${message.slice(0, 200)}`);
      }
    }
    await pool.end();
    const [one, two] = rounds as [(typeof rounds)[number], (typeof rounds)[number]];
    const perMinute = (round: (typeof rounds)[number]) => (round.analyses / analysisTypes.length / round.ms) * 60_000;
    // A field needs one job from each queue: fields/min per process = jobs/min per queue.
    const workersPerQueue = analysisJobs.health.concurrency ?? 1;
    const pollCap = (workersPerQueue * 60) / PRODUCTION_POLL_SECONDS;
    console.log(
      `\n    scaling K = 2 / K = 1: ${(perMinute(two) / perMinute(one)).toFixed(2)} (ideal 2.00; the machine has 2 cores, shared with PostgreSQL)`,
    );
    console.log(
      `    reference, same run: the four analyses called directly one after another in one process, ${REFERENCE_FIELDS} fields, ` +
        `fresh tile cache: ${referenceFieldsPerMinute.toFixed(1)} fields/min (median per analysis: ` +
        analysisTypes.map((type) => `${type} ${ms(median(directByType[type]))}`).join(', ') +
        ')',
    );
    console.log(
      `    the queue's own limit: each of the 4 analysis queues takes ${workersPerQueue} job(s) per ${PRODUCTION_POLL_SECONDS} s poll per process ` +
        `(pg-boss waits out the interval after a shorter job): ${pollCap.toFixed(0)} fields/min per process`,
    );
    if (QUEUED_FIELDS < FIELD_COUNT) {
      console.log(
        `    measured on ${QUEUED_FIELDS} of the ${FIELD_COUNT} fields: ${FIELD_COUNT} × 4 would take over ` +
          `${((FIELD_COUNT / pollCap) | 0).toString()} min at K = 1 by the queue's limit alone; not extrapolated`,
      );
    }
    await measureLatestSummaries();
    await measureSchedule();
    await measureCatalogueSearches();
    console.log(`\nwall time ${seconds(performance.now() - wallStarted)}`);
  } finally {
    killAll();
    await running?.close().catch(() => {});
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    await rm(work, { recursive: true, force: true });
  }
}

/** Two years of daily analyses of each type on one field: (c)'s history. */
const SUMMARY_HISTORY_DAYS = 730;
/** The organisation's other fields, each with the same history (small results): the table is not one field's. */
const SUMMARY_OTHER_FIELDS = 20;
const SUMMARY_RUNS = 50;
/**
 * Stored result sizes per type, from what each result holds over a season: health a point per scene for four
 * measures plus zones, irrigation a daily water balance, yield and fertilizer a few figures with their reasons.
 */
const RESULT_KB: Record<AnalysisType, number> = { health: 24, yield: 6, irrigation: 40, fertilizer: 4 };

/**
 * (c) GET …/latest-summaries' query for a field with two years of daily analyses of the 4 types (rows written
 * directly), on its own PostgreSQL database: `latestSummaries` against the way it read before, in the same run
 * (every completed row with its result and inputs, newest picked in JavaScript, after reading the field).
 */
async function measureLatestSummaries(): Promise<void> {
  await withScratchRuntime('summaries', async (runtime) => {
    const { app, ctx } = runtime;
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown, token?: string): Promise<T> => {
      const answer = await app.inject({
        method,
        url,
        payload: payload as never,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
      return answer.json() as T;
    };
    const session = await call<{ access_token: string; user: { organisation: { id: string } } }>('POST', '/api/auth/register', {
      email: 'summaries@example.org',
      password: 'bench-password-1',
      name: 'Bench Farmer',
      country: 'ZW',
    });
    const token = session.access_token;
    const orgId = session.user.organisation.id;
    const farm = await call<{ data: { id: string } }>('POST', '/api/farms', { name: 'Bench farm' }, token);
    const fieldIds: string[] = [];
    for (const [i, field] of makeFields()
      .slice(0, SUMMARY_OTHER_FIELDS + 1)
      .entries()) {
      const body = { name: field.name, farmId: farm.data.id, boundary: field.boundary, cropType: 'maize-grain', irrigated: i % 2 === 0 };
      fieldIds.push((await call<{ data: { id: string } }>('POST', '/api/fields', body, token)).data.id);
    }
    const [fieldId, ...otherFields] = fieldIds as [string, ...string[]];

    // Results of numbers as analyses store them (compress like real ones, unlike repeated text); one in twenty failed.
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const resultOf = (kb: number) => {
      const points: { date: string; value: number }[] = [];
      while (points.length * 40 < kb * 1024) points.push({ date: '2026-01-01', value: Number(random().toFixed(4)) });
      return JSON.stringify({ points });
    };
    const from = Date.parse('2024-11-25T06:00:00Z');
    const rowsFor = (field: string, resultKb: (type: AnalysisType) => number) =>
      Array.from({ length: SUMMARY_HISTORY_DAYS }, (_, day) =>
        analysisTypes.map((type) => {
          const failed = day % 20 === 7;
          return {
            orgId,
            fieldId: field,
            type,
            status: failed ? ('failed' as const) : ('completed' as const),
            requestedAt: new Date(from + day * DAY_MS),
            startedAt: new Date(from + day * DAY_MS + 1_000),
            finishedAt: new Date(from + day * DAY_MS + 60_000),
            analysisDate: isoDay(new Date(from + day * DAY_MS)),
            summary: `${type}: ${failed ? 'no clear image' : 'crop growing as expected for the stage'}`,
            error: failed ? 'No clear image of the field in the last 30 days.' : null,
            inputs: JSON.stringify({ options: {}, sceneIds: ['S2B_36KVD_20260101_0_L2A'] }),
            result: failed ? null : resultOf(resultKb(type)),
          };
        }),
      ).flat();
    const insertRows = async (rows: ReturnType<typeof rowsFor>) => {
      for (let i = 0; i < rows.length; i += 200)
        await ctx.database.db
          .insertInto('analyses')
          .values(rows.slice(i, i + 200))
          .execute();
    };
    const history = rowsFor(fieldId, (type) => RESULT_KB[type]);
    await insertRows(history);
    for (const other of otherFields) await insertRows(rowsFor(other, () => 0.2));
    await ctx.database.db.executeQuery(CompiledQuery.raw('vacuum analyze analyses'));
    const completed = history.filter((row) => row.status === 'completed');
    const storedMb = completed.reduce((sum, row) => sum + (row.result?.length ?? 0), 0) / 1024 ** 2;

    // The way it read before, kept here only as the reference.
    const before = async () => {
      await getField(ctx, orgId, fieldId);
      const rows = await ctx.database.db
        .selectFrom('analyses')
        .selectAll()
        .where('orgId', '=', orgId)
        .where('fieldId', '=', fieldId)
        .where('status', '=', 'completed')
        .orderBy('finishedAt', 'desc')
        .execute();
      const latest = Object.fromEntries(analysisTypes.map((type) => [type, null])) as Record<AnalysisType, { id: string } | null>;
      for (const row of rows) latest[row.type] ??= { id: row.id };
      return latest;
    };
    const now = () => latestSummaries(ctx, orgId, fieldId);
    const timed = async (read: () => Promise<Record<AnalysisType, { id: string } | null>>) => {
      for (let run = 0; run < 5; run++) await read();
      const times: number[] = [];
      for (let run = 0; run < SUMMARY_RUNS; run++) {
        const t0 = performance.now();
        await read();
        times.push(performance.now() - t0);
      }
      return { median: median(times), p90: [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]! };
    };
    const [old, lean] = [await before(), await now()];
    for (const type of analysisTypes) {
      if (old[type]?.id !== lean[type]?.id) throw new Error(`latest ${type}: ${lean[type]?.id} now, ${old[type]?.id} before`);
    }
    const oldMs = await timed(before);
    const leanMs = await timed(now);
    const answerBytes = (
      await app.inject({ method: 'GET', url: `/api/analysis/${fieldId}/latest-summaries`, headers: { authorization: `Bearer ${token}` } })
    ).body.length;
    const query = latestSummariesQuery(ctx.database.db, orgId, fieldId).compile();
    const plan = await ctx.database.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, costs off, timing off) ${query.sql}`, [...query.parameters]),
    );
    const fine = (value: number) => `${value.toFixed(2)} ms`;
    console.log(
      `\n(c) latest summaries of a field with ${SUMMARY_HISTORY_DAYS} days × ${analysisTypes.length} analyses ` +
        `(${completed.length} completed, results ${storedMb.toFixed(0)} MB as JSON), ${SUMMARY_OTHER_FIELDS} more fields ` +
        `with the same history in the table, N = ${SUMMARY_RUNS} warm, PostgreSQL`,
    );
    console.log(`    latestSummaries: median ${fine(leanMs.median)}, p90 ${fine(leanMs.p90)}; answer ${answerBytes} bytes`);
    console.log(
      `    reference, same run: every completed row with its result, newest picked in JavaScript: median ${fine(oldMs.median)}, ` +
        `p90 ${fine(oldMs.p90)}   before/now ${(oldMs.median / leanMs.median).toFixed(0)}×`,
    );
    console.log(
      `    plan: ${plan.rows
        .map((row) => row['QUERY PLAN'].trim())
        .filter((line) => !/^(Index Cond|Filter|Function Call|Output)/.test(line))
        .join(' | ')}`,
    );
  });
}

/**
 * (d) The daily irrigation schedule for 10,000 fields in season across 100 organisations (rows written with SQL, each
 * field with 30 days of completed irrigation advice and 6 health analyses behind it), on its own PostgreSQL
 * database: deciding and queueing all of them, and the same schedule run again that day. Now: the fan-out, then its
 * batch jobs run one after another in this process (a worker would run them side by side, two per process);
 * reference, same run: every field one by one in one job, as the schedule ran before. Also the health schedule's
 * lookup of the last analyses (its catalogue searches, one per field either way, left out): one query per batch
 * against one per field.
 */
async function measureSchedule(): Promise<void> {
  const organisations = 100;
  const fieldsPerOrganisation = 100;
  await withScratchRuntime('schedule', async (runtime, config) => {
    const { database } = runtime.ctx;
    const now = new Date();
    const today = isoDay(now);
    const context = {
      database,
      config,
      log: silentLog,
      attempt: { retryCount: 0, retryLimit: 0, isLast: true },
      queue: runtime.ctx.queue,
      now: () => now,
    };
    const run = (text: string, values: unknown[] = []) => database.db.executeQuery(CompiledQuery.raw(text, values));

    // The platform: organisations, a farm each, fields planted 20–119 days ago (three crops), and their history.
    const started = performance.now();
    const [boundary] = makeFields();
    const square = boundary!.boundary;
    const [centroidLng, centroidLat] = boundaryCentroid(square);
    const lngs = square.coordinates[0]!.map(([lng]) => lng!);
    const lats = square.coordinates[0]!.map(([, lat]) => lat!);
    await run(`insert into organisations (id, name) select gen_random_uuid(), 'Bench organisation ' || n from generate_series(1, $1) n`, [
      organisations,
    ]);
    await run(`insert into farms (id, org_id, name) select gen_random_uuid(), id, 'Bench farm' from organisations`);
    await run(
      `insert into fields (id, org_id, farm_id, name, boundary, size_hectares, bbox_min_lng, bbox_min_lat, bbox_max_lng,
       bbox_max_lat, map_boundary, centroid_lng, centroid_lat, boundary_vertices, boundary_bytes, crop_type,
       planting_date, irrigated)
     select gen_random_uuid(), farms.org_id, farms.id, 'Block ' || n, $1::jsonb, $2, $3, $4, $5, $6, $7::jsonb, $8, $9,
       $10, $11, (array['maize-grain', 'soybean', 'tobacco-flue-cured'])[1 + n % 3], $12::date - (20 + n % 100), n % 4 = 0
     from farms cross join generate_series(1, $13) n`,
      [
        JSON.stringify(square),
        boundary!.hectares,
        Math.min(...lngs),
        Math.min(...lats),
        Math.max(...lngs),
        Math.max(...lats),
        JSON.stringify(simplifyBoundaryForMap(square)),
        centroidLng,
        centroidLat,
        boundaryCornerCount(square),
        Buffer.byteLength(JSON.stringify(square)),
        today,
        fieldsPerOrganisation,
      ],
    );
    const history = (type: AnalysisType, days: number, everyDays: number) =>
      run(
        `insert into analyses (org_id, field_id, type, status, requested_at, started_at, finished_at, analysis_date, summary, inputs)
       select org_id, id, $1, 'completed', at, at + interval '1 minute', at + interval '2 minutes', at::date, 'bench', '{}'::jsonb
       from fields cross join generate_series($2::timestamptz - make_interval(days => $3), $2::timestamptz - interval '1 day',
         make_interval(days => $4)) at`,
        [type, `${today}T04:00:00Z`, days, everyDays],
      );
    await history('irrigation', 30, 1);
    await history('health', 30, 5);
    await run('vacuum analyze');
    const [{ count: historyRows }] = (await run('select count(*) from analyses')).rows as [{ count: number }];
    const setupMs = performance.now() - started;

    // The schedule as it ran before, kept here only as the reference: every field in season one by one, in one job.
    const before = async () => {
      const candidates = await database.db
        .selectFrom('fields')
        .innerJoin('organisations', 'organisations.id', 'fields.orgId')
        .select([
          'fields.id',
          'fields.orgId',
          'fields.boundary',
          'fields.cropType',
          'fields.plantingDate',
          'fields.actualHarvestDate',
          'organisations.demo',
        ])
        .where('fields.plantingDate', 'is not', null)
        .where('fields.plantingDate', '<=', today)
        .where((eb) =>
          eb.or([
            eb.and([eb('fields.actualHarvestDate', 'is', null), eb('fields.plantingDate', '>=', addDays(today, -LONGEST_SEASON_DAYS))]),
            eb('fields.actualHarvestDate', '>=', today),
          ]),
        )
        .execute();
      let queued = 0;
      for (const field of candidates) {
        const season = seasonWindow(
          { plantingDate: field.plantingDate, harvestDate: field.actualHarvestDate, cropType: field.cropType },
          today,
        );
        if (!season.inSeason || !field.cropType) continue;
        const answer = await enqueueAnalysis(context, { orgId: field.orgId, fieldId: field.id, type: 'irrigation', requestedBy: null });
        if (answer !== 'already-running') queued++;
      }
      return { queued, fields: candidates.length };
    };
    const sentBatches = async (schedule: DailySchedule) =>
      (
        (await run(`select data from pgboss.job where name = $1 and state = 'created'`, [scheduleBatchJobs[schedule].name])).rows as {
          data: ScheduleBatch & { day: string };
        }[]
      ).map((row) => row.data);
    const scheduleNow = async () => {
      const t0 = performance.now();
      const sent = await fanOutSchedule(context, 'daily-irrigation');
      const fanOutMs = performance.now() - t0;
      const batchMs: number[] = [];
      let queued = 0;
      for (const batch of await sentBatches('daily-irrigation')) {
        const t1 = performance.now();
        queued += (await runScheduleBatch(context, 'daily-irrigation', batch)).queued;
        batchMs.push(performance.now() - t1);
      }
      return { sent, fanOutMs, batchMs, queued, totalMs: performance.now() - t0 };
    };
    const timedMs = async <T>(work: () => Promise<T>) => {
      const t0 = performance.now();
      const value = await work();
      return { value, ms: performance.now() - t0 };
    };

    const oldFirst = await timedMs(before);
    const oldAgain = await timedMs(before);
    // Back to the day before the schedule ran, for the new one.
    await run(`delete from analyses where requested_at >= $1`, [`${today}T00:00:00Z`]);
    await run(`delete from pgboss.job where name like 'analysis-%'`);
    await run('vacuum analyze');
    const newFirst = await scheduleNow();
    // Run again the same day: the fan-out again (a restart), then every batch of the day again (their retries).
    const t0 = performance.now();
    const resent = await fanOutSchedule(context, 'daily-irrigation');
    let requeued = 0;
    const batches = await sentBatches('daily-irrigation');
    for (const batch of batches) requeued += (await runScheduleBatch(context, 'daily-irrigation', batch)).queued;
    const newAgainMs = performance.now() - t0;

    // The health schedule's lookup of each field's last analyses: one query per field before, one per batch now.
    const everyField = await database.db.selectFrom('fields').select(['id', 'orgId']).execute();
    const lookupBefore = await timedMs(async () => {
      for (const field of everyField)
        await database.db
          .selectFrom('analyses')
          .select(['analysisDate', 'requestedAt'])
          .where('orgId', '=', field.orgId)
          .where('fieldId', '=', field.id)
          .where('type', '=', 'health')
          .where('status', '=', 'completed')
          .orderBy('finishedAt', 'desc')
          .executeTakeFirst();
    });
    await fanOutSchedule(context, 'new-imagery');
    const healthBatches = await sentBatches('new-imagery');
    const lookupNow = await timedMs(async () => {
      let rows = 0;
      for (const batch of healthBatches) rows += (await scheduleBatchFieldsQuery(context, 'new-imagery', today, batch).execute()).length;
      return rows;
    });
    const query = scheduleBatchFieldsQuery(context, 'new-imagery', today, healthBatches[1] ?? healthBatches[0]!).compile();
    const plan = await run(`explain (analyze, costs off, timing off) ${query.sql}`, [...query.parameters]);

    const fields = organisations * fieldsPerOrganisation;
    console.log(
      `\n(d) the daily irrigation schedule, ${fields} fields in season in ${organisations} organisations ` +
        `(${historyRows} earlier analyses in the table, written in ${seconds(setupMs)}), PostgreSQL`,
    );
    console.log(
      `    now: fan-out ${ms(newFirst.fanOutMs)} (${newFirst.sent} batch jobs of ≤ ${SCHEDULE_BATCH_FIELDS} fields), batches one after another ` +
        `${seconds(newFirst.batchMs.reduce((sum, value) => sum + value, 0))} (median ${ms(median(newFirst.batchMs))}, longest ` +
        `${ms(Math.max(...newFirst.batchMs))}): ${newFirst.queued} queued in ${seconds(newFirst.totalMs)}`,
    );
    console.log(
      `    reference, same run: every field one by one in one job: ${oldFirst.value.queued} queued in ${seconds(oldFirst.ms)}` +
        `   before/now ${(oldFirst.ms / newFirst.totalMs).toFixed(2)}×`,
    );
    console.log(
      `    run again the same day: now ${ms(newAgainMs)} (fan-out sent ${resent} of ${batches.length} again, ${requeued} queued); ` +
        `reference ${seconds(oldAgain.ms)} (${oldAgain.value.queued} queued, ${oldAgain.value.fields} fields asked one by one)`,
    );
    console.log(
      `    health schedule, last analyses of ${everyField.length} fields: now ${ms(lookupNow.ms)} in ${healthBatches.length} queries ` +
        `(${lookupNow.value} fields to look for new scenes); reference, one query per field: ${seconds(lookupBefore.ms)}`,
    );
    console.log(
      `    plan of one health batch: ${(plan.rows as { 'QUERY PLAN': string }[])
        .map((row) => row['QUERY PLAN'].trim())
        .filter((line) => /^(->|SubPlan|Execution Time)/.test(line))
        .join(' | ')}`,
    );
  });
}

/** (e)'s farm: fields of 5 ha side by side in one 0.1° cell, planted the same week. */
const SEARCH_FARM_FIELDS = 10;

/**
 * (e) Catalogue searches per health analysis (and per season's imagery, which yield and fertilizer read), counted
 * at a local STAC API over demo imagery of one farm (10 fields of 5 ha planted 75 days ago, a scene every 5 days
 * over two years and a season), with the COG requests beside them and decoded tiles dropped before each pass.
 * Reference, same run: the reads as the analyses made them before (the season's NDVI, then each measure of the latest
 * clear image by its own search and read, then each earlier season's weeks), replayed by `healthReadsBefore`; the code
 * before the change, run on 2026-11-25 against the same kind of catalogue, made 7 searches and 159 COG requests for
 * a health analysis and 3 searches for a season's imagery, as the replay does. Now: the farm's first field (nothing
 * shared yet), then its other fields (searches shared through the process's cache, as analyses of one farm or one
 * schedule run are). BENCH_ONLY=searches runs (e) alone, in about a minute.
 */
async function measureCatalogueSearches(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'murimi-bench-searches-'));
  const counted = { searches: 0, pages: 0, cog: 0 };
  const server = createServer();
  try {
    const today = new Date();
    const season = { from: isoDay(new Date(today.getTime() - 75 * DAY_MS)), to: isoDay(today) };
    const sideDeg = Math.sqrt(5 * 10_000) / 111_320 / Math.cos((17.84 * Math.PI) / 180);
    const boundaries = Array.from({ length: SEARCH_FARM_FIELDS }, (_, i) => {
      const west = 31.061 + i * 1.2 * sideDeg;
      const [south, north] = [-17.845, -17.845 + sideDeg * 0.95];
      const ring: [number, number][] = [
        [west, south],
        [west + sideDeg, south],
        [west + sideDeg, north],
        [west, north],
        [west, south],
      ];
      return { type: 'Polygon' as const, coordinates: [ring] };
    });
    const started = performance.now();
    const written = await writeDemoCatalog({
      fields: boundaries.map((boundary, i) => ({
        id: `farm-${i}`,
        name: `Block ${i + 1}`,
        crop: 'maize',
        plantingDate: season.from,
        boundary,
      })),
      from: isoDay(new Date(today.getTime() - (2 * 365 + 45) * DAY_MS)),
      to: season.to,
      directory: work,
    });
    const handler = await createLocalStacHandler(work);
    server.on('request', (request, response) => {
      if (request.url?.endsWith('.tif')) counted.cog += 1;
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const source = simulatedSentinel2(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    // Searches counted as sent: a search's first page, then the pages that follow it (a token in their request).
    const searchFetch: typeof fetch = (input, init) => {
      counted.pages += 1;
      if (!String(init?.body ?? input).includes('token')) counted.searches += 1;
      return fetch(input, init);
    };
    const imagery = (search: ImageryAccess['search']): ImageryAccess => ({
      source,
      simulated: true,
      cog: {},
      search: { ...search, fetch: searchFetch },
    });
    const pass = async (work: () => Promise<unknown>) => {
      sharedBlockCache.clear();
      Object.assign(counted, { searches: 0, pages: 0, cog: 0 });
      const t0 = performance.now();
      await work();
      return { ...counted, ms: performance.now() - t0 };
    };
    const [first, ...others] = boundaries as [(typeof boundaries)[number], ...typeof boundaries];

    const healthBefore = await pass(() => healthReadsBefore(first, season, imagery({})));
    const healthCache = new SceneSearchCache();
    const healthFirst = await pass(() => runHealthAnalysis({ boundary: first }, season, imagery({ cache: healthCache })));
    const healthOthers = await pass(async () => {
      for (const boundary of others) await runHealthAnalysis({ boundary }, season, imagery({ cache: healthCache }));
    });
    const imageryBefore = await pass(() => seasonImageryReadsBefore(first, season, imagery({})));
    const imageryCache = new SceneSearchCache();
    const imageryFirst = await pass(() => seasonImagery(first, imagery({ cache: imageryCache }), season.from, season.to));
    const imageryOthers = await pass(async () => {
      for (const boundary of others) await seasonImagery(boundary, imagery({ cache: imageryCache }), season.from, season.to);
    });

    const each = (figures: typeof healthOthers) =>
      `${(figures.searches / others.length).toFixed(1)} searches, ${(figures.cog / others.length).toFixed(0)} COG requests, ${ms(figures.ms / others.length)}`;
    const one = (figures: typeof healthFirst) =>
      `${figures.searches} searches (${figures.pages} pages), ${figures.cog} COG requests, ${ms(figures.ms)}`;
    console.log(
      `\n(e) catalogue searches per analysis, counted at a local STAC API: demo imagery of a farm of ${SEARCH_FARM_FIELDS} fields ` +
        `(${written.dates.length} scenes from ${written.dates[0]} to ${season.to}, written in ${seconds(performance.now() - started)}), season ${season.from} → ${season.to}`,
    );
    console.log(`    health, reference (the reads as made before, replayed): ${one(healthBefore)}`);
    console.log(`    health now, the farm's first field:                     ${one(healthFirst)}`);
    console.log(`    health now, each of its ${others.length} other fields:                ${each(healthOthers)}`);
    console.log(`    season imagery (yield, fertilizer), reference:          ${one(imageryBefore)}`);
    console.log(`    season imagery now, first field:                        ${one(imageryFirst)}`);
    console.log(`    season imagery now, each other field:                   ${each(imageryOthers)}`);
  } finally {
    server.closeAllConnections();
    server.close();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The catalogue and COG reads of a health analysis as it made them before (kept only as (e)'s reference): the
 * season's NDVI; the latest clear image's NDMI, NDRE, LAI and NDVI pixels, each by a search of that day and a read of
 * its own; and each of the two earlier seasons' same weeks by a search of their own.
 */
async function healthReadsBefore(boundary: BenchField['boundary'], season: { from: string; to: string }, imagery: ImageryAccess) {
  const { series, latest, day } = await seasonNdviBefore(boundary, season, imagery);
  if (!latest) return;
  for (const [index, keepPixels] of [
    ['ndmi', false],
    ['ndre', false],
    ['lai', false],
    ['ndvi', true],
  ] as const)
    await series(index, day, day, keepPixels);
  for (const yearsBack of [1, 2]) {
    const centre = new Date(latest.datetime);
    centre.setUTCFullYear(centre.getUTCFullYear() - yearsBack);
    await series('ndvi', isoDay(new Date(centre.getTime() - 15 * DAY_MS)), isoDay(new Date(centre.getTime() + 15 * DAY_MS)));
  }
}

/** A season's imagery as it was read before (kept only as (e)'s reference): the NDVI, then the latest image's NDRE and its open water, each by its own search and read. */
async function seasonImageryReadsBefore(boundary: BenchField['boundary'], season: { from: string; to: string }, imagery: ImageryAccess) {
  const { series, latest, day } = await seasonNdviBefore(boundary, season, imagery);
  if (!latest) return;
  await series('ndre', day, day);
  await series('ndwiMcFeeters', day, day, true);
}

/** The first read both old paths made: the season's NDVI by a search of its own, and its latest usable image. */
async function seasonNdviBefore(boundary: BenchField['boundary'], season: { from: string; to: string }, imagery: ImageryAccess) {
  const series = (index: Measure, from: string, to: string, keepPixels = false) =>
    fieldTimeSeries({ source: imagery.source, boundary, from, to, index, keepPixels, cog: imagery.cog, search: imagery.search });
  const { points } = await series('ndvi', season.from, season.to);
  const latest = points.filter((point) => point.result.usable).at(-1);
  return { series, latest, day: latest?.datetime.slice(0, 10) ?? '' };
}

main().then(
  () => process.exit(0), // the demo imagery's STAC API, started in this process by the analyses, keeps it alive
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
