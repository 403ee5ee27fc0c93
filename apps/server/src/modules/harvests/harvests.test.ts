import { addDays, estimateSeasonYield, isoDay } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { createFarmWithFields, newId } from '../../../test/factories.ts';

let t: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;
let fieldId: string;
let otherFieldId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  neighbour = await registerAccount(t.app);
  [fieldId, otherFieldId] = (await createFarmWithFields(t.app, farmer, ['North', 'South'])).fieldIds as [string, string];
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>, account = farmer) => as(account, t.app, { method: 'POST', url: '/api/harvests', payload });

describe('harvests', () => {
  it('records a harvest and reads it back, with no estimate when the season had none', async () => {
    const response = await post({
      fieldId,
      seasonLabel: '2025/26',
      plantingDate: '2025-11-20',
      harvestedTPerHa: 4.2,
      moisturePct: 14,
      harvestDate: '2026-05-02',
      notes: 'Shelled and weighed at the depot',
    });
    expect(response.statusCode).toBe(201);
    const harvest = response.json().data;
    expect(harvest).toMatchObject({
      fieldId,
      seasonLabel: '2025/26',
      plantingDate: '2025-11-20',
      harvestedTPerHa: 4.2,
      moisturePct: 14,
      harvestDate: '2026-05-02',
      estimate: null,
    });
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/harvests/${harvest.id}` })).json().data).toEqual(harvest);
  });

  it('takes 12.5 % moisture when none is given and lists one field’s harvests, newest first', async () => {
    await post({ fieldId: otherFieldId, seasonLabel: '2024/25', harvestedTPerHa: 3, harvestDate: '2025-05-01' });
    await post({ fieldId: otherFieldId, seasonLabel: '2025/26', harvestedTPerHa: 3.5, harvestDate: '2026-05-01' });
    const list = (await as(farmer, t.app, { method: 'GET', url: `/api/harvests?fieldId=${otherFieldId}` })).json().data;
    expect(list.map((h: { seasonLabel: string }) => h.seasonLabel)).toEqual(['2025/26', '2024/25']);
    expect(list[0].moisturePct).toBe(12.5);
  });

  it.each([
    [{ harvestedTPerHa: -1 }, 'cannot be negative'],
    [{ harvestedTPerHa: 55 }, 'not a grain yield'],
    [{ moisturePct: 75 }, 'not a harvest reading'],
    [{ seasonLabel: undefined }, 'Name the season'],
    [{ plantingDate: '2026-06-01' }, 'before the planting date'],
    [{ harvestDate: '2099-01-01' }, 'cannot be in the future'],
  ])('refuses %j', async (extra, message) => {
    const response = await post({ fieldId, seasonLabel: '2025/26', harvestedTPerHa: 4, harvestDate: '2026-05-01', ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('keeps each organisation’s harvests to itself', async () => {
    const harvest = (await post({ fieldId, seasonLabel: '2025/26', harvestedTPerHa: 4, harvestDate: '2026-05-01' })).json().data;
    expect((await as(neighbour, t.app, { method: 'GET', url: `/api/harvests/${harvest.id}` })).statusCode).toBe(404);
    expect((await as(neighbour, t.app, { method: 'DELETE', url: `/api/harvests/${harvest.id}` })).statusCode).toBe(404);
    expect((await post({ fieldId, seasonLabel: 'x', harvestedTPerHa: 1, harvestDate: '2026-05-01' }, neighbour)).statusCode).toBe(404);
    expect((await as(neighbour, t.app, { method: 'GET', url: '/api/harvests' })).json().data).toEqual([]);
  });

  it('creates once for a client id sent twice, and updates and deletes', async () => {
    const payload = { id: newId(), fieldId, seasonLabel: '2023/24', harvestedTPerHa: 2.5, harvestDate: '2024-04-20' };
    expect((await post(payload)).statusCode).toBe(201);
    expect((await post(payload)).statusCode).toBe(200);
    const rows = await t.ctx.database.db.selectFrom('harvests').select('id').where('id', '=', payload.id).execute();
    expect(rows).toHaveLength(1);
    const updated = await as(farmer, t.app, { method: 'PUT', url: `/api/harvests/${payload.id}`, payload: { harvestedTPerHa: 2.8 } });
    expect(updated.json().data.harvestedTPerHa).toBe(2.8);
    const emptied = await as(farmer, t.app, { method: 'PUT', url: `/api/harvests/${payload.id}`, payload: { seasonLabel: null } });
    expect(emptied.statusCode).toBe(400);
    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/harvests/${payload.id}` })).statusCode).toBe(204);
  });

  it('shows the season’s yield estimate beside the harvest, both at 12.5 % moisture', async () => {
    const planting = '2025-11-20';
    const estimate = estimateSeasonYield({
      crop: 'maize-grain',
      plantingDate: planting,
      today: addDays(planting, 100),
      fieldAreaHa: 3,
      ndviObservations: [
        { date: addDays(planting, 30), meanNdvi: 0.4 },
        { date: addDays(planting, 70), meanNdvi: 0.72 },
      ],
      weather: Array.from({ length: 100 }, (_, day) => ({ date: addDays(planting, day), shortwaveRadiationMjPerM2Day: 20, et0Mm: 4.5 })),
    });
    if (!estimate.available) throw new Error(estimate.message);
    const { id: analysisId } = await t.ctx.database.db
      .insertInto('analyses')
      .values({
        orgId: farmer.orgId,
        fieldId,
        type: 'yield',
        status: 'completed',
        finishedAt: new Date(),
        analysisDate: isoDay(new Date()),
        result: JSON.stringify(estimate),
        summary: 'Expected yield',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 5 t/ha weighed at 20 % moisture = 4 t/ha dry = 4.571 t/ha at 12.5 %.
    const harvest = (
      await post({ fieldId, plantingDate: planting, harvestedTPerHa: 5, moisturePct: 20, harvestDate: addDays(planting, 150) })
    ).json().data;
    expect(harvest.estimate).toMatchObject({ analysisId, moisturePct: 12.5, simulated: false });
    expect(harvest.estimate.expectedTPerHa).toBeCloseTo(estimate.rangeAtStandardMoisture.expectedTPerHa, 9);
    expect(harvest.estimate.harvestedTPerHaAtStandardMoisture).toBeCloseTo(4 / 0.875, 9);
    expect(['below', 'within', 'above']).toContain(harvest.estimate.position);
    // Another season's harvest is not set beside this estimate.
    const otherSeason = (await post({ fieldId, plantingDate: '2024-11-20', harvestedTPerHa: 3, harvestDate: '2025-04-20' })).json().data;
    expect(otherSeason.estimate).toBeNull();
  });
});
