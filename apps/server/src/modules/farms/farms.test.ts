import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../../test/factories.ts';

let t: TestApp;
let farmer: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
});
afterAll(() => t.close());

describe('farms', () => {
  it('creates, lists, reads, updates and deletes a farm', async () => {
    const created = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/farms',
      payload: { name: ' Mhondoro Plot ', location: 'Ward 7', district: 'Chegutu', country: 'zw', notes: 'Borehole at the gate' },
    });
    expect(created.statusCode).toBe(201);
    const farm = created.json().data;
    expect(farm).toMatchObject({
      name: 'Mhondoro Plot',
      location: 'Ward 7',
      district: 'Chegutu',
      country: 'ZW',
      fieldCount: 0,
      totalHectares: 0,
    });
    expect(Date.parse(farm.lastModified)).toBeGreaterThan(0);

    const list = await as(farmer, t.app, { method: 'GET', url: '/api/farms' });
    expect(list.json().data.map((f: { id: string }) => f.id)).toContain(farm.id);

    const updated = await as(farmer, t.app, { method: 'PUT', url: `/api/farms/${farm.id}`, payload: { notes: null, district: 'Kadoma' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Mhondoro Plot', district: 'Kadoma', notes: null });

    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/farms/${farm.id}` })).statusCode).toBe(204);
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/farms/${farm.id}` })).statusCode).toBe(404);
  });

  it('counts fields and hectares, and will not delete a farm that still has fields', async () => {
    const farm = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'With fields' } })).json().data;
    await as(farmer, t.app, { method: 'POST', url: '/api/fields', payload: { name: 'A', farmId: farm.id, boundary: squareBoundary(2) } });
    await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name: 'B', farmId: farm.id, boundary: squareBoundary(3, [31.1, -17.9]) },
    });
    const read = (await as(farmer, t.app, { method: 'GET', url: `/api/farms/${farm.id}` })).json().data;
    expect(read.fieldCount).toBe(2);
    expect(read.totalHectares).toBeCloseTo(5, 1);
    const refused = await as(farmer, t.app, { method: 'DELETE', url: `/api/farms/${farm.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('2 fields');
  });

  it('creates once for a client id sent twice (offline replay): 201, then 200 with the stored farm', async () => {
    const id = newId();
    const first = await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { id, name: 'Replayed' } });
    const second = await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { id, name: 'Replayed' } });
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().data).toEqual(first.json().data);
    const count = (await as(farmer, t.app, { method: 'GET', url: '/api/farms' })).json().data.filter((f: { id: string }) => f.id === id);
    expect(count).toHaveLength(1);
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'Farm name is required.'],
    [{ name: 'x'.repeat(121) }, 'at most 120'],
    [{ name: 'A', country: 'Zambia' }, 'two-letter'],
    [{ name: 'A', id: 'not-a-uuid' }, 'UUID'],
    [{ name: 'A', hectares: 4 }, 'Unknown field: hectares'],
  ])('answers 400 for %j', async (payload, message) => {
    const response = await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('answers 400 for a malformed id in the path, and 404 for an unknown one', async () => {
    expect((await as(farmer, t.app, { method: 'GET', url: '/api/farms/12' })).statusCode).toBe(400);
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/farms/${newId()}` })).statusCode).toBe(404);
  });
});
