import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { CONTACT_EMAIL: 'hello@murimi.example', CONTACT_PHONE: '+263 242 000 000' } });
});
afterAll(() => t.close());

describe('the app shell', () => {
  it('reports health: version, database and queue', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      version: '1.0.0',
      database: { reachable: true, backend: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
      queue: { running: true, working: false },
    });
  });

  it('answers 503 degraded when the database does not answer', async () => {
    const reachable = t.ctx.database.isReachable;
    t.ctx.database.isReachable = async () => false;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    } finally {
      t.ctx.database.isReachable = reachable;
    }
  });

  it('serves the public settings the pricing page shows', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json()).toEqual({
      productName: 'Murimi',
      version: '1.0.0',
      contactEmail: 'hello@murimi.example',
      contactPhone: '+263 242 000 000',
      basemap: { satelliteTilesUrl: expect.stringContaining('{z}'), overlayTilesUrls: expect.any(Array), attribution: expect.any(String) },
      features: { errorReporting: true, debugLogging: false, devPages: false },
    });
  });

  it('serves an OpenAPI document at /api/docs listing the routes with their schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/fields', '/api/fields/{id}', '/api/auth/login', '/api/soil-tests', '/api/fertilizer/applications']),
    );
    const createField = document.paths['/api/fields'].post;
    expect(Object.keys(createField.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'farmId', 'boundary', 'cropType', 'plantingDate', 'soilTexture', 'irrigated']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // PUBLIC_URL is http here: HSTS only behind https (security-headers.test.ts).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('lists at least 50 crops with FAO-56 numbers and their sources', async () => {
    const crops = (await t.app.inject({ method: 'GET', url: '/api/crop-types' })).json().data;
    expect(crops.length).toBeGreaterThanOrEqual(50);
    const maize = crops.find((c: { id: string }) => c.id === 'maize-grain');
    expect(maize).toMatchObject({
      stageLengthsDays: { initial: 25, development: 40, midSeason: 45, lateSeason: 30 },
      depletionFraction: 0.55,
    });
    expect(maize.sources.join(' ')).toContain('FAO-56');
  });
});
