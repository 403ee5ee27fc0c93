import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '@murimi/core';

/** A request as the fake received it. */
export interface RecordedOpenMeteoRequest {
  path: string;
  query: Record<string, string>;
}

export interface FakeOpenMeteoOptions {
  /** The fake's clock: what "today" and "now" are (default: real time). */
  now?: () => Date;
  /** Days before today for which the archive has nothing yet (ERA5's delay); default 5. */
  archiveLagDays?: number;
}

export interface FakeOpenMeteo {
  /** e.g. `http://127.0.0.1:41234`. */
  url: string;
  forecastUrl: string;
  archiveUrl: string;
  requests: RecordedOpenMeteoRequest[];
  /** Requests whose client closed the connection before the answer was sent (an aborted fetch). */
  readonly droppedByClient: number;
  /** Requests to one path (`/v1/forecast` or `/v1/archive`). */
  requestsTo(path: '/v1/forecast' | '/v1/archive'): RecordedOpenMeteoRequest[];
  /** The next `count` requests are answered with `status` and Open-Meteo's error body (or `body`). */
  failNext(count: number, status: number, options?: { retryAfterSeconds?: number; body?: string }): void;
  /** Every request is answered with `status` until `recover()`. */
  failAll(status: number): void;
  recover(): void;
  /** The next request is answered after `ms`. */
  delayNext(ms: number): void;
  /** The next request is answered 200 with a body that is not JSON. */
  invalidJsonNext(): void;
  /** The next successful answer is passed through `change` first (e.g. to state another unit). */
  changeNext(change: (body: Record<string, unknown>) => unknown): void;
  /** Forgets requests and faults. */
  reset(): void;
  close(): Promise<void>;
}

type Fault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number; body?: string }
  | { kind: 'delay'; ms: number }
  | { kind: 'invalid-json' }
  | { kind: 'change'; change: (body: Record<string, unknown>) => unknown };

/** The variables the real APIs accept that Murimi asks for, with their units; anything else is refused as Open-Meteo does. */
const dailyUnits: Record<string, string> = {
  temperature_2m_max: '°C',
  temperature_2m_min: '°C',
  precipitation_sum: 'mm',
  precipitation_probability_max: '%',
  et0_fao_evapotranspiration: 'mm',
  shortwave_radiation_sum: 'MJ/m²',
  wind_speed_10m_max: 'km/h',
  wind_speed_10m_mean: 'km/h',
  relative_humidity_2m_max: '%',
  relative_humidity_2m_min: '%',
  relative_humidity_2m_mean: '%',
  dew_point_2m_mean: '°C',
};
const archiveRefused = new Set(['precipitation_probability_max']);
const hourlyUnits: Record<string, string> = {
  temperature_2m: '°C',
  relative_humidity_2m: '%',
  dew_point_2m: '°C',
  precipitation: 'mm',
  wind_speed_10m: 'km/h',
  wind_direction_10m: '°',
  cloud_cover: '%',
  weather_code: 'wmo code',
};

/**
 * Open-Meteo's forecast (`/v1/forecast`) and archive (`/v1/archive`) on 127.0.0.1, answering in Open-Meteo's
 * own JSON layout (as recorded from the real service: `daily_units`, `daily.time`, one array per variable,
 * `utc_offset_seconds`, `current` with `interval`) with deterministic values for any point and day. Like the
 * real APIs it refuses unknown variables with 400 `{"error": true, "reason": …}`, reports wind in km/h unless
 * `wind_speed_unit=ms`, and leaves the archive's last days null. Faults apply to the next requests in turn.
 */
export async function startFakeOpenMeteo(options: FakeOpenMeteoOptions = {}): Promise<FakeOpenMeteo> {
  const now = options.now ?? (() => new Date());
  const archiveLagDays = options.archiveLagDays ?? 5;
  const requests: RecordedOpenMeteoRequest[] = [];
  let faults: Fault[] = [];
  let failingStatus: number | null = null;
  let droppedByClient = 0;
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing).catch((error: unknown) => {
      if (!outgoing.headersSent) send(outgoing, 500, { error: true, reason: String(error) });
    });
  });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? '/', 'http://fake');
    const request = { path: url.pathname, query: Object.fromEntries(url.searchParams) };
    requests.push(request);
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) droppedByClient += 1;
    });

    if (failingStatus !== null) return send(outgoing, failingStatus, { error: true, reason: 'Service unavailable (fake outage)' });
    const fault = faults.shift();
    if (fault?.kind === 'status') {
      const headers: Record<string, string> =
        fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
      return send(outgoing, fault.status, fault.body ?? { error: true, reason: `Fake failure ${fault.status}` }, headers);
    }
    if (fault?.kind === 'invalid-json') return send(outgoing, 200, '<html>Bad gateway</html>');
    if (fault?.kind === 'delay') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, fault.ms);
        timers.add(timer);
      });
      if (outgoing.destroyed) return;
    }

    const answer = answerFor(request, now(), archiveLagDays);
    if ('error' in answer) return send(outgoing, 400, answer);
    return send(outgoing, 200, fault?.kind === 'change' ? fault.change(answer) : answer);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    forecastUrl: `${url}/v1/forecast`,
    archiveUrl: `${url}/v1/archive`,
    requests,
    get droppedByClient() {
      return droppedByClient;
    },
    requestsTo: (path) => requests.filter((r) => r.path === path),
    failNext: (count, status, failure = {}) => {
      for (let i = 0; i < count; i++) faults.push({ kind: 'status', status, ...failure });
    },
    failAll: (status) => (failingStatus = status),
    recover: () => (failingStatus = null),
    delayNext: (ms) => faults.push({ kind: 'delay', ms }),
    invalidJsonNext: () => faults.push({ kind: 'invalid-json' }),
    changeNext: (change) => faults.push({ kind: 'change', change }),
    reset: () => {
      requests.length = 0;
      faults = [];
      failingStatus = null;
      droppedByClient = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function send(outgoing: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  outgoing.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json; charset=utf-8', ...headers });
  outgoing.end(text);
}

type Refusal = { error: true; reason: string };

function answerFor(request: RecordedOpenMeteoRequest, now: Date, archiveLagDays: number): Record<string, unknown> | Refusal {
  const { query } = request;
  const archive = request.path === '/v1/archive';
  if (!archive && request.path !== '/v1/forecast') return { error: true, reason: `No route ${request.path}` };
  const latitude = Number(query.latitude);
  const longitude = Number(query.longitude);
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
    return { error: true, reason: 'Latitude must be in range of -90 to 90°. Given: ' + query.latitude };
  }
  const windFactor = query.wind_speed_unit === 'ms' ? 1 / 3.6 : 1;
  const windUnit = query.wind_speed_unit === 'ms' ? 'm/s' : 'km/h';
  const unitOf = (units: Record<string, string>, name: string) => (units[name] === 'km/h' ? windUnit : units[name]!);

  const daily = list(query.daily);
  const hourly = list(query.hourly);
  const current = list(query.current);
  for (const name of daily) {
    if (!(name in dailyUnits) || (archive && archiveRefused.has(name))) {
      return {
        error: true,
        reason: `Cannot initialize ${archive ? 'Era5DailyWeatherVariable' : 'ForecastVariableDaily'} from invalid String value ${name}`,
      };
    }
  }
  for (const name of [...hourly, ...current]) {
    if (!(name in hourlyUnits)) return { error: true, reason: `Cannot initialize ForecastVariable from invalid String value ${name}` };
  }
  if (archive && current.length > 0) {
    return { error: true, reason: 'Parameter current is not supported' };
  }

  // timezone=auto: the point's offset; whole hours from the longitude are enough for a fake.
  const offsetHours = query.timezone === 'auto' ? Math.round(longitude / 15) : 0;
  const utcOffsetSeconds = offsetHours * 3600;
  const timezone =
    offsetHours === 0 ? 'GMT' : offsetHours === 2 ? 'Africa/Harare' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
  const localNow = new Date(now.getTime() + utcOffsetSeconds * 1000);
  const today = localNow.toISOString().slice(0, 10);

  let dates: string[];
  if (archive) {
    if (!query.start_date || !query.end_date) return { error: true, reason: 'Parameter start_date and end_date are required' };
    if (query.start_date > query.end_date) return { error: true, reason: 'End-date must be larger or equals than start-date' };
    dates = dateRange(query.start_date, query.end_date);
  } else {
    const pastDays = Number(query.past_days ?? 0);
    const forecastDays = Number(query.forecast_days ?? 7);
    if (forecastDays < 0 || forecastDays > 16) return { error: true, reason: 'Forecast days is invalid. Allowed range 0 to 16.' };
    if (pastDays < 0 || pastDays > 92) return { error: true, reason: 'Past days is invalid. Allowed range 0 to 92.' };
    dates = dateRange(addDays(today, -pastDays), addDays(today, forecastDays - 1));
  }
  const lastArchived = addDays(today, -archiveLagDays - 1);

  const body: Record<string, unknown> = {
    latitude: Math.round(latitude * 40) / 40,
    longitude: Math.round(longitude * 40) / 40,
    generationtime_ms: 0.42,
    utc_offset_seconds: utcOffsetSeconds,
    timezone,
    timezone_abbreviation: offsetHours === 2 ? 'CAT' : timezone,
    elevation: Math.round(1200 + 300 * Math.sin(latitude * 7 + longitude * 3)),
  };
  if (current.length > 0) {
    const quarter = new Date(Math.floor(localNow.getTime() / 900_000) * 900_000).toISOString().slice(0, 16);
    body.current_units = { time: 'iso8601', interval: 'seconds', ...Object.fromEntries(current.map((n) => [n, unitOf(hourlyUnits, n)])) };
    body.current = {
      time: quarter,
      interval: 900,
      ...Object.fromEntries(current.map((n) => [n, hourValue(n, latitude, longitude, quarter, windFactor)])),
    };
  }
  if (hourly.length > 0) {
    const times = dates.flatMap((date) => Array.from({ length: 24 }, (_, hour) => `${date}T${String(hour).padStart(2, '0')}:00`));
    body.hourly_units = { time: 'iso8601', ...Object.fromEntries(hourly.map((n) => [n, unitOf(hourlyUnits, n)])) };
    body.hourly = {
      time: times,
      ...Object.fromEntries(hourly.map((n) => [n, times.map((time) => hourValue(n, latitude, longitude, time, windFactor))])),
    };
  }
  if (daily.length > 0) {
    body.daily_units = { time: 'iso8601', ...Object.fromEntries(daily.map((n) => [n, unitOf(dailyUnits, n)])) };
    body.daily = {
      time: dates,
      ...Object.fromEntries(
        daily.map((n) => [
          n,
          dates.map((date) => (archive && date > lastArchived ? null : dayValue(n, latitude, longitude, date, windFactor))),
        ]),
      ),
    };
  }
  return body;
}

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

function dateRange(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** A number in [0, 1) fixed by its inputs. */
function noise(...parts: (string | number)[]): number {
  let hash = 2166136261;
  for (const char of parts.join('|')) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 10_000) / 10_000;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function dayValue(name: string, latitude: number, longitude: number, date: string, windFactor: number): number {
  const r = noise(name, latitude.toFixed(2), longitude.toFixed(2), date);
  const wet = noise('rain', latitude.toFixed(2), longitude.toFixed(2), date) < 0.4;
  switch (name) {
    case 'temperature_2m_max':
      return round1(25 + 6 * r);
    case 'temperature_2m_min':
      return round1(13 + 4 * r);
    case 'precipitation_sum':
      return wet ? round1(1 + 30 * r) : 0;
    case 'precipitation_probability_max':
      return wet ? Math.round(50 + 50 * r) : Math.round(20 * r);
    case 'et0_fao_evapotranspiration':
      return Math.round((3 + 3 * r) * 100) / 100;
    case 'shortwave_radiation_sum':
      return Math.round((wet ? 12 + 8 * r : 20 + 8 * r) * 100) / 100;
    case 'wind_speed_10m_max':
      return round1((10 + 15 * r) * windFactor);
    case 'wind_speed_10m_mean':
      return round1((5 + 8 * r) * windFactor);
    case 'relative_humidity_2m_max':
      return Math.round(75 + 25 * r);
    case 'relative_humidity_2m_min':
      return Math.round(25 + 25 * r);
    case 'relative_humidity_2m_mean':
      return Math.round(50 + 25 * r);
    case 'dew_point_2m_mean':
      return round1(10 + 8 * r);
    default:
      return 0;
  }
}

function hourValue(name: string, latitude: number, longitude: number, time: string, windFactor: number): number {
  const r = noise(name, latitude.toFixed(2), longitude.toFixed(2), time);
  const hour = Number(time.slice(11, 13));
  const warmth = Math.sin(((hour - 9) / 24) * 2 * Math.PI); // highest mid-afternoon
  switch (name) {
    case 'temperature_2m':
      return round1(20 + 7 * warmth + r);
    case 'relative_humidity_2m':
      return Math.round(60 - 25 * warmth + 5 * r);
    case 'dew_point_2m':
      return round1(12 + 2 * r);
    case 'precipitation':
      return r > 0.9 ? round1(4 * r) : 0;
    case 'wind_speed_10m':
      return round1((6 + 10 * r) * windFactor);
    case 'wind_direction_10m':
      return Math.round(360 * r);
    case 'cloud_cover':
      return Math.round(100 * r);
    case 'weather_code':
      return r > 0.9 ? 61 : r > 0.6 ? 3 : 0;
    default:
      return 0;
  }
}
