import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anApplication, createFarmRecords, insertAlert } from './factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from './harness.ts';

/** Every owned record answers 404 to another organisation: reading, changing, deleting, or hanging records from it. */
let t: TestApp;
let owner: TestAccount;
let stranger: TestAccount;
let records: Awaited<ReturnType<typeof createFarmRecords>>;
let alertId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerAccount(t.app);
  stranger = await registerAccount(t.app);
  records = await createFarmRecords(t.app, owner);
  await createFarmRecords(t.app, stranger);
  alertId = await insertAlert(t.ctx, { orgId: owner.orgId, fieldId: records.field.id, ruleId: 'frost', date: '2026-06-12' });
});
afterAll(() => t.close());

describe("another organisation's records", () => {
  const cases = () => {
    const { farm, field, soilTest, application, irrigationEvent, rainReading, harvest, visit } = records;
    return [
      ['GET', `/api/farms/${farm.id}`, undefined],
      ['PUT', `/api/farms/${farm.id}`, { name: 'Taken' }],
      ['DELETE', `/api/farms/${farm.id}`, undefined],
      ['GET', `/api/fields/${field.id}`, undefined],
      ['PUT', `/api/fields/${field.id}`, { name: 'Taken' }],
      ['DELETE', `/api/fields/${field.id}`, undefined],
      ['GET', `/api/fields?farmId=${farm.id}`, undefined],
      ['GET', `/api/fields/${field.id}/boundary-versions`, undefined],
      ['POST', '/api/fields', { name: 'Squat', farmId: farm.id, boundary: squareBoundary(2) }],
      ['GET', `/api/soil-tests/${soilTest.id}`, undefined],
      ['PUT', `/api/soil-tests/${soilTest.id}`, { ph: 4 }],
      ['DELETE', `/api/soil-tests/${soilTest.id}`, undefined],
      ['GET', `/api/soil-tests?fieldId=${field.id}`, undefined],
      ['POST', '/api/soil-tests', { fieldId: field.id, ph: 7, sampleDate: '2026-01-01' }],
      ['GET', `/api/fertilizer-applications/${application.id}`, undefined],
      ['PUT', `/api/fertilizer-applications/${application.id}`, { rateKgPerHa: 1 }],
      ['DELETE', `/api/fertilizer-applications/${application.id}`, undefined],
      ['GET', `/api/fertilizer/applications/${application.id}`, undefined],
      ['DELETE', `/api/fertilizer/applications/${application.id}`, undefined],
      ['GET', `/api/fertilizer-applications?fieldId=${field.id}`, undefined],
      ['GET', `/api/irrigation-events/${irrigationEvent.id}`, undefined],
      ['PUT', `/api/irrigation-events/${irrigationEvent.id}`, { depthMm: 1 }],
      ['DELETE', `/api/irrigation-events/${irrigationEvent.id}`, undefined],
      ['GET', `/api/irrigation-events?fieldId=${field.id}`, undefined],
      ['POST', '/api/irrigation-events', { fieldId: field.id, irrigationDate: '2026-11-20', depthMm: 20, method: 'drip' }],
      ['GET', `/api/rain-readings/${rainReading.id}`, undefined],
      ['PUT', `/api/rain-readings/${rainReading.id}`, { rainMm: 1 }],
      ['DELETE', `/api/rain-readings/${rainReading.id}`, undefined],
      ['GET', `/api/rain-readings?fieldId=${field.id}`, undefined],
      ['POST', '/api/rain-readings', { fieldId: field.id, readingDate: '2026-11-21', rainMm: 1 }],
      ['GET', `/api/harvests/${harvest.id}`, undefined],
      ['PUT', `/api/harvests/${harvest.id}`, { harvestedTPerHa: 1 }],
      ['DELETE', `/api/harvests/${harvest.id}`, undefined],
      ['GET', `/api/harvests?fieldId=${field.id}`, undefined],
      ['POST', '/api/harvests', { fieldId: field.id, seasonLabel: '2024/25', harvestedTPerHa: 3, harvestDate: '2025-04-20' }],
      ['GET', `/api/visits/${visit.id}`, undefined],
      ['PUT', `/api/visits/${visit.id}`, { notes: 'Taken' }],
      ['DELETE', `/api/visits/${visit.id}`, undefined],
      ['GET', `/api/visits?fieldId=${field.id}`, undefined],
      ['GET', `/api/visits/${visit.id}/photos/${randomUUID()}`, undefined],
      ['POST', '/api/visits', { fieldId: field.id, visitDate: '2026-11-22' }],
      ['POST', '/api/organisation/groups/move-farms', { farmIds: [farm.id], groupId: null }],
      ['POST', '/api/reports/generate', { kind: 'field', fieldId: field.id }],
      ['POST', '/api/reports/generate', { kind: 'farm', farmId: farm.id }],
      ['GET', `/api/alerts/${alertId}`, undefined],
      ['POST', `/api/alerts/${alertId}/read`, { read: true }],
      ['POST', `/api/alerts/${alertId}/snooze`, { until: new Date(Date.now() + 86_400_000).toISOString() }],
      ['POST', `/api/alerts/${alertId}/resolve`, { resolved: true }],
      ['GET', `/api/alerts?fieldId=${field.id}`, undefined],
      ['POST', '/api/fertilizer-applications', anApplication(field.id)],
    ] as const;
  };

  it('answers 404 to every read, change, delete or child record', async () => {
    for (const [method, url, payload] of cases()) {
      const response = await as(stranger, t.app, { method, url, ...(payload ? { payload } : {}) });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      expect(JSON.stringify(response.json())).not.toContain(records.farm.name);
    }
  });

  it('leaves the records exactly as they were', async () => {
    const { farm, field, soilTest, application, irrigationEvent, rainReading, harvest } = records;
    expect((await as(owner, t.app, { method: 'GET', url: `/api/farms/${farm.id}` })).json().data).toEqual(farm);
    expect((await as(owner, t.app, { method: 'GET', url: `/api/irrigation-events/${irrigationEvent.id}` })).json().data).toEqual(
      irrigationEvent,
    );
    expect((await as(owner, t.app, { method: 'GET', url: `/api/rain-readings/${rainReading.id}` })).json().data).toEqual(rainReading);
    expect((await as(owner, t.app, { method: 'GET', url: `/api/harvests/${harvest.id}` })).json().data).toEqual(harvest);
    expect((await as(owner, t.app, { method: 'GET', url: `/api/visits/${records.visit.id}` })).json().data).toEqual(records.visit);
    expect((await as(owner, t.app, { method: 'GET', url: `/api/fields/${field.id}` })).json().data).toEqual(field);
    expect((await as(owner, t.app, { method: 'GET', url: `/api/soil-tests/${soilTest.id}` })).json().data).toEqual(soilTest);
    expect((await as(owner, t.app, { method: 'GET', url: `/api/fertilizer-applications/${application.id}` })).json().data).toEqual(
      application,
    );
    const alert = (await as(owner, t.app, { method: 'GET', url: `/api/alerts/${alertId}` })).json().data;
    expect(alert).toMatchObject({ id: alertId, read: false, snoozedUntil: null, resolvedAt: null });
  });

  it('never lists them', async () => {
    for (const url of [
      '/api/farms',
      '/api/fields',
      '/api/soil-tests',
      '/api/fertilizer-applications',
      '/api/irrigation-events',
      '/api/rain-readings',
      '/api/harvests',
      '/api/visits',
    ]) {
      const ids = (await as(stranger, t.app, { method: 'GET', url })).json().data.map((r: { id: string }) => r.id);
      expect(ids).toHaveLength(1);
      expect(ids).not.toContain(Object.values(records).map((r) => r.id));
    }
    // Map View counts only their own field.
    expect((await as(stranger, t.app, { method: 'GET', url: '/api/fields/map-summary' })).json()).toMatchObject({ count: 1 });
    expect((await as(stranger, t.app, { method: 'GET', url: '/api/alerts?status=all' })).json().data).toEqual([]);
    expect((await as(stranger, t.app, { method: 'GET', url: '/api/alerts/unread-count' })).json().data).toEqual({ unread: 0 });
    expect((await as(owner, t.app, { method: 'GET', url: '/api/alerts/unread-count' })).json().data).toEqual({ unread: 1 });
  });

  it('answers 404 for each item of a batch hung from their field, and 409 for an item reusing their id, and stores none', async () => {
    const { field, soilTest } = records;
    const items = {
      'soil-tests': { fieldId: field.id, ph: 7, sampleDate: '2026-01-01' },
      'fertilizer-applications': anApplication(field.id),
      'irrigation-events': { fieldId: field.id, irrigationDate: '2026-11-20', depthMm: 20, method: 'drip' },
      'rain-readings': { fieldId: field.id, readingDate: '2026-11-21', rainMm: 1 },
    };
    for (const [path, item] of Object.entries(items)) {
      const id = randomUUID();
      const response = await as(stranger, t.app, { method: 'POST', url: `/api/${path}/batch`, payload: { items: [{ ...item, id }] } });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
      expect({ path, result: response.json().results }).toEqual({ path, result: [expect.objectContaining({ id, status: 404 })] });
      expect(JSON.stringify(response.json())).not.toContain(records.farm.name);
    }
    const strangerField = (await as(stranger, t.app, { method: 'GET', url: '/api/fields' })).json().data[0].id;
    const reused = await as(stranger, t.app, {
      method: 'POST',
      url: '/api/soil-tests/batch',
      payload: { items: [{ id: soilTest.id, fieldId: strangerField, ph: 6, sampleDate: '2026-01-01' }] },
    });
    expect(reused.json().results).toEqual([expect.objectContaining({ id: soilTest.id, status: 409 })]);
    // Nothing of their record comes back: no data, only the refusal.
    expect(reused.json().results[0]).not.toHaveProperty('data');
    expect((await as(owner, t.app, { method: 'GET', url: `/api/soil-tests/${soilTest.id}` })).json().data).toEqual(soilTest);
  });

  it('refuses to reuse their ids for a new record of ours (conflict, no data)', async () => {
    const response = await as(stranger, t.app, { method: 'POST', url: '/api/farms', payload: { id: records.farm.id, name: 'Same id' } });
    expect(response.statusCode).toBe(409);
    expect(JSON.stringify(response.json())).not.toContain(records.farm.name);
  });
});

describe('routes that need a session', () => {
  it('answer 401 without a token: every route the API documents as signed-in', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const signedIn: string[] = [];
    const open: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace('{id}', records.farm.id);
        (operation.security?.length ? signedIn : open).push(`${method.toUpperCase()} ${url}`);
        if (!operation.security?.length) continue;
        const response = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          payload: method === 'get' || method === 'delete' ? undefined : {},
        });
        expect({ route: `${method} ${path}`, status: response.statusCode }).toEqual({ route: `${method} ${path}`, status: 401 });
      }
    }
    expect(signedIn.length).toBeGreaterThanOrEqual(24);
    // The only routes open without a session: health (liveness and readiness too), public settings, crops, the sign-in
    // flows, an invitation link's preview (the link is the proof: invitations.test.ts), the metrics (for a scraper's
    // token: notification-settings.test.ts), the browser's log entries (from public pages and beacons too, limited
    // and redacted: client-logs.test.ts), and the SMS providers' callbacks (which prove themselves by signature or
    // secret instead: sms-channels.test.ts).
    expect(open.map((r) => r.split(' ')[1]).sort()).toEqual(
      [
        '/api/sms/africastalking/{secret}/delivery',
        '/api/sms/africastalking/{secret}/inbound',
        '/api/sms/africastalking/{secret}/ussd',
        '/api/sms/twilio/inbound',
        '/api/sms/twilio/status',
        '/api/auth/forgot-password',
        '/api/auth/login',
        '/api/auth/refresh',
        '/api/auth/register',
        '/api/auth/reset-password',
        '/api/auth/verify-email',
        '/api/crop-types',
        '/api/health',
        '/api/health/live',
        '/api/health/ready',
        '/api/invitations/preview',
        '/api/logs',
        '/api/metrics',
        '/api/public-config',
      ].sort(),
    );
  });
});
