/**
 * The programme's figures (the funders' screen) over 15,000 fields on PostgreSQL (a database made for the run and
 * dropped after): 3,000 farms of 5 fields in 20 groups, nine in ten fields with a crop health analysis, six in ten
 * with a yield estimate, and a season of alerts, notifications, advice and records. Prints the median of 5 answers of
 * `programmeFigures` beside a reference measured in the same run on the same fields: the dashboard's farm totals
 * (`analysisOverview`, one probe of the latest health analysis per field), the least a per-field screen reads.
 * Goal: ≤ 300 ms for the figures.
 *
 *   npm run bench:programme   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { addDays, isoDay } from '@murimi/core';
import { CompiledQuery } from 'kysely';
import { analysisOverview } from '../apps/server/src/modules/analysis/analysis-overview.ts';
import { programmeFigures } from '../apps/server/src/modules/programme/programme-figures.ts';
import type { Actor } from '../apps/server/src/policy/policy.ts';
import type { Runtime } from '../apps/server/src/runtime.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const FARMS = 3_000;
const FIELDS_PER_FARM = 5;
const GROUPS = 20;
const RUNS = 5;
const GOAL_MS = 300;

const root = path.resolve(import.meta.dirname, '..');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(root, `packages/core/src/analysis-results/fixtures/${name}`), 'utf8'));
const healthFixture = fixture('health-result.json');

let seed = 11;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

async function seedProgramme(runtime: Runtime): Promise<Actor> {
  const db = runtime.ctx.database.db;
  const today = isoDay(runtime.ctx.now());
  const orgId = randomUUID();
  const userId = randomUUID();
  await db.insertInto('organisations').values({ id: orgId, name: 'Programme' }).execute();
  await db
    .insertInto('users')
    .values({ id: userId, email: 'manager@example.org', passwordHash: 'x', name: 'Manager', country: 'ZW', emailVerifiedAt: new Date() })
    .execute();
  await db.insertInto('memberships').values({ orgId, userId, role: 'manager' }).execute();
  const groupIds = Array.from({ length: GROUPS }, () => randomUUID());
  await db
    .insertInto('farmGroups')
    .values(groupIds.map((id, i) => ({ id, orgId, name: `Ward ${i + 1}` })))
    .execute();
  for (let start = 0; start < FARMS; start += 300) {
    const farms = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), orgId, name: `Farm ${start + i}`, groupId: pick(groupIds) }));
    await db.insertInto('farms').values(farms).execute();
    const fields = farms.flatMap((farm) =>
      Array.from({ length: FIELDS_PER_FARM }, (_, k) => {
        const lng = 28 + random() * 4;
        const lat = -19 + random() * 3;
        const text = JSON.stringify({ type: 'Point', coordinates: [lng, lat], properties: { radius: 80 } });
        return {
          id: randomUUID(),
          orgId,
          farmId: farm.id,
          name: `Field ${k + 1}`,
          boundary: text,
          mapBoundary: text,
          sizeHectares: 0.5 + random() * 4,
          bboxMinLng: lng,
          bboxMaxLng: lng,
          bboxMinLat: lat,
          bboxMaxLat: lat,
          centroidLng: lng,
          centroidLat: lat,
          boundaryVertices: 1,
          boundaryBytes: text.length,
          cropType: pick(['maize-grain', 'maize-grain', 'soybean', 'tobacco-flue-cured']),
          plantingDate: addDays(today, -20 - Math.floor(random() * 80)),
          irrigated: false,
        };
      }),
    );
    await db.insertInto('fields').values(fields).execute();
    const analyses = fields.flatMap((field) => [
      ...(random() < 0.9
        ? [
            {
              orgId,
              fieldId: field.id,
              type: 'health' as const,
              status: 'completed' as const,
              finishedAt: new Date(),
              analysisDate: addDays(today, -2),
              result: JSON.stringify({
                ...healthFixture,
                status: pick(['healthy', 'moderate', 'bare-or-stressed']),
                latest: { ...healthFixture.latest, date: addDays(today, -Math.floor(random() * 30)) },
              }),
            },
          ]
        : []),
      ...(random() < 0.6
        ? [
            {
              orgId,
              fieldId: field.id,
              type: 'yield' as const,
              status: 'completed' as const,
              finishedAt: new Date(),
              analysisDate: addDays(today, -2),
              result: JSON.stringify({ available: true, range: { expectedTPerHa: 1 + random() * 5 } }),
            },
          ]
        : []),
      ...(random() < 0.5
        ? [
            {
              orgId,
              fieldId: field.id,
              type: 'irrigation' as const,
              status: 'completed' as const,
              finishedAt: new Date(),
              analysisDate: addDays(today, -5),
            },
          ]
        : []),
    ]);
    await db.insertInto('analyses').values(analyses).execute();
    const alerts = fields
      .filter(() => random() < 0.3)
      .map((field) => ({
        id: randomUUID(),
        orgId,
        fieldId: field.id,
        ruleId: 'frost',
        category: 'weather' as const,
        severity: 'warning' as const,
        episodeKey: randomUUID(),
        messageKey: 'frost',
        actionKey: 'frost',
        params: JSON.stringify({}),
        evidence: JSON.stringify({}),
        alertDate: addDays(today, -Math.floor(random() * 40)),
        fieldToday: today,
        resolvedAt: random() < 0.4 ? new Date() : null,
      }));
    if (alerts.length > 0) {
      await db.insertInto('alerts').values(alerts).execute();
      await db
        .insertInto('alertNotifications')
        .values(
          alerts.map((alert) => ({ alertId: alert.id, userId, channel: pick(['email', 'sms'] as const), severity: 'warning' as const })),
        )
        .execute();
    }
  }
  await db.executeQuery(CompiledQuery.raw('vacuum analyze'));
  return { userId, orgId, role: 'manager' };
}

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

await withScratchRuntime('programme', async (runtime) => {
  const seeding = performance.now();
  const actor = await seedProgramme(runtime);
  console.log(
    `Seeded ${FARMS * FIELDS_PER_FARM} fields on ${FARMS} farms in ${GROUPS} groups in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`,
  );
  const reference = await medianMs(() => analysisOverview(runtime.ctx, actor));
  const figures = await medianMs(() => programmeFigures(runtime.ctx, actor, {}));
  const filtered = await medianMs(() => programmeFigures(runtime.ctx, actor, { crop: 'maize-grain' }));
  const answer = await programmeFigures(runtime.ctx, actor, {});
  console.log(`reference: the dashboard's farm totals (analysisOverview)   ${reference.toFixed(0).padStart(5)} ms`);
  console.log(
    `programme figures, all                                    ${figures.toFixed(0).padStart(5)} ms  (${(figures / reference).toFixed(2)}× the reference)`,
  );
  console.log(`programme figures, crop = maize                           ${filtered.toFixed(0).padStart(5)} ms`);
  console.log(
    `answer: ${answer.rows.length} rows, ${answer.totals.farms} farms, ${answer.totals.fields} fields, ${answer.cellsLeftOut} cells left out`,
  );
  console.log(`${figures <= GOAL_MS ? 'PASS' : 'FAIL'}: the figures take ${figures.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms).`);
});
