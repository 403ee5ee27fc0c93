import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { MAX_BOUNDARY_VERTICES } from '@murimi/core';
import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';
import type { SmsProviderName } from './integrations/sms/sms-provider.ts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlWithScheme = (schemes: string[], name: string) =>
  z
    .url({ message: `${name} must be a URL` })
    .refine(
      (value) => schemes.some((scheme) => value.startsWith(`${scheme}://`)),
      `${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`,
    );

/**
 * The basemap: satellite raster tiles (a public service that needs no key, sub-metre over southern Africa) and
 * overlays of roads and place names. Set a variable to an empty string to go without: the map editor then draws
 * on a plain background, as it does whenever tiles cannot be fetched.
 */
const DEFAULT_SATELLITE_TILES_URL = 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const DEFAULT_OVERLAY_TILES_URLS = [
  'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Transportation/MapServer/tile/{z}/{y}/{x}',
  'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}',
];
const DEFAULT_TILES_ATTRIBUTION = 'Imagery © Esri, Maxar, Earthstar Geographics';

/** A comma-separated list of XYZ tile URL templates; empty means none. */
const tileUrlTemplates = (name: string, fallback: string, max: number) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.length <= max, `${name} holds at most ${max} URL${max === 1 ? '' : 's'}`)
    .refine(
      (urls) => urls.every((url) => /^https?:\/\//.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part))),
      `${name} must be http(s) tile URL templates with {z}, {x} and {y}, or empty for none`,
    );

/**
 * Open-Meteo (science brief §7). Free use is non-commercial and needs no key; a commercial deployment buys a key,
 * which Open-Meteo serves from its customer hosts: with `OPEN_METEO_API_KEY` set, those become the defaults.
 */
const OPEN_METEO_DEFAULT_URLS = {
  forecast: 'https://api.open-meteo.com/v1/forecast',
  archive: 'https://archive-api.open-meteo.com/v1/archive',
  customerForecast: 'https://customer-api.open-meteo.com/v1/forecast',
  customerArchive: 'https://customer-archive-api.open-meteo.com/v1/archive',
};

/** The SMS providers' API hosts. Africa's Talking's sandbox (username `sandbox`) has its own. */
const SMS_DEFAULT_API_URLS = {
  africasTalking: 'https://api.africastalking.com',
  africasTalkingSandbox: 'https://api.sandbox.africastalking.com',
  twilio: 'https://api.twilio.com',
};

/**
 * The 16 member states of the Southern African Development Community (sadc.int, 2024): Angola, Botswana, Comoros,
 * DR Congo, Eswatini, Lesotho, Madagascar, Malawi, Mauritius, Mozambique, Namibia, Seychelles, South Africa,
 * Tanzania, Zambia and Zimbabwe. Codes go by SMS only to numbers of these, unless SMS_ALLOWED_COUNTRIES says others.
 */
const SADC_COUNTRIES = ['AO', 'BW', 'KM', 'CD', 'SZ', 'LS', 'MG', 'MW', 'MU', 'MZ', 'NA', 'SC', 'ZA', 'TZ', 'ZM', 'ZW'];

/** A comma-separated list of ISO 3166-1 alpha-2 country codes that have phone numbers. */
const countryCodes = (name: string, fallback: readonly string[]) =>
  z
    .string()
    .trim()
    .default(fallback.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine((codes) => codes.length > 0, `${name} lists at least one country`)
    .refine(
      (codes) => codes.every((code) => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code)),
      `${name} is a comma-separated list of two-letter country codes with phone numbers, e.g. ZW,ZA,MW`,
    );

/** A whole number of something an organisation may have or do, from 1 to `max`. */
const quota = (name: string, fallback: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} is at least 1`)
    .max(max, `${name} is at most ${max.toLocaleString('en-US')}`)
    .default(fallback);

/** Every setting the server reads from its environment; nothing else reads `process.env`. */
export const environmentSchema = z.object({
  PORT: z.coerce.number({ message: 'PORT must be a number' }).int().min(1).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(urlWithScheme(['postgres', 'postgresql'], 'DATABASE_URL').optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  PUBLIC_URL: optionalString.pipe(urlWithScheme(['http', 'https'], 'PUBLIC_URL').optional()),
  SMTP_URL: optionalString.pipe(urlWithScheme(['smtp', 'smtps'], 'SMTP_URL').optional()),
  MAIL_FROM: optionalString,
  MAIL_LOG_LINKS: z
    .enum(['true', 'false'], { message: 'MAIL_LOG_LINKS is true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  PRODUCT_NAME: z.string().trim().min(1).default('Murimi'),
  CONTACT_EMAIL: optionalString.pipe(z.email({ message: 'CONTACT_EMAIL must be an e-mail address' }).optional()),
  CONTACT_PHONE: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  MAP_SATELLITE_TILES_URL: tileUrlTemplates('MAP_SATELLITE_TILES_URL', DEFAULT_SATELLITE_TILES_URL, 1),
  MAP_OVERLAY_TILES_URLS: tileUrlTemplates('MAP_OVERLAY_TILES_URLS', DEFAULT_OVERLAY_TILES_URLS.join(','), 4),
  MAP_TILES_ATTRIBUTION: z.string().trim().default(DEFAULT_TILES_ATTRIBUTION),
  WEATHER_SOURCE: z
    .enum(['open-meteo', 'simulated', 'open-meteo-or-simulated'], {
      message: 'WEATHER_SOURCE is open-meteo, simulated or open-meteo-or-simulated',
    })
    .default('open-meteo'),
  OPEN_METEO_FORECAST_URL: optionalString.pipe(urlWithScheme(['http', 'https'], 'OPEN_METEO_FORECAST_URL').optional()),
  OPEN_METEO_ARCHIVE_URL: optionalString.pipe(urlWithScheme(['http', 'https'], 'OPEN_METEO_ARCHIVE_URL').optional()),
  OPEN_METEO_API_KEY: optionalString,
  IMAGERY_SOURCE: z.enum(['earth-search', 'demo'], { message: 'IMAGERY_SOURCE is earth-search or demo' }).default('earth-search'),
  IMAGERY_STAC_URL: optionalString.pipe(urlWithScheme(['http', 'https'], 'IMAGERY_STAC_URL').optional()),
  DEMO_IMAGERY_DIR: optionalString,
  TILE_CACHE_MAX_MB: z.coerce.number({ message: 'TILE_CACHE_MAX_MB must be a number' }).int().min(16).max(1_000_000).default(2048),
  SNAP_LAI_NETWORK_DIR: optionalString,
  ANALYSIS_AUTOSTART: z
    .enum(['true', 'false'], { message: 'ANALYSIS_AUTOSTART is true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  ERROR_REPORTING: z
    .enum(['true', 'false'], { message: 'ERROR_REPORTING is true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  DEBUG_LOGGING: z
    .enum(['true', 'false'], { message: 'DEBUG_LOGGING is true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
        'TRUST_PROXY is true, false, a number of proxies, or addresses and CIDR ranges separated by commas',
      )
      .optional(),
  ),
  DEV_PAGES: z
    .enum(['0', '1', 'true', 'false'], { message: 'DEV_PAGES is 1 or 0' })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  ANALYSIS_RETRIES: z.coerce.number({ message: 'ANALYSIS_RETRIES must be a number' }).int().min(0).max(10).default(2),
  REPORT_KEEP_DAYS: z.coerce.number({ message: 'REPORT_KEEP_DAYS must be a number' }).int().min(1).max(3650).default(90),
  ANALYSIS_TIMEOUT_SECONDS: z.coerce.number({ message: 'ANALYSIS_TIMEOUT_SECONDS must be a number' }).int().min(1).max(3600).default(300),
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce
    .number({ message: 'JOB_MAINTENANCE_INTERVAL_SECONDS must be a number' })
    .int()
    .min(1)
    .max(3600)
    .default(120),
  OPEN_METEO_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'OPEN_METEO_TIMEOUT_SECONDS must be a number' })
    .positive('OPEN_METEO_TIMEOUT_SECONDS must be above 0')
    .max(120, 'OPEN_METEO_TIMEOUT_SECONDS is at most 120')
    .default(10),
  // Open-Meteo's free API allows 600 calls a minute (open-meteo.com/en/terms): asked a sixth below it.
  OPEN_METEO_REQUESTS_PER_MINUTE: z.coerce
    .number({ message: 'OPEN_METEO_REQUESTS_PER_MINUTE must be a number' })
    .positive('OPEN_METEO_REQUESTS_PER_MINUTE must be above 0')
    .max(100_000, 'OPEN_METEO_REQUESTS_PER_MINUTE is at most 100000')
    .default(500),
  // Earth Search publishes no limit: two searches a second, which a night's schedule of shared searches stays far under.
  STAC_REQUESTS_PER_MINUTE: z.coerce
    .number({ message: 'STAC_REQUESTS_PER_MINUTE must be a number' })
    .positive('STAC_REQUESTS_PER_MINUTE must be above 0')
    .max(100_000, 'STAC_REQUESTS_PER_MINUTE is at most 100000')
    .default(120),
  SMS_PROVIDER: z.enum(['none', 'africastalking', 'twilio'], { message: 'SMS_PROVIDER is none, africastalking or twilio' }).default('none'),
  SMS_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'SMS_TIMEOUT_SECONDS must be a number' })
    .positive('SMS_TIMEOUT_SECONDS must be above 0')
    .max(60, 'SMS_TIMEOUT_SECONDS is at most 60')
    .default(10),
  METRICS_TOKEN: optionalString.pipe(z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional()),
  SMS_ALLOWED_COUNTRIES: countryCodes('SMS_ALLOWED_COUNTRIES', SADC_COUNTRIES),
  SMS_CODES_PER_ACCOUNT_PER_DAY: quota('SMS_CODES_PER_ACCOUNT_PER_DAY', 10, 1_000),
  SMS_CODES_PER_HOUR: quota('SMS_CODES_PER_HOUR', 300, 1_000_000),
  AFRICASTALKING_USERNAME: optionalString,
  AFRICASTALKING_API_KEY: optionalString,
  AFRICASTALKING_SENDER_ID: optionalString,
  AFRICASTALKING_API_URL: optionalString.pipe(urlWithScheme(['http', 'https'], 'AFRICASTALKING_API_URL').optional()),
  AFRICASTALKING_CALLBACK_SECRET: optionalString.pipe(
    z.string().min(24, 'AFRICASTALKING_CALLBACK_SECRET must be at least 24 characters').optional(),
  ),
  TWILIO_ACCOUNT_SID: optionalString.pipe(z.string().startsWith('AC', 'TWILIO_ACCOUNT_SID starts with AC').optional()),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG\w+)$/, 'TWILIO_FROM is a phone number in E.164 form (+263771234567) or a messaging service sid (MG…)')
      .optional(),
  ),
  TWILIO_API_URL: optionalString.pipe(urlWithScheme(['http', 'https'], 'TWILIO_API_URL').optional()),
  CPU_WORKER_THREADS: z.coerce
    .number({ message: 'CPU_WORKER_THREADS must be a number' })
    .int()
    .min(1, 'CPU_WORKER_THREADS is at least 1')
    .max(64)
    .default(Math.max(1, availableParallelism() - 1)),
  QUOTA_FIELDS: quota('QUOTA_FIELDS', 5_000, 1_000_000),
  QUOTA_CORNERS_PER_FIELD: quota('QUOTA_CORNERS_PER_FIELD', MAX_BOUNDARY_VERTICES, MAX_BOUNDARY_VERTICES),
  QUOTA_GEOMETRY_MB: quota('QUOTA_GEOMETRY_MB', 100, 100_000),
  QUOTA_IMPORTS_PER_HOUR: quota('QUOTA_IMPORTS_PER_HOUR', 30, 10_000),
  // Testing only: the process kills itself with SIGKILL at this point, so tests can prove what survives a crash.
  PHOTO_BUCKET_URL: optionalString.pipe(urlWithScheme(['http', 'https'], 'PHOTO_BUCKET_URL').optional()),
  PHOTO_BUCKET_REGION: z.string().trim().min(1).default('us-east-1'),
  PHOTO_BUCKET_ACCESS_KEY_ID: optionalString,
  PHOTO_BUCKET_SECRET_ACCESS_KEY: optionalString,
  TESTING_CRASH_AT: optionalString.pipe(
    z
      .enum(['analysis-stored', 'analysis-claimed', 'sms-accepted'], {
        message: 'TESTING_CRASH_AT is analysis-stored, analysis-claimed or sms-accepted',
      })
      .optional(),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: node-postgres against this server. Unset: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Development without SMTP: write each e-mail, links included, to the log. Off by default (links sign people in). */
  mailLogLinks: boolean;
  productName: string;
  contactEmail: string | undefined;
  contactPhone: string | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  webDistDir: string;
  basemap: Basemap;
  weather: WeatherConfig;
  imagery: ImageryConfig;
  /**
   * A field saved with a crop and planting date (or a new boundary) queues its analyses by itself: health, then the
   * others once it has ended. Tests of the analysis API turn it off to start every run themselves.
   */
  analysisAutostart: boolean;
  /** Further tries of a failed analysis job (an outside service down for a minute) before it is stored as failed. */
  analysisRetries: number;
  /** Days a report's PDF is kept before it is deleted (a download after answers 410). */
  reportKeepDays: number;
  /** An analysis job running longer than this (its worker died, or a service hangs) is failed and retried. */
  analysisTimeoutSeconds: number;
  /** How often the job queue looks for expired jobs to retry (pg-boss maintenance). */
  jobMaintenanceIntervalSeconds: number;
  /** Worker threads for CPU-heavy request steps (boundary files, bulk imports); the event loop keeps a core. */
  cpuWorkerThreads: number;
  quotas: Quotas;
  sms: SmsConfig;
  /** Where visit photos are kept: under `dataDir/photos`, or in an S3-style bucket when one is set. */
  photoBucket: PhotoBucketConfig | null;
  /** The bearer token a metrics scraper sends to `GET /api/metrics`; unset: no metrics are served. */
  metricsToken: string | undefined;
  /**
   * Which proxies in front of the server to believe about the client's address (`X-Forwarded-For`), as Fastify's
   * `trustProxy`: false (none: the default, for a server reached directly), true (all), a number of hops, or
   * addresses and CIDR ranges. Per-address limits count the address it yields.
   */
  trustProxy: boolean | number | string[];
  /**
   * Feature flags the web app reads (spec §9): it sends its errors to `POST /api/logs`; it logs DEBUG entries too; it
   * shows the developer pages (spec §2.3), else their paths are not found.
   */
  features: { errorReporting: boolean; debugLogging: boolean; devPages: boolean };
  /**
   * Testing only (off unless set): SIGKILL this process after an analysis row is stored but before its transaction
   * commits (`analysis-stored`), once a job has claimed its analysis (`analysis-claimed`), or once the SMS provider
   * has taken a message but before it is marked sent (`sms-accepted`).
   */
  testingCrashAt: 'analysis-stored' | 'analysis-claimed' | 'sms-accepted' | undefined;
}

/** An S3-style bucket, addressed by path (`<url>/<key>`), requests signed with AWS Signature Version 4. */
export interface PhotoBucketConfig {
  /** The bucket's address, e.g. `https://s3.af-south-1.amazonaws.com/murimi-photos` or a MinIO server's. */
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * What one organisation may hold and do, so that no account can grow the work or memory its requests cost the
 * server without bound. Reaching one answers 403 with what to do; the README states the defaults.
 */
export interface Quotas {
  fields: number;
  /** Corners of one field's boundary, over all its rings (core's check allows at most MAX_BOUNDARY_VERTICES). */
  cornersPerField: number;
  /** Stored boundary text over all the organisation's fields, in bytes. */
  geometryBytes: number;
  /** Boundary files read for import (previews) per hour. */
  importsPerHour: number;
}

/**
 * Where analyses get satellite scenes. `earth-search`: Earth Search's Sentinel-2 L2A (or the STAC API at
 * `stacUrl`). `demo`: the simulated catalog `npm run demo` writes into `demoDir`; every result says simulated.
 */
export interface ImageryConfig {
  source: 'earth-search' | 'demo';
  stacUrl: string | undefined;
  demoDir: string;
  /** Disk cache of fetched COG tiles and field windows. */
  tileCacheMaxMb: number;
  /** The S2 Toolbox's LAI network files (`auxdata/3_0/S2A/LAI`); without them LAI is empirical. */
  laiNetworkDir: string | undefined;
  /** Catalogue searches (the STAC API) started per minute by this process, at most (`RequestPace`). */
  stacRequestsPerMinute: number;
}

/**
 * Where weather comes from. `open-meteo`: Open-Meteo only (a failure is a 503, or the last forecast marked
 * stale). `simulated`: a deterministic simulated series, no network (demo, offline). `open-meteo-or-simulated`:
 * Open-Meteo, and the simulated series when it cannot be reached (demo mode on a machine that may be offline).
 */
export type WeatherSource = 'open-meteo' | 'simulated' | 'open-meteo-or-simulated';

export interface WeatherConfig {
  source: WeatherSource;
  openMeteo: {
    forecastUrl: string;
    archiveUrl: string;
    /** Sent as `apikey` (Open-Meteo's commercial plans); never logged. */
    apiKey: string | undefined;
    /** Time allowed for one attempt, answer included. */
    timeoutMs: number;
    /** Requests started per minute by this process, at most (`RequestPace`). */
    requestsPerMinute: number;
  };
}

/**
 * Text messages. `provider` sends them (null: SMS is off). A provider's block is set whenever its credentials
 * are, so its delivery reports and inbound messages can be taken even while the other one sends.
 */
export interface SmsConfig {
  provider: SmsProviderName | null;
  /** Time allowed for one attempt to send, answer included. */
  timeoutMs: number;
  /** ISO 3166-1 codes of the countries whose mobile numbers may be sent a verification code (default: SADC's 16). */
  allowedCountries: string[];
  /** Verification codes one account may ask for in 24 hours (each costs an SMS). */
  codesPerAccountPerDay: number;
  /** Verification codes the whole service sends in an hour: what an attack with many accounts can cost at most. */
  codesPerHour: number;
  africasTalking: {
    username: string;
    /** Sent in the `apiKey` header; never logged. */
    apiKey: string;
    /** An approved sender id or short code; unset: Africa's Talking's shared one. */
    senderId: string | undefined;
    apiUrl: string;
    /** Africa's Talking does not sign its callbacks: this secret goes in the callback URLs it is given instead. */
    callbackSecret: string;
  } | null;
  twilio: {
    /** `AC…`. */
    accountSid: string;
    /** Basic auth for the API, and the key of the webhooks' `X-Twilio-Signature`; never logged. */
    authToken: string;
    /** An E.164 number, or a messaging service sid (`MG…`). */
    from: string;
    apiUrl: string;
  } | null;
}

/** What the web app's maps load: tile URL templates (none offline) and the credit the tiles require. */
export interface Basemap {
  satelliteTilesUrl: string | null;
  overlayTilesUrls: string[];
  attribution: string;
}

export class ConfigError extends Error {}

/**
 * Reads and checks the environment. Without DATABASE_URL the server is in embedded mode and keeps a
 * generated JWT secret under DATA_DIR; with it, JWT_SECRET is required (tokens must survive restarts and
 * agree between processes).
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return `${key}: ${issue.message} (got ${JSON.stringify(env[key] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    if (e.DATABASE_URL) {
      throw new ConfigError(
        'Invalid configuration:\n  JWT_SECRET is required when DATABASE_URL is set (use 32+ random characters, e.g. `openssl rand -hex 32`).',
      );
    }
    jwtSecret = embeddedSecret(dataDir);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret,
    accessTokenTtlSeconds: Math.round(e.ACCESS_TOKEN_TTL_HOURS * 3600),
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    mailLogLinks: e.MAIL_LOG_LINKS,
    productName: e.PRODUCT_NAME,
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    basemap: {
      satelliteTilesUrl: e.MAP_SATELLITE_TILES_URL[0] ?? null,
      overlayTilesUrls: e.MAP_OVERLAY_TILES_URLS,
      attribution: e.MAP_TILES_ATTRIBUTION,
    },
    imagery: {
      source: e.IMAGERY_SOURCE,
      stacUrl: e.IMAGERY_STAC_URL,
      demoDir: path.resolve(e.DEMO_IMAGERY_DIR ?? path.join(dataDir, 'demo-imagery')),
      tileCacheMaxMb: e.TILE_CACHE_MAX_MB,
      laiNetworkDir: e.SNAP_LAI_NETWORK_DIR,
      stacRequestsPerMinute: e.STAC_REQUESTS_PER_MINUTE,
    },
    analysisAutostart: e.ANALYSIS_AUTOSTART,
    analysisRetries: e.ANALYSIS_RETRIES,
    reportKeepDays: e.REPORT_KEEP_DAYS,
    analysisTimeoutSeconds: e.ANALYSIS_TIMEOUT_SECONDS,
    jobMaintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
    testingCrashAt: e.TESTING_CRASH_AT,
    cpuWorkerThreads: e.CPU_WORKER_THREADS,
    quotas: {
      fields: e.QUOTA_FIELDS,
      cornersPerField: e.QUOTA_CORNERS_PER_FIELD,
      geometryBytes: e.QUOTA_GEOMETRY_MB * 1024 * 1024,
      importsPerHour: e.QUOTA_IMPORTS_PER_HOUR,
    },
    sms: smsConfig(e),
    metricsToken: e.METRICS_TOKEN,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    features: { errorReporting: e.ERROR_REPORTING, debugLogging: e.DEBUG_LOGGING, devPages: e.DEV_PAGES },
    photoBucket: photoBucketConfig(e),
    weather: {
      source: e.WEATHER_SOURCE,
      openMeteo: {
        forecastUrl:
          e.OPEN_METEO_FORECAST_URL ?? (e.OPEN_METEO_API_KEY ? OPEN_METEO_DEFAULT_URLS.customerForecast : OPEN_METEO_DEFAULT_URLS.forecast),
        archiveUrl:
          e.OPEN_METEO_ARCHIVE_URL ?? (e.OPEN_METEO_API_KEY ? OPEN_METEO_DEFAULT_URLS.customerArchive : OPEN_METEO_DEFAULT_URLS.archive),
        apiKey: e.OPEN_METEO_API_KEY,
        timeoutMs: Math.round(e.OPEN_METEO_TIMEOUT_SECONDS * 1000),
        requestsPerMinute: e.OPEN_METEO_REQUESTS_PER_MINUTE,
      },
    },
  };
}

type Environment = z.infer<typeof environmentSchema>;

/** Each provider's variables: those it needs, then those it may have. */
const SMS_PROVIDER_VARIABLES = {
  africastalking: {
    name: "Africa's Talking",
    required: ['AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY', 'AFRICASTALKING_CALLBACK_SECRET'],
    optional: ['AFRICASTALKING_SENDER_ID', 'AFRICASTALKING_API_URL'],
  },
  twilio: {
    name: 'Twilio',
    required: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
    optional: ['TWILIO_API_URL'],
  },
} as const satisfies Record<
  SmsProviderName,
  { name: string; required: readonly (keyof Environment)[]; optional: readonly (keyof Environment)[] }
>;

/**
 * The SMS settings: a provider's block when all its required variables are set. The provider chosen to send
 * must have them, and a provider with only some of them set is a mistake (a key pasted without its username)
 * rather than "off".
 */
function smsConfig(e: Environment): SmsConfig {
  const problems: string[] = [];
  const configured = (provider: SmsProviderName): boolean => {
    const { name, required, optional } = SMS_PROVIDER_VARIABLES[provider];
    const missing = required.filter((variable) => e[variable] === undefined);
    const anySet = [...required, ...optional].some((variable) => e[variable] !== undefined);
    if (missing.length === 0) return true;
    if (e.SMS_PROVIDER === provider) {
      problems.push(`SMS_PROVIDER=${provider} needs ${listed(required)}; missing: ${listed(missing)}.`);
    } else if (anySet) {
      problems.push(`${name} is set up only in part: ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing.`);
    }
    return false;
  };
  const africasTalkingSet = configured('africastalking');
  const twilioSet = configured('twilio');
  // Twilio signs its callbacks against the https address it was given, and posts nowhere else.
  if (twilioSet && !(e.PUBLIC_URL ?? '').startsWith('https://')) {
    problems.push(
      `Twilio is set up, but PUBLIC_URL is ${e.PUBLIC_URL ? `"${e.PUBLIC_URL}"` : 'not set'}: Twilio posts delivery reports and ` +
        'incoming texts only to a public https address, and signs them against it. Set PUBLIC_URL to the https address ' +
        'people reach this server at (e.g. https://murimi.example.org).',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  return {
    provider: e.SMS_PROVIDER === 'none' ? null : e.SMS_PROVIDER,
    timeoutMs: Math.round(e.SMS_TIMEOUT_SECONDS * 1000),
    allowedCountries: e.SMS_ALLOWED_COUNTRIES,
    codesPerAccountPerDay: e.SMS_CODES_PER_ACCOUNT_PER_DAY,
    codesPerHour: e.SMS_CODES_PER_HOUR,
    africasTalking: africasTalkingSet
      ? {
          username: e.AFRICASTALKING_USERNAME!,
          apiKey: e.AFRICASTALKING_API_KEY!,
          senderId: e.AFRICASTALKING_SENDER_ID,
          apiUrl: withoutTrailingSlash(
            e.AFRICASTALKING_API_URL ??
              (e.AFRICASTALKING_USERNAME === 'sandbox' ? SMS_DEFAULT_API_URLS.africasTalkingSandbox : SMS_DEFAULT_API_URLS.africasTalking),
          ),
          callbackSecret: e.AFRICASTALKING_CALLBACK_SECRET!,
        }
      : null,
    twilio: twilioSet
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID!,
          authToken: e.TWILIO_AUTH_TOKEN!,
          from: e.TWILIO_FROM!,
          apiUrl: withoutTrailingSlash(e.TWILIO_API_URL ?? SMS_DEFAULT_API_URLS.twilio),
        }
      : null,
  };
}

/** `A`, `A and B`, `A, B and C`. */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A secret generated on first start and kept beside the embedded database, so sign-ins survive restarts. */
function photoBucketConfig(e: z.infer<typeof environmentSchema>): PhotoBucketConfig | null {
  if (!e.PHOTO_BUCKET_URL) return null;
  if (!e.PHOTO_BUCKET_ACCESS_KEY_ID || !e.PHOTO_BUCKET_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  PHOTO_BUCKET_URL needs PHOTO_BUCKET_ACCESS_KEY_ID and PHOTO_BUCKET_SECRET_ACCESS_KEY (the bucket refuses unsigned writes).',
    );
  }
  return {
    url: e.PHOTO_BUCKET_URL.replace(/\/$/, ''),
    region: e.PHOTO_BUCKET_REGION,
    accessKeyId: e.PHOTO_BUCKET_ACCESS_KEY_ID,
    secretAccessKey: e.PHOTO_BUCKET_SECRET_ACCESS_KEY,
  };
}

function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** `TRUST_PROXY` as Fastify takes it. */
function trustProxyOf(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}
