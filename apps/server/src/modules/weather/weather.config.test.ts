import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const load = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'murimi-weather-config-')), ...env });

describe('weather settings', () => {
  it("default to Open-Meteo's free hosts, no key, 10 s per request, 500 requests a minute", () => {
    expect(load().weather).toEqual({
      source: 'open-meteo',
      openMeteo: {
        forecastUrl: 'https://api.open-meteo.com/v1/forecast',
        archiveUrl: 'https://archive-api.open-meteo.com/v1/archive',
        apiKey: undefined,
        timeoutMs: 10_000,
        requestsPerMinute: 500,
      },
    });
  });

  it("move to Open-Meteo's customer hosts with a key, unless the URLs are set", () => {
    expect(load({ OPEN_METEO_API_KEY: 'k' }).weather.openMeteo).toMatchObject({
      forecastUrl: 'https://customer-api.open-meteo.com/v1/forecast',
      archiveUrl: 'https://customer-archive-api.open-meteo.com/v1/archive',
      apiKey: 'k',
    });
    expect(
      load({ OPEN_METEO_API_KEY: 'k', OPEN_METEO_FORECAST_URL: 'http://meteo.internal/v1/forecast' }).weather.openMeteo.forecastUrl,
    ).toBe('http://meteo.internal/v1/forecast');
  });

  it.each([
    [{ WEATHER_SOURCE: 'demo' }, 'WEATHER_SOURCE is open-meteo, simulated or open-meteo-or-simulated'],
    [{ OPEN_METEO_FORECAST_URL: 'api.open-meteo.com/v1/forecast' }, 'OPEN_METEO_FORECAST_URL must be a URL'],
    [{ OPEN_METEO_ARCHIVE_URL: 'ftp://archive/v1/archive' }, 'OPEN_METEO_ARCHIVE_URL must start with http:// or https://'],
    [{ OPEN_METEO_TIMEOUT_SECONDS: '0' }, 'OPEN_METEO_TIMEOUT_SECONDS must be above 0'],
  ])('stop with a clear line for %j', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});
