import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../../test/factories.ts';

let t: TestApp;
let farmer: TestAccount;
let farmId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Home farm' } })).json().data.id;
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) => as(farmer, t.app, { method: 'POST', url: '/api/fields', payload });

describe('fields', () => {
  it('creates a field with its size computed on the server, and reads it back', async () => {
    const response = await post({
      name: 'Top Land',
      farmId,
      boundary: squareBoundary(12.5),
      cropType: 'soybean',
      variety: 'SC Squire',
      plantingDate: '2026-11-20',
      expectedHarvestDate: '2027-04-10',
      soilTexture: 'sandy-loam',
      irrigated: true,
    });
    expect(response.statusCode).toBe(201);
    const field = response.json().data;
    expect(field).toMatchObject({
      name: 'Top Land',
      farmId,
      cropType: 'soybean',
      soilTexture: 'sandy-loam',
      irrigated: true,
      actualHarvestDate: null,
    });
    expect(field.size_hectares).toBeCloseTo(12.5, 1);
    expect(field.size).toBe(field.size_hectares);
    expect(field.bbox.minLng).toBeLessThan(field.bbox.maxLng);
    const read = await as(farmer, t.app, { method: 'GET', url: `/api/fields/${field.id}` });
    expect(read.json().data).toEqual(field);
  });

  it('closes an open ring before storing it', async () => {
    const boundary = squareBoundary(3);
    const open = { ...boundary, coordinates: [boundary.coordinates[0]!.slice(0, 4)] };
    const field = (await post({ name: 'Open ring', farmId, boundary: open })).json().data;
    expect(field.boundary.coordinates[0]).toHaveLength(5);
    expect(field.boundary.coordinates[0][4]).toEqual(field.boundary.coordinates[0][0]);
  });

  it('accepts a centre-pivot circle of 40 m radius and refuses 39 m with the 0.5 ha message', async () => {
    const circle = (radius: number) => ({ type: 'Point', coordinates: [31.05, -17.83], properties: { radius, circle: true } });
    const accepted = await post({ name: 'Pivot', farmId, boundary: circle(40) });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.size_hectares).toBeCloseTo(0.5027, 4);
    const refused = await post({ name: 'Small pivot', farmId, boundary: circle(39) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('0.5 ha (1.2 acres)');
    expect(refused.json().error.details[0].path).toBe('boundary');
    // The code and numbers of the refusal travel with it, so the web app can word it in the person's language.
    expect(refused.json().error.details[0]).toMatchObject({
      code: 'FIELD_TOO_SMALL',
      params: { areaHectares: 0.48, minHectares: 0.5, minAcres: 1.2 },
    });
  });

  it.each([
    [
      'a bow-tie ring',
      {
        type: 'Polygon',
        coordinates: [
          [
            [31, -17.8],
            [31.01, -17.81],
            [31.01, -17.8],
            [31, -17.81],
            [31, -17.8],
          ],
        ],
      },
      'crosses itself',
    ],
    [
      'a latitude past the pole',
      {
        type: 'Polygon',
        coordinates: [
          [
            [31, -97.8],
            [31.01, -17.81],
            [31.01, -17.8],
          ],
        ],
      },
      'outside the map',
    ],
    [
      'two corners only',
      {
        type: 'Polygon',
        coordinates: [
          [
            [31, -17.8],
            [31.01, -17.81],
          ],
        ],
      },
      'three corners',
    ],
    ['a 20,000 ha square', squareBoundary(20_000), '10,000 ha'],
    [
      'a line string',
      {
        type: 'LineString',
        coordinates: [
          [31, -17.8],
          [31.01, -17.81],
        ],
      },
      'GeoJSON Polygon',
    ],
    ['a string', 'POLYGON((31 -17.8))', 'GeoJSON Polygon'],
  ])('refuses %s', async (_what, boundary, message) => {
    const response = await post({ name: 'Bad', farmId, boundary });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it.each([
    [{ cropType: 'bananas-on-mars' }, 'Unknown crop type'],
    [{ plantingDate: '2026-02-30' }, 'not a real calendar date'],
    [{ plantingDate: '2026-12-01', expectedHarvestDate: '2026-11-01' }, 'after the planting date'],
    [{ soilTexture: 'mud' }, 'Choose one of'],
    [{ irrigated: 'yes' }, 'boolean'],
  ])('refuses %j with a message', async (extra, message) => {
    const response = await post({ name: 'Bad', farmId, boundary: squareBoundary(2), ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('answers 404 for a farm that does not exist', async () => {
    const response = await post({ name: 'Orphan', farmId: newId(), boundary: squareBoundary(2) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Farm not found.');
  });

  it('updates only the keys sent, re-measures a new boundary, and checks dates against the stored ones', async () => {
    const field = (await post({ name: 'Editable', farmId, boundary: squareBoundary(2), plantingDate: '2026-11-01' })).json().data;
    const renamed = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fields/${field.id}`,
      payload: { name: 'Edited', boundary: squareBoundary(6) },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Edited', plantingDate: '2026-11-01' });
    expect(renamed.json().data.size_hectares).toBeCloseTo(6, 1);
    expect(Date.parse(renamed.json().data.lastModified)).toBeGreaterThanOrEqual(Date.parse(field.lastModified));
    const badDate = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fields/${field.id}`,
      payload: { actualHarvestDate: '2026-10-01' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.details[0].path).toBe('actualHarvestDate');
  });

  it('lists fields of one farm with ?farmId=', async () => {
    const other = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Second farm' } })).json().data;
    await post({ name: 'Only here', farmId: other.id, boundary: squareBoundary(1) });
    const list = (await as(farmer, t.app, { method: 'GET', url: `/api/fields?farmId=${other.id}` })).json().data;
    expect(list.map((f: { name: string }) => f.name)).toEqual(['Only here']);
    expect((await as(farmer, t.app, { method: 'GET', url: '/api/fields?farmId=nope' })).statusCode).toBe(400);
  });

  it('deletes a field with its soil tests', async () => {
    const field = (await post({ name: 'Doomed', farmId, boundary: squareBoundary(1) })).json().data;
    const test = (
      await as(farmer, t.app, { method: 'POST', url: '/api/soil-tests', payload: { fieldId: field.id, ph: 6.1, sampleDate: '2026-09-01' } })
    ).json().data;
    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/fields/${field.id}` })).statusCode).toBe(204);
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/soil-tests/${test.id}` })).statusCode).toBe(404);
  });

  it('creates once for a client id sent twice', async () => {
    const id = newId();
    const payload = { id, name: 'Offline', farmId, boundary: squareBoundary(2) };
    expect((await post(payload)).statusCode).toBe(201);
    expect((await post(payload)).statusCode).toBe(200);
  });
});

describe('field list caching', () => {
  it('answers 304 to a client that has the current list, and a fresh list after any change', async () => {
    const first = await as(farmer, t.app, { method: 'GET', url: '/api/fields' });
    const etag = first.headers.etag as string;
    // Organisation, list version, and a digest of the query (each page and view has its own).
    expect(etag).toMatch(/^"[0-9a-f]{8}-\d+-[\w-]{12}"$/);
    const again = await as(farmer, t.app, { method: 'GET', url: '/api/fields', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const added = (await post({ name: 'Cache breaker', farmId, boundary: squareBoundary(1.5) })).json().data;
    const afterCreate = await as(farmer, t.app, { method: 'GET', url: '/api/fields', headers: { 'if-none-match': etag } });
    expect(afterCreate.statusCode).toBe(200);
    expect(afterCreate.json().data.map((f: { id: string }) => f.id)).toContain(added.id);

    await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${added.id}`, payload: { name: 'Renamed breaker' } });
    const afterUpdate = await as(farmer, t.app, { method: 'GET', url: '/api/fields' });
    expect(afterUpdate.json().data.find((f: { id: string }) => f.id === added.id).name).toBe('Renamed breaker');

    await as(farmer, t.app, { method: 'DELETE', url: `/api/fields/${added.id}` });
    const afterDelete = await as(farmer, t.app, { method: 'GET', url: '/api/fields' });
    expect(afterDelete.json().data.map((f: { id: string }) => f.id)).not.toContain(added.id);
  });

  it("does not share one organisation's list or version with another", async () => {
    const neighbour = await registerAccount(t.app);
    const mine = await as(farmer, t.app, { method: 'GET', url: '/api/fields' });
    const theirs = await as(neighbour, t.app, {
      method: 'GET',
      url: '/api/fields',
      headers: { 'if-none-match': mine.headers.etag as string },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual([]);
  });
});
