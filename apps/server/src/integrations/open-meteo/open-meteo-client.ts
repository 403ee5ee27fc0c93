import { setTimeout as sleep } from 'node:timers/promises';
import { OutsideRequestError, sendOutsideRequest, urlWithoutSecrets, type OutsideAnswer, type RequestPace } from '@murimi/core';
import { z } from 'zod';

/**
 * Open-Meteo's forecast and archive APIs for one point (science brief §7), in SI units: °C, mm, %, MJ/m², m/s.
 * Days and hours are local to the point (`timezone=auto`); each number is null where Open-Meteo has none
 * (the archive's last few days, before ERA5 catches up).
 */

/** One day at a point; the same shape comes from the forecast, the archive and the simulated series. */
export interface WeatherDay {
  /** `YYYY-MM-DD`, local to the point. */
  date: string;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  precipitationMm: number | null;
  /** Forecast only (null in the archive). */
  precipitationProbabilityMaxPct: number | null;
  /** FAO-56 Penman-Monteith reference evapotranspiration of the day. */
  et0FaoMm: number | null;
  shortwaveRadiationMjPerM2: number | null;
  /** At 10 m above ground; FAO-56 Eq. 47 brings it to 2 m (× 0.748). */
  windSpeedMaxMPerS: number | null;
  windSpeedMeanMPerS: number | null;
  relativeHumidityMaxPct: number | null;
  relativeHumidityMinPct: number | null;
  relativeHumidityMeanPct: number | null;
  dewPointMeanC: number | null;
}

/** One hour of the forecast, local time. */
export interface WeatherHour {
  /** `YYYY-MM-DDTHH:mm`, local to the point. */
  time: string;
  temperatureC: number | null;
  relativeHumidityPct: number | null;
  dewPointC: number | null;
  precipitationMm: number | null;
  windSpeedMPerS: number | null;
}

/** Conditions now (Open-Meteo's model state of the last 15 minutes, not a station reading). */
export interface CurrentWeather {
  /** `YYYY-MM-DDTHH:mm`, local to the point. */
  time: string;
  temperatureC: number | null;
  relativeHumidityPct: number | null;
  dewPointC: number | null;
  precipitationMm: number | null;
  cloudCoverPct: number | null;
  windSpeedMPerS: number | null;
  windDirectionDeg: number | null;
  /** WMO weather interpretation code (0 clear … 95 thunderstorm). */
  weatherCode: number | null;
}

/** Where Open-Meteo says the answer is for: its grid point, the elevation it downscaled to, the local time zone. */
export interface WeatherPoint {
  latitude: number;
  longitude: number;
  elevationM: number | null;
  timezone: string;
  utcOffsetSeconds: number;
}

export interface OpenMeteoForecast {
  point: WeatherPoint;
  current: CurrentWeather | null;
  /** The past days asked for, today, then the forecast days, in date order. */
  days: WeatherDay[];
  hours: WeatherHour[];
}

export interface OpenMeteoArchive {
  point: WeatherPoint;
  days: WeatherDay[];
}

export type OpenMeteoErrorKind = 'timeout' | 'network' | 'http' | 'invalid-response';

/** Open-Meteo could not be reached or did not answer usefully, after the retries that made sense. */
export class OpenMeteoError extends Error {
  override readonly name = 'OpenMeteoError';
  readonly kind: OpenMeteoErrorKind;
  /** The request, with any API key masked. */
  readonly url: string;
  /** HTTP status of the last answer; null when none came (timeout, network). */
  readonly status: number | null;
  readonly attempts: number;

  constructor(details: {
    kind: OpenMeteoErrorKind;
    url: string;
    status: number | null;
    attempts: number;
    message: string;
    cause?: unknown;
  }) {
    super(details.message, { cause: details.cause });
    this.kind = details.kind;
    this.url = details.url;
    this.status = details.status;
    this.attempts = details.attempts;
  }

  /**
   * The service is down or overloaded (timeout, network, 429, 5xx), as opposed to refusing what we sent or
   * answering nonsense (our bug, or theirs): only then may demo mode put simulated weather in its place.
   */
  get isUnavailable(): boolean {
    return (
      this.kind === 'timeout' || this.kind === 'network' || (this.kind === 'http' && (this.status === 429 || (this.status ?? 0) >= 500))
    );
  }
}

/** What the client logs: pino's `(context, message)` call order, so a request's or the app's logger fits. */
export interface OpenMeteoLogger {
  warn(context: Record<string, unknown>, message: string): void;
  error(context: Record<string, unknown>, message: string): void;
}

export interface OpenMeteoSettings {
  forecastUrl: string;
  archiveUrl: string;
  /** Open-Meteo's commercial `apikey`; masked in every log line and error. */
  apiKey?: string | undefined;
  /** Time allowed for one attempt, answer included; default 10 s. */
  timeoutMs?: number;
  /**
   * Further attempts after a timeout, a network error, a 429 or a 5xx; default 2 (waits of 0.5 s, then 1 s, each less
   * a random share of up to half, or what a `Retry-After` asks, up to 5 s).
   */
  retries?: number;
  fetch?: typeof fetch;
  /** Waits between attempts and for the pace's slots; defaults to a timer. */
  delay?: (ms: number) => Promise<void>;
  /** Open-Meteo's pace: each attempt waits for its slot (`RequestPace`; the fair-use limits). */
  pace?: RequestPace | undefined;
  log?: OpenMeteoLogger;
  /**
   * The caller's: once it aborts, the request in flight is dropped, no retry is sent, and the call rejects with the
   * signal's reason (not an `OpenMeteoError`: the service did nothing wrong).
   */
  signal?: AbortSignal | undefined;
}

export interface PointQuery {
  latitude: number;
  longitude: number;
}

const defaultTimeoutMs = 10_000;
const defaultRetries = 2;
const firstBackoffMs = 500;
/** A person is waiting for the answer: a longer Retry-After is not worth waiting for, the error is. */
const maxRetryAfterMs = 5_000;

/** Open-Meteo daily variable → our key and the unit Open-Meteo must report (checked, so a unit change cannot slip through). */
const dailyVariables = {
  temperatureMaxC: ['temperature_2m_max', '°C'],
  temperatureMinC: ['temperature_2m_min', '°C'],
  precipitationMm: ['precipitation_sum', 'mm'],
  precipitationProbabilityMaxPct: ['precipitation_probability_max', '%'],
  et0FaoMm: ['et0_fao_evapotranspiration', 'mm'],
  shortwaveRadiationMjPerM2: ['shortwave_radiation_sum', 'MJ/m²'],
  windSpeedMaxMPerS: ['wind_speed_10m_max', 'm/s'],
  windSpeedMeanMPerS: ['wind_speed_10m_mean', 'm/s'],
  relativeHumidityMaxPct: ['relative_humidity_2m_max', '%'],
  relativeHumidityMinPct: ['relative_humidity_2m_min', '%'],
  relativeHumidityMeanPct: ['relative_humidity_2m_mean', '%'],
  dewPointMeanC: ['dew_point_2m_mean', '°C'],
} as const satisfies Record<Exclude<keyof WeatherDay, 'date'>, readonly [string, string]>;

/** ERA5 is a reanalysis: it has no precipitation probability. */
const archiveOnlyMissing: readonly (keyof typeof dailyVariables)[] = ['precipitationProbabilityMaxPct'];

const hourlyVariables = {
  temperatureC: ['temperature_2m', '°C'],
  relativeHumidityPct: ['relative_humidity_2m', '%'],
  dewPointC: ['dew_point_2m', '°C'],
  precipitationMm: ['precipitation', 'mm'],
  windSpeedMPerS: ['wind_speed_10m', 'm/s'],
} as const satisfies Record<Exclude<keyof WeatherHour, 'time'>, readonly [string, string]>;

const currentVariables = {
  temperatureC: ['temperature_2m', '°C'],
  relativeHumidityPct: ['relative_humidity_2m', '%'],
  dewPointC: ['dew_point_2m', '°C'],
  precipitationMm: ['precipitation', 'mm'],
  cloudCoverPct: ['cloud_cover', '%'],
  windSpeedMPerS: ['wind_speed_10m', 'm/s'],
  windDirectionDeg: ['wind_direction_10m', '°'],
  weatherCode: ['weather_code', 'wmo code'],
} as const satisfies Record<Exclude<keyof CurrentWeather, 'time'>, readonly [string, string]>;

type VariableMap = Record<string, readonly [string, string]>;

export const OPEN_METEO_DAILY_FORECAST_VARIABLES = Object.values(dailyVariables).map(([name]) => name);
export const OPEN_METEO_DAILY_ARCHIVE_VARIABLES = Object.entries(dailyVariables)
  .filter(([key]) => !archiveOnlyMissing.includes(key as keyof typeof dailyVariables))
  .map(([, [name]]) => name);
export const OPEN_METEO_HOURLY_VARIABLES = Object.values(hourlyVariables).map(([name]) => name);
export const OPEN_METEO_CURRENT_VARIABLES = Object.values(currentVariables).map(([name]) => name);

export interface ForecastQuery extends PointQuery {
  /** Today included; Open-Meteo allows 1–16. */
  forecastDays: number;
  /** Days before today; Open-Meteo allows 0–92. */
  pastDays: number;
}

/**
 * The forecast API: current conditions, daily values for `pastDays` before today through `forecastDays` from
 * today, and hourly values over the same span. Throws `OpenMeteoError`.
 */
export async function fetchOpenMeteoForecast(settings: OpenMeteoSettings, query: ForecastQuery): Promise<OpenMeteoForecast> {
  const url = buildUrl(settings.forecastUrl, settings.apiKey, {
    ...pointParameters(query),
    daily: OPEN_METEO_DAILY_FORECAST_VARIABLES.join(','),
    hourly: OPEN_METEO_HOURLY_VARIABLES.join(','),
    current: OPEN_METEO_CURRENT_VARIABLES.join(','),
    forecast_days: String(query.forecastDays),
    past_days: String(query.pastDays),
  });
  const answer = await requestJson(url, settings);
  return readAnswer(answer, url, (body) => ({
    point: pointOf(body),
    current: readCurrent(body),
    days: readDays(body, OPEN_METEO_DAILY_FORECAST_VARIABLES),
    hours: readSeries(body, 'hourly', hourlyVariables, (time) => ({ time })) as unknown as WeatherHour[],
  }));
}

export interface ArchiveQuery extends PointQuery {
  /** `YYYY-MM-DD`, inclusive, local to the point. */
  startDate: string;
  endDate: string;
}

/** The historical (ERA5) API: daily values from `startDate` to `endDate`. Throws `OpenMeteoError`. */
export async function fetchOpenMeteoArchive(settings: OpenMeteoSettings, query: ArchiveQuery): Promise<OpenMeteoArchive> {
  const url = buildUrl(settings.archiveUrl, settings.apiKey, {
    ...pointParameters(query),
    daily: OPEN_METEO_DAILY_ARCHIVE_VARIABLES.join(','),
    start_date: query.startDate,
    end_date: query.endDate,
  });
  const answer = await requestJson(url, settings);
  return readAnswer(answer, url, (body) => ({ point: pointOf(body), days: readDays(body, OPEN_METEO_DAILY_ARCHIVE_VARIABLES) }));
}

function pointParameters(query: PointQuery): Record<string, string> {
  return {
    latitude: query.latitude.toFixed(4),
    longitude: query.longitude.toFixed(4),
    // Local days (a day's rain is the farmer's day's rain) and SI wind: Open-Meteo's default is km/h.
    timezone: 'auto',
    wind_speed_unit: 'ms',
    temperature_unit: 'celsius',
    precipitation_unit: 'mm',
  };
}

function buildUrl(base: string, apiKey: string | undefined, parameters: Record<string, string>): URL {
  const url = new URL(base);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  if (apiKey) url.searchParams.set('apikey', apiKey);
  return url;
}

const secretParams = ['apikey'];

/** The URL as it may be logged or shown: the key masked. */
function redacted(url: URL): string {
  return urlWithoutSecrets(url.href, secretParams);
}

// ---- parsing -------------------------------------------------------------------------------------------------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
const isoMinute = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'expected YYYY-MM-DDTHH:mm');
const valueSeries = z.array(z.number().nullable());

const answerSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  elevation: z.number().nullable().optional(),
  timezone: z.string().min(1),
  utc_offset_seconds: z.number().int(),
  daily_units: z.record(z.string(), z.string()).optional(),
  daily: z
    .object({ time: z.array(isoDate) })
    .catchall(z.unknown())
    .optional(),
  hourly_units: z.record(z.string(), z.string()).optional(),
  hourly: z
    .object({ time: z.array(isoMinute) })
    .catchall(z.unknown())
    .optional(),
  current_units: z.record(z.string(), z.string()).optional(),
  current: z.object({ time: isoMinute }).catchall(z.unknown()).optional(),
});
type Answer = z.infer<typeof answerSchema>;

/** A part of the answer that does not fit: becomes an `invalid-response` error naming it. */
class AnswerProblem extends Error {}

function readAnswer<T>({ json, status, attempts }: JsonAnswer, url: URL, read: (body: Answer) => T): T {
  const invalid = (detail: string) =>
    new OpenMeteoError({
      kind: 'invalid-response',
      url: redacted(url),
      status,
      attempts,
      message: `Open-Meteo answered ${redacted(url)} with something we cannot read: ${detail}.`,
    });
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw invalid(describeIssues(parsed.error));
  try {
    return read(parsed.data);
  } catch (error) {
    if (error instanceof AnswerProblem) throw invalid(error.message);
    throw error;
  }
}

function pointOf(body: Answer): WeatherPoint {
  return {
    latitude: body.latitude,
    longitude: body.longitude,
    elevationM: body.elevation ?? null,
    timezone: body.timezone,
    utcOffsetSeconds: body.utc_offset_seconds,
  };
}

function readDays(body: Answer, requested: readonly string[]): WeatherDay[] {
  const present = Object.fromEntries(Object.entries(dailyVariables).filter(([, [name]]) => requested.includes(name)));
  const days = readSeries(body, 'daily', present, (date) => ({ date }));
  // Variables not asked of this API (the archive's precipitation probability) are null, not missing.
  return days.map((day) => ({ ...nullDay(day.date as string), ...day }) as WeatherDay);
}

function nullDay(date: string): WeatherDay {
  const day = { date } as Record<string, unknown>;
  for (const key of Object.keys(dailyVariables)) day[key] = null;
  return day as unknown as WeatherDay;
}

/** Columns of a daily or hourly block → one object per time step, checking every column's length and unit. */
function readSeries(
  body: Answer,
  block: 'daily' | 'hourly',
  variables: VariableMap,
  start: (time: string) => Record<string, unknown>,
): Record<string, unknown>[] {
  const series = body[block];
  if (!series) throw new AnswerProblem(`no "${block}" block`);
  const units = body[`${block}_units`];
  const rows = series.time.map(start);
  for (const [key, [name, unit]] of Object.entries(variables)) {
    const values = valueSeries.safeParse(series[name]);
    if (!values.success) throw new AnswerProblem(`${block}.${name} is missing or not a list of numbers`);
    if (values.data.length !== rows.length) {
      throw new AnswerProblem(`${block}.${name} has ${values.data.length} values for ${rows.length} time steps`);
    }
    checkUnit(`${block}.${name}`, units?.[name], unit);
    values.data.forEach((value, index) => (rows[index]![key] = value));
  }
  return rows;
}

function readCurrent(body: Answer): CurrentWeather | null {
  if (!body.current) return null;
  const current: Record<string, unknown> = { time: body.current.time };
  for (const [key, [name, unit]] of Object.entries(currentVariables)) {
    const value = z.number().nullable().optional().safeParse(body.current[name]);
    if (!value.success) throw new AnswerProblem(`current.${name} is not a number`);
    checkUnit(`current.${name}`, body.current_units?.[name], unit);
    current[key] = value.data ?? null;
  }
  return current as unknown as CurrentWeather;
}

/** Units are checked where Open-Meteo states them: wind in km/h read as m/s would be 3.6 times too strong. */
function checkUnit(where: string, stated: string | undefined, expected: string): void {
  if (stated !== undefined && stated !== expected) throw new AnswerProblem(`${where} is in "${stated}", expected "${expected}"`);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

// ---- transport -----------------------------------------------------------------------------------------------

interface JsonAnswer {
  json: unknown;
  status: number;
  attempts: number;
}

/** One GET, retried by core's outside request (timeouts, network, 429, 5xx); every failure logged. */
async function requestJson(url: URL, settings: OpenMeteoSettings): Promise<JsonAnswer> {
  const shownUrl = redacted(url);
  const contextOf = ({ attempts, status, kind }: { attempts: number; status: number | null; kind: OpenMeteoErrorKind }) => ({
    provider: 'open-meteo',
    url: shownUrl,
    attempt: attempts,
    status,
    kind,
  });
  const fail = (details: Omit<ConstructorParameters<typeof OpenMeteoError>[0], 'url' | 'message'>, description: string): never => {
    const message = `${description} (${details.attempts} ${details.attempts === 1 ? 'attempt' : 'attempts'})`;
    settings.log?.error(contextOf(details), message);
    throw new OpenMeteoError({ ...details, url: shownUrl, message });
  };

  let answer: OutsideAnswer;
  try {
    answer = await sendOutsideRequest(
      { url: url.href, headers: { accept: 'application/json' }, secretParams },
      {
        fetch: settings.fetch ?? globalThis.fetch,
        sleep: settings.delay ?? ((ms: number) => sleep(ms)),
        now: Date.now,
        timeoutMs: settings.timeoutMs ?? defaultTimeoutMs,
        retries: settings.retries ?? defaultRetries,
        firstBackoffMs,
        maxRetryAfterMs,
        pace: settings.pace,
        signal: settings.signal,
        onRetry: ({ failure, waitMs }) =>
          settings.log?.warn(
            { ...contextOf({ attempts: failure.attempts, status: failure.status, kind: openMeteoKind(failure) }), waitMs },
            `${failureMessage(shownUrl, failure)}; retrying in ${waitMs} ms`,
          ),
      },
    );
  } catch (error) {
    if (!(error instanceof OutsideRequestError)) throw error;
    // The caller stopped waiting (an analysis cancelled): its reason, not a failure of Open-Meteo to log or remember.
    if (error.kind === 'aborted' && settings.signal?.aborted) throw settings.signal.reason;
    return fail(
      { kind: openMeteoKind(error), status: error.status, attempts: error.attempts, cause: error.cause },
      failureMessage(shownUrl, error),
    );
  }

  const { response, text, attempts } = answer;
  try {
    return { json: JSON.parse(text), status: response.status, attempts };
  } catch (error) {
    const detail = text.trim() === '' ? 'an empty answer' : `"${excerpt(text)}"`;
    return fail(
      { kind: 'invalid-response', status: response.status, attempts, cause: error },
      `Open-Meteo answered ${shownUrl} with something that is not JSON: ${detail}`,
    );
  }
}

/** A caller's abort never gets here (its reason is thrown instead); any other abort reads as a network failure. */
function openMeteoKind(failure: OutsideRequestError): OpenMeteoErrorKind {
  return failure.kind === 'status' ? 'http' : failure.kind === 'timeout' ? 'timeout' : 'network';
}

function failureMessage(url: string, failure: OutsideRequestError): string {
  switch (failure.kind) {
    case 'timeout':
      return `Open-Meteo did not answer ${url} within ${failure.timeoutMs} ms`;
    case 'network':
    case 'aborted':
      return `Could not reach Open-Meteo at ${url}: ${failure.detail}`;
    case 'status':
      return `Open-Meteo answered ${url} with HTTP ${failure.status}${reasonOf(failure.responseText ?? '')}`;
  }
}

/** Open-Meteo explains a refusal as `{"error": true, "reason": "…"}`. */
function reasonOf(text: string): string {
  if (text.trim() === '') return '';
  try {
    const body = JSON.parse(text) as { reason?: unknown };
    if (typeof body.reason === 'string') return `: ${excerpt(body.reason)}`;
  } catch {
    // Not JSON: a proxy's error page; show its start.
  }
  return `: ${excerpt(text)}`;
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}
