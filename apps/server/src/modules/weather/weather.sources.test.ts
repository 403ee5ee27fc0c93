import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../integrations/open-meteo/testing/fake-open-meteo.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { weatherCellOf } from './weather.cells.ts';
import { openMeteoOrSimulatedWeather, openMeteoWeather, simulatedWeather, weatherProviderFor } from './weather.providers.ts';
import { saveArchiveDays, saveForecast } from './weather.repository.ts';
import { simulatedArchive, simulatedForecast } from './weather.simulated.ts';

/** Five minutes and a little: how long the demo organisation leaves an unreachable Open-Meteo alone. */
const PAST_UNREACHABLE_MEMORY_MS = 6 * 60_000;

let t: TestApp;
let fake: FakeOpenMeteo;
let farmer: TestAccount;
let demoFarmer: TestAccount;

beforeAll(async () => {
  fake = await startFakeOpenMeteo({ now: () => (t ? t.ctx.now() : new Date()) });
  t = await startTestApp({ env: { OPEN_METEO_FORECAST_URL: fake.forecastUrl, OPEN_METEO_ARCHIVE_URL: fake.archiveUrl } });
  farmer = await registerAccount(t.app);
  demoFarmer = await registerAccount(t.app);
  await t.ctx.database.db.updateTable('organisations').set({ demo: true }).where('id', '=', demoFarmer.orgId).execute();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

let nextCell = 0;
/** A field for each organisation in one weather cell that no other test uses. */
async function fieldsInOneNewCell(): Promise<{ realId: string; demoId: string; lng: number; lat: number }> {
  nextCell += 1;
  const lng = 27 + nextCell * 0.5;
  const lat = -19.03;
  const fieldOf = async (account: TestAccount, name: string) => {
    const farmId: string = (await as(account, t.app, { method: 'POST', url: '/api/farms', payload: { name: `Farm ${name}` } })).json().data
      .id;
    const response = await as(account, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name, farmId, boundary: squareBoundary(3, [lng, lat]) },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  };
  return { realId: await fieldOf(farmer, 'Real'), demoId: await fieldOf(demoFarmer, 'Demo'), lng, lat };
}

const get = (account: TestAccount, url: string) => as(account, t.app, { method: 'GET', url });

async function keptRows(lng: number, lat: number) {
  const cell = weatherCellOf(lat, lng);
  const db = t.ctx.database.db;
  const forecasts = await db
    .selectFrom('weatherForecasts')
    .select('source')
    .where('cellLatIndex', '=', cell.latIndex)
    .where('cellLngIndex', '=', cell.lngIndex)
    .execute();
  const archiveDays = await db
    .selectFrom('weatherArchiveDays')
    .select('source')
    .where('cellLatIndex', '=', cell.latIndex)
    .where('cellLngIndex', '=', cell.lngIndex)
    .execute();
  return { forecasts: forecasts.map((r) => r.source), archiveDays: archiveDays.map((r) => r.source) };
}

describe('a demo and a real organisation asking for one cell at once', () => {
  it.each([
    ['the real one first', false],
    ['the demo one first', true],
  ])('with Open-Meteo unreachable each gets its own source (%s), then again from the store', async (_order, demoFirst) => {
    const { realId, demoId, lng, lat } = await fieldsInOneNewCell();
    fake.failAll(503);
    const asks = [() => get(farmer, `/api/weather/${realId}`), () => get(demoFarmer, `/api/weather/${demoId}`)];
    const [real, demo] = demoFirst
      ? await Promise.all([asks[1]!(), asks[0]!()]).then(([d, r]) => [r, d])
      : await Promise.all([asks[0]!(), asks[1]!()]);

    expect(real!.statusCode).toBe(503);
    expect(real!.json().error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.',
    });
    expect(demo!.statusCode).toBe(200);
    expect(demo!.json().data).toMatchObject({ source: 'simulated', current: { source: 'simulated' } });
    // One upstream load shared by both: the answer from Open-Meteo is the same whoever asked.
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(3);
    expect(await keptRows(lng, lat)).toEqual({ forecasts: [], archiveDays: [] });

    // Asked again: the real farm is still told the truth, the demo still simulated, whatever the store holds.
    const [realAgain, demoAgain] = await Promise.all([asks[0]!(), asks[1]!()]);
    expect(realAgain.statusCode).toBe(503);
    expect(demoAgain.json().data.source).toBe('simulated');

    const history = (id: string) => `/api/weather/historical?fieldId=${id}&start=2025-05-01&end=2025-05-03`;
    const [realHistory, demoHistory] = await Promise.all([get(farmer, history(realId)), get(demoFarmer, history(demoId))]);
    expect(realHistory.statusCode).toBe(503);
    expect(demoHistory.json().data.source).toBe('simulated');
    expect(await keptRows(lng, lat)).toEqual({ forecasts: [], archiveDays: [] });
    fake.recover();
    t.clock.offsetMs += PAST_UNREACHABLE_MEMORY_MS;
  });

  it('with Open-Meteo answering both get its weather from one request, and from the store while it is down', async () => {
    const { realId, demoId, lng, lat } = await fieldsInOneNewCell();
    const [real, demo] = await Promise.all([get(farmer, `/api/weather/${realId}`), get(demoFarmer, `/api/weather/${demoId}`)]);
    expect([real.statusCode, demo.statusCode]).toEqual([200, 200]);
    expect(real.json().data).toMatchObject({ source: 'open-meteo', stale: false });
    expect(demo.json().data).toMatchObject({ source: 'open-meteo', stale: false });
    expect(demo.json().data.forecast).toEqual(real.json().data.forecast);
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(1);
    expect(await keptRows(lng, lat)).toEqual({ forecasts: ['open-meteo'], archiveDays: [] });

    fake.failAll(503);
    const [realKept, demoKept] = await Promise.all([get(farmer, `/api/weather/${realId}`), get(demoFarmer, `/api/weather/${demoId}`)]);
    expect(realKept.json().data).toMatchObject({ source: 'open-meteo', fetchedAt: real.json().data.fetchedAt });
    expect(demoKept.json().data).toMatchObject({ source: 'open-meteo', fetchedAt: real.json().data.fetchedAt });
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(1);
    fake.recover();
  });
});

describe('the weather store', () => {
  it("never serves another source's forecast or archive days to a real organisation", async () => {
    const { realId, lng, lat } = await fieldsInOneNewCell();
    const cell = weatherCellOf(lat, lng);
    const db = t.ctx.database.db;
    // Simulated weather is not written today; were it ever, a real farm must not read it as Open-Meteo's.
    await saveForecast(db, 'simulated', cell, t.ctx.now(), simulatedForecast(cell, t.ctx.now(), { pastDays: 30, forecastDays: 8 }));
    const archive = simulatedArchive(cell, '2025-04-01', '2025-04-03');
    await saveArchiveDays(
      db,
      'simulated',
      cell,
      t.ctx.now(),
      archive.days.map((day) => ({ date: day.date, timezone: 'Africa/Harare', utcOffsetSeconds: 7200, elevationM: 1000, day })),
    );

    fake.failAll(503);
    expect((await get(farmer, `/api/weather/${realId}`)).statusCode).toBe(503);
    expect((await get(farmer, `/api/weather/historical?fieldId=${realId}&start=2025-04-01&end=2025-04-03`)).statusCode).toBe(503);

    fake.reset();
    const fresh = await get(farmer, `/api/weather/${realId}`);
    expect(fresh.json().data.source).toBe('open-meteo');
    const history = await get(farmer, `/api/weather/historical?fieldId=${realId}&start=2025-04-01&end=2025-04-03`);
    expect(history.json().data.source).toBe('open-meteo');
    expect(fake.requestsTo('/v1/archive')).toHaveLength(1);
    expect((await keptRows(lng, lat)).forecasts.sort()).toEqual(['open-meteo', 'simulated']);
  });
});

describe('the weather provider of an organisation', () => {
  const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: '/tmp/murimi-weather-sources', ...env });

  it('is Open-Meteo for a farm, Open-Meteo else simulated for the demo, and simulated for all when set so', () => {
    expect(weatherProviderFor(config(), { demo: false })).toBe(openMeteoWeather);
    expect(weatherProviderFor(config(), { demo: true })).toBe(openMeteoOrSimulatedWeather);
    const fallback = config({ WEATHER_SOURCE: 'open-meteo-or-simulated' });
    expect(weatherProviderFor(fallback, { demo: false })).toBe(openMeteoOrSimulatedWeather);
    const simulated = config({ WEATHER_SOURCE: 'simulated' });
    expect(weatherProviderFor(simulated, { demo: false })).toBe(simulatedWeather);
    expect(weatherProviderFor(simulated, { demo: true })).toBe(simulatedWeather);
  });
});
