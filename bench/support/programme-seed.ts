import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, isoDay } from '@murimi/core';
import { CompiledQuery } from 'kysely';
import type { Actor } from '../../apps/server/src/policy/policy.ts';
import type { Runtime } from '../../apps/server/src/runtime.ts';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(root, `packages/core/src/analysis-results/fixtures/${name}`), 'utf8'));
const healthFixture = fixture('health-result.json');

let seed = 11;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/**
 * A programme on the runtime's database, as the benches need it: `farms` farms of `fieldsPerFarm` fields in `groups`
 * groups, nine in ten fields with a crop health analysis, six in ten with a yield estimate, half with irrigation
 * advice, and a season of alerts told by e-mail or SMS. Seeded with a fixed seed, so every run measures the same.
 */
export async function seedProgramme(
  runtime: Runtime,
  { farms: FARMS, fieldsPerFarm: FIELDS_PER_FARM, groups: GROUPS }: { farms: number; fieldsPerFarm: number; groups: number },
): Promise<Actor> {
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
    const farms = Array.from({ length: Math.min(300, FARMS - start) }, (_, i) => ({
      id: randomUUID(),
      orgId,
      name: `Farm ${start + i}`,
      groupId: pick(groupIds),
    }));
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
        ruleId: 'heavy-rain',
        category: 'weather' as const,
        severity: 'warning' as const,
        episodeKey: randomUUID(),
        messageKey: 'alerts.heavyRain',
        actionKey: 'alerts.actions.prepareForHeavyRain',
        params: JSON.stringify({ rainMm: 60, date: today, threeDayRainMm: 66 }),
        // As the rule writes it: what a person reading the alert is shown.
        evidence: JSON.stringify({
          values: [{ name: 'rain', value: 60, unit: 'mm', date: today }],
          dates: [today],
          source: 'rule',
          dataSource: 'Open-Meteo',
          caveats: [],
        }),
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
