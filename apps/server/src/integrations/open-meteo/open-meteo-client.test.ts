import { createServer } from 'node:net';
import { RequestPace } from '@murimi/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fetchOpenMeteoArchive,
  fetchOpenMeteoForecast,
  OpenMeteoError,
  type OpenMeteoLogger,
  type OpenMeteoSettings,
} from './open-meteo-client.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from './testing/fake-open-meteo.ts';

// A fixed "now" for the fake: 10:30 in Harare on 20 January 2026.
const now = new Date('2026-01-20T08:30:00Z');
const harare = { latitude: -17.8, longitude: 31.1 };

let fake: FakeOpenMeteo;
beforeAll(async () => {
  fake = await startFakeOpenMeteo({ now: () => now });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

interface LogLine {
  level: 'warn' | 'error';
  context: Record<string, unknown>;
  message: string;
}

function settingsFor(overrides: Partial<OpenMeteoSettings> = {}): OpenMeteoSettings & { lines: LogLine[]; waits: number[] } {
  const lines: LogLine[] = [];
  const waits: number[] = [];
  const log: OpenMeteoLogger = {
    warn: (context, message) => lines.push({ level: 'warn', context, message }),
    error: (context, message) => lines.push({ level: 'error', context, message }),
  };
  return {
    forecastUrl: fake.forecastUrl,
    archiveUrl: fake.archiveUrl,
    timeoutMs: 2_000,
    delay: async (ms) => {
      waits.push(ms);
    },
    log,
    lines,
    waits,
    ...overrides,
  };
}

const forecastQuery = { ...harare, forecastDays: 7, pastDays: 30 };

describe('Open-Meteo forecast', () => {
  it('asks for the daily variables of science §7 in SI units, local days, past and coming days', async () => {
    await fetchOpenMeteoForecast(settingsFor(), forecastQuery);
    const [request] = fake.requestsTo('/v1/forecast');
    expect(request!.query).toMatchObject({
      latitude: '-17.8000',
      longitude: '31.1000',
      timezone: 'auto',
      wind_speed_unit: 'ms',
      forecast_days: '7',
      past_days: '30',
    });
    expect(request!.query.daily!.split(',')).toEqual([
      'temperature_2m_max',
      'temperature_2m_min',
      'precipitation_sum',
      'precipitation_probability_max',
      'et0_fao_evapotranspiration',
      'shortwave_radiation_sum',
      'wind_speed_10m_max',
      'wind_speed_10m_mean',
      'relative_humidity_2m_max',
      'relative_humidity_2m_min',
      'relative_humidity_2m_mean',
      'dew_point_2m_mean',
    ]);
    expect(request!.query.hourly!.split(',')).toEqual([
      'temperature_2m',
      'relative_humidity_2m',
      'dew_point_2m',
      'precipitation',
      'wind_speed_10m',
    ]);
    expect(request!.query.current).toContain('weather_code');
    expect(request!.query).not.toHaveProperty('apikey');
  });

  it('reads the answer into typed days, hours and current conditions with units in the names', async () => {
    const forecast = await fetchOpenMeteoForecast(settingsFor(), forecastQuery);
    expect(forecast.point).toEqual({
      latitude: -17.8,
      longitude: 31.1,
      elevationM: expect.any(Number),
      timezone: 'Africa/Harare',
      utcOffsetSeconds: 7200,
    });
    expect(forecast.days).toHaveLength(37);
    expect(forecast.days[0]!.date).toBe('2025-12-21');
    expect(forecast.days[30]!.date).toBe('2026-01-20');
    expect(forecast.days.at(-1)!.date).toBe('2026-01-26');
    const day = forecast.days[30]!;
    expect(Object.keys(day).sort()).toEqual(
      [
        'date',
        'temperatureMaxC',
        'temperatureMinC',
        'precipitationMm',
        'precipitationProbabilityMaxPct',
        'et0FaoMm',
        'shortwaveRadiationMjPerM2',
        'windSpeedMaxMPerS',
        'windSpeedMeanMPerS',
        'relativeHumidityMaxPct',
        'relativeHumidityMinPct',
        'relativeHumidityMeanPct',
        'dewPointMeanC',
      ].sort(),
    );
    for (const value of Object.values(day).slice(1)) expect(typeof value).toBe('number');
    // The fake's winds are 10–25 km/h, so m/s must be under 7.
    expect(Math.max(...forecast.days.map((d) => d.windSpeedMaxMPerS!))).toBeLessThan(7);
    expect(forecast.hours).toHaveLength(37 * 24);
    expect(forecast.hours[0]).toMatchObject({
      time: '2025-12-21T00:00',
      temperatureC: expect.any(Number),
      windSpeedMPerS: expect.any(Number),
    });
    expect(forecast.current).toMatchObject({ time: '2026-01-20T10:30', temperatureC: expect.any(Number), weatherCode: expect.any(Number) });
  });

  it('refuses an answer whose wind is not in m/s rather than read km/h as m/s', async () => {
    fake.changeNext((body) => ({ ...body, daily_units: { ...(body.daily_units as object), wind_speed_10m_max: 'km/h' } }));
    const error = await fetchOpenMeteoForecast(settingsFor(), forecastQuery).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenMeteoError);
    expect(error).toMatchObject({ kind: 'invalid-response', attempts: 1 });
    expect((error as Error).message).toContain('daily.wind_speed_10m_max is in "km/h", expected "m/s"');
  });

  it('refuses an answer with a column shorter than its time axis', async () => {
    fake.changeNext((body) => {
      const daily = body.daily as Record<string, unknown[]>;
      return { ...body, daily: { ...daily, precipitation_sum: daily.precipitation_sum!.slice(1) } };
    });
    await expect(fetchOpenMeteoForecast(settingsFor(), forecastQuery)).rejects.toThrow(
      'daily.precipitation_sum has 36 values for 37 time steps',
    );
  });

  it("asks at the pace it is given: forecast and archive share Open-Meteo's slots", async () => {
    const pace = new RequestPace(60, 2, { now: () => 0 });
    const settings = settingsFor({ pace });
    await fetchOpenMeteoForecast(settings, forecastQuery);
    await fetchOpenMeteoArchive(settings, { ...harare, startDate: '2026-01-01', endDate: '2026-01-10' });
    expect(settings.waits).toEqual([]);
    // The third call's slot is a second on: 60 a minute.
    await fetchOpenMeteoForecast(settings, forecastQuery);
    expect(settings.waits).toEqual([1_000]);
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(2);
  });

  it('logs each retried failure as a warning, then reads the answer', async () => {
    fake.failNext(2, 503);
    const settings = settingsFor();
    const forecast = await fetchOpenMeteoForecast(settings, forecastQuery);
    expect(forecast.days).toHaveLength(37);
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(3);
    expect(settings.lines.map((l) => l.level)).toEqual(['warn', 'warn']);
    expect(settings.lines[0]!.context).toMatchObject({
      provider: 'open-meteo',
      attempt: 1,
      status: 503,
      kind: 'http',
      waitMs: settings.waits[0],
    });
    expect(settings.lines[0]!.message).toContain('HTTP 503');
  });

  it('waits what a 429 asks, up to 5 s, before trying again', async () => {
    fake.failNext(1, 429, { retryAfterSeconds: 2 });
    fake.failNext(1, 429, { retryAfterSeconds: 60 });
    const settings = settingsFor();
    await fetchOpenMeteoForecast(settings, forecastQuery);
    expect(settings.waits).toEqual([2000, 5000]);
  });

  it('gives up after the retries with an error saying what happened', async () => {
    fake.failNext(3, 502);
    const settings = settingsFor();
    const error = (await fetchOpenMeteoForecast(settings, forecastQuery).catch((e: unknown) => e)) as OpenMeteoError;
    expect(error).toBeInstanceOf(OpenMeteoError);
    expect(error).toMatchObject({ kind: 'http', status: 502, attempts: 3, isUnavailable: true });
    expect(error.message).toMatch(
      /^Open-Meteo answered http:\/\/127\.0\.0\.1:\d+\/v1\/forecast\?.* with HTTP 502: Fake failure 502 \(3 attempts\)$/,
    );
    expect(settings.lines.at(-1)).toMatchObject({ level: 'error', context: { provider: 'open-meteo', attempt: 3, status: 502 } });
  });

  it('turns a request that takes too long into a timeout error', async () => {
    fake.delayNext(1_000);
    const error = await fetchOpenMeteoForecast(settingsFor({ timeoutMs: 100, retries: 0 }), forecastQuery).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenMeteoError);
    expect(error).toMatchObject({ kind: 'timeout', status: null, attempts: 1, isUnavailable: true });
    expect((error as Error).message).toContain('did not answer');
    expect((error as Error).message).toContain('within 100 ms');
  });

  it('does not retry a 400: it is our request that is wrong, and says why', async () => {
    fake.failNext(1, 400, {
      body: JSON.stringify({ error: true, reason: 'Cannot initialize ForecastVariableDaily from invalid String value x' }),
    });
    const settings = settingsFor();
    const error = (await fetchOpenMeteoForecast(settings, forecastQuery).catch((e: unknown) => e)) as OpenMeteoError;
    expect(error).toBeInstanceOf(OpenMeteoError);
    expect(error).toMatchObject({ kind: 'http', status: 400, attempts: 1, isUnavailable: false });
    expect(error.message).toContain('HTTP 400: Cannot initialize ForecastVariableDaily from invalid String value x');
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(1);
    expect(settings.waits).toEqual([]);
    expect(settings.lines).toHaveLength(1);
  });

  it('does not retry an answer that is not JSON', async () => {
    fake.invalidJsonNext();
    const error = await fetchOpenMeteoForecast(settingsFor(), forecastQuery).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid-response', attempts: 1, isUnavailable: false });
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a service that cannot be reached as a network error after retrying', async () => {
    const closedPort = await unusedPort();
    const settings = settingsFor({ forecastUrl: `http://127.0.0.1:${closedPort}/v1/forecast` });
    const error = await fetchOpenMeteoForecast(settings, forecastQuery).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', attempts: 3, isUnavailable: true });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it("sends a configured API key as Open-Meteo's apikey and never shows it", async () => {
    const settings = settingsFor({ apiKey: 'secret-key-123' });
    await fetchOpenMeteoForecast(settings, forecastQuery);
    expect(fake.requestsTo('/v1/forecast')[0]!.query.apikey).toBe('secret-key-123');

    fake.failNext(1, 400);
    const error = (await fetchOpenMeteoForecast(settings, forecastQuery).catch((e: unknown) => e)) as OpenMeteoError;
    expect(error.message).not.toContain('secret-key-123');
    expect(error.url).toContain('apikey=***');
    expect(JSON.stringify(settings.lines)).not.toContain('secret-key-123');
  });
});

describe('Open-Meteo archive', () => {
  it('asks for the days between two dates, without what ERA5 lacks', async () => {
    const archive = await fetchOpenMeteoArchive(settingsFor(), { ...harare, startDate: '2025-01-01', endDate: '2025-01-31' });
    const [request] = fake.requestsTo('/v1/archive');
    expect(request!.query).toMatchObject({ start_date: '2025-01-01', end_date: '2025-01-31', timezone: 'auto', wind_speed_unit: 'ms' });
    expect(request!.query.daily).not.toContain('precipitation_probability_max');
    expect(request!.query.daily!.split(',')).toHaveLength(11);
    expect(archive.days).toHaveLength(31);
    expect(archive.days[0]).toMatchObject({
      date: '2025-01-01',
      temperatureMaxC: expect.any(Number),
      precipitationProbabilityMaxPct: null,
    });
  });

  it('keeps the days the archive has no values for yet as nulls', async () => {
    const archive = await fetchOpenMeteoArchive(settingsFor(), { ...harare, startDate: '2026-01-10', endDate: '2026-01-19' });
    expect(archive.days.map((d) => d.temperatureMaxC === null)).toEqual([false, false, false, false, false, true, true, true, true, true]);
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
