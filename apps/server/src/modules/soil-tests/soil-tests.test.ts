import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { createFarmWithFields, newId } from '../../../test/factories.ts';

let t: TestApp;
let farmer: TestAccount;
let fieldId: string;
let otherFieldId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  [fieldId, otherFieldId] = (await createFarmWithFields(t.app, farmer, ['North', 'South'])).fieldIds as [string, string];
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) => as(farmer, t.app, { method: 'POST', url: '/api/soil-tests', payload });

describe('soil tests', () => {
  it('logs a soil test with every reading and reads it back', async () => {
    const response = await post({
      fieldId,
      nitrogen: 18,
      phosphorus: 12.5,
      potassium: 140,
      unit: 'ppm',
      ph: 5.4,
      organicMatter: 1.8,
      ec: 0.35,
      sampleDate: '2026-09-14',
      depthCm: 20,
      lab: 'Chemistry and Soil Research Institute',
      notes: 'Composite of 15 cores',
    });
    expect(response.statusCode).toBe(201);
    const test = response.json().data;
    expect(test).toMatchObject({
      fieldId,
      nitrogen: 18,
      phosphorus: 12.5,
      potassium: 140,
      unit: 'ppm',
      ph: 5.4,
      organicMatter: 1.8,
      ec: 0.35,
      sampleDate: '2026-09-14',
      depthCm: 20,
    });
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/soil-tests/${test.id}` })).json().data).toEqual(test);
  });

  it('defaults the unit to ppm and lists the tests of one field, newest sample first', async () => {
    await post({ fieldId: otherFieldId, ph: 6.0, sampleDate: '2025-09-01' });
    await post({ fieldId: otherFieldId, ph: 6.2, sampleDate: '2026-09-01' });
    const list = (await as(farmer, t.app, { method: 'GET', url: `/api/soil-tests?fieldId=${otherFieldId}` })).json().data;
    expect(list.map((s: { sampleDate: string }) => s.sampleDate)).toEqual(['2026-09-01', '2025-09-01']);
    expect(list[0].unit).toBe('ppm');
  });

  it.each([
    [{ ph: 14.5 }, 'pH is between 0 and 14.'],
    [{ ph: -1 }, 'pH is between 0 and 14.'],
    [{ nitrogen: -3 }, 'cannot be negative'],
    [{ nitrogen: 120, unit: '%' }, 'cannot pass 100 %'],
    [{ organicMatter: 101 }, 'between 0 and 100'],
    [{ unit: 'mg' }, 'ppm or %'],
    [{ depthCm: 15.5, ph: 6 }, 'whole number'],
    [{ notes: 'nothing measured' }, 'at least one reading'],
    [{ ph: 6, sampleDate: '2099-01-01' }, 'cannot be in the future'],
  ])('refuses %j', async (extra, message) => {
    const response = await post({ fieldId, sampleDate: '2026-09-14', ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('answers 404 for a field that does not exist', async () => {
    expect((await post({ fieldId: newId(), ph: 6, sampleDate: '2026-01-01' })).statusCode).toBe(404);
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/soil-tests?fieldId=${newId()}` })).statusCode).toBe(404);
  });

  it('updates a reading and refuses an update that leaves no reading', async () => {
    const test = (await post({ fieldId, ph: 5.0, sampleDate: '2026-08-01' })).json().data;
    const updated = await as(farmer, t.app, { method: 'PUT', url: `/api/soil-tests/${test.id}`, payload: { ph: 5.2, organicMatter: 2 } });
    expect(updated.json().data).toMatchObject({ ph: 5.2, organicMatter: 2 });
    const emptied = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/soil-tests/${test.id}`,
      payload: { ph: null, organicMatter: null },
    });
    expect(emptied.statusCode).toBe(400);
    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/soil-tests/${test.id}` })).statusCode).toBe(204);
  });

  it('creates once for a client id sent twice', async () => {
    const payload = { id: newId(), fieldId, ph: 6.5, sampleDate: '2026-01-01' };
    expect((await post(payload)).statusCode).toBe(201);
    expect((await post(payload)).statusCode).toBe(200);
  });
});
