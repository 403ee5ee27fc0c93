import { addDays } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../integrations/open-meteo/testing/fake-open-meteo.ts';
import { localToday } from '../weather/weather.days.ts';
import { evaluateAlerts } from './alert-evaluation.ts';

/**
 * The evaluation on a fake Open-Meteo: weather alerts speak of days with a crop in the ground unless the organisation
 * asks for fallow land too, and a pest generation reached while no run happened is told at the next run, once.
 */
describe('evaluating the rules of a batch of fields', () => {
  let weather: FakeOpenMeteo;
  let test: TestApp;
  let farmer: TestAccount;
  let farmId: string;

  const evaluate = (fieldIds: string[]) => evaluateAlerts({ ...test.ctx, log: test.app.log }, fieldIds);
  /** The field's local today (the cells here are at 29–31° E: UTC+2). */
  const today = () => localToday(test.ctx.now(), 2 * 3600);
  const field = async (name: string, centre: [number, number], payload: Record<string, unknown> = {}) =>
    (
      await as(farmer, test.app, {
        method: 'POST',
        url: '/api/fields',
        payload: { name, farmId, boundary: squareBoundary(3, centre), ...payload },
      })
    ).json().data.id as string;
  const alertsOf = (fieldId: string) =>
    test.ctx.database.db.selectFrom('alerts').selectAll().where('fieldId', '=', fieldId).orderBy('alertDate').execute();
  const saveSettings = (payload: Record<string, unknown>) => as(farmer, test.app, { method: 'PUT', url: '/api/alert-thresholds', payload });

  beforeAll(async () => {
    weather = await startFakeOpenMeteo();
    test = await startTestApp({
      env: { WEATHER_SOURCE: 'open-meteo', OPEN_METEO_FORECAST_URL: weather.forecastUrl, OPEN_METEO_ARCHIVE_URL: weather.archiveUrl },
    });
    farmer = await registerAccount(test.app, { name: 'Farai Ncube' });
    farmId = (await as(farmer, test.app, { method: 'POST', url: '/api/farms', payload: { name: 'Ncube Farm' } })).json().data.id;
  });
  afterAll(async () => {
    await test?.close();
    await weather?.close();
  });

  it('tells heavy rain on the planted field, and on the empty one beside it only while the farm asks for fallow land', async () => {
    const planted = await field('Planted', [31.05, -17.83], { cropType: 'maize-grain', plantingDate: addDays(today(), -20) });
    const empty = await field('Empty', [31.051, -17.831]);
    const rainTomorrow = async () => {
      const tomorrow = addDays(today(), 1);
      await test.ctx.database.db.deleteFrom('weatherForecasts').execute();
      weather.changeNext((body) => {
        const daily = body.daily as { time: string[]; precipitation_sum: number[] };
        daily.precipitation_sum = daily.time.map((date) => (date === tomorrow ? 60 : 3));
        return body;
      });
    };
    const heavyRainOn = async (fieldId: string) =>
      (await alertsOf(fieldId)).filter((alert) => alert.ruleId === 'heavy-rain').map((alert) => alert.endedAt === null);

    await rainTomorrow();
    await evaluate([planted, empty]);
    expect(await heavyRainOn(planted)).toEqual([true]);
    expect(await heavyRainOn(empty)).toEqual([]);

    const on = await saveSettings({ weatherOnFallowLand: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ weatherOnFallowLand: true, thresholds: {} });
    await rainTomorrow();
    await evaluate([planted, empty]);
    expect(await heavyRainOn(empty)).toEqual([true]);

    // Off again (left out of the settings): the empty field's alert is over at the next run; the crop's stays.
    expect((await saveSettings({})).json().data.weatherOnFallowLand).toBe(false);
    await rainTomorrow();
    await evaluate([planted, empty]);
    expect(await heavyRainOn(empty)).toEqual([false]);
    expect(await heavyRainOn(planted)).toEqual([true]);
  });

  it('tells a pest generation reached while no run happened at the next run, late and once', async () => {
    // Maize sown 100 days ago in the fake's warm weather (25–31 / 13–17 °C, about 9 °D a day over fall armyworm's
    // 12.57 °C): generations emerge about 44 and 91 days after sowing. The rules last ran 60 days ago.
    const maize = await field('Late told', [29.5, -19.5], { cropType: 'maize-grain', plantingDate: addDays(today(), -100) });
    const lastRun = addDays(today(), -60);
    await test.ctx.database.db.insertInto('fieldAlertRuns').values({ fieldId: maize, weatherRulesRanOn: lastRun }).execute();

    const first = await evaluate([maize]);
    const late = (await alertsOf(maize)).filter((alert) => alert.category === 'pest' && alert.alertDate < today());
    expect(late.map((alert) => alert.ruleId)).toContain('fall-armyworm');
    expect(late.every((alert) => alert.alertDate >= lastRun && first.created.includes(alert.id))).toBe(true);
    const shown = (await as(farmer, test.app, { method: 'GET', url: `/api/alerts/${late[0]!.id}` })).json().data;
    expect(shown.evidence.caveats.join(' ')).toMatch(/when this field’s alerts were not checked: told late\./);
    const run = await test.ctx.database.db.selectFrom('fieldAlertRuns').selectAll().where('fieldId', '=', maize).executeTakeFirstOrThrow();
    expect(run.weatherRulesRanOn).toBe(today());

    // The next run has seen today: the late generations are behind it, over, and told to nobody again.
    await test.ctx.database.db.deleteFrom('weatherForecasts').execute();
    const second = await evaluate([maize]);
    expect(second.created).toEqual([]);
    const after = await alertsOf(maize);
    expect(after.filter((alert) => late.some((told) => told.id === alert.id)).every((alert) => alert.endedAt !== null)).toBe(true);
  });

  it('remembers the day the rules ran for a field evaluated the first time', async () => {
    const fresh = await field('Fresh', [30.2, -18.4], { cropType: 'soybean', plantingDate: addDays(today(), -10) });
    await evaluate([fresh]);
    const run = await test.ctx.database.db.selectFrom('fieldAlertRuns').selectAll().where('fieldId', '=', fresh).executeTakeFirstOrThrow();
    expect(run.weatherRulesRanOn).toBe(today());
  });
});
