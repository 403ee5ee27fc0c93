import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmRecords, newId } from '../../../test/factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let owner: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerAccount(t.app, { name: 'Rudo Owner' });
});
afterAll(() => t.close());

/** Someone made a member of the owner's organisation with `role`, holding a token for it. */
async function member(role: 'agronomist' | 'viewer', name: string): Promise<TestAccount> {
  const account = await registerAccount(t.app, { name });
  await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: account.userId, role }).execute();
  const switched = await as(account, t.app, {
    method: 'POST',
    url: '/api/auth/switch-organisation',
    payload: { organisationId: owner.orgId },
  });
  return { ...account, orgId: owner.orgId, headers: { authorization: `Bearer ${switched.json().access_token}` } };
}
const historyOf = async (who: TestAccount, recordId: string) => as(who, t.app, { method: 'GET', url: `/api/audit?recordId=${recordId}` });

describe('the audit trail', () => {
  it("says who created, changed and deleted each record, and when, to the organisation's owners and managers only", async () => {
    const { farm, field, soilTest } = await createFarmRecords(t.app, owner);
    const agronomist = await member('agronomist', 'Tendai Agronomist');
    const group = (await as(owner, t.app, { method: 'POST', url: '/api/organisation/groups', payload: { name: 'Ward 7' } })).json().data;
    await as(owner, t.app, {
      method: 'PUT',
      url: `/api/organisation/groups/${group.id}`,
      payload: { agronomistUserIds: [agronomist.userId] },
    });
    await as(owner, t.app, { method: 'PUT', url: `/api/farms/${farm.id}/assignment`, payload: { groupId: group.id } });

    const renamed = await as(owner, t.app, {
      method: 'PUT',
      url: `/api/fields/${field.id}`,
      payload: { name: 'Vlei block', irrigated: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const logged = await as(agronomist, t.app, {
      method: 'POST',
      url: '/api/soil-tests',
      payload: { fieldId: field.id, ph: 5.9, sampleDate: '2026-10-12' },
    });
    expect(logged.statusCode).toBe(201);
    expect((await as(owner, t.app, { method: 'DELETE', url: `/api/soil-tests/${soilTest.id}` })).statusCode).toBe(204);

    const fieldHistory = (await historyOf(owner, field.id)).json().data;
    expect(
      fieldHistory.map((e: { action: string; person: { name: string } | null; changedKeys: string[] }) => [
        e.action,
        e.person?.name,
        e.changedKeys,
      ]),
    ).toEqual([
      ['changed', 'Rudo Owner', ['name', 'irrigated']],
      ['created', 'Rudo Owner', []],
    ]);
    expect((await historyOf(owner, logged.json().data.id)).json().data).toMatchObject([
      { action: 'created', recordKind: 'soilTests', person: { name: 'Tendai Agronomist' } },
    ]);
    expect((await historyOf(owner, soilTest.id)).json().data.map((e: { action: string }) => e.action)).toEqual(['deleted', 'created']);
    // The farm given to a group is a change of the farm too.
    expect((await historyOf(owner, farm.id)).json().data[0]).toMatchObject({
      action: 'changed',
      changedKeys: ['groupId'],
      person: { name: 'Rudo Owner' },
    });

    // An agronomist, like a funder, does not read the trail; another organisation finds nothing of this one's.
    expect((await historyOf(agronomist, field.id)).statusCode).toBe(403);
    expect((await historyOf(await member('viewer', 'Funder'), field.id)).statusCode).toBe(403);
    const stranger = await registerAccount(t.app);
    expect((await historyOf(stranger, field.id)).json().data).toEqual([]);
  });

  it('keeps no line for a write that did not happen, and lets no line be changed', async () => {
    const stranger = await registerAccount(t.app);
    const { farm } = await createFarmRecords(t.app, stranger);
    // An id held by another organisation: refused, and nothing written for it.
    const taken = await as(owner, t.app, { method: 'POST', url: '/api/farms', payload: { id: farm.id, name: 'Squat' } });
    expect(taken.statusCode).toBe(409);
    const lines = await t.ctx.database.db.selectFrom('auditEvents').select('orgId').where('recordId', '=', farm.id).execute();
    expect(lines.map((line) => line.orgId)).toEqual([stranger.orgId]);
    // A field that breaks a rule (too small) is not written, nor is its line.
    const id = newId();
    const tooSmall = await as(owner, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { id, name: 'Tiny', farmId: (await createFarmRecords(t.app, owner)).farm.id, boundary: squareBoundary(0.1) },
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(await t.ctx.database.db.selectFrom('auditEvents').select('id').where('recordId', '=', id).execute()).toEqual([]);
    await expect(sql`update audit_events set action = 'created'`.execute(t.ctx.database.db)).rejects.toThrow(/append-only/);
  });
});
