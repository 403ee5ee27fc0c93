/**
 * One scheduled alert run over 10,000 fields on PostgreSQL (a database made for the run and dropped after), on
 * simulated weather: the fan-out and every batch job's evaluation (weather per cell, recorded water, imagery readings,
 * the FAO-56 balance, every rule, the alerts stored and their notifications queued), as the queue runs them, two batch
 * jobs at a time. Prints the wall time, the time per field, the peak memory, and a ratio against two references measured
 * in the same run on the same fields: reading the fields' facts in one query (the least any run does), and the rules
 * alone in memory on inputs already loaded. Then the same run again: nothing new, nothing sent.
 *
 * The fields: 2,000 farmers' organisations of 5 fields each (maize, soybean and tobacco, a third irrigated, planted
 * 20 to 120 days ago), spread over 400 weather cells of Zimbabwe and Zambia's maize belt; a fifth of them with a stored
 * health analysis. Goal: well inside the six hours between runs — under 10 minutes on this 2-core machine.
 *
 *   npm run bench:alerts   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; BENCH_FIELDS to change 10,000)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { addDays, evaluateFieldAlerts, isoDay } from '@murimi/core';
import { CompiledQuery } from 'kysely';
import pino from 'pino';
import type { JobContext } from '../apps/server/src/jobs/job-queue.ts';
import { loadAlertFields, loadFieldAlertInputs } from '../apps/server/src/modules/alerts/alert-inputs.ts';
import { alertBatchJob, fanOutAlertEvaluation } from '../apps/server/src/modules/alerts/alert-schedule.ts';
import type { Runtime } from '../apps/server/src/runtime.ts';
import { withMemoryPeak } from './support/memory-peak.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 10_000);
const FIELDS_PER_ORGANISATION = 5;
const CELLS = 400;
const HEALTH_SHARE = 0.2;
/** The queue runs two batch jobs at once in a process (`alertBatchJob.concurrency`). */
const BATCH_CONCURRENCY = alertBatchJob.concurrency ?? 1;
const GOAL_SECONDS = 600;

const root = path.resolve(import.meta.dirname, '..');
const healthFixture = JSON.parse(readFileSync(path.join(root, 'packages/core/src/analysis-results/fixtures/health-result.json'), 'utf8'));

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A 2 ha square around a point. */
function square(lng: number, lat: number) {
  const half = 0.0007;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng - half, lat - half],
        [lng + half, lat - half],
        [lng + half, lat + half],
        [lng - half, lat + half],
        [lng - half, lat - half],
      ],
    ],
  };
}

async function seedFields(runtime: Runtime): Promise<string[]> {
  const db = runtime.ctx.database.db;
  const today = isoDay(runtime.ctx.now());
  // Cells of 0.1° over 17–15° S, 27–31° E: Zimbabwe's highveld and Zambia's maize belt.
  const cells = Array.from({ length: CELLS }, (_, i) => ({ lat: -17 + (i % 20) * 0.1, lng: 27 + Math.floor(i / 20) * 0.2 }));
  const fieldIds: string[] = [];
  const organisations = Math.ceil(FIELDS / FIELDS_PER_ORGANISATION);
  for (let start = 0; start < organisations; start += 200) {
    const count = Math.min(200, organisations - start);
    const orgs = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), name: `Farm ${start + i}` }));
    const users = orgs.map((org, i) => ({
      id: randomUUID(),
      email: `farmer${start + i}@example.org`,
      passwordHash: 'not-a-password',
      name: `Farmer ${start + i}`,
      country: 'ZW',
      emailVerifiedAt: runtime.ctx.now(),
    }));
    const farms = orgs.map((org) => ({ id: randomUUID(), orgId: org.id, name: 'Home farm' }));
    await db.insertInto('organisations').values(orgs).execute();
    await db.insertInto('users').values(users).execute();
    await db
      .insertInto('memberships')
      .values(orgs.map((org, i) => ({ orgId: org.id, userId: users[i]!.id, role: 'owner' as const })))
      .execute();
    await db.insertInto('farms').values(farms).execute();
    const fields = farms.flatMap((farm) =>
      Array.from({ length: FIELDS_PER_ORGANISATION }, (_, k) => {
        const cell = pick(cells);
        const lng = cell.lng + random() * 0.08;
        const lat = cell.lat + random() * 0.08;
        const boundary = square(lng, lat);
        const text = JSON.stringify(boundary);
        return {
          id: randomUUID(),
          orgId: farm.orgId,
          farmId: farm.id,
          name: `Field ${k + 1}`,
          boundary: text,
          mapBoundary: text,
          sizeHectares: 2.1,
          bboxMinLng: lng - 0.0007,
          bboxMaxLng: lng + 0.0007,
          bboxMinLat: lat - 0.0007,
          bboxMaxLat: lat + 0.0007,
          centroidLng: lng,
          centroidLat: lat,
          boundaryVertices: 4,
          boundaryBytes: text.length,
          cropType: pick(['maize-grain', 'maize-grain', 'soybean', 'tobacco-flue-cured']),
          plantingDate: addDays(today, -20 - Math.floor(random() * 100)),
          soilTexture: pick(['sandy-loam', 'loam', 'clay-loam', 'sandy-clay-loam']),
          irrigated: random() < 1 / 3,
        };
      }),
    );
    await db
      .insertInto('fields')
      .values(fields.slice(0, FIELDS - fieldIds.length))
      .execute();
    fieldIds.push(...fields.slice(0, FIELDS - fieldIds.length).map((field) => field.id));
    const analysed = fields.filter(() => random() < HEALTH_SHARE);
    if (analysed.length > 0) {
      await db
        .insertInto('analyses')
        .values(
          analysed.map((field) => ({
            orgId: field.orgId,
            fieldId: field.id,
            type: 'health' as const,
            status: 'completed' as const,
            finishedAt: runtime.ctx.now(),
            analysisDate: addDays(today, -3),
            result: JSON.stringify({
              ...healthFixture,
              latest: {
                ...healthFixture.latest,
                date: addDays(today, -3),
                ndre: { ...healthFixture.latest.ndre, mean: 0.2 + random() * 0.3 },
              },
            }),
            simulated: true,
          })),
        )
        .execute();
    }
  }
  await runtime.ctx.database.db.executeQuery(CompiledQuery.raw('vacuum analyze'));
  return fieldIds;
}

/** A scheduled run as the queue runs it: the fan-out, then its batch jobs, two at a time. Returns alerts made and sent. */
async function scheduledRun(runtime: Runtime): Promise<{ batches: number; alerts: number; created: number }> {
  const log = pino({ level: 'silent' });
  const sent: { fieldIds: string[] }[] = [];
  const queue = {
    ...runtime.ctx.queue,
    // The fan-out's batch jobs are collected and run here; the rest (notifications) go to the real queue.
    send: (async (job: { name: string }, payload: { fieldIds: string[] }, options?: object) => {
      if (job.name === alertBatchJob.name) {
        sent.push(payload);
        return randomUUID();
      }
      return runtime.ctx.queue.send(job as never, payload as never, options as never);
    }) as JobContext['queue']['send'],
  } as JobContext['queue'];
  const context: JobContext = {
    database: runtime.ctx.database,
    config: runtime.ctx.config,
    log,
    now: runtime.ctx.now,
    queue,
    attempt: { retryCount: 0, retryLimit: 0, isLast: true },
  };
  await fanOutAlertEvaluation(context);
  let alerts = 0;
  let created = 0;
  let next = 0;
  const { evaluateAlerts } = await import('../apps/server/src/modules/alerts/alert-evaluation.ts');
  const worker = async () => {
    while (next < sent.length) {
      const batch = sent[next++]!;
      const outcome = await evaluateAlerts(context, batch.fieldIds);
      alerts += outcome.alerts;
      created += outcome.created.length;
    }
  };
  await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, worker));
  return { batches: sent.length, alerts, created };
}

await withScratchRuntime(
  'alerts',
  async (runtime) => {
    const seeding = performance.now();
    const fieldIds = await seedFields(runtime);
    console.log(`Seeded ${fieldIds.length} fields in ${CELLS} weather cells in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);

    // Reference 1: the fields' facts in one query.
    const facts = await withMemoryPeak(() => runtime.ctx.database.db.selectFrom('fields').selectAll().execute());
    // Reference 2: the rules alone, on inputs loaded beforehand (loading not timed).
    const log = pino({ level: 'silent' });
    const inputs: Awaited<ReturnType<typeof loadFieldAlertInputs>> = [];
    for (let start = 0; start < fieldIds.length; start += 500) {
      const fields = await loadAlertFields(runtime.ctx, fieldIds.slice(start, start + 500));
      inputs.push(...(await loadFieldAlertInputs({ ...runtime.ctx, log }, fields)));
    }
    const rules = await withMemoryPeak(async () => inputs.reduce((sum, input) => sum + evaluateFieldAlerts(input).alerts.length, 0));
    inputs.length = 0; // not held through the runs measured next

    const first = await withMemoryPeak(() => scheduledRun(runtime));
    const second = await withMemoryPeak(() => scheduledRun(runtime));
    const notifications = await runtime.ctx.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'alert-notify'`);

    const row = (label: string, run: { seconds: number; peakRssMb: number; peakHeapMb: number }) =>
      `${label.padEnd(44)} ${run.seconds.toFixed(2).padStart(8)} s  ${((run.seconds / fieldIds.length) * 1000).toFixed(2).padStart(6)} ms/field  peak RSS ${run.peakRssMb.toFixed(0)} MB, heap ${run.peakHeapMb.toFixed(0)} MB`;
    console.log(
      `\nAlert rules for ${fieldIds.length} fields, one scheduled run (${first.value.batches} batch jobs, ${BATCH_CONCURRENCY} at a time):`,
    );
    console.log(row('reference: the fields read in one query', facts));
    console.log(row('reference: the rules alone, inputs in memory', rules));
    console.log(row('scheduled run, first (alerts made, queued)', first));
    console.log(row('scheduled run, again (nothing new)', second));
    console.log(
      `first run: ${first.value.alerts} alerts found, ${first.value.created} new, ${(notifications.rows[0] as { n: number }).n} notification jobs queued; ` +
        `again: ${second.value.alerts} found, ${second.value.created} new.`,
    );
    console.log(
      `ratios: run / one query of the fields ${(first.seconds / facts.seconds).toFixed(0)}×, run / rules alone ${(first.seconds / rules.seconds).toFixed(1)}× ` +
        `(reference rules found ${rules.value} alerts).`,
    );
    console.log(
      `${first.seconds <= GOAL_SECONDS ? 'PASS' : 'FAIL'}: the run takes ${first.seconds.toFixed(0)} s (goal ≤ ${GOAL_SECONDS} s).`,
    );
    if (second.value.created !== 0) throw new Error('The second run made new alerts: episodes are not deduplicated.');
  },
  { WEATHER_SOURCE: 'simulated' },
);
