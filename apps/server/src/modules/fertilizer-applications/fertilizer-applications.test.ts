import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { createFarmWithFields, newId } from '../../../test/factories.ts';

let t: TestApp;
let farmer: TestAccount;
let fieldId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  [fieldId] = (await createFarmWithFields(t.app, farmer, ['Maize'], 5)).fieldIds as [string];
});
afterAll(() => t.close());

const urea = {
  product: 'Urea',
  nitrogenPct: 46,
  phosphatePct: 0,
  potashPct: 0,
  rateKgPerHa: 150,
  applicationDate: '2026-12-20',
  method: 'top-dress',
};

describe('fertilizer applications', () => {
  it('logs an application and reports the nutrients it delivered per hectare', async () => {
    const response = await as(farmer, t.app, { method: 'POST', url: '/api/fertilizer-applications', payload: { fieldId, ...urea } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      fieldId,
      product: 'Urea',
      rateKgPerHa: 150,
      nitrogenKgPerHa: 69,
      phosphateKgPerHa: 0,
      potashKgPerHa: 0,
      method: 'top-dress',
    });
  });

  it('answers on the /api/fertilizer/applications alias too', async () => {
    const compoundD = {
      fieldId,
      product: 'Compound D',
      nitrogenPct: 7,
      phosphatePct: 14,
      potashPct: 7,
      rateKgPerHa: 300,
      applicationDate: '2026-11-15',
      method: 'banded',
    };
    const created = await as(farmer, t.app, { method: 'POST', url: '/api/fertilizer/applications', payload: compoundD });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ nitrogenKgPerHa: 21, phosphateKgPerHa: 42, potashKgPerHa: 21 });
    const list = (await as(farmer, t.app, { method: 'GET', url: `/api/fertilizer-applications?fieldId=${fieldId}` })).json().data;
    expect(list.map((a: { product: string }) => a.product)).toEqual(['Urea', 'Compound D']);
  });

  it.each([
    [{ nitrogenPct: 60, phosphatePct: 30, potashPct: 20 }, 'more than 100 %'],
    [{ rateKgPerHa: 0 }, 'more than 0 kg/ha'],
    [{ rateKgPerHa: 9000 }, '5,000 kg/ha'],
    [{ method: 'sprinkled' }, 'Choose a method'],
    [{ applicationDate: '20/12/2026' }, 'YYYY-MM-DD'],
  ])('refuses %j', async (extra, message) => {
    const response = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fertilizer-applications',
      payload: { fieldId, ...urea, ...extra },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('updates the rate, refuses an update that overfills the bag, and deletes', async () => {
    const application = (
      await as(farmer, t.app, { method: 'POST', url: '/api/fertilizer-applications', payload: { fieldId, ...urea } })
    ).json().data;
    const updated = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fertilizer-applications/${application.id}`,
      payload: { rateKgPerHa: 100 },
    });
    expect(updated.json().data.nitrogenKgPerHa).toBe(46);
    const overfilled = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fertilizer-applications/${application.id}`,
      payload: { phosphatePct: 60 },
    });
    expect(overfilled.statusCode).toBe(400);
    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/fertilizer-applications/${application.id}` })).statusCode).toBe(204);
  });

  it('creates once for a client id sent twice, across both paths', async () => {
    const payload = { id: newId(), fieldId, ...urea };
    expect((await as(farmer, t.app, { method: 'POST', url: '/api/fertilizer-applications', payload })).statusCode).toBe(201);
    expect((await as(farmer, t.app, { method: 'POST', url: '/api/fertilizer/applications', payload })).statusCode).toBe(200);
  });
});
