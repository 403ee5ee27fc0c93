import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmRecords } from './factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from './harness.ts';

/**
 * Generated bodies thrown at every POST and PUT never get a 500: anything a client can send is answered
 * with a 2xx or a 4xx and a message. Bodies are built three ways: any JSON at all; the route's own keys with
 * values of any type; and a valid body with one key replaced by something odd.
 */
let t: TestApp;
let farmer: TestAccount;
let records: Awaited<ReturnType<typeof createFarmRecords>>;

beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  records = await createFarmRecords(t.app, farmer);
});
afterAll(() => t.close());

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
  return fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__', 'constructor'), oddValue, { maxKeys: keys.length + 2 }),
    fc.tuple(fc.constantFrom(...keys), oddValue).map(([key, value]) => ({ ...valid, [key]: value })),
  );
}

describe('generated request bodies', () => {
  const routes = () => {
    const { farm, field, soilTest, application } = records;
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
    return [
      ['POST', '/api/farms', { name: 'Farm', location: 'x', district: 'y', country: 'ZW', notes: 'z' }],
      ['PUT', `/api/farms/${farm.id}`, { name: 'Farm', country: 'ZW' }],
      ['POST', '/api/fields', validField],
      ['PUT', `/api/fields/${field.id}`, validField],
      ['POST', '/api/fields/bulk', { fields: [validField, validField] }],
      ['POST', '/api/soil-tests', validSoil],
      ['PUT', `/api/soil-tests/${soilTest.id}`, validSoil],
      ['POST', '/api/fertilizer-applications', validApplication],
      ['PUT', `/api/fertilizer-applications/${application.id}`, validApplication],
      ['POST', '/api/auth/register', { email: 'a@example.org', password: 'password-1', name: 'A', phone: '+263771234567', country: 'ZW' }],
      ['POST', '/api/auth/login', { email: 'a@example.org', password: 'password-1' }],
      ['POST', '/api/auth/forgot-password', { email: 'a@example.org' }],
      ['POST', '/api/auth/reset-password', { token: 'x'.repeat(43), password: 'password-2' }],
      ['POST', '/api/auth/verify-email', { token: 'x'.repeat(43) }],
      ['PUT', '/api/auth/me', { name: 'A', phone: '+263771234567', country: 'ZW' }],
    ] as const;
  };

  it('never answer 500 on any POST or PUT', async () => {
    let requests = 0;
    for (const [method, url, valid] of routes()) {
      await fc.assert(
        fc.asyncProperty(bodies(valid), fc.integer({ min: 1, max: 250 }), async (body, address) => {
          const response = await as(farmer, t.app, {
            method,
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
            remoteAddress: `198.18.0.${address}`,
          });
          requests += 1;
          expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json().error.message).toEqual(expect.any(String));
        }),
        { numRuns: 60 },
      );
    }
    expect(requests).toBe(routes().length * 60);
  }, 240_000);

  it('never answer 500 on change-password (its own account: a success ends the session)', async () => {
    await fc.assert(
      fc.asyncProperty(bodies({ currentPassword: 'maize-season-2026', newPassword: 'maize-season-2027' }), async (body) => {
        const account = await registerAccount(t.app);
        const response = await as(account, t.app, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 20 },
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
