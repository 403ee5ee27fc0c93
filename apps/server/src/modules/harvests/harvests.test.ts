import { addDays, estimateSeasonYield, isoDay } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { createFarmWithFields, newId } from '../../../test/factories.ts';
import { findSeasonHarvest } from './harvests.service.ts';

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

/** A completed yield estimate of a maize season planted on `planting`, stored as the yield analysis stores one. */
async function storeYieldEstimate(field: string, planting: string) {
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
      fieldId: field,
      type: 'yield',
      status: 'completed',
      finishedAt: new Date(),
      analysisDate: isoDay(new Date()),
      result: JSON.stringify(estimate),
      summary: 'Expected yield',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { estimate, analysisId };
}

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
    const { estimate, analysisId } = await storeYieldEstimate(fieldId, planting);
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

  it('sets a harvest named by its label beside the estimate of the season it falls in, by the crop’s season, not a year', async () => {
    const [labelField] = (await createFarmWithFields(t.app, farmer, ['Label Block'])).fieldIds as [string];
    const planting = '2025-01-10';
    await storeYieldEstimate(labelField, planting);
    // A maize season (FAO-56 stages + 30 days) planted on 10 Jan ends by 28 Jun: a harvest on 10 Jun is of it, one on
    // 1 Oct (within a year of the planting) is a later crop's.
    const inSeason = (
      await post({ fieldId: labelField, seasonLabel: '2025', harvestedTPerHa: 4, harvestDate: addDays(planting, 151) })
    ).json().data;
    const laterCrop = (
      await post({ fieldId: labelField, seasonLabel: '2025 winter', harvestedTPerHa: 2, harvestDate: addDays(planting, 264) })
    ).json().data;
    expect(inSeason.estimate).not.toBeNull();
    expect(laterCrop.estimate).toBeNull();

    // And the yield analysis of that season finds the harvest inside it, not the later one.
    await t.ctx.database.db.deleteFrom('harvests').where('id', '=', inSeason.id).execute();
    expect(
      await findSeasonHarvest(t.ctx.database.db, farmer.orgId, labelField, { plantingDate: planting, cropType: 'maize-grain' }),
    ).toBeNull();
  });

  it.each([
    ['a harvest of 1900', { seasonLabel: '1900', harvestDate: '1900-05-01' }, 'harvestDate', 'for the last 10 years'],
    [
      'a planting of 1990 with a harvest this year: a 36-year season',
      { plantingDate: '1990-11-01', harvestDate: '2026-05-01' },
      'plantingDate',
      'for the last 10 years',
    ],
    ['a season longer than its crop’s', { plantingDate: '2024-11-20', harvestDate: '2026-05-01' }, 'harvestDate', 'harvested by'],
  ])('refuses %s, and stores nothing', async (_, dates, path, message) => {
    const [cropField] = (await createFarmWithFields(t.app, farmer, ['Probe Block'])).fieldIds as [string];
    const response = await post({ fieldId: cropField, harvestedTPerHa: 4, ...dates });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0]).toMatchObject({ path });
    expect(response.json().error.message).toContain(message);
    expect(await t.ctx.database.db.selectFrom('harvests').select('id').where('fieldId', '=', cropField).execute()).toEqual([]);
  });

  it('keeps a harvest without its own planting date inside the field’s season, on create and on update', async () => {
    const farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Season Farm' } })).json().data.id;
    const field = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: {
        name: 'Planted Block',
        farmId,
        boundary: squareBoundary(3),
        cropType: 'maize-grain',
        plantingDate: '2025-11-20',
      },
    });
    const plantedField = field.json().data.id as string;
    const late = await post({ fieldId: plantedField, seasonLabel: '2025/26', harvestedTPerHa: 4, harvestDate: '2026-08-01' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toMatch(/^Maize \(grain\) planted on 20 Nov 2025 is harvested by 8 May( 2026)? at the latest/);
    expect(late.json().error.message).toContain('Give the planting date of the season harvested');
    const good = await post({ fieldId: plantedField, seasonLabel: '2025/26', harvestedTPerHa: 4, harvestDate: '2026-04-20' });
    expect(good.statusCode).toBe(201);
    const id = good.json().data.id as string;
    const moved = await as(farmer, t.app, { method: 'PUT', url: `/api/harvests/${id}`, payload: { harvestDate: '1900-04-20' } });
    expect(moved.statusCode).toBe(400);
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/harvests/${id}` })).json().data.harvestDate).toBe('2026-04-20');
    // A harvest before the field's planting, named by its label, is an earlier season's.
    expect((await post({ fieldId: plantedField, seasonLabel: '2024/25', harvestedTPerHa: 3, harvestDate: '2025-05-01' })).statusCode).toBe(
      201,
    );
  });
});
