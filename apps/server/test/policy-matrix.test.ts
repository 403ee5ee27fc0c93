import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '../src/db/schema.ts';
import { guardedRoutes } from '../src/policy/guard.ts';
import { MEMBER_ROLES, NOT_ALLOWED_MESSAGE, POLICY } from '../src/policy/policy.ts';
import { TINY_JPEG_BASE64, anApplication, createFarmRecords, insertAlert, newId } from './factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from './harness.ts';

/**
 * The policy matrix, generated from the one table (`POLICY`) and sent to the real routes: every route behind sign-in ×
 * every role × a farm the person is given ("own") and one they are not ("other"). What each answer must be follows
 * from the table alone: `none` → 403; `assigned` on the other farm → exactly what another organisation's owner gets
 * for the same request (a 404 with the record's not-found words; a bulk import's report); otherwise neither 403, 404
 * nor 500 (an outside service's refusal is fine: the request passed the policy). Lists must not carry the other farm's ids to a role that
 * reaches assigned farms only. A new route without a request here fails the first test.
 */

let t: TestApp;
let owner: TestAccount;
/** An owner of another organisation: what they get for the same request is what "not found" must look like. */
let stranger: TestAccount;
/** The imagery catalogue and weather service, refusing every request at once (a 400 is not retried). */
let outside: Server;
const people = {} as Record<MemberRole, TestAccount>;
type Records = Awaited<ReturnType<typeof createFarmRecords>> & {
  alertId: string;
  analysisId: string;
  photo: { visitId: string; photoId: string };
  reportId: string;
};
const farms = {} as Record<'own' | 'other', Records>;
let groups: { own: string; other: string };

/** A person of their own organisation made a member of `orgId` with `role`, holding a token for it (through the header's switch). */
async function member(orgId: string, role: MemberRole): Promise<TestAccount> {
  const account = await registerAccount(t.app);
  await t.ctx.database.db.insertInto('memberships').values({ orgId, userId: account.userId, role }).execute();
  const switched = await as(account, t.app, { method: 'POST', url: '/api/auth/switch-organisation', payload: { organisationId: orgId } });
  expect(switched.statusCode).toBe(200);
  const token = switched.json().access_token as string;
  return { ...account, orgId, token, headers: { authorization: `Bearer ${token}` } };
}

async function farmRecords(): Promise<Records> {
  const records = await createFarmRecords(t.app, owner);
  const alertId = await insertAlert(t.ctx, { orgId: owner.orgId, fieldId: records.field.id, ruleId: 'frost', date: '2026-06-12' });
  const run = await as(owner, t.app, { method: 'POST', url: `/api/analysis/${records.field.id}/health-analysis/run`, payload: {} });
  expect(run.statusCode).toBe(202);
  const photoId = newId();
  const visitId = await created('/api/visits', {
    fieldId: records.field.id,
    visitDate: '2026-11-23',
    photos: [{ id: photoId, jpegBase64: TINY_JPEG_BASE64 }],
  });
  const report = await as(owner, t.app, {
    method: 'POST',
    url: '/api/reports/generate',
    payload: { kind: 'field', fieldId: records.field.id },
  });
  expect(report.statusCode).toBe(202);
  return { ...records, alertId, analysisId: run.json().data.id, photo: { visitId, photoId }, reportId: report.json().data.id };
}

beforeAll(async () => {
  outside = createServer((_request, response) => response.writeHead(400, { 'content-type': 'application/json' }).end('{}'));
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  const service = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
  t = await startTestApp({
    env: {
      IMAGERY_SOURCE: 'earth-search',
      IMAGERY_STAC_URL: service,
      WEATHER_SOURCE: 'open-meteo',
      OPEN_METEO_FORECAST_URL: `${service}/v1/forecast`,
      OPEN_METEO_ARCHIVE_URL: `${service}/v1/archive`,
    },
  });
  owner = await registerAccount(t.app);
  stranger = await registerAccount(t.app);
  people.owner = owner;
  for (const role of MEMBER_ROLES) if (role !== 'owner') people[role] = await member(owner.orgId, role);
  farms.own = await farmRecords();
  farms.other = await farmRecords();
  const group = async (name: string) =>
    (await as(owner, t.app, { method: 'POST', url: '/api/organisation/groups', payload: { name } })).json().data.id as string;
  groups = { own: await group('Ward 7'), other: await group('Ward 12') };
  const followed = await as(owner, t.app, {
    method: 'PUT',
    url: `/api/organisation/groups/${groups.own}`,
    payload: { agronomistUserIds: [people.agronomist.userId] },
  });
  expect(followed.statusCode).toBe(200);
  for (const [farm, payload] of [
    [farms.own.farm.id, { groupId: groups.own, farmerUserId: people.farmer.userId }],
    [farms.other.farm.id, { groupId: groups.other, farmerUserId: null }],
  ] as const) {
    expect((await as(owner, t.app, { method: 'PUT', url: `/api/farms/${farm}/assignment`, payload })).statusCode).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  outside.close();
});

/** A request to a route, made for one farm's records; `fresh` makes a record to be changed or deleted by that request alone. */
interface SampleRequest {
  url: string;
  payload?: unknown;
  /** Sent with this token instead of the person's own (a sign-out must not end the session the matrix goes on with). */
  token?: string;
}
interface Sample {
  build: (r: Records, who: TestAccount) => Promise<SampleRequest> | SampleRequest;
  /** The route names no farm: sent once per role, its answer depends on the role alone. */
  noFarm?: true;
  /** A list: a role reaching assigned farms must not get the other farm's ids. */
  list?: true;
}

/** The owner's spreadsheet of one farmer, checked: the id of its import. */
const aCheckedSpreadsheet = async () => {
  const response = await as(owner, t.app, {
    method: 'POST',
    url: '/api/organisation/onboarding/check?fileName=farmers.csv',
    headers: { 'content-type': 'application/octet-stream' },
    payload: Buffer.from('Farmer name,Farm name\nChipo Moyo,Moyo plot\n'),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
};

const created = async (url: string, payload: object) => {
  const response = await as(owner, t.app, { method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
};
/** An invitation the owner sent, for a request to resend or withdraw. */
const anInvitation = () => created('/api/organisation/invitations', { role: 'viewer', email: `viewer.${newId()}@example.org` });
const soilTest = (fieldId: string) => ({ fieldId, ph: 6.1, sampleDate: '2026-09-01' });
const irrigation = (fieldId: string) => ({ fieldId, irrigationDate: '2026-11-21', depthMm: 20, method: 'drip' });
/** One rain reading per field and day: each sample on a field of its own on the farm. */
const rain = async (fieldId: string) => {
  const farmId = (await t.ctx.database.db.selectFrom('fields').select('farmId').where('id', '=', fieldId).executeTakeFirstOrThrow()).farmId;
  return { fieldId: await created('/api/fields', aField(farmId)), readingDate: '2026-11-22', rainMm: 4 };
};
const visit = (fieldId: string) => ({ fieldId, visitDate: '2026-11-22', cropStage: 'vegetative', notes: 'Even stand.' });
const harvest = (fieldId: string) => ({ fieldId, seasonLabel: '2024/25', harvestedTPerHa: 3, harvestDate: '2025-04-20' });
const aField = (farmId: string) => ({
  name: `Block ${newId().slice(0, 4)}`,
  farmId,
  boundary: squareBoundary(2, [31.2, -17.9]),
  cropType: 'maize-grain',
  plantingDate: '2026-11-15',
});

/** The owned kinds that share the five routes (and batch), by path. */
const recordKinds = {
  'soil-tests': { body: soilTest, key: 'soilTest', change: { ph: 6.2 } },
  'fertilizer-applications': { body: anApplication, key: 'application', change: { rateKgPerHa: 90 } },
  'fertilizer/applications': { body: anApplication, key: 'application', change: { rateKgPerHa: 95 } },
  'irrigation-events': { body: irrigation, key: 'irrigationEvent', change: { depthMm: 21 } },
  'rain-readings': { body: rain, key: 'rainReading', change: { rainMm: 5 } },
  harvests: { body: harvest, key: 'harvest', change: { harvestedTPerHa: 3.1 } },
  visits: { body: visit, key: 'visit', change: { weeds: 'light' } },
} as const;

const samples: Record<string, Sample> = {
  'GET /api/auth/me': { noFarm: true, build: () => ({ url: '/api/auth/me' }) },
  'PUT /api/auth/me': { noFarm: true, build: () => ({ url: '/api/auth/me', payload: { country: 'ZW' } }) },
  'GET /api/auth/organisations': { noFarm: true, build: () => ({ url: '/api/auth/organisations' }) },
  'POST /api/auth/switch-organisation': {
    noFarm: true,
    build: () => ({ url: '/api/auth/switch-organisation', payload: { organisationId: owner.orgId } }),
  },
  'POST /api/auth/logout': {
    noFarm: true,
    build: async (_r, who) => {
      const session = await as(who, t.app, {
        method: 'POST',
        url: '/api/auth/switch-organisation',
        payload: { organisationId: owner.orgId },
      });
      return { url: '/api/auth/logout', token: session.json().access_token };
    },
  },
  'POST /api/auth/resend-verification': { noFarm: true, build: () => ({ url: '/api/auth/resend-verification' }) },
  // A wrong current password: refused for what it is (never 403 or 404), and nothing changes.
  'POST /api/auth/change-password': {
    noFarm: true,
    build: () => ({
      url: '/api/auth/change-password',
      payload: { currentPassword: 'not-the-password', newPassword: 'a-new-password-2026' },
    }),
  },
  'GET /api/account/export': { noFarm: true, build: () => ({ url: '/api/account/export' }) },
  // A wrong password: refused for what it is, and the account stays.
  'POST /api/account/delete': { noFarm: true, build: () => ({ url: '/api/account/delete', payload: { password: 'not-the-password' } }) },
  'GET /api/organisation/export': { noFarm: true, build: () => ({ url: '/api/organisation/export' }) },
  // Not a file (JSON): a manager is told so (415), anyone else is refused before the body is read.
  'POST /api/organisation/onboarding/check': {
    noFarm: true,
    build: () => ({ url: '/api/organisation/onboarding/check?fileName=farmers.csv', payload: {} }),
  },
  'POST /api/organisation/onboarding/:id/import': {
    noFarm: true,
    build: async () => ({ url: `/api/organisation/onboarding/${await aCheckedSpreadsheet()}/import`, payload: { invite: false } }),
  },
  'GET /api/organisation/onboarding/:id': {
    noFarm: true,
    build: async () => ({ url: `/api/organisation/onboarding/${await aCheckedSpreadsheet()}` }),
  },
  'GET /api/farms': { noFarm: true, list: true, build: () => ({ url: '/api/farms' }) },
  'GET /api/farms/:id': { build: (r) => ({ url: `/api/farms/${r.farm.id}` }) },
  'POST /api/farms': { noFarm: true, build: () => ({ url: '/api/farms', payload: { name: 'New plot' } }) },
  'PUT /api/farms/:id': { build: (r) => ({ url: `/api/farms/${r.farm.id}`, payload: { notes: 'Borehole at the gate' } }) },
  // The farm still has its field: allowed is a 409 that keeps it, refused is 403 or 404.
  'DELETE /api/farms/:id': { build: (r) => ({ url: `/api/farms/${r.farm.id}` }) },
  // A farm of its own, so moving it changes nobody's reach for the requests after.
  'POST /api/organisation/groups/move-farms': {
    noFarm: true,
    build: async () => ({
      url: '/api/organisation/groups/move-farms',
      payload: { farmIds: [await created('/api/farms', { name: `Spare plot ${newId().slice(0, 4)}` })], groupId: groups.other },
    }),
  },
  'PUT /api/farms/:id/assignment': {
    build: (r) => ({
      url: `/api/farms/${r.farm.id}/assignment`,
      payload:
        r === farms.own ? { groupId: groups.own, farmerUserId: people.farmer.userId } : { groupId: groups.other, farmerUserId: null },
    }),
  },
  'POST /api/fields/bulk': { build: (r) => ({ url: '/api/fields/bulk', payload: { fields: [aField(r.farm.id)] } }) },
  'POST /api/fields/import/preview': {
    noFarm: true,
    build: () => ({ url: '/api/fields/import/preview?fileName=none.geojson', payload: {} }),
  },
  'GET /api/fields/export': { build: (r) => ({ url: `/api/fields/export?format=geojson&farmId=${r.farm.id}` }) },
  'GET /api/fields/:id/boundary-versions': { build: (r) => ({ url: `/api/fields/${r.field.id}/boundary-versions` }) },
  'GET /api/fields': { noFarm: true, list: true, build: () => ({ url: '/api/fields?view=map' }) },
  // Counts, no ids: what it reaches is the same index the tiles' points come from, checked as a list below.
  'GET /api/fields/map-summary': { noFarm: true, build: () => ({ url: '/api/fields/map-summary' }) },
  // The zoom 12 tile over both farms' fields (around 31.05° E, 17.83° S): a list of outlines and points, by reach.
  'GET /api/fields/tiles/:z/:x/:y': { noFarm: true, list: true, build: () => ({ url: '/api/fields/tiles/12/2401/2254' }) },
  'GET /api/fields/:id': { build: (r) => ({ url: `/api/fields/${r.field.id}` }) },
  'POST /api/fields': { build: (r) => ({ url: '/api/fields', payload: aField(r.farm.id) }) },
  'PUT /api/fields/:id': { build: (r) => ({ url: `/api/fields/${r.field.id}`, payload: { name: 'Vlei Block' } }) },
  'DELETE /api/fields/:id': { build: async (r) => ({ url: `/api/fields/${await created('/api/fields', aField(r.farm.id))}` }) },
  'GET /api/weather/current': { build: (r) => ({ url: `/api/weather/current?fieldId=${r.field.id}` }) },
  'GET /api/weather/forecast': { build: (r) => ({ url: `/api/weather/forecast?fieldId=${r.field.id}` }) },
  'GET /api/weather/historical': {
    build: (r) => ({ url: `/api/weather/historical?fieldId=${r.field.id}&start=2026-10-01&end=2026-10-07` }),
  },
  'GET /api/weather/:fieldId': { build: (r) => ({ url: `/api/weather/${r.field.id}` }) },
  // One is queued already: allowed is the 409 that says so.
  'POST /api/analysis/:fieldId/:type/run': { build: (r) => ({ url: `/api/analysis/${r.field.id}/health-analysis/run`, payload: {} }) },
  'GET /api/analysis/overview': { noFarm: true, list: true, build: () => ({ url: '/api/analysis/overview' }) },
  'GET /api/analysis/:fieldId/latest-summaries': { build: (r) => ({ url: `/api/analysis/${r.field.id}/latest-summaries` }) },
  'GET /api/analysis/:fieldId/history': { build: (r) => ({ url: `/api/analysis/${r.field.id}/history` }) },
  'GET /api/analysis/:fieldId/:type/:id': { build: (r) => ({ url: `/api/analysis/${r.field.id}/health/${r.analysisId}` }) },
  // Each cancels an analysis of its own, on a new field of the farm.
  'DELETE /api/analysis/:fieldId/:type/:id': {
    build: async (r) => {
      const fieldId = await created('/api/fields', aField(r.farm.id));
      const run = await as(owner, t.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
      return { url: `/api/analysis/${fieldId}/health/${run.json().data.id}` };
    },
  },
  'GET /api/fields/:fieldId/management-zones': { build: (r) => ({ url: `/api/fields/${r.field.id}/management-zones` }) },
  'POST /api/fields/:fieldId/prescription': {
    build: (r) => ({ url: `/api/fields/${r.field.id}/prescription`, payload: { zones: 3, ratesKgPerHa: [120, 100, 80] } }),
  },
  'GET /api/fields/:fieldId/imagery': { build: (r) => ({ url: `/api/fields/${r.field.id}/imagery` }) },
  'GET /api/fields/:fieldId/imagery/:sceneId/:file': { build: (r) => ({ url: `/api/fields/${r.field.id}/imagery/S2A_1/ndvi.png` }) },
  'GET /api/alerts': { noFarm: true, list: true, build: () => ({ url: '/api/alerts' }) },
  'GET /api/alerts/unread-count': { noFarm: true, build: () => ({ url: '/api/alerts/unread-count' }) },
  'GET /api/alerts/:id': { build: (r) => ({ url: `/api/alerts/${r.alertId}` }) },
  'GET /api/visits/:id/photos/:photoId': { build: (r) => ({ url: `/api/visits/${r.photo.visitId}/photos/${r.photo.photoId}` }) },
  'GET /api/visit-queue': { noFarm: true, list: true, build: () => ({ url: '/api/visit-queue' }) },
  'POST /api/alerts/:id/read': { build: (r) => ({ url: `/api/alerts/${r.alertId}/read`, payload: { read: true } }) },
  'POST /api/alerts/:id/snooze': {
    build: (r) => ({ url: `/api/alerts/${r.alertId}/snooze`, payload: { until: new Date(Date.now() + 86_400_000).toISOString() } }),
  },
  'POST /api/alerts/:id/resolve': { build: (r) => ({ url: `/api/alerts/${r.alertId}/resolve`, payload: { resolved: false } }) },
  'GET /api/alert-thresholds': { noFarm: true, build: () => ({ url: '/api/alert-thresholds' }) },
  'PUT /api/alert-thresholds': { noFarm: true, build: () => ({ url: '/api/alert-thresholds', payload: {} }) },
  'GET /api/me/notification-preferences': { noFarm: true, build: () => ({ url: '/api/me/notification-preferences' }) },
  'PUT /api/me/notification-preferences': { noFarm: true, build: () => ({ url: '/api/me/notification-preferences', payload: {} }) },
  'POST /api/me/sms-phone': { noFarm: true, build: () => ({ url: '/api/me/sms-phone', payload: { phone: 'not a phone' } }) },
  'POST /api/me/sms-phone/verify': { noFarm: true, build: () => ({ url: '/api/me/sms-phone/verify', payload: { code: '000000' } }) },
  'GET /api/me/sms-messages': { noFarm: true, build: () => ({ url: '/api/me/sms-messages' }) },
  'DELETE /api/me/sms-phone': { noFarm: true, build: () => ({ url: '/api/me/sms-phone' }) },
  'GET /api/insights/this-week': { noFarm: true, build: () => ({ url: '/api/insights/this-week' }) },
  'GET /api/organisation/members': { noFarm: true, build: () => ({ url: '/api/organisation/members' }) },
  'POST /api/reports/generate': { build: (r) => ({ url: '/api/reports/generate', payload: { kind: 'field', fieldId: r.field.id } }) },
  'GET /api/reports': { noFarm: true, list: true, build: () => ({ url: '/api/reports' }) },
  'GET /api/reports/:id': { build: (r) => ({ url: `/api/reports/${r.reportId}` }) },
  // A field report cannot be cancelled: allowed is the 409 that says so.
  'POST /api/reports/:id/cancel': { noFarm: true, build: (r) => ({ url: `/api/reports/${r.reportId}/cancel` }) },
  // No job runs here: allowed is the 409 that says the report is still being written.
  'GET /api/reports/:id/download': { build: (r) => ({ url: `/api/reports/${r.reportId}/download` }) },
  'GET /api/programme/figures': { noFarm: true, build: () => ({ url: '/api/programme/figures' }) },
  'GET /api/organisation/billing': { noFarm: true, build: () => ({ url: '/api/organisation/billing' }) },
  // This server has no CONTACT_EMAIL: allowed is the 503 that says so.
  'POST /api/support/messages': {
    noFarm: true,
    build: () => ({
      url: '/api/support/messages',
      payload: { id: newId(), topic: 'question', message: 'Where do I see my rain records?' },
    }),
  },
  'PUT /api/organisation/members/:userId': {
    noFarm: true,
    build: () => ({ url: `/api/organisation/members/${people.farmer.userId}`, payload: { role: 'farmer' } }),
  },
  'DELETE /api/organisation/members/:userId': {
    noFarm: true,
    build: async () => {
      const leaving = await registerAccount(t.app);
      await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: leaving.userId, role: 'viewer' }).execute();
      return { url: `/api/organisation/members/${leaving.userId}` };
    },
  },
  'GET /api/organisation/invitations': { noFarm: true, build: () => ({ url: '/api/organisation/invitations' }) },
  'POST /api/organisation/invitations': {
    noFarm: true,
    build: () => ({ url: '/api/organisation/invitations', payload: { role: 'viewer', email: `funder.${newId()}@example.org` } }),
  },
  'POST /api/organisation/invitations/:id/resend': {
    noFarm: true,
    build: async () => ({ url: `/api/organisation/invitations/${await anInvitation()}/resend` }),
  },
  'DELETE /api/organisation/invitations/:id': {
    noFarm: true,
    build: async () => ({ url: `/api/organisation/invitations/${await anInvitation()}` }),
  },
  // A link that is no invitation: refused for what it is, to anyone signed in.
  'POST /api/invitations/accept': { noFarm: true, build: () => ({ url: '/api/invitations/accept', payload: { token: 'x'.repeat(43) } }) },
  'GET /api/audit': { noFarm: true, build: () => ({ url: `/api/audit?recordId=${farms.own.field.id}` }) },
  'GET /api/organisation/groups': { noFarm: true, build: () => ({ url: '/api/organisation/groups' }) },
  'POST /api/organisation/groups': {
    noFarm: true,
    build: () => ({ url: '/api/organisation/groups', payload: { name: `Club ${newId()}` } }),
  },
  'PUT /api/organisation/groups/:id': {
    noFarm: true,
    build: () => ({ url: `/api/organisation/groups/${groups.other}`, payload: { name: 'Ward 12' } }),
  },
};
for (const [path, kind] of Object.entries(recordKinds)) {
  const record = (r: Records) => (r as unknown as Record<string, { id: string }>)[kind.key]!.id;
  Object.assign(samples, {
    [`GET /api/${path}`]: { noFarm: true, list: true, build: () => ({ url: `/api/${path}` }) },
    [`GET /api/${path}/:id`]: { build: (r: Records) => ({ url: `/api/${path}/${record(r)}` }) },
    [`POST /api/${path}`]: { build: async (r: Records) => ({ url: `/api/${path}`, payload: await kind.body(r.field.id) }) },
    [`PUT /api/${path}/:id`]: { build: (r: Records) => ({ url: `/api/${path}/${record(r)}`, payload: kind.change }) },
    [`DELETE /api/${path}/:id`]: {
      build: async (r: Records) => ({ url: `/api/${path}/${await created(`/api/${path}`, await kind.body(r.field.id))}` }),
    },
  } satisfies Record<string, Sample>);
  if (path !== 'harvests' && path !== 'visits' && path !== 'fertilizer/applications') {
    // A batch answers 200 with each item's own status: the item is refused as its single create would be.
    samples[`POST /api/${path}/batch`] = {
      build: async (r) => ({ url: `/api/${path}/batch`, payload: { items: [{ id: newId(), ...(await kind.body(r.field.id)) }] } }),
    };
  }
}

const NOT_FOUND_WORDS =
  /^(Farm|Field|Soil test|Fertilizer application|Irrigation|Rain reading|Harvest|Visit|Photo|Alert|Analysis|Report) not found/;

/** The status (and for a batch, the item's status) and error of an answer. */
function outcome(response: { statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown }): {
  status: number;
  message?: string;
  code?: string;
} {
  // An empty answer or a download (an archive) says its status only.
  if (response.body === '' || !String(response.headers['content-type']).startsWith('application/json'))
    return { status: response.statusCode };
  const body = response.json() as {
    results?: { status: number; error?: { message: string; code: string } }[];
    error?: { message: string; code: string };
  };
  const item = body?.results?.[0];
  if (item) return { status: item.status, message: item.error?.message, code: item.error?.code };
  return { status: response.statusCode, message: body?.error?.message, code: body?.error?.code };
}

describe('the policy matrix', () => {
  it('has a request for every route behind sign-in, and every route names an action of the table', () => {
    expect([...guardedRoutes.keys()].sort()).toEqual(Object.keys(samples).sort());
    for (const access of guardedRoutes.values()) expect(Object.keys(POLICY)).toContain(access.action);
  });

  for (const role of MEMBER_ROLES) {
    it(`${role}: every route answers as the table says, on a farm they are given and one they are not`, async () => {
      const refusals: string[] = [];
      for (const [route, sample] of Object.entries(samples)) {
        const access = guardedRoutes.get(route);
        if (!access) continue;
        const reach = POLICY[access.action][role];
        for (const target of sample.noFarm ? (['own'] as const) : (['own', 'other'] as const)) {
          const { url, payload, token } = await sample.build(farms[target], people[role]);
          const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
          const who = token ? { ...people[role], headers: { authorization: `Bearer ${token}` } } : people[role];
          const response = await as(who, t.app, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
          const got = outcome(response);
          const expected = reach === 'none' ? 'refused' : reach === 'assigned' && target === 'other' ? 'not found' : 'allowed';
          let fits: boolean;
          if (expected === 'refused') fits = got.status === 403 && got.message === NOT_ALLOWED_MESSAGE;
          else if (expected === 'allowed') fits = got.status !== 403 && got.status !== 404 && got.status !== 500;
          else {
            // Exactly what another organisation's owner is answered for the same request.
            const again = await sample.build(farms[target], stranger);
            const theirs = outcome(
              await as(stranger, t.app, {
                method,
                url: again.url,
                ...(again.payload === undefined ? {} : { payload: again.payload as object }),
              }),
            );
            fits =
              got.status === theirs.status &&
              got.message === theirs.message &&
              (got.status === 404 ? NOT_FOUND_WORDS.test(got.message ?? '') : got.status === 400);
          }
          if (!fits) refusals.push(`${route} (${target}): expected ${expected}, got ${got.status} ${got.message ?? ''}`);
          if (sample.list && expected === 'allowed' && reach === 'assigned') {
            const text = response.body;
            for (const id of [farms.other.farm.id, farms.other.field.id]) {
              if (text.includes(id)) refusals.push(`${route}: the list holds the other farm's ${id}`);
            }
          }
        }
      }
      expect(refusals).toEqual([]);
    }, 120_000);
  }
});

describe('reach in lists', () => {
  it("gives a farmer their farm and its fields only, an agronomist their group's, a manager every one", async () => {
    const ids = async (who: TestAccount, url: string) =>
      (await as(who, t.app, { method: 'GET', url })).json().data.map((x: { id: string }) => x.id);
    expect(await ids(people.farmer, '/api/farms')).toContain(farms.own.farm.id);
    expect(await ids(people.farmer, '/api/farms')).not.toContain(farms.other.farm.id);
    expect(await ids(people.agronomist, '/api/fields')).toContain(farms.own.field.id);
    expect(await ids(people.agronomist, '/api/fields')).not.toContain(farms.other.field.id);
    expect(await ids(people.manager, '/api/fields')).toEqual(expect.arrayContaining([farms.own.field.id, farms.other.field.id]));
    // Map View counts what the list gives, the same reach.
    const counted = async (who: TestAccount) =>
      (await as(who, t.app, { method: 'GET', url: '/api/fields/map-summary' })).json().count as number;
    expect(await counted(people.agronomist)).toBe((await ids(people.agronomist, '/api/fields')).length);
    expect(await counted(people.manager)).toBe((await ids(people.manager, '/api/fields')).length);
    expect(await counted(people.agronomist)).toBeLessThan(await counted(people.manager));
  });

  it('a farm a farmer creates is assigned to them', async () => {
    const made = await as(people.farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'My new plot' } });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.farmerUserId).toBe(people.farmer.userId);
    const read = await as(people.farmer, t.app, { method: 'GET', url: `/api/farms/${made.json().data.id}` });
    expect(read.statusCode).toBe(200);
  });
});
