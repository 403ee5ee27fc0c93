import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '../../db/schema.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { guarded, requirePolicyActions } from '../../policy/guard.ts';
import { createFarmRecords } from '../../../test/factories.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let owner: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerAccount(t.app);
});
afterAll(() => t.close());

/** Someone with an organisation of their own, made a member of the owner's with `role`; their token is for the owner's. */
async function member(role: MemberRole): Promise<TestAccount> {
  const account = await registerAccount(t.app);
  await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: account.userId, role }).execute();
  const switched = await as(account, t.app, {
    method: 'POST',
    url: '/api/auth/switch-organisation',
    payload: { organisationId: owner.orgId },
  });
  expect(switched.statusCode).toBe(200);
  return { ...account, orgId: owner.orgId, headers: { authorization: `Bearer ${switched.json().access_token}` } };
}

const call = (who: TestAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(who, t.app, { method, url, ...(payload ? { payload } : {}) });

describe('members and roles', () => {
  it("lists the organisation's people for managers and agronomists, and never for a viewer", async () => {
    const manager = await member('manager');
    const agronomist = await member('agronomist');
    const viewer = await member('viewer');
    const listed = await call(manager, 'GET', '/api/organisation/members');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: owner.userId, role: 'owner' }),
        expect.objectContaining({ userId: agronomist.userId, role: 'agronomist', email: agronomist.email }),
      ]),
    );
    expect((await call(agronomist, 'GET', '/api/organisation/members')).statusCode).toBe(200);
    const refused = await call(viewer, 'GET', '/api/organisation/members');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(agronomist.email);
  });

  it('a switch to an organisation the person does not belong to is not found; their list names each they do', async () => {
    const farmer = await member('farmer');
    const stranger = await registerAccount(t.app);
    const refused = await call(farmer, 'POST', '/api/auth/switch-organisation', { organisationId: stranger.orgId });
    expect(refused.statusCode).toBe(404);
    // Their own organisation first (they signed up there as its owner), then the programme.
    const own = (
      await as({ ...farmer, headers: { authorization: `Bearer ${farmer.token}` } }, t.app, { method: 'GET', url: '/api/auth/me' })
    ).json().data;
    const mine = (await call(farmer, 'GET', '/api/auth/organisations')).json().data;
    expect(mine.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual([
      [own.organisation.id, 'owner'],
      [owner.orgId, 'farmer'],
    ]);
    const me = (await call(farmer, 'GET', '/api/auth/me')).json().data;
    expect(me.organisation).toMatchObject({ id: owner.orgId, role: 'farmer' });
  });

  it('removing a member ends their access to the organisation at once and keeps what they wrote', async () => {
    const farmer = await member('farmer');
    const farm = (await call(farmer, 'POST', '/api/farms', { name: 'Plot 9' })).json().data;
    expect((await call(farmer, 'GET', '/api/farms')).statusCode).toBe(200);
    const manager = await member('manager');
    expect((await call(manager, 'DELETE', `/api/organisation/members/${farmer.userId}`)).statusCode).toBe(204);
    const after = await call(farmer, 'GET', '/api/farms');
    expect(after.statusCode).toBe(401);
    // Their own organisation is theirs still.
    const own = await as({ ...farmer, headers: { authorization: `Bearer ${farmer.token}` } }, t.app, { method: 'GET', url: '/api/farms' });
    expect(own.statusCode).toBe(200);
    // What they wrote stays with the organisation, no longer assigned to anyone.
    const kept = await call(owner, 'GET', `/api/farms/${farm.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Plot 9', farmerUserId: null });
  });

  it('a new role holds from the next request', async () => {
    const farmer = await member('farmer');
    expect((await call(farmer, 'GET', '/api/farms')).statusCode).toBe(200);
    expect((await call(owner, 'PUT', `/api/organisation/members/${farmer.userId}`, { role: 'viewer' })).json().data.role).toBe('viewer');
    expect((await call(farmer, 'GET', '/api/farms')).statusCode).toBe(403);
  });

  it('owners are made and removed by an owner only, and the last owner stays', async () => {
    const manager = await member('manager');
    expect((await call(manager, 'PUT', `/api/organisation/members/${manager.userId}`, { role: 'owner' })).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `/api/organisation/members/${owner.userId}`)).statusCode).toBe(403);
    expect((await call(manager, 'PUT', `/api/organisation/members/${owner.userId}`, { role: 'viewer' })).statusCode).toBe(403);
    const lastOwner = await call(owner, 'PUT', `/api/organisation/members/${owner.userId}`, { role: 'manager' });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().error.message).toContain('at least one owner');
    expect((await call(owner, 'PUT', `/api/organisation/members/${manager.userId}`, { role: 'owner' })).statusCode).toBe(200);
    expect((await call(manager, 'PUT', `/api/organisation/members/${manager.userId}`, { role: 'manager' })).statusCode).toBe(200);
  });

  it("refuses an agronomist who is not one, a farmer who is not one, and another organisation's member as not found", async () => {
    const manager = await member('manager');
    const viewer = await member('viewer');
    const group = (await call(manager, 'POST', '/api/organisation/groups', { name: 'Ward 3' })).json().data;
    const badGroup = await call(manager, 'PUT', `/api/organisation/groups/${group.id}`, { agronomistUserIds: [viewer.userId] });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().error.message).toBe('Each one must be an agronomist of this organisation.');
    expect((await call(manager, 'POST', '/api/organisation/groups', { name: 'Ward 3' })).statusCode).toBe(400);
    const { farm } = await createFarmRecords(t.app, owner);
    const badFarmer = await call(manager, 'PUT', `/api/farms/${farm.id}/assignment`, { farmerUserId: viewer.userId });
    expect(badFarmer.statusCode).toBe(400);
    const stranger = await registerAccount(t.app);
    expect((await call(manager, 'DELETE', `/api/organisation/members/${stranger.userId}`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', `/api/farms/${farm.id}/assignment`, { groupId: null })).statusCode).toBe(404);
  });
});

describe('routes and the policy', () => {
  it('refuses, as the app starts, a route that signs people in without naming its action', async () => {
    const app = Fastify();
    requirePolicyActions(app);
    expect(() => app.get('/named', { ...guarded(t.ctx, { action: 'farms.read' }) }, async () => 'ok')).not.toThrow();
    expect(() => app.get('/unnamed', { onRequest: authenticate(t.ctx) }, async () => 'ok')).toThrow(/names no policy action/);
    await app.close();
  });
});

describe('signing in where the device worked last', () => {
  it('opens the session in the organisation the device names, if the person still belongs to it, else in their own', async () => {
    const agronomist = await member('agronomist');
    const signIn = (organisationId?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.7',
        payload: { email: agronomist.email, password: agronomist.password, ...(organisationId ? { organisationId } : {}) },
      });
    const there = await signIn(owner.orgId);
    expect(there.json().user.organisation).toMatchObject({ id: owner.orgId, role: 'agronomist' });
    const stranger = await registerAccount(t.app);
    const elsewhere = await signIn(stranger.orgId);
    expect(elsewhere.statusCode).toBe(200);
    // Not a member there: the session opens in their own organisation, where they are the owner.
    expect(elsewhere.json().user.organisation.role).toBe('owner');
    expect([owner.orgId, stranger.orgId]).not.toContain(elsewhere.json().user.organisation.id);
  });
});

describe('groups', () => {
  it('answers a create sent twice with the group it made, and refuses a name another group has', async () => {
    const id = crypto.randomUUID();
    const first = await call(owner, 'POST', '/api/organisation/groups', { id, name: 'Club Tsanga' });
    const again = await call(owner, 'POST', '/api/organisation/groups', { id, name: 'Club Tsanga' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().data.id).toBe(id);
    const other = (await call(owner, 'POST', '/api/organisation/groups', { name: 'Club Mutoko' })).json().data;
    const clash = await call(owner, 'PUT', `/api/organisation/groups/${other.id}`, { name: 'Club Tsanga' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.message).toBe('A group of this name already exists.');
  });

  it("moves a ward's farms into another group at once, which its agronomist then reaches, and moves none when one is not the organisation's", async () => {
    const from = (await call(owner, 'POST', '/api/organisation/groups', { name: 'Ward 31 (moving out)' })).json().data;
    const to = (await call(owner, 'POST', '/api/organisation/groups', { name: 'Ward 41 (moving in)' })).json().data;
    const agronomist = await member('agronomist');
    await call(owner, 'PUT', `/api/organisation/groups/${to.id}`, { agronomistUserIds: [agronomist.userId] });
    const farmIds: string[] = [];
    for (const name of ['Plot A', 'Plot B', 'Plot C']) {
      const farm = (await call(owner, 'POST', '/api/farms', { name })).json().data;
      await call(owner, 'PUT', `/api/farms/${farm.id}/assignment`, { groupId: from.id });
      farmIds.push(farm.id);
    }
    const reached = async () => (await call(agronomist, 'GET', '/api/farms')).json().data.map((farm: { id: string }) => farm.id);
    expect(await reached()).toEqual([]);

    const stranger = await registerAccount(t.app);
    const strangersFarm = (await call(stranger, 'POST', '/api/farms', { name: 'Elsewhere' })).json().data;
    const refused = await call(owner, 'POST', '/api/organisation/groups/move-farms', {
      farmIds: [...farmIds, strangersFarm.id],
      groupId: to.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(await reached()).toEqual([]);

    const moved = await call(owner, 'POST', '/api/organisation/groups/move-farms', { farmIds, groupId: to.id });
    expect(moved.json().data).toEqual({ moved: 3 });
    expect((await reached()).sort()).toEqual([...farmIds].sort());
    // Sent again (an answer lost): nothing more moves, and the audit trail says each moved once.
    expect((await call(owner, 'POST', '/api/organisation/groups/move-farms', { farmIds, groupId: to.id })).json().data).toEqual({
      moved: 0,
    });
    const lines = await t.ctx.database.db
      .selectFrom('auditEvents')
      .select(['recordId'])
      .where('recordId', 'in', farmIds)
      .where('changedKeys', '=', sql<string[]>`array['groupId']::text[]`)
      .execute();
    // One line for the assignment into the first ward, one for the move.
    expect(lines).toHaveLength(6);
    expect((await call(agronomist, 'POST', '/api/organisation/groups/move-farms', { farmIds, groupId: null })).statusCode).toBe(403);
  });
});
