import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let owner: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  owner = await registerAccount(t.app);
});
afterAll(() => t.close());

const billing = (account = owner) => as(account, t.app, { method: 'GET', url: '/api/organisation/billing' });

/** A farm whose fields measure `hectares` (one square field each), made through the API. */
async function farmOf(name: string, hectares: number[]) {
  const farm = (await as(owner, t.app, { method: 'POST', url: '/api/farms', payload: { name } })).json().data.id as string;
  for (const [i, size] of hectares.entries()) {
    const boundary = squareBoundary(size, [30 + Math.random(), -18 - Math.random()]);
    const created = await as(owner, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name: `${name} ${i}`, farmId: farm, boundary },
    });
    expect(created.statusCode).toBe(201);
  }
  return farm;
}

describe('billing', () => {
  it("prices each farm on its fields' hectares, with the 30-day trial from the day the organisation was made", async () => {
    await farmOf('Small', [3]);
    await farmOf('Medium', [4, 6]);
    await farmOf('No fields yet', []);
    const response = await billing();
    expect(response.statusCode).toBe(200);
    const bill = response.json().data;
    expect(bill.plan).toBe('farm');
    expect(bill.farms).toBe(3);
    expect(bill.hectares).toBeCloseTo(13, 1);
    // Small ≤ 5 ha: $10; Medium 10 ha: $12.50; a farm without fields: $10.
    expect(bill.largestFarms.map((f: { name: string; monthlyUsd: number }) => [f.name, f.monthlyUsd])).toEqual([
      ['Medium', 12.5],
      ['Small', 10],
      ['No fields yet', 10],
    ]);
    expect(bill.monthlyUsd).toBe(32.5);
    const made = await t.ctx.database.db
      .selectFrom('organisations')
      .select('createdAt')
      .where('id', '=', owner.orgId)
      .executeTakeFirstOrThrow();
    const ends = new Date(made.createdAt);
    ends.setUTCDate(ends.getUTCDate() + 30);
    expect(bill.trialEndsOn).toBe(ends.toISOString().slice(0, 10));
    expect(bill.trialDaysLeft).toBe(30);
  });

  it('counts the trial down, and stops at zero when it is over', async () => {
    const madeDaysAgo = (days: number) =>
      sql`update organisations set created_at = now() - make_interval(days => ${days}) where id = ${owner.orgId}`.execute(
        t.ctx.database.db,
      );
    await madeDaysAgo(12);
    expect((await billing()).json().data.trialDaysLeft).toBe(18);
    await madeDaysAgo(45);
    expect((await billing()).json().data.trialDaysLeft).toBe(0);
  });

  it('moves a programme of 500 farms to the NGO & Bulk plan at $7 a farm, and lists its 20 largest', async () => {
    const other = await registerAccount(t.app);
    const rows = Array.from({ length: 500 }, (_, i) => ({ id: crypto.randomUUID(), orgId: other.orgId, name: `Plot ${i}` }));
    await t.ctx.database.db.insertInto('farms').values(rows.slice(0, 499)).execute();
    expect((await billing(other)).json().data).toMatchObject({ plan: 'farm', farms: 499, monthlyUsd: 4990 });
    await t.ctx.database.db.insertInto('farms').values(rows.slice(499)).execute();
    const bill = (await billing(other)).json().data;
    expect(bill).toMatchObject({ plan: 'bulk', farms: 500, monthlyUsd: 3500 });
    expect(bill.largestFarms).toHaveLength(20);
    expect(bill.largestFarms[0].monthlyUsd).toBe(7);
  });

  it('is for those who answer for the costs: an agronomist, a farmer or a viewer of a programme is refused', async () => {
    for (const role of ['agronomist', 'farmer', 'viewer'] as const) {
      const person = await registerAccount(t.app);
      await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: person.userId, role }).execute();
      const switched = await as(person, t.app, {
        method: 'POST',
        url: '/api/auth/switch-organisation',
        payload: { organisationId: owner.orgId },
      });
      const member = { ...person, headers: { authorization: `Bearer ${switched.json().access_token}` } };
      expect((await billing(member)).statusCode).toBe(403);
    }
  });
});
