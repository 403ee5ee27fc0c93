import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@murimi/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../src/integrations/sms/twilio-signature.ts';
import { TINY_JPEG_BASE64, createFarmRecords, insertAlert } from './factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from './harness.ts';

/**
 * Generated bodies thrown at every POST, PUT and PATCH of the OpenAPI document never get a 500: anything a client
 * can send is answered with a 2xx or a 4xx and a message. JSON bodies are built three ways: any JSON at all; the
 * route's own keys with values of any type; and a valid body with one key replaced by something odd. The boundary
 * import takes raw bytes: any bytes, and real boundary files cut short or with bytes changed.
 */
let t: TestApp;
let farmer: TestAccount;
let records: Awaited<ReturnType<typeof createFarmRecords>>;
let alertId: string;
let groupId: string;
let invitationId: string;
let onboardingId: string;

const AT_SECRET = 'callback-secret-of-24-characters-or-more';
const TWILIO_TOKEN = 'twilio-auth-token-for-property-tests';
const PUBLIC_URL = 'https://murimi.example.org';

/** Boundary files as GDAL and Google Earth write them. */
const boundaryFixtures = path.join(import.meta.dirname, 'fixtures/boundaries');

beforeAll(async () => {
  // Zones read an empty imagery catalog: a valid prescription is then refused (no zones yet) without the network.
  const emptyCatalog = mkdtempSync(path.join(tmpdir(), 'murimi-empty-catalog-'));
  writeFileSync(
    path.join(emptyCatalog, 'catalog.json'),
    JSON.stringify({ type: 'Catalog', id: 'empty', stac_version: '1.0.0', links: [] }),
  );
  t = await startTestApp({
    env: {
      IMAGERY_SOURCE: 'demo',
      DEMO_IMAGERY_DIR: emptyCatalog,
      PUBLIC_URL,
      // Messages to support are kept and queued (no job sends them here).
      CONTACT_EMAIL: 'help@murimi.example',
      // SMS goes nowhere (no job runs here); the callbacks of both providers are open to the generated bodies.
      SMS_PROVIDER: 'africastalking',
      AFRICASTALKING_USERNAME: 'murimi',
      AFRICASTALKING_API_KEY: 'test-api-key',
      AFRICASTALKING_API_URL: 'http://127.0.0.1:9',
      AFRICASTALKING_CALLBACK_SECRET: AT_SECRET,
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM: '+15005550006',
    },
  });
  farmer = await registerAccount(t.app);
  records = await createFarmRecords(t.app, farmer);
  await t.ctx.database.db
    .updateTable('users')
    .set({ smsPhone: '+263771234567', smsPhoneVerifiedAt: new Date() })
    .where('id', '=', farmer.userId)
    .execute();
  alertId = await insertAlert(t.ctx, { orgId: farmer.orgId, fieldId: records.field.id });
  groupId = (await as(farmer, t.app, { method: 'POST', url: '/api/organisation/groups', payload: { name: 'Ward 7' } })).json().data.id;
  invitationId = (
    await as(farmer, t.app, {
      method: 'POST',
      url: '/api/organisation/invitations',
      payload: { role: 'viewer', email: 'funder@example.org' },
    })
  ).json().data.id;
  onboardingId = (
    await as(farmer, t.app, {
      method: 'POST',
      url: '/api/organisation/onboarding/check?fileName=farmers.csv',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('Farmer name,Farm name\nChipo Moyo,Moyo plot\n'),
    })
  ).json().data.id;
});
afterAll(() => t?.close());

const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    '',
    ' ',
    -1,
    0,
    1e308,
    -1e308,
    2 ** 53,
    'NaN',
    '2026-13-45',
    '00000000-0000-0000-0000-000000000000',
    '\u0000',
    'é'.repeat(300),
  ),
  fc.uuid(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.array(fc.tuple(fc.double(), fc.double()), { maxLength: 6 }).map((ring) => ({ type: 'Polygon', coordinates: [ring] })),
  fc.record({
    type: fc.constant('Point'),
    coordinates: fc.tuple(fc.double(), fc.double()),
    properties: fc.record({ radius: fc.double(), circle: fc.boolean() }),
  }),
);

function bodies(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  const anyKeys = fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__', 'constructor'), oddValue, { maxKeys: keys.length + 2 });
  // The valid body itself too: a handler must also hold up when the same good request comes again and again.
  if (keys.length === 0) return fc.oneof(fc.jsonValue({ maxDepth: 4 }), anyKeys, fc.constant(valid));
  return fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    anyKeys,
    fc.tuple(fc.constantFrom(...keys), oddValue).map(([key, value]) => ({ ...valid, [key]: value })),
    fc.constant(valid),
  );
}

type Method = 'POST' | 'PUT' | 'PATCH';

/** A route as the OpenAPI document names it (`POST /api/farms/{id}`). */
const routeKey = (method: Method, template: string) => `${method} ${template}`;

/** Every route of the OpenAPI document that takes a request body. */
async function documentedBodyRoutes(): Promise<string[]> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
  return Object.entries(document.paths)
    .flatMap(([template, operations]) =>
      Object.keys(operations)
        .map((method) => method.toUpperCase())
        .filter((method): method is Method => method === 'POST' || method === 'PUT' || method === 'PATCH')
        .map((method) => routeKey(method, template)),
    )
    .sort();
}

/** A boundary file with some bytes changed, cut short, or both. */
function damagedFile(bytes: Buffer) {
  return fc
    .record({
      changes: fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
      keep: fc.integer({ min: 0, max: bytes.length }),
    })
    .map(({ changes, keep }) => {
      const copy = Buffer.from(bytes);
      for (const [at, value] of changes) copy[at] = value;
      return copy.subarray(0, keep);
    });
}

describe('generated request bodies', () => {
  /** Route → the URL to call (or URLs to draw from) and a valid body to vary. */
  const batchIds = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const routes = () => {
    const { farm, field, soilTest, application, irrigationEvent, rainReading, harvest, visit } = records;
    const validField = {
      name: 'F',
      farmId: farm.id,
      boundary: squareBoundary(2),
      cropType: 'maize-grain',
      plantingDate: '2026-11-01',
      irrigated: false,
    };
    const validSoil = { fieldId: field.id, nitrogen: 10, phosphorus: 10, potassium: 100, unit: 'ppm', ph: 6, sampleDate: '2026-01-01' };
    const validApplication = {
      fieldId: field.id,
      product: 'Urea',
      nitrogenPct: 46,
      phosphatePct: 0,
      potashPct: 0,
      rateKgPerHa: 100,
      applicationDate: '2026-12-01',
      method: 'top-dress',
    };
    const validIrrigation = { fieldId: field.id, irrigationDate: '2026-11-21', depthMm: 25, method: 'pivot', notes: 'n' };
    const validVolumeIrrigation = { fieldId: field.id, irrigationDate: '2026-11-21', volumeM3: 1000, method: 'furrow' };
    const validRainReading = { fieldId: field.id, readingDate: '2026-11-22', rainMm: 8, notes: 'n' };
    const validHarvest = {
      fieldId: field.id,
      seasonLabel: '2025/26',
      harvestedTPerHa: 4.5,
      moisturePct: 13,
      harvestDate: '2026-04-20',
      notes: 'n',
    };
    const validVisit = {
      fieldId: field.id,
      visitDate: '2026-11-24',
      cropStage: 'vegetative',
      pestSeen: 'fall armyworm',
      pestCount: 3,
      weeds: 'light',
      waterStatus: 'adequate',
      location: { latitude: -17.9, longitude: 31.2, accuracyM: 8 },
      photos: [{ id: batchIds[0], jpegBase64: TINY_JPEG_BASE64 }],
    };
    const { fieldId: _visitField, visitDate: _visitDate, location: _location, photos: _photos, ...visitChanges } = validVisit;
    // The analysis type and field travel in the path too: known slugs and short names, and what no route knows.
    const analysisRun = fc
      .tuple(
        fc.constantFrom(field.id, field.id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid'),
        fc.constantFrom(
          'health-analysis',
          'unified-yield-analysis',
          'irrigation-recommendation',
          'fertilizer-recommendation',
          'fertilizer',
          'no-such-analysis',
          '%00',
          'é'.repeat(40),
        ),
      )
      .map(([fieldId, type]) => `/api/analysis/${fieldId}/${type}/run`);
    const validRun = {
      field_id: field.id,
      products: ['urea', 'compound-d', { name: 'Local blend', nitrogenPct: 20, phosphatePct: 10, potashPct: 10 }],
    };
    const prescription = fc
      .constantFrom('geojson', 'shapefile', 'kml', '')
      .map((format) => `/api/fields/${field.id}/prescription${format ? `?format=${format}` : ''}`);
    const validPrescription = { zones: 3, ratesKgPerHa: [150, 100, 50], product: 'Urea', from: '2026-11-01', to: '2027-02-01' };
    // An alert of the farmer's, another's id, and what is no id at all.
    const alertUrl = (action: string) =>
      fc.constantFrom(alertId, alertId, '00000000-0000-0000-0000-000000000000', 'not-a-uuid').map((id) => `/api/alerts/${id}/${action}`);
    const validRegistration = { email: 'a@example.org', password: 'password-1', name: 'A', phone: '+263771234567', country: 'ZW' };
    return [
      ['POST', '/api/farms', '/api/farms', { name: 'Farm', location: 'x', district: 'y', country: 'ZW', notes: 'z' }],
      ['PUT', '/api/farms/{id}', `/api/farms/${farm.id}`, { name: 'Farm', country: 'ZW' }],
      ['POST', '/api/fields', '/api/fields', validField],
      ['PUT', '/api/fields/{id}', `/api/fields/${field.id}`, validField],
      ['POST', '/api/fields/bulk', '/api/fields/bulk', { fields: [validField, validField] }],
      ['POST', '/api/soil-tests', '/api/soil-tests', validSoil],
      ['PUT', '/api/soil-tests/{id}', `/api/soil-tests/${soilTest.id}`, validSoil],
      ['POST', '/api/fertilizer-applications', '/api/fertilizer-applications', validApplication],
      ['PUT', '/api/fertilizer-applications/{id}', `/api/fertilizer-applications/${application.id}`, validApplication],
      ['POST', '/api/fertilizer/applications', '/api/fertilizer/applications', validApplication],
      ['PUT', '/api/fertilizer/applications/{id}', `/api/fertilizer/applications/${application.id}`, validApplication],
      ['POST', '/api/irrigation-events', '/api/irrigation-events', validIrrigation],
      ['PUT', '/api/irrigation-events/{id}', `/api/irrigation-events/${irrigationEvent.id}`, validVolumeIrrigation],
      ['POST', '/api/rain-readings', '/api/rain-readings', validRainReading],
      ['PUT', '/api/rain-readings/{id}', `/api/rain-readings/${rainReading.id}`, validRainReading],
      // A batch's items each carry a client id: the same valid body sent again is a replay, answered 200.
      ['POST', '/api/soil-tests/batch', '/api/soil-tests/batch', { items: [{ ...validSoil, id: batchIds[0] }, validSoil] }],
      [
        'POST',
        '/api/fertilizer-applications/batch',
        '/api/fertilizer-applications/batch',
        { items: [{ ...validApplication, id: batchIds[1] }] },
      ],
      [
        'POST',
        '/api/irrigation-events/batch',
        '/api/irrigation-events/batch',
        { items: [{ ...validIrrigation, id: batchIds[2] }, validVolumeIrrigation] },
      ],
      ['POST', '/api/rain-readings/batch', '/api/rain-readings/batch', { items: [{ ...validRainReading, id: batchIds[3] }] }],
      ['POST', '/api/harvests', '/api/harvests', validHarvest],
      ['PUT', '/api/harvests/{id}', `/api/harvests/${harvest.id}`, validHarvest],
      ['POST', '/api/visits', '/api/visits', validVisit],
      ['PUT', '/api/visits/{id}', `/api/visits/${visit.id}`, visitChanges],
      ['POST', '/api/analysis/{fieldId}/{type}/run', analysisRun, validRun],
      ['POST', '/api/fields/{fieldId}/prescription', prescription, validPrescription],
      ['POST', '/api/auth/register', '/api/auth/register', validRegistration],
      ['POST', '/api/auth/login', '/api/auth/login', { email: 'a@example.org', password: 'password-1' }],
      ['POST', '/api/auth/refresh', '/api/auth/refresh', {}],
      ['POST', '/api/auth/forgot-password', '/api/auth/forgot-password', { email: 'a@example.org' }],
      ['POST', '/api/auth/reset-password', '/api/auth/reset-password', { token: 'x'.repeat(43), password: 'password-2' }],
      ['POST', '/api/auth/verify-email', '/api/auth/verify-email', { token: 'x'.repeat(43) }],
      ['POST', '/api/auth/resend-verification', '/api/auth/resend-verification', {}],
      ['PUT', '/api/auth/me', '/api/auth/me', { name: 'A', phone: '+263771234567', country: 'ZW' }],
      ['POST', '/api/alerts/{id}/read', alertUrl('read'), { read: false }],
      ['POST', '/api/alerts/{id}/snooze', alertUrl('snooze'), { until: new Date(Date.now() + 86_400_000).toISOString() }],
      ['POST', '/api/alerts/{id}/resolve', alertUrl('resolve'), { resolved: true }],
      ['PUT', '/api/alert-thresholds', '/api/alert-thresholds', { frostMinTemperatureC: 1, heavyRainDayMm: 30, ndviDrop: 0.12 }],
      ['PUT', '/api/me/notification-preferences', '/api/me/notification-preferences', DEFAULT_NOTIFICATION_PREFERENCES],
      ['POST', '/api/me/sms-phone', '/api/me/sms-phone', { phone: '077 123 4567' }],
      ['POST', '/api/me/sms-phone/verify', '/api/me/sms-phone/verify', { code: '123456' }],
      ['POST', '/api/auth/switch-organisation', '/api/auth/switch-organisation', { organisationId: farmer.orgId }],
      ['POST', '/api/organisation/groups', '/api/organisation/groups', { id: randomUUID(), name: 'Ward 12' }],
      ['PUT', '/api/organisation/groups/{id}', `/api/organisation/groups/${groupId}`, { name: 'Ward 7', agronomistUserIds: [] }],
      // The only owner changing their own role: refused with a sentence, never a 500.
      ['PUT', '/api/organisation/members/{userId}', `/api/organisation/members/${farmer.userId}`, { role: 'manager' }],
      [
        'POST',
        '/api/organisation/invitations',
        '/api/organisation/invitations',
        { role: 'farmer', email: 'farmer@example.org', name: 'F' },
      ],
      ['POST', '/api/organisation/invitations/{id}/resend', `/api/organisation/invitations/${invitationId}/resend`, {}],
      ['POST', '/api/organisation/onboarding/{id}/import', `/api/organisation/onboarding/${onboardingId}/import`, { invite: false }],
      ['POST', '/api/invitations/accept', '/api/invitations/accept', { token: 'x'.repeat(43) }],
      ['PUT', '/api/farms/{id}/assignment', `/api/farms/${farm.id}/assignment`, { groupId, farmerUserId: null }],
      ['POST', '/api/organisation/groups/move-farms', '/api/organisation/groups/move-farms', { farmIds: [farm.id], groupId }],
      ['POST', '/api/reports/generate', '/api/reports/generate', { kind: 'field', fieldId: field.id }],
      ['POST', '/api/reports/{id}/cancel', `/api/reports/${randomUUID()}/cancel`, {}],
      ['POST', '/api/support/messages', '/api/support/messages', { id: randomUUID(), topic: 'question', message: 'How do I log rain?' }],
      [
        'POST',
        '/api/logs',
        '/api/logs',
        {
          logs: [
            {
              timestamp: new Date().toISOString(),
              severity: 'ERROR',
              message: 'Saving failed',
              service: { name: 'murimi-web', version: '1.0.0' },
              sessionId: 'session-property',
            },
          ],
        },
      ],
    ] as const satisfies readonly (readonly [Method, string, string | fc.Arbitrary<string>, Record<string, unknown>])[];
  };
  /** Routes a success would end the caller's session on: each run signs up an account of its own. */
  const ownAccountRoutes = {
    'POST /api/auth/change-password': { currentPassword: 'maize-season-2026', newPassword: 'maize-season-2027' },
    'POST /api/auth/logout': {},
    'POST /api/account/delete': { password: 'maize-season-2026' },
  };
  /** The boundary import reads the raw file, not JSON: a property of its own below. */
  const rawBodyRoutes = ['POST /api/fields/import/preview', 'POST /api/organisation/onboarding/check'];
  /** The SMS providers post forms: a property of their own below. */
  const formBodyRoutes = {
    'POST /api/sms/africastalking/{secret}/inbound': `/api/sms/africastalking/${AT_SECRET}/inbound`,
    'POST /api/sms/africastalking/{secret}/delivery': `/api/sms/africastalking/${AT_SECRET}/delivery`,
    'POST /api/sms/africastalking/{secret}/ussd': `/api/sms/africastalking/${AT_SECRET}/ussd`,
    'POST /api/sms/twilio/inbound': '/api/sms/twilio/inbound',
    'POST /api/sms/twilio/status': '/api/sms/twilio/status',
  };

  it('cover every route of the OpenAPI document that takes a body', async () => {
    const covered = [
      ...routes().map(([method, template]) => routeKey(method, template)),
      ...Object.keys(ownAccountRoutes),
      ...rawBodyRoutes,
      ...Object.keys(formBodyRoutes),
    ].sort();
    // A new POST, PUT or PATCH fails here until it is added to one of the lists above.
    expect(covered).toEqual(await documentedBodyRoutes());
  });

  it('never answer 500 on any POST or PUT', async () => {
    const RUNS_PER_ROUTE = 60;
    let requests = 0;
    for (const [method, template, url, valid] of routes()) {
      const urls = typeof url === 'string' ? fc.constant(url) : url;
      await fc.assert(
        fc.asyncProperty(urls, bodies(valid), fc.integer({ min: 1, max: 250 }), async (target, body, address) => {
          const response = await as(farmer, t.app, {
            method,
            url: target,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
            remoteAddress: `198.18.0.${address}`,
          });
          requests += 1;
          expect(response.statusCode, `${method} ${target} ${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json().error.message, `${method} ${template}`).toEqual(expect.any(String));
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(requests).toBe(routes().length * RUNS_PER_ROUTE);
  }, 300_000);

  it.each(Object.entries(ownAccountRoutes))(
    'never answer 500 on %s (its own account: a success ends the session)',
    async (route, valid) => {
      const [method, url] = route.split(' ') as [Method, string];
      await fc.assert(
        fc.asyncProperty(bodies(valid), async (body) => {
          const account = await registerAccount(t.app);
          const response = await as(account, t.app, {
            method,
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          expect(response.statusCode, `${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
        }),
        { numRuns: 20 },
      );
    },
    120_000,
  );

  it.each(Object.entries(formBodyRoutes))('never answer 500 on %s, whatever form it is sent', async (_route, url) => {
    const fields = [
      'from',
      'to',
      'text',
      'id',
      'date',
      'status',
      'phoneNumber',
      'sessionId',
      'MessageSid',
      'MessageStatus',
      'From',
      'Body',
      'extra',
    ];
    const forms = fc.dictionary(
      fc.constantFrom(...fields),
      fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('+263771234567', 'STATUS', 'IRR 25', '1*2*25', 'Success', 'delivered', '')),
      {
        maxKeys: 8,
      },
    );
    const bodies = fc.oneof(
      forms.map((form) => ({ type: 'application/x-www-form-urlencoded', body: new URLSearchParams(form).toString() })),
      fc.string({ maxLength: 200 }).map((body) => ({ type: 'application/x-www-form-urlencoded', body })),
      fc.jsonValue({ maxDepth: 3 }).map((value) => ({ type: 'application/json', body: JSON.stringify(value) })),
    );
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.constantFrom(url, url.replace(AT_SECRET, 'wrong-secret')),
        fc.boolean(),
        async ({ type, body }, target, signed) => {
          // Half of Twilio's bodies signed as Twilio would, so they reach the handler behind the signature check.
          const form = Object.fromEntries(new URLSearchParams(body));
          const signature = signed ? { 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, `${PUBLIC_URL}${target}`, form) } : {};
          const response = await t.app.inject({
            method: 'POST',
            url: target,
            headers: { 'content-type': type, ...signature },
            payload: body,
          });
          expect(response.statusCode, `${target} ${body} → ${response.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never answer 500 on a boundary file, whatever its bytes, name or content type', async () => {
    const fixtureNames = ['fields.kml', 'google-earth.kmz', 'fields-utm36s.zip', 'fields.geojson', 'fields-walked.gpx'];
    const fixtures = fixtureNames.map((name) => ({ name, bytes: readFileSync(path.join(boundaryFixtures, name)) }));
    // Mostly names the import reads, so that most files reach the readers.
    const fileNames = fc.oneof(
      { arbitrary: fc.constantFrom('farm.kml', 'farm.kmz', 'farm.zip', 'farm.geojson', 'farm.json', 'farm.gpx'), weight: 6 },
      { arbitrary: fc.constantFrom('farm.shp', 'farm', ''), weight: 1 },
      { arbitrary: fc.string({ maxLength: 300 }), weight: 1 },
    );
    const files = fc.oneof(
      fc.record({ bytes: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)), name: fileNames }),
      fc.record({ bytes: fc.jsonValue({ maxDepth: 4 }).map((value) => Buffer.from(JSON.stringify(value))), name: fileNames }),
      // A real file damaged, under its own name or another.
      fc
        .constantFrom(...fixtures)
        .chain((fixture) => fc.record({ bytes: damagedFile(fixture.bytes), name: fc.oneof(fc.constant(fixture.name), fileNames) })),
      // A real file whole, read through to the review with its overlaps.
      fc.constantFrom(...fixtures),
    );
    const contentTypes = fc.oneof(
      { arbitrary: fc.constant('application/octet-stream'), weight: 8 },
      { arbitrary: fc.constantFrom('application/json', 'text/plain'), weight: 1 },
    );
    // Each organisation may read a limited number of files an hour: a new account every few files keeps the
    // readers, not the limit, under test.
    const FILES_PER_ACCOUNT = 20;
    let importer = farmer;
    let filesSent = 0;
    await fc.assert(
      fc.asyncProperty(files, contentTypes, async ({ bytes, name: fileName }, contentType) => {
        if (filesSent > 0 && filesSent % FILES_PER_ACCOUNT === 0) importer = await registerAccount(t.app);
        filesSent += 1;
        const response = await as(importer, t.app, {
          method: 'POST',
          url: `/api/fields/import/preview?fileName=${encodeURIComponent(fileName)}`,
          payload: bytes,
          headers: { 'content-type': contentType },
        });
        expect(response.statusCode, `${fileName} (${contentType}, ${bytes.length} bytes) → ${response.body.slice(0, 300)}`).toBeLessThan(
          500,
        );
        if (response.statusCode >= 400) expect(response.json().error.message).toEqual(expect.any(String));
      }),
      { numRuns: 150 },
    );
  }, 180_000);

  it("never answer 500 on a programme's spreadsheet, whatever its rows, bytes or name", async () => {
    const header = 'Farmer name,Phone,E-mail,Group,Farm name,Crop,Planting date,Latitude,Longitude,Area (ha)';
    const cellText = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('', '"', '""', '0771 234 567', '+263771234567', 'maize', '15/11/2026', '2026-13-45', '-17.8', '31.05', '1e9', 'NaN'),
      fc.double().map(String),
    );
    const rows = fc.array(fc.array(cellText, { minLength: 0, maxLength: 12 }), { maxLength: 15 });
    const bodies = fc.oneof(
      rows.map((cells) => Buffer.from([header, ...cells.map((row) => row.join(','))].join('\n'))),
      fc.uint8Array({ maxLength: 1024 }).map((bytes) => Buffer.from(bytes)),
      fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from(bytes)])),
    );
    const names = fc.constantFrom('farmers.csv', 'farmers.xlsx', 'farmers.xls', 'farmers', '');
    let reader = farmer;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(bodies, names, async (bytes, fileName) => {
        // A new account every few files: the hourly allowance of files read is not what is under test.
        if (sent > 0 && sent % 20 === 0) reader = await registerAccount(t.app);
        sent += 1;
        const response = await as(reader, t.app, {
          method: 'POST',
          url: `/api/organisation/onboarding/check?fileName=${encodeURIComponent(fileName)}`,
          payload: bytes,
          headers: { 'content-type': 'application/octet-stream' },
        });
        expect(response.statusCode, `${fileName} (${bytes.length} bytes) → ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().error.message).toEqual(expect.any(String));
      }),
      { numRuns: 80 },
    );
  }, 120_000);

  it('answers 400 to a body that is not JSON, and 413 to one that is too large', async () => {
    const broken = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/farms',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('The request body is not valid JSON.');
    const huge = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/farms',
      payload: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    const text = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/farms',
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(415);
  });
});
