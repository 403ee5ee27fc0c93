import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anApplication } from '../../../test/factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

// The funder's figures on a constructed programme: Ward A has 5 maize farms and 1 soybean farm, Ward B 4 maize farms.
// Only (Ward A, maize) reaches 5 farms; the soybean farm and Ward B are left out of every figure, whatever the filters.
let t: TestApp;
let owner: TestAccount;
let viewer: TestAccount;
const groups = {} as Record<'A' | 'B', string>;

async function member(role: 'viewer' | 'agronomist' | 'farmer'): Promise<TestAccount> {
  const person = await registerAccount(t.app);
  await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: person.userId, role }).execute();
  const switched = await as(person, t.app, {
    method: 'POST',
    url: '/api/auth/switch-organisation',
    payload: { organisationId: owner.orgId },
  });
  return { ...person, headers: { authorization: `Bearer ${switched.json().access_token}` } };
}

/** `count` farms in the group, each with one 2 ha field of `crop`, named so that a leak would be seen. */
async function farms(group: 'A' | 'B', count: number, crop: string) {
  const ids = Array.from({ length: count }, () => randomUUID());
  await t.ctx.database.db
    .insertInto('farms')
    .values(ids.map((id, i) => ({ id, orgId: owner.orgId, name: `Secret farm ${group}${crop}${i}`, groupId: groups[group] })))
    .execute();
  const fields = ids.map((farmId, i) => ({
    name: `Hidden plot ${group}${i}`,
    farmId,
    boundary: squareBoundary(2, [30 + Math.random(), -18 - Math.random()]),
    cropType: crop,
  }));
  expect((await as(owner, t.app, { method: 'POST', url: '/api/fields/bulk', payload: { fields } })).statusCode).toBe(201);
}

const figures = (query = '', account = viewer) => as(account, t.app, { method: 'GET', url: `/api/programme/figures${query}` });

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerAccount(t.app);
  for (const name of ['A', 'B'] as const) {
    const made = await as(owner, t.app, {
      method: 'POST',
      url: '/api/organisation/groups',
      payload: { id: randomUUID(), name: `Ward ${name}` },
    });
    groups[name] = made.json().data.id;
  }
  await farms('A', 5, 'maize-grain');
  await farms('A', 1, 'soybean');
  await farms('B', 4, 'maize-grain');
  viewer = await member('viewer');
}, 60_000);
afterAll(() => t.close());

describe("the programme's figures for its funders", () => {
  it('shows only cells of 5 farms or more, and totals only what it shows', async () => {
    const response = await figures();
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({ group: 'Ward A', crop: 'Maize (grain)', farms: 5, fields: 5 });
    expect(data.rows[0].hectares).toBeCloseTo(10, 0);
    expect(data.rows[0].health).toEqual({ healthy: 0, moderate: 0, bareOrStressed: 0, noClearImage: 0, notAnalysed: 5 });
    expect(data.rows[0].yieldTPerHa).toBeNull();
    const { groupId: _id, group: _group, crop: _crop, ...rowFigures } = data.rows[0];
    expect(data.totals).toEqual(rowFigures);
    expect(data.cellsLeftOut).toBe(2);
    expect(data.minimumFarms).toBe(5);
  });

  it('gives two filters whose difference is one farm the same totals: the one farm is in neither', async () => {
    const all = (await figures()).json().data.totals;
    const maize = (await figures('?crop=maize-grain')).json().data.totals;
    const wardA = (await figures(`?groupId=${groups.A}`)).json().data.totals;
    // Ward A's totals with and without the crop filter differ by exactly its soybean farm, were it counted.
    expect(maize).toEqual(all);
    expect(wardA).toEqual(all);
    const soybean = (await figures('?crop=soybean')).json().data;
    const wardB = (await figures(`?groupId=${groups.B}`)).json().data;
    for (const answer of [soybean, wardB]) {
      expect(answer.rows).toEqual([]);
      expect(answer.totals.farms).toBe(0);
      expect(answer.totals.hectares).toBe(0);
    }
  });

  it("counts the season's alerts (each once, however many were told of it), who was told by which channel, advice and records", async () => {
    const db = t.ctx.database.db;
    const today = new Date().toISOString().slice(0, 10);
    const farmIds = (await db.selectFrom('farms').select('id').where('groupId', '=', groups.A).execute()).map((farm) => farm.id);
    const [first, second] = await db
      .selectFrom('fields')
      .select(['id'])
      .where('farmId', 'in', farmIds)
      .where('cropType', '=', 'maize-grain')
      .limit(2)
      .execute();
    const alert = (fieldId: string, resolved: boolean) => ({
      id: randomUUID(),
      orgId: owner.orgId,
      fieldId,
      ruleId: 'frost',
      category: 'weather' as const,
      severity: 'warning' as const,
      episodeKey: randomUUID(),
      messageKey: 'frost',
      actionKey: 'frost',
      params: JSON.stringify({}),
      evidence: JSON.stringify({}),
      alertDate: today,
      fieldToday: today,
      resolvedAt: resolved ? new Date() : null,
    });
    const alerts = [alert(first!.id, true), alert(second!.id, false)];
    await db.insertInto('alerts').values(alerts).execute();
    // The first alert was told to two people by e-mail and one by SMS.
    const people = [owner.userId, viewer.userId];
    await db
      .insertInto('alertNotifications')
      .values([
        ...people.map((userId) => ({ alertId: alerts[0]!.id, userId, channel: 'email' as const, severity: 'warning' as const })),
        { alertId: alerts[0]!.id, userId: owner.userId, channel: 'sms' as const, severity: 'warning' as const },
      ])
      .execute();
    await db
      .insertInto('analyses')
      .values({
        orgId: owner.orgId,
        fieldId: first!.id,
        type: 'irrigation',
        status: 'completed',
        finishedAt: new Date(),
        analysisDate: today,
      })
      .execute();
    const logged = await as(owner, t.app, {
      method: 'POST',
      url: '/api/fertilizer-applications',
      payload: { ...anApplication(first!.id), applicationDate: today },
    });
    expect(logged.statusCode).toBe(201);
    const totals = (await figures()).json().data.totals;
    expect(totals.alerts).toEqual({ raised: 2, actedOn: 1, emailed: 2, texted: 1 });
    expect(totals.advice).toEqual({ issued: 1, loggedDone: 1 });
    // A season before it: none of them.
    const before = (await figures(`?season=${Number(today.slice(0, 4)) - 2}`)).json().data.totals;
    expect(before.alerts.raised).toBe(0);
  });

  it('counts each field by its latest health analysis and gives the middle half of the latest yield estimates', async () => {
    const db = t.ctx.database.db;
    const today = new Date().toISOString().slice(0, 10);
    const farmIds = (await db.selectFrom('farms').select('id').where('groupId', '=', groups.A).execute()).map((farm) => farm.id);
    const fields = await db
      .selectFrom('fields')
      .select(['id'])
      .where('farmId', 'in', farmIds)
      .where('cropType', '=', 'maize-grain')
      .orderBy('id')
      .execute();
    const completed = (fieldId: string, type: 'health' | 'yield', result: unknown, finishedAt: Date) => ({
      orgId: owner.orgId,
      fieldId,
      type,
      status: 'completed' as const,
      finishedAt,
      analysisDate: today,
      result: JSON.stringify(result),
    });
    const older = new Date(Date.now() - 86_400_000);
    const statuses = ['healthy', 'healthy', 'moderate', 'bare-or-stressed', 'no-clear-image'];
    await db
      .insertInto('analyses')
      .values([
        // An older analysis of the first field said stressed: only the latest counts.
        completed(fields[0]!.id, 'health', { status: 'bare-or-stressed', latest: { date: '2020-01-01' } }, older),
        ...fields.map((field, i) =>
          completed(field.id, 'health', { status: statuses[i], latest: i === 4 ? null : { date: today, ndvi: { mean: 0.6 } } }, new Date()),
        ),
        ...fields.map((field, i) =>
          completed(field.id, 'yield', { available: true, range: { expectedTPerHa: [2, 3, 4, 5, 6][i] } }, new Date()),
        ),
        // An estimate not available is no estimate.
        completed(fields[0]!.id, 'yield', { available: false }, older),
      ])
      .execute();
    const totals = (await figures()).json().data.totals;
    expect(totals.health).toEqual({ healthy: 2, moderate: 1, bareOrStressed: 1, noClearImage: 1, notAnalysed: 0 });
    expect(totals.freshImageFields).toBe(4);
    expect(totals.yieldTPerHa).toEqual({ lowerQuartile: 3, median: 4, upperQuartile: 5, fields: 5 });
    await db.deleteFrom('analyses').where('type', 'in', ['health', 'yield']).where('orgId', '=', owner.orgId).execute();
  });

  it('shows a group once it reaches 5 farms', async () => {
    await farms('B', 1, 'maize-grain');
    const data = (await figures()).json().data;
    expect(data.rows.map((row: { group: string; farms: number }) => [row.group, row.farms])).toEqual([
      ['Ward A', 5],
      ['Ward B', 5],
    ]);
    expect(data.totals.farms).toBe(10);
    expect(data.cellsLeftOut).toBe(1);
  });

  it("names no farm, field, person or place, and is a funder's and a manager's, not an agronomist's or a farmer's", async () => {
    const body = (await figures()).body;
    expect(body).not.toMatch(/Secret farm|Hidden plot|@example\.org|-18\.\d|30\.\d{3}/);
    expect((await figures('', owner)).statusCode).toBe(200);
    expect((await figures('', await member('agronomist'))).statusCode).toBe(403);
    expect((await figures('', await member('farmer'))).statusCode).toBe(403);
    const stranger = await registerAccount(t.app);
    expect((await figures(`?groupId=${groups.A}`, stranger)).statusCode).toBe(404);
    expect((await figures('?season=1990')).statusCode).toBe(400);
  });
});
