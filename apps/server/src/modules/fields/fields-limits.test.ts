import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../test/factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { MAX_CORNERS_PER_IMPORT } from './fields.import.ts';
import { MAX_OVERLAP_CLIP_CORNERS } from './fields.overlaps.ts';
import { nearCircle } from '../../../test/near-circle.ts';

const geoJsonFile = (rings: [number, number][][]) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: rings.map((ring, i) => ({
        type: 'Feature',
        properties: { name: `Circle ${i + 1}` },
        geometry: { type: 'Polygon', coordinates: [ring] },
      })),
    }),
  );

describe('quotas per organisation', () => {
  let t: TestApp;
  let farmer: TestAccount;
  let farmId: string;
  beforeAll(async () => {
    // Small quotas so that a test reaches them quickly; the defaults are stated in the README.
    t = await startTestApp({
      env: { QUOTA_FIELDS: '3', QUOTA_CORNERS_PER_FIELD: '50', QUOTA_GEOMETRY_MB: '1', QUOTA_IMPORTS_PER_HOUR: '2' },
    });
    farmer = await registerAccount(t.app);
    farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Home' } })).json().data.id;
  });
  afterAll(() => t.close());

  const field = (name: string, lng: number, boundary: unknown = squareBoundary(2, [lng, -17.9])) => ({ name, farmId, boundary });
  const create = (body: Record<string, unknown>, account = farmer) =>
    as(account, t.app, { method: 'POST', url: '/api/fields', payload: body });

  it('refuses a boundary with more corners than a field may have, saving nothing', async () => {
    const response = await create(field('Detailed', 31.0, { type: 'Polygon', coordinates: [nearCircle(60, [31.0, -17.9])] }));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringMatching(/60 corners; a field may have at most 50/),
    });
    const list = await as(farmer, t.app, { method: 'GET', url: '/api/fields' });
    expect(list.json().data).toHaveLength(0);
  });

  it('stops at the number of fields an organisation may have, counts replays once, and bulk creates too', async () => {
    const firstId = newId();
    expect((await create({ ...field('One', 31.1), id: firstId })).statusCode).toBe(201);
    expect((await create(field('Two', 31.11))).statusCode).toBe(201);
    const bulk = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields/bulk',
      payload: { fields: [field('Three', 31.12), field('Four', 31.13)] },
    });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json().error.message).toMatch(/has 2 fields and may have at most 3, so 1 more can be added, not 2/);
    expect((await create(field('Three', 31.12))).statusCode).toBe(201);
    const fourth = await create(field('Four', 31.13));
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error.message).toMatch(/may have at most 3\. Delete fields you no longer farm/);
    // An offline replay of a create already stored is not a new field.
    expect((await create({ ...field('One', 31.1), id: firstId })).statusCode).toBe(200);
    // Another organisation has its own allowance.
    const neighbour = await registerAccount(t.app);
    const neighbourFarm = (await as(neighbour, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'N' } })).json().data.id;
    expect((await create({ name: 'Theirs', farmId: neighbourFarm, boundary: squareBoundary(2) }, neighbour)).statusCode).toBe(201);
  });

  it('limits boundary files read per hour, with Retry-After', async () => {
    const file = geoJsonFile([nearCircle(20, [31.3, -17.9])]);
    const preview = () =>
      as(farmer, t.app, {
        method: 'POST',
        url: '/api/fields/import/preview?fileName=f.geojson',
        payload: file,
        headers: { 'content-type': 'application/octet-stream' },
      });
    expect((await preview()).statusCode).toBe(200);
    expect((await preview()).statusCode).toBe(200);
    const third = await preview();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(3600);
    t.clock.offsetMs += 3601_000;
    expect((await preview()).statusCode).toBe(200);
  });
});

describe('stored boundary bytes per organisation', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('refuses a field that would take the organisation over its boundary storage', async () => {
    t = await startTestApp({ env: { QUOTA_GEOMETRY_MB: '1' } });
    const farmer = await registerAccount(t.app);
    const farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Home' } })).json().data.id;
    // Each 5,000-corner boundary is ~200 KB of JSON: five fit in 1 MB, the sixth does not.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const boundary = { type: 'Polygon', coordinates: [nearCircle(5_000, [31 + i * 0.02, -17.9])] };
      statuses.push(
        (await as(farmer, t.app, { method: 'POST', url: '/api/fields', payload: { name: `F${i}`, farmId, boundary } })).statusCode,
      );
    }
    expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201]);
    expect(statuses.at(-1)).toBe(403);
  });
});

describe('work one request may cause', () => {
  let t: TestApp;
  let farmer: TestAccount;
  beforeAll(async () => {
    t = await startTestApp();
    farmer = await registerAccount(t.app);
  });
  afterAll(() => t.close());

  const preview = (bytes: Buffer) =>
    as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields/import/preview?fileName=fields.geojson',
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });

  it('refuses a file with more corners than one import checks, before checking any', async () => {
    // 101 near-circles of 5,000 corners: 505,101 positions, one file over the budget.
    const rings = Array.from({ length: 101 }, (_, i) => nearCircle(5_000, [31 + (i % 10) * 0.003, -17.9 + Math.floor(i / 10) * 0.003]));
    const response = await preview(geoJsonFile(rings));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(
      new RegExp(`holds? 505,101 corners; Murimi checks at most ${MAX_CORNERS_PER_IMPORT.toLocaleString('en-US')} in one import`),
    );
  });

  it('checks overlaps up to its budget and says which drafts were not fully compared', async () => {
    // 100 overlapping near-circles of 2,000 corners (~50 each once simplified): 4,950 pairs to clip, about
    // 500,000 corners of clipping, far more than the budget allows.
    const rings = Array.from({ length: 100 }, (_, i) => nearCircle(2_000, [31 + (i % 10) * 0.001, -17.9 + Math.floor(i / 10) * 0.001]));
    const response = await preview(geoJsonFile(rings));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.drafts).toHaveLength(100);
    expect(data.drafts.every((d: { status: string }) => d.status === 'ready')).toBe(true);
    const checked = data.drafts.filter((d: { overlapsChecked: boolean }) => d.overlapsChecked);
    const unchecked = data.drafts.filter((d: { overlapsChecked: boolean }) => !d.overlapsChecked);
    expect(unchecked.length).toBeGreaterThan(0);
    // What was compared is reported: the first draft overlaps its neighbours.
    expect(data.drafts[0].overlaps.length).toBeGreaterThan(0);
    expect(checked.length + unchecked.length).toBe(100);
    expect(data.notes.join(' ')).toMatch(/Overlaps were not checked for [\d,]+ pairs of shapes/);
    // The budget cannot cover every pair even at the fewest corners a simplified circle keeps here.
    expect(MAX_OVERLAP_CLIP_CORNERS / 100).toBeLessThan(4_950);
  });

  it('refuses a bulk create with more corners than one import checks, and bad JSON, with a clear 4xx', async () => {
    const farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Bulk' } })).json().data.id;
    const ring = nearCircle(5_000, [31, -17.9]);
    const fields = Array.from({ length: 101 }, (_, i) => ({ name: `F${i}`, farmId, boundary: { type: 'Polygon', coordinates: [ring] } }));
    const tooMany = await as(farmer, t.app, { method: 'POST', url: '/api/fields/bulk', payload: { fields } });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toMatch(/505,101 corners/);
    const broken = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields/bulk',
      payload: '{"fields": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('The request body is not valid JSON.');
  });
});
