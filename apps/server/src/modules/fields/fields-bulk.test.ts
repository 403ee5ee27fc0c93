import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../test/factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let farmer: TestAccount;
let farmId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Co-op block' } })).json().data.id;
});
afterAll(() => t.close());

const bulk = (fields: unknown[], account = farmer) => as(account, t.app, { method: 'POST', url: '/api/fields/bulk', payload: { fields } });
const countFields = async () => (await as(farmer, t.app, { method: 'GET', url: '/api/fields' })).json().data.length as number;
const plot = (name: string, lng: number, hectares = 2) => ({
  name,
  farmId,
  boundary: squareBoundary(hectares, [lng, -17.9]),
  cropType: 'maize-grain',
});

describe('bulk create (boundary import)', () => {
  it('creates every field in one request', async () => {
    const before = await countFields();
    const response = await bulk([plot('Plot 1', 31.1), plot('Plot 2', 31.11), plot('Plot 3', 31.12, 5)]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.map((f: { name: string }) => f.name)).toEqual(['Plot 1', 'Plot 2', 'Plot 3']);
    expect(response.json().data[2].size_hectares).toBeCloseTo(5, 1);
    expect(await countFields()).toBe(before + 3);
  });

  it('saves nothing when any field is wrong, and reports each wrong one by position with its reasons', async () => {
    const before = await countFields();
    const response = await bulk([
      plot('Good', 31.2),
      plot('Too small', 31.21, 0.3),
      { name: 'No boundary', farmId },
      { ...plot('Elsewhere', 31.22), farmId: newId() },
      'not a field',
    ]);
    expect(response.statusCode).toBe(400);
    const { message, details } = response.json().error;
    expect(message).toBe('4 of 5 fields cannot be saved, so none was saved.');
    expect(details.items.map((i: { index: number; name: string | null }) => [i.index, i.name])).toEqual([
      [1, 'Too small'],
      [2, 'No boundary'],
      [3, 'Elsewhere'],
      [4, null],
    ]);
    expect(details.items[0].problems[0].message).toContain('0.5 ha (1.2 acres)');
    expect(details.items[0].problems[0]).toMatchObject({ path: 'boundary', code: 'FIELD_TOO_SMALL', params: { areaHectares: 0.3 } });
    expect(details.items[2].problems).toEqual([{ path: 'farmId', message: 'Farm not found.' }]);
    expect(await countFields()).toBe(before);
  });

  it('replays the same client ids without creating twice', async () => {
    const fields = [
      { id: newId(), ...plot('Replay A', 31.3) },
      { id: newId(), ...plot('Replay B', 31.31) },
    ];
    const before = await countFields();
    expect((await bulk(fields)).statusCode).toBe(201);
    expect((await bulk(fields)).statusCode).toBe(201);
    expect(await countFields()).toBe(before + 2);
  });

  it("refuses another organisation's farm as 'Farm not found'", async () => {
    const stranger = await registerAccount(t.app);
    const response = await bulk([plot('Squat', 31.4)], stranger);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.items[0].problems[0].message).toBe('Farm not found.');
  });

  it('refuses an empty request and more than 2,000 fields', async () => {
    expect((await bulk([])).json().error.message).toBe('Send at least one field.');
    expect((await bulk(Array.from({ length: 2001 }, () => ({})))).json().error.message).toBe('Send at most 2000 fields at once.');
    for (const payload of ['', '  \n', '{"fields": [']) {
      const response = await as(farmer, t.app, {
        method: 'POST',
        url: '/api/fields/bulk',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        payload.trim() === '' ? 'The request body is empty; send a JSON object.' : 'The request body is not valid JSON.',
      );
    }
  });
});

describe('boundary versions', () => {
  it('keeps each boundary a field had before, newest first', async () => {
    const field = (await as(farmer, t.app, { method: 'POST', url: '/api/fields', payload: plot('Redrawn', 31.5, 2) })).json().data;
    await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${field.id}`, payload: { boundary: squareBoundary(3, [31.5, -17.9]) } });
    await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${field.id}`, payload: { name: 'Renamed only' } });
    await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${field.id}`, payload: { boundary: squareBoundary(4, [31.5, -17.9]) } });
    const versions = (await as(farmer, t.app, { method: 'GET', url: `/api/fields/${field.id}/boundary-versions` })).json().data;
    expect(versions.map((v: { size_hectares: number }) => Math.round(v.size_hectares))).toEqual([3, 2]);
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/fields/${field.id}` })).json().data.size_hectares).toBeCloseTo(4, 1);
  });

  it("answers 404 for another organisation's field", async () => {
    const field = (await as(farmer, t.app, { method: 'POST', url: '/api/fields', payload: plot('Private', 31.6) })).json().data;
    const stranger = await registerAccount(t.app);
    expect((await as(stranger, t.app, { method: 'GET', url: `/api/fields/${field.id}/boundary-versions` })).statusCode).toBe(404);
  });
});
