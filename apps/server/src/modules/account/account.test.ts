import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '../../db/schema.ts';
import { TINY_JPEG_BASE64, createFarmRecords, createFarmWithFields, insertAlert, newId } from '../../../test/factories.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { notifyAlerts } from '../alerts/alert-notify.job.ts';
import { csvLine } from '@murimi/core';

let t: TestApp;
let programme: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  programme = await registerAccount(t.app, { name: 'Programme owner' });
});
afterAll(() => t.close());

/** Someone with an organisation of their own, made a member of the programme with `role`; their token is for it. */
async function member(role: MemberRole, phone?: string): Promise<TestAccount & { ownOrgId: string }> {
  const account = await registerAccount(t.app);
  await t.ctx.database.db.insertInto('memberships').values({ orgId: programme.orgId, userId: account.userId, role }).execute();
  if (phone) {
    await t.ctx.database.db
      .updateTable('users')
      .set({ phone, smsPhone: phone, smsPhoneVerifiedAt: t.ctx.now(), emailVerifiedAt: t.ctx.now() })
      .where('id', '=', account.userId)
      .execute();
  }
  const switched = await as(account, t.app, {
    method: 'POST',
    url: '/api/auth/switch-organisation',
    payload: { organisationId: programme.orgId },
  });
  expect(switched.statusCode).toBe(200);
  return {
    ...account,
    ownOrgId: account.orgId,
    orgId: programme.orgId,
    headers: { authorization: `Bearer ${switched.json().access_token}` },
  };
}

/** The archive a download answered, as its files' texts. */
function filesOf(response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }): Record<string, string> {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(response.rawPayload))).map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
}

/** A farmer's farm, field and one record of each kind, written in the programme; the programme's own farm beside it. */
async function farmerWithRecords(phone: string) {
  const farmer = await member('farmer', phone);
  const records = await createFarmRecords(t.app, farmer);
  const othersFarm = (await as(programme, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Programme demo plot' } })).json()
    .data;
  return { farmer, records, othersFarm };
}

describe("a person's own data", () => {
  it('the export holds every record the person wrote, their boundaries as GeoJSON and what they did, and nobody else’s', async () => {
    const { farmer, records, othersFarm } = await farmerWithRecords('+263771240001');
    const files = filesOf(await as(farmer, t.app, { method: 'GET', url: '/api/account/export' }));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'profile.json',
        'organisations.json',
        'farms.csv',
        'fields.csv',
        'fields.geojson',
        'soil-tests.csv',
        'fertilizer-applications.csv',
        'irrigation.csv',
        'rain-readings.csv',
        'harvests.csv',
        'visits.csv',
        'activity.csv',
      ].sort(),
    );
    expect(JSON.parse(files['profile.json']!)).toMatchObject({ id: farmer.userId, email: farmer.email, smsPhone: '+263771240001' });
    expect(
      JSON.parse(files['organisations.json']!)
        .map((o: { role: string }) => o.role)
        .sort(),
    ).toEqual(['farmer', 'owner']);
    const idsIn = (csv: string) =>
      csv
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
    expect(idsIn(files['farms.csv']!)).toEqual([records.farm.id]);
    expect(idsIn(files['fields.csv']!)).toEqual([records.field.id]);
    expect(idsIn(files['soil-tests.csv']!)).toEqual([records.soilTest.id]);
    expect(idsIn(files['fertilizer-applications.csv']!)).toEqual([records.application.id]);
    expect(idsIn(files['irrigation.csv']!)).toEqual([records.irrigationEvent.id]);
    expect(idsIn(files['rain-readings.csv']!)).toEqual([records.rainReading.id]);
    expect(idsIn(files['harvests.csv']!)).toEqual([records.harvest.id]);
    expect(idsIn(files['visits.csv']!)).toEqual([records.visit.id]);
    expect(files['harvests.csv']!.split('\r\n')[0]).toContain('harvested_tonnes_per_ha');
    expect(files['harvests.csv']).toContain(',4.2,12.5,');
    const geojson = JSON.parse(files['fields.geojson']!);
    expect(geojson.features).toHaveLength(1);
    expect(geojson.features[0]).toMatchObject({ id: records.field.id, geometry: { type: 'Polygon' }, properties: { name: 'Vlei Block' } });
    expect(files['activity.csv']!.trim().split('\r\n')).toHaveLength(1 + 8);
    expect(JSON.stringify(files)).not.toContain(othersFarm.id);
  });

  it('a circle field is written to GeoJSON as its traced polygon with its radius kept', async () => {
    const farmer = await member('farmer');
    const { farmId } = await createFarmWithFields(t.app, farmer, []);
    const circle = { type: 'Point', coordinates: [31.05, -17.83], properties: { radius: 80, circle: true } };
    const made = await as(farmer, t.app, { method: 'POST', url: '/api/fields', payload: { name: 'Round plot', farmId, boundary: circle } });
    expect(made.statusCode).toBe(201);
    const geojson = JSON.parse(filesOf(await as(farmer, t.app, { method: 'GET', url: '/api/account/export' }))['fields.geojson']!);
    expect(geojson.features[0].geometry.type).toBe('Polygon');
    expect(geojson.features[0].properties).toMatchObject({ shape: 'circle', radius_m: 80 });
  });
});

describe('deleting an account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const farmer = await member('farmer', '+263771240002');
    const refused = await as(farmer, t.app, { method: 'POST', url: '/api/account/delete', payload: { password: 'not-my-password' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([expect.objectContaining({ path: 'password', message: 'Your password is not correct.' })]);
    expect((await as(farmer, t.app, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('the person cannot sign in, their phone gets no SMS, and their records stay with the organisation without them', async () => {
    const phone = '+263771240003';
    const { farmer, records } = await farmerWithRecords(phone);
    // An alert SMS waits in the outbox for them when they delete the account.
    const waiting = await insertAlert(t.ctx, { orgId: programme.orgId, fieldId: records.field.id, ruleId: 'frost', severity: 'critical' });
    await notifyAlerts(t.ctx, [waiting]);
    const db = t.ctx.database.db;
    expect(await db.selectFrom('smsOutbox').select('id').where('toPhone', '=', phone).execute()).toHaveLength(1);
    const auditLines = await db.selectFrom('auditEvents').select('id').where('userId', '=', farmer.userId).execute();
    expect(auditLines.length).toBeGreaterThanOrEqual(7);

    const deleted = await as(farmer, t.app, { method: 'POST', url: '/api/account/delete', payload: { password: farmer.password } });
    expect(deleted.statusCode).toBe(200);

    // Signed out everywhere and unable to sign in again.
    expect((await as(farmer, t.app, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: farmer.email, password: farmer.password },
    });
    expect(login.statusCode).toBe(401);
    // Nothing waits for their phone, and a new alert on the field they wrote reaches no phone of theirs.
    expect(await db.selectFrom('smsOutbox').select('id').where('toPhone', '=', phone).execute()).toEqual([]);
    const later = await insertAlert(t.ctx, { orgId: programme.orgId, fieldId: records.field.id, ruleId: 'frost', date: '2026-12-03' });
    await notifyAlerts(t.ctx, [later]);
    expect(await db.selectFrom('smsOutbox').select('id').where('toPhone', '=', phone).execute()).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('email', '=', farmer.email).execute()).toEqual([]);
    // Their records are the programme's still; the audit lines stay, without them.
    for (const [url, id] of [
      ['/api/farms', records.farm.id],
      ['/api/fields', records.field.id],
      ['/api/soil-tests', records.soilTest.id],
      ['/api/harvests', records.harvest.id],
      ['/api/visits', records.visit.id],
    ] as const) {
      expect((await as(programme, t.app, { method: 'GET', url: `${url}/${id}` })).statusCode).toBe(200);
    }
    // Their visit stays, no longer saying who walked the field.
    expect(records.visit.visitedBy).toEqual(expect.any(String));
    expect((await as(programme, t.app, { method: 'GET', url: `/api/visits/${records.visit.id}` })).json().data.visitedBy).toBeNull();
    const kept = await db
      .selectFrom('auditEvents')
      .select(['userId'])
      .where(
        'id',
        'in',
        auditLines.map((line) => line.id),
      )
      .execute();
    expect(kept).toHaveLength(auditLines.length);
    expect(new Set(kept.map((line) => line.userId))).toEqual(new Set([null]));
    // The organisation they alone belonged to went with them.
    expect(await db.selectFrom('organisations').select('id').where('id', '=', farmer.ownOrgId).execute()).toEqual([]);
  });

  it('asks the only owner of an organisation with other people to hand it on first', async () => {
    const owner = await registerAccount(t.app);
    const helper = await registerAccount(t.app);
    await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: helper.userId, role: 'manager' }).execute();
    const refused = await as(owner, t.app, { method: 'POST', url: '/api/account/delete', payload: { password: owner.password } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^You are the only owner of .*Make one of them its owner/);
    expect((await as(owner, t.app, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('is one transaction: a failure part way deletes nothing and keeps every message', async () => {
    const phone = '+263771240004';
    const { farmer, records } = await farmerWithRecords(phone);
    const alert = await insertAlert(t.ctx, { orgId: programme.orgId, fieldId: records.field.id, ruleId: 'frost', severity: 'critical' });
    await notifyAlerts(t.ctx, [alert]);
    const db = t.ctx.database.db;
    // The account's last step fails, as a lost connection would.
    await sql`create function refuse_user_delete() returns trigger language plpgsql as $$ begin raise exception 'connection lost'; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_user_delete before delete on users for each row execute function refuse_user_delete()`.execute(db);
    try {
      const failed = await as(farmer, t.app, { method: 'POST', url: '/api/account/delete', payload: { password: farmer.password } });
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_user_delete on users`.execute(db);
      await sql`drop function refuse_user_delete()`.execute(db);
    }
    expect(await db.selectFrom('smsOutbox').select('id').where('toPhone', '=', phone).execute()).toHaveLength(1);
    expect(await db.selectFrom('organisations').select('id').where('id', '=', farmer.ownOrgId).execute()).toHaveLength(1);
    expect((await as(farmer, t.app, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

describe('visit photos in the archives', () => {
  it("hold the photos of the person's visits, and the organisation's, byte for byte", async () => {
    const { farmer, records } = await farmerWithRecords('+263771240007');
    const photoId = newId();
    const visit = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/visits',
      payload: { fieldId: records.field.id, visitDate: '2026-11-22', photos: [{ id: photoId, jpegBase64: TINY_JPEG_BASE64 }] },
    });
    expect(visit.statusCode).toBe(201);
    const name = `visit-photos/${visit.json().data.id}/${photoId}.jpg`;
    for (const [who, url] of [
      [farmer, '/api/account/export'],
      [programme, '/api/organisation/export'],
    ] as const) {
      const response = await as(who, t.app, { method: 'GET', url });
      const entries = unzipSync(new Uint8Array(response.rawPayload));
      expect(Buffer.from(entries[name]!).equals(Buffer.from(TINY_JPEG_BASE64, 'base64'))).toBe(true);
    }
  });
});

describe("an organisation's archive", () => {
  it("holds the organisation's people, farms, fields, records and audit trail, for its owner only", async () => {
    const { farmer, records } = await farmerWithRecords('+263771240005');
    const stranger = await registerAccount(t.app);
    const strangersFarm = (await as(stranger, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Elsewhere' } })).json().data;
    const files = filesOf(await as(programme, t.app, { method: 'GET', url: '/api/organisation/export' }));
    expect(files['members.csv']).toContain(farmer.email);
    expect(files['farms.csv']).toContain(records.farm.id);
    expect(files['harvests.csv']).toContain(records.harvest.id);
    expect(JSON.parse(files['fields.geojson']!).features.map((f: { id: string }) => f.id)).toContain(records.field.id);
    expect(files['audit.csv']).toContain(`,farms,${records.farm.id},created,`);
    expect(JSON.stringify(files)).not.toContain(strangersFarm.id);

    const manager = await member('manager');
    expect((await as(manager, t.app, { method: 'GET', url: '/api/organisation/export' })).statusCode).toBe(403);
  });
});

describe('CSV cells', () => {
  it('quotes what needs quoting and keeps typed formulas as text', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 4.2, -3, '-3', '=HYPERLINK("x")', '@SUM(A1)', new Date(0)])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,4.2,-3,-3,"\'=HYPERLINK(""x"")",\'@SUM(A1),1970-01-01T00:00:00.000Z\r\n',
    );
  });
});
