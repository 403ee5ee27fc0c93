import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../integrations/open-meteo/testing/fake-open-meteo.ts';
import { createFarmWithFields, newId } from '../../../test/factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { weatherCellOf } from './weather.cells.ts';
import { findArchiveDays, findCachedForecast, saveArchiveDays, saveForecast } from './weather.repository.ts';

const HOUR_MS = 3600_000;

let t: TestApp;
let fake: FakeOpenMeteo;
let farmer: TestAccount;
let stranger: TestAccount;
let farmId: string;
/** Two fields of one farm, side by side: one weather cell. */
let northId: string;
let southId: string;

beforeAll(async () => {
  // The fake's "today" follows the app's clock, which tests move.
  fake = await startFakeOpenMeteo({ now: () => (t ? t.ctx.now() : new Date()) });
  t = await startTestApp({ env: { OPEN_METEO_FORECAST_URL: fake.forecastUrl, OPEN_METEO_ARCHIVE_URL: fake.archiveUrl } });
  farmer = await registerAccount(t.app);
  stranger = await registerAccount(t.app);
  const farm = await createFarmWithFields(t.app, farmer, ['North', 'South']);
  farmId = farm.farmId;
  [northId, southId] = farm.fieldIds as [string, string];
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

let nextCell = 0;
/** A field of the farmer's in a weather cell no other test uses (cells 0.5° apart), so caches do not interfere. */
async function fieldInNewCell(account = farmer, ownFarmId = farmId): Promise<{ id: string; lng: number; lat: number }> {
  nextCell += 1;
  const lng = 25 + nextCell * 0.5;
  const lat = -20.03;
  const response = await as(account, t.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: `Block ${nextCell}`, farmId: ownFarmId, boundary: squareBoundary(3, [lng, lat]) },
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().data.id, lng, lat };
}

const get = (url: string, account = farmer) => as(account, t.app, { method: 'GET', url });

/** A fresh sign-in at the app's current time: moving the clock past a token's 24 hours ends it. */
async function signedInNow(account: TestAccount): Promise<TestAccount> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  expect(response.statusCode).toBe(200);
  const token: string = response.json().access_token;
  return { ...account, token, headers: { authorization: `Bearer ${token}` } };
}

/** The date at a place two hours east of UTC (the fake and the service agree on +2 h at these longitudes). */
function localDate(offsetDays = 0): string {
  return new Date(t.ctx.now().getTime() + 2 * HOUR_MS + offsetDays * 24 * HOUR_MS).toISOString().slice(0, 10);
}

async function keptForecastCount(lng: number, lat: number): Promise<number> {
  const cell = weatherCellOf(lat, lng);
  const rows = await t.ctx.database.db
    .selectFrom('weatherForecasts')
    .select('fetchedAt')
    .where('cellLatIndex', '=', cell.latIndex)
    .where('cellLngIndex', '=', cell.lngIndex)
    .execute();
  return rows.length;
}

async function keptArchiveDates(lng: number, lat: number): Promise<string[]> {
  const cell = weatherCellOf(lat, lng);
  const rows = await t.ctx.database.db
    .selectFrom('weatherArchiveDays')
    .select('date')
    .where('cellLatIndex', '=', cell.latIndex)
    .where('cellLngIndex', '=', cell.lngIndex)
    .orderBy('date')
    .execute();
  return rows.map((r) => r.date);
}

describe('GET /api/weather/{fieldId}', () => {
  it('answers current conditions, today and six days on, and the last 30 days, each with its units and source', async () => {
    const response = await get(`/api/weather/${northId}`);
    expect(response.statusCode).toBe(200);
    const weather = response.json().data;
    expect(weather).toMatchObject({
      fieldId: northId,
      source: 'open-meteo',
      stale: false,
      notice: null,
      location: { cellSizeDegrees: 0.1, timezone: 'Africa/Harare', utcOffsetSeconds: 7200, elevationM: expect.any(Number) },
      attribution: expect.stringContaining('Open-Meteo'),
      et0Method: expect.stringContaining('Penman-Monteith'),
    });
    // The cell's centre, on the 0.1° grid, near the field at 31.05° E, 17.83° S.
    expect(Math.abs(weather.location.latitude - -17.83)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(weather.location.longitude - 31.05)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Number.isInteger(Number((weather.location.latitude * 10).toFixed(6)))).toBe(true);

    expect(weather.units).toMatchObject({
      temperatureMaxC: '°C',
      precipitationMm: 'mm',
      et0FaoMm: 'mm',
      shortwaveRadiationMjPerM2: 'MJ/m²',
      windSpeedMaxMPerS: 'm/s',
      relativeHumidityMinPct: '%',
    });
    expect(weather.current).toMatchObject({ source: 'open-meteo', temperatureC: expect.any(Number), windSpeedMPerS: expect.any(Number) });

    expect(weather.forecast.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => localDate(i)));
    expect(weather.past.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => localDate(i - 30)));
    for (const day of [...weather.forecast, ...weather.past]) {
      expect(day).toMatchObject({
        source: 'open-meteo',
        dataset: 'forecast',
        temperatureMaxC: expect.any(Number),
        windSpeedMaxMPerS: expect.any(Number),
      });
      // m/s, not km/h: the fake's strongest wind is 25 km/h.
      expect(day.windSpeedMaxMPerS).toBeLessThan(7);
    }

    const [request] = fake.requestsTo('/v1/forecast');
    expect(request!.query).toMatchObject({ wind_speed_unit: 'ms', timezone: 'auto', past_days: '30' });
    expect(Number(request!.query.latitude)).toBeCloseTo(weather.location.latitude, 6);
  });

  it('serves the fields of one farm from one kept forecast for an hour, then asks again', async () => {
    const field = await fieldInNewCell();
    const neighbour = (
      await as(farmer, t.app, {
        method: 'POST',
        url: '/api/fields',
        payload: { name: 'Neighbour', farmId, boundary: squareBoundary(2, [field.lng + 0.01, field.lat + 0.01]) },
      })
    ).json().data.id;

    expect((await get(`/api/weather/${field.id}`)).statusCode).toBe(200);
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(1);

    t.clock.offsetMs += 59 * 60_000;
    const again = await get(`/api/weather/${neighbour}`);
    expect(again.statusCode).toBe(200);
    expect((await get(`/api/weather/current?fieldId=${field.id}`)).statusCode).toBe(200);
    expect((await get(`/api/weather/forecast?fieldId=${neighbour}&days=3`)).statusCode).toBe(200);
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(1);

    t.clock.offsetMs += 2 * 60_000;
    const later = await get(`/api/weather/${field.id}`);
    expect(later.statusCode).toBe(200);
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(2);
    expect(Date.parse(later.json().data.fetchedAt)).toBeGreaterThan(Date.parse(again.json().data.fetchedAt));
    expect(await keptForecastCount(field.lng, field.lat)).toBe(1);
    t.clock.offsetMs -= 61 * 60_000;
  });

  it('asks once for a cell however many requests arrive at the same moment', async () => {
    const field = await fieldInNewCell();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(`/api/weather/${field.id}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(1);
  });

  it('answers 404 for a field of another organisation, or none, and asks Open-Meteo nothing', async () => {
    for (const url of [
      `/api/weather/${northId}`,
      `/api/weather/current?fieldId=${northId}`,
      `/api/weather/forecast?fieldId=${northId}`,
      `/api/weather/historical?fieldId=${northId}&start=2025-01-01&end=2025-01-31`,
    ]) {
      const response = await get(url, stranger);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Field not found.' });
      expect(response.body).not.toContain('North');
    }
    expect((await get(`/api/weather/${newId()}`)).statusCode).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/weather/${northId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/weather/current?fieldId=${northId}` })).statusCode).toBe(401);
  });
});

describe('GET /api/weather/current and /forecast', () => {
  it('gives the current conditions alone', async () => {
    const response = await get(`/api/weather/current?fieldId=${southId}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      fieldId: southId,
      source: 'open-meteo',
      stale: false,
      current: { source: 'open-meteo', time: expect.stringMatching(/T\d\d:\d\d$/) },
    });
    expect(data).not.toHaveProperty('forecast');
  });

  it('gives as many forecast days as asked, and their hours on request', async () => {
    const three = (await get(`/api/weather/forecast?fieldId=${southId}&days=3`)).json().data;
    expect(three.days.map((d: { date: string }) => d.date)).toEqual([localDate(0), localDate(1), localDate(2)]);
    expect(three).not.toHaveProperty('hours');

    const hourly = (await get(`/api/weather/forecast?fieldId=${southId}&days=2&hourly=true`)).json().data;
    expect(hourly.hours).toHaveLength(48);
    expect(hourly.hours[0]).toMatchObject({ time: `${localDate(0)}T00:00`, source: 'open-meteo', temperatureC: expect.any(Number) });
    expect(hourly.hours[47].time).toBe(`${localDate(1)}T23:00`);

    expect((await get(`/api/weather/forecast?fieldId=${southId}`)).json().data.days).toHaveLength(7);
  });
});

describe('GET /api/weather/historical', () => {
  it('reads past days from the archive once and keeps them for good', async () => {
    const field = await fieldInNewCell();
    const first = await get(`/api/weather/historical?fieldId=${field.id}&start=2025-01-01&end=2025-01-31`);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({
      fieldId: field.id,
      source: 'open-meteo',
      start: '2025-01-01',
      end: '2025-01-31',
      location: { timezone: 'Africa/Harare' },
    });
    expect(data.days).toHaveLength(31);
    expect(data.days[0]).toMatchObject({
      date: '2025-01-01',
      source: 'open-meteo',
      dataset: 'archive',
      precipitationProbabilityMaxPct: null,
    });
    expect(fake.requestsTo('/v1/archive')).toHaveLength(1);
    expect(fake.requestsTo('/v1/archive')[0]!.query).toMatchObject({
      start_date: '2025-01-01',
      end_date: '2025-01-31',
      wind_speed_unit: 'ms',
    });
    expect(await keptArchiveDates(field.lng, field.lat)).toHaveLength(31);

    // A year later, the same days come from the database.
    t.clock.offsetMs += 400 * 24 * HOUR_MS;
    const yearLater = await signedInNow(farmer);
    const again = await get(`/api/weather/historical?fieldId=${field.id}&start=2025-01-01&end=2025-01-31`, yearLater);
    expect(again.json().data.days).toEqual(data.days);
    expect(fake.requestsTo('/v1/archive')).toHaveLength(1);

    // An overlapping range asks only for the days not kept.
    const wider = await get(`/api/weather/historical?fieldId=${field.id}&start=2025-01-20&end=2025-02-10`, yearLater);
    expect(wider.json().data.days).toHaveLength(22);
    expect(fake.requestsTo('/v1/archive')).toHaveLength(2);
    expect(fake.requestsTo('/v1/archive')[1]!.query).toMatchObject({ start_date: '2025-02-01', end_date: '2025-02-10' });
    t.clock.offsetMs -= 400 * 24 * HOUR_MS;
  });

  it("fills the days the archive does not have yet from the forecast's past days, and keeps only final days", async () => {
    const field = await fieldInNewCell();
    const start = localDate(-10);
    const end = localDate(-1);
    const response = await get(`/api/weather/historical?fieldId=${field.id}&start=${start}&end=${end}`);
    expect(response.statusCode).toBe(200);
    const days = response.json().data.days as { date: string; dataset: string; temperatureMaxC: number | null }[];
    expect(days).toHaveLength(10);
    // The fake archive, like ERA5, has nothing for the last five days.
    expect(days.map((d) => d.dataset)).toEqual([...Array(5).fill('archive'), ...Array(5).fill('forecast')]);
    for (const day of days) expect(day.temperatureMaxC).toEqual(expect.any(Number));
    expect(await keptArchiveDates(field.lng, field.lat)).toEqual(days.slice(0, 5).map((d) => d.date));
  });

  it.each([
    ['', 'start is required.'],
    ['&start=2025-01-01', 'end is required.'],
    ['&start=01/02/2025&end=2025-02-01', 'start must be a date written YYYY-MM-DD.'],
    ['&start=2025-02-30&end=2025-03-01', 'start is not a calendar date.'],
    ['&start=2025-03-01&end=2025-02-01', 'start must be on or before end.'],
    ['&start=2024-01-01&end=2025-01-01', 'Ask for at most 366 days at once (from start to end).'],
    ['&start=1939-12-01&end=1940-01-31', 'The weather archive starts on 1940-01-01.'],
    ['&start=2025-01-01&end=2025-01-02&extra=1', 'Unknown field: extra.'],
  ])('refuses %s with a clear message', async (query, message) => {
    const response = await get(`/api/weather/historical?fieldId=${northId}${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('takes a leap year whole (366 days) and refuses an end in the future', async () => {
    const field = await fieldInNewCell();
    const leapYear = await get(`/api/weather/historical?fieldId=${field.id}&start=2024-01-01&end=2024-12-31`);
    expect(leapYear.statusCode).toBe(200);
    expect(leapYear.json().data.days).toHaveLength(366);

    // Two days ahead: the server allows an hour of clock slack, so "tomorrow" is today there for an hour each evening.
    const tomorrow = await get(`/api/weather/historical?fieldId=${northId}&start=${localDate(-3)}&end=${localDate(2)}`);
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error.message).toBe('end cannot be in the future; the coming days are at /api/weather/forecast.');
  });
});

describe('validation of the other weather routes', () => {
  it.each([
    ['/api/weather/not-a-field', 'fieldId must be a UUID.'],
    ['/api/weather/current', 'fieldId is required.'],
    ['/api/weather/current?fieldId=42', 'fieldId must be a UUID.'],
    ['/api/weather/forecast?fieldId=FIELD&days=8', 'days is a whole number from 1 to 7.'],
    ['/api/weather/forecast?fieldId=FIELD&days=0', 'days is a whole number from 1 to 7.'],
    ['/api/weather/forecast?fieldId=FIELD&days=2.5', 'days is a whole number from 1 to 7.'],
    ['/api/weather/forecast?fieldId=FIELD&days=many', 'days is a whole number from 1 to 7.'],
    ['/api/weather/forecast?fieldId=FIELD&hourly=yes', 'hourly is true or false.'],
  ])('%s → 400 %s', async (url, message) => {
    const response = await get(url.replace('FIELD', northId));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});

describe('when Open-Meteo is down', () => {
  it('answers 503 with a clear message and keeps nothing', async () => {
    const field = await fieldInNewCell();
    fake.failAll(503);
    const response = await get(`/api/weather/${field.id}`);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.',
        details: { provider: 'open-meteo', reason: 'http', status: 503 },
      },
    });
    // Three attempts (two retries), then nothing kept.
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(3);
    expect(await keptForecastCount(field.lng, field.lat)).toBe(0);

    const history = await get(`/api/weather/historical?fieldId=${field.id}&start=2025-03-01&end=2025-03-05`);
    expect(history.statusCode).toBe(503);
    expect(await keptArchiveDates(field.lng, field.lat)).toEqual([]);

    fake.recover();
    expect((await get(`/api/weather/${field.id}`)).statusCode).toBe(200);
  });

  it('serves the kept forecast marked stale for up to a day, then answers 503', async () => {
    const field = await fieldInNewCell();
    const fresh = (await get(`/api/weather/${field.id}`)).json().data;

    t.clock.offsetMs += 3 * HOUR_MS;
    fake.failAll(500);
    const stale = await get(`/api/weather/${field.id}`);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toMatchObject({ source: 'open-meteo', stale: true, fetchedAt: fresh.fetchedAt });
    expect(stale.json().data.notice).toContain('could not be reached; this is the forecast of');

    t.clock.offsetMs += 22 * HOUR_MS;
    const tooOld = await get(`/api/weather/${field.id}`, await signedInNow(farmer));
    expect(tooOld.statusCode).toBe(503);
    fake.recover();
    t.clock.offsetMs -= 25 * HOUR_MS;
  });
});

describe('the weather cache', () => {
  it('takes simultaneous saves of one cell without error, the newest forecast winning whatever order they land in', async () => {
    const cell = weatherCellOf(-33.9, 18.4);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const order = [3, 0, 4, 1, 2];
    await Promise.all(order.map((i) => saveForecast(t.ctx.database.db, 'open-meteo', cell, new Date(base + i * 60_000), { version: i })));
    const kept = await findCachedForecast(t.ctx.database.db, 'open-meteo', cell);
    expect(kept).toEqual({ fetchedAt: new Date(base + 4 * 60_000), forecast: { version: 4 } });
    // An older fetch that finishes last does not replace it.
    await saveForecast(t.ctx.database.db, 'open-meteo', cell, new Date(base), { version: 0 });
    expect((await findCachedForecast(t.ctx.database.db, 'open-meteo', cell))?.forecast).toEqual({ version: 4 });
  });

  it('keeps an archive day once when several requests save it together', async () => {
    const cell = weatherCellOf(-33.9, 18.5);
    const row = (date: string, note: string) => ({
      date,
      timezone: 'Africa/Johannesburg',
      utcOffsetSeconds: 7200,
      elevationM: 10,
      day: { note },
    });
    await Promise.all(
      ['a', 'b', 'c'].map((note) =>
        saveArchiveDays(t.ctx.database.db, 'open-meteo', cell, new Date(), [row('2025-01-01', note), row('2025-01-02', note)]),
      ),
    );
    const rows = await findArchiveDays(t.ctx.database.db, 'open-meteo', cell, '2024-12-31', '2025-01-03');
    expect(rows.map((r) => r.date)).toEqual(['2025-01-01', '2025-01-02']);
    // Whichever came first stays: an archive day is not rewritten.
    expect(new Set(rows.map((r) => (r.day as { note: string }).note)).size).toBe(1);
  });
});

describe('simulated weather', () => {
  let sim: TestApp;
  let simFarmer: TestAccount;
  let simFieldId: string;
  beforeAll(async () => {
    sim = await startTestApp({
      env: { WEATHER_SOURCE: 'simulated', OPEN_METEO_FORECAST_URL: fake.forecastUrl, OPEN_METEO_ARCHIVE_URL: fake.archiveUrl },
    });
    simFarmer = await registerAccount(sim.app);
    [simFieldId = ''] = (await createFarmWithFields(sim.app, simFarmer, ['Demo'])).fieldIds;
  });
  afterAll(() => sim.close());

  it('labels every answer, day and current reading simulated, and asks Open-Meteo nothing', async () => {
    const weather = (await as(simFarmer, sim.app, { method: 'GET', url: `/api/weather/${simFieldId}` })).json().data;
    expect(weather).toMatchObject({
      source: 'simulated',
      stale: false,
      notice: expect.stringContaining('Simulated weather'),
      attribution: expect.stringContaining('not a forecast and not a measurement'),
      et0Method: 'FAO-56 Penman-Monteith, computed from the simulated weather',
      current: { source: 'simulated' },
    });
    expect(weather.forecast).toHaveLength(7);
    expect(weather.past).toHaveLength(30);
    for (const day of [...weather.forecast, ...weather.past]) expect(day).toMatchObject({ source: 'simulated', dataset: 'simulated' });

    const history = (
      await as(simFarmer, sim.app, { method: 'GET', url: `/api/weather/historical?fieldId=${simFieldId}&start=2025-01-01&end=2025-01-10` })
    ).json().data;
    expect(history.source).toBe('simulated');
    for (const day of history.days) expect(day).toMatchObject({ source: 'simulated', dataset: 'simulated' });

    const hourly = (
      await as(simFarmer, sim.app, { method: 'GET', url: `/api/weather/forecast?fieldId=${simFieldId}&days=1&hourly=true` })
    ).json().data;
    expect(hourly.hours).toHaveLength(24);
    for (const hour of hourly.hours) expect(hour.source).toBe('simulated');
    expect(fake.requests).toHaveLength(0);
  });

  it('gives the same numbers for the same field and days every time', async () => {
    const url = `/api/weather/historical?fieldId=${simFieldId}&start=2025-11-01&end=2026-02-28`;
    const first = (await as(simFarmer, sim.app, { method: 'GET', url })).json().data;
    const second = (await as(simFarmer, sim.app, { method: 'GET', url })).json().data;
    expect(second).toEqual(first);
    expect(first.days).toHaveLength(120);
  });
});

describe('WEATHER_SOURCE=open-meteo-or-simulated (demo mode)', () => {
  let demo: TestApp;
  let demoFarmer: TestAccount;
  let demoFieldId: string;
  beforeAll(async () => {
    demo = await startTestApp({
      env: {
        WEATHER_SOURCE: 'open-meteo-or-simulated',
        OPEN_METEO_FORECAST_URL: fake.forecastUrl,
        OPEN_METEO_ARCHIVE_URL: fake.archiveUrl,
      },
    });
    demoFarmer = await registerAccount(demo.app);
    [demoFieldId = ''] = (await createFarmWithFields(demo.app, demoFarmer, ['Demo'])).fieldIds;
  });
  afterAll(() => demo.close());

  it('uses Open-Meteo when it answers and the simulated series when it cannot be reached', async () => {
    const real = (await as(demoFarmer, demo.app, { method: 'GET', url: `/api/weather/current?fieldId=${demoFieldId}` })).json().data;
    expect(real.source).toBe('open-meteo');

    const history = `/api/weather/historical?fieldId=${demoFieldId}&start=2025-06-01&end=2025-06-03`;
    fake.failAll(503);
    const simulated = (await as(demoFarmer, demo.app, { method: 'GET', url: history })).json().data;
    expect(simulated.source).toBe('simulated');
    expect(simulated.days.every((d: { source: string }) => d.source === 'simulated')).toBe(true);
    expect(await demo.ctx.database.db.selectFrom('weatherArchiveDays').selectAll().execute()).toEqual([]);
  });

  it('does not ask an unreachable Open-Meteo again for five minutes, then does', async () => {
    fake.recover();
    const before = fake.requests.length;
    const url = `/api/weather/historical?fieldId=${demoFieldId}&start=2025-06-10&end=2025-06-12`;
    const meanwhile = (await as(demoFarmer, demo.app, { method: 'GET', url })).json().data;
    expect(meanwhile.source).toBe('simulated');
    expect(fake.requests.length).toBe(before);
    demo.clock.offsetMs += 6 * 60_000;
    const after = (await as(demoFarmer, demo.app, { method: 'GET', url })).json().data;
    expect(after.source).toBe('open-meteo');
    expect(fake.requests.length).toBeGreaterThan(before);
  });

  it('does not hide a refused request behind simulated weather', async () => {
    fake.failNext(1, 400);
    const response = await as(demoFarmer, demo.app, {
      method: 'GET',
      url: `/api/weather/historical?fieldId=${demoFieldId}&start=2025-07-01&end=2025-07-03`,
    });
    expect(response.statusCode).toBe(503);
  });
});
