import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/app-context.ts';
import { as, squareBoundary, type TestAccount } from './harness.ts';

/** Creates a farm, a 4 ha maize field, a soil test, a fertilizer application, an irrigation and a gauge reading for an account. */
export async function createFarmRecords(app: FastifyInstance, account: TestAccount) {
  const farm = (
    await as(account, app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo Farm', district: 'Goromonzi', country: 'ZW' } })
  ).json().data;
  const field = (
    await as(account, app, {
      method: 'POST',
      url: '/api/fields',
      payload: {
        name: 'Vlei Block',
        farmId: farm.id,
        boundary: squareBoundary(4),
        cropType: 'maize-grain',
        plantingDate: '2026-11-15',
        irrigated: false,
      },
    })
  ).json().data;
  const soilTest = (
    await as(account, app, {
      method: 'POST',
      url: '/api/soil-tests',
      payload: { fieldId: field.id, nitrogen: 18, phosphorus: 12, potassium: 140, unit: 'ppm', ph: 5.6, sampleDate: '2026-10-01' },
    })
  ).json().data;
  const application = (
    await as(account, app, {
      method: 'POST',
      url: '/api/fertilizer-applications',
      payload: {
        fieldId: field.id,
        product: 'Compound D',
        nitrogenPct: 7,
        phosphatePct: 14,
        potashPct: 7,
        rateKgPerHa: 300,
        applicationDate: '2026-11-15',
        method: 'banded',
      },
    })
  ).json().data;
  const irrigationEvent = (
    await as(account, app, {
      method: 'POST',
      url: '/api/irrigation-events',
      payload: { fieldId: field.id, irrigationDate: '2026-11-20', depthMm: 25, method: 'furrow' },
    })
  ).json().data;
  const rainReading = (
    await as(account, app, {
      method: 'POST',
      url: '/api/rain-readings',
      payload: { fieldId: field.id, readingDate: '2026-11-20', rainMm: 12 },
    })
  ).json().data;
  const harvest = (
    await as(account, app, {
      method: 'POST',
      url: '/api/harvests',
      payload: { fieldId: field.id, seasonLabel: '2025/26', harvestedTPerHa: 4.2, moisturePct: 12.5, harvestDate: '2026-04-20' },
    })
  ).json().data;
  const visit = (
    await as(account, app, {
      method: 'POST',
      url: '/api/visits',
      payload: { fieldId: field.id, visitDate: '2026-11-21', cropStage: 'vegetative', pestSeen: 'fall armyworm', pestCount: 4 },
    })
  ).json().data;
  // Read the farm again: its field count and hectares now include the field.
  const farmWithField = (await as(account, app, { method: 'GET', url: `/api/farms/${farm.id}` })).json().data;
  return { farm: farmWithField, field, soilTest, application, irrigationEvent, rainReading, harvest, visit };
}

export const newId = () => randomUUID();

/** A 1×1 JPEG (a phone's photo as far as the server checks: JPEG bytes under the size limit). */
export const TINY_JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

/** An application of ammonium nitrate on `fieldId`, as a farmer would log it. */
export const anApplication = (fieldId: string) => ({
  fieldId,
  product: 'AN',
  nitrogenPct: 34.5,
  phosphatePct: 0,
  potashPct: 0,
  rateKgPerHa: 100,
  applicationDate: '2026-12-01',
  method: 'top-dress',
});

/** A farm with named fields of `hectares` each for an account; returns their ids. */
export async function createFarmWithFields(app: FastifyInstance, account: TestAccount, fieldNames: string[], hectares = 3) {
  const farmId: string = (await as(account, app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
  const fieldIds: string[] = [];
  for (const name of fieldNames) {
    const response = await as(account, app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name, farmId, boundary: squareBoundary(hectares) },
    });
    fieldIds.push(response.json().data.id);
  }
  return { farmId, fieldIds };
}

/** An alert of a field as the rules store one (a stored episode), without running the rules; returns its id. */
export async function insertAlert(
  ctx: AppContext,
  alert: {
    orgId: string;
    fieldId: string;
    ruleId?: string;
    severity?: 'info' | 'warning' | 'critical';
    category?: 'weather' | 'crop' | 'pest';
    date?: string;
    simulated?: boolean;
  },
): Promise<string> {
  const date = alert.date ?? '2026-11-28';
  const row = await ctx.database.db
    .insertInto('alerts')
    .values({
      orgId: alert.orgId,
      fieldId: alert.fieldId,
      ruleId: alert.ruleId ?? 'heavy-rain',
      category: alert.category ?? 'weather',
      severity: alert.severity ?? 'warning',
      episodeKey: `${alert.ruleId ?? 'heavy-rain'}:${alert.fieldId}:${date}`,
      messageKey: 'alerts.heavyRain',
      actionKey: 'alerts.actions.prepareForHeavyRain',
      params: JSON.stringify({ rainMm: 60, date, threeDayRainMm: 66 }),
      evidence: JSON.stringify({
        values: [{ name: 'rain', value: 60, unit: 'mm', date }],
        dates: [date],
        source: 'rule',
        dataSource: alert.simulated ? 'simulated' : 'Open-Meteo',
        caveats: [],
      }),
      alertDate: date,
      fieldToday: date,
      simulated: alert.simulated ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
