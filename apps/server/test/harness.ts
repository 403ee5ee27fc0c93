import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Field } from '@murimi/core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { startRuntime } from '../src/runtime.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** PostgreSQL for this run when DATABASE_URL is set (CI's second pass), else the embedded database. */
export const postgresUrl = process.env.DATABASE_URL || undefined;

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a PGlite copy of the migrated template, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!postgresUrl) {
    const templatePath = inject('pgliteTemplatePath');
    if (!templatePath) throw new Error('The PGlite template was not prepared by the global setup.');
    const template = new Blob([await readFile(templatePath)]);
    const database = await openDatabase({ databaseUrl: undefined, dataDir: '', pgliteTemplate: template });
    return { database, url: undefined, drop: async () => {} };
  }
  const name = `murimi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      // Wait for the app's last connections to close rather than killing them: a killed connection that is
      // still closing reports the kill as an unhandled error in the test process.
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error; // 55006: still in use
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await client.end();
    },
  };
}

/** Settings with the imagery catalog and Open-Meteo at a closed port and no retries: every outside call fails at once. */
export const UNREACHABLE_SERVICES_ENV = {
  IMAGERY_SOURCE: 'earth-search',
  IMAGERY_STAC_URL: 'http://127.0.0.1:9',
  WEATHER_SOURCE: 'open-meteo',
  OPEN_METEO_FORECAST_URL: 'http://127.0.0.1:9/v1/forecast',
  OPEN_METEO_ARCHIVE_URL: 'http://127.0.0.1:9/v1/archive',
  ANALYSIS_RETRIES: '0',
};

/** Twilio set up, to a port where nothing listens: tests read what would be texted from the outbox; nothing is sent. */
export const TWILIO_UNREACHABLE_ENV = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'twilio-auth-token-for-tests',
  TWILIO_FROM: '+15005550006',
  TWILIO_API_URL: 'http://127.0.0.1:9',
  PUBLIC_URL: 'https://murimi.example.org',
};

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's clock runs with real time plus an offset that a test can move (expiry and rate-limit windows). */
  clock: { offsetMs: number };
  close(): Promise<void>;
}

export async function startTestApp(options: { work?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const clock = { offsetMs: 0 };
  const config = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(tmpdir(), 'murimi-test-data'),
    WEB_DIST_DIR: path.join(tmpdir(), 'murimi-no-web-build'),
    ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
    // Tests of the analysis API start each run themselves; the tests of the automatic start turn it on.
    ANALYSIS_AUTOSTART: 'false',
    ...options.env,
  });
  const runtime = await startRuntime(config, {
    work: options.work ?? false,
    logger: false,
    database: testDatabase.database,
    now: () => new Date(Date.now() + clock.offsetMs),
    pollingIntervalSeconds: 0.5,
  });
  return {
    app: runtime.app,
    ctx: runtime.ctx,
    clock,
    close: async () => {
      await runtime.close();
      await testDatabase.drop();
    },
  };
}

let accountCounter = 0;

export interface TestAccount {
  token: string;
  userId: string;
  orgId: string;
  email: string;
  password: string;
  headers: { authorization: string };
}

/** Registers a new account; each gets its own client address so registration limits do not interfere. */
export async function registerAccount(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestAccount> {
  accountCounter += 1;
  const email = `farmer${accountCounter}.${randomBytes(3).toString('hex')}@example.org`;
  const password = 'maize-season-2026';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: `192.0.2.${accountCounter % 250}`,
    payload: { email, password, name: `Farmer ${accountCounter}`, country: 'ZW', ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  return {
    token: body.access_token,
    userId: body.user.id,
    orgId: body.user.organisation.id,
    email: body.user.email,
    password: (overrides.password as string | undefined) ?? password,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}

/** `inject` with a bearer token. */
export function as(account: TestAccount, app: FastifyInstance, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, ...account.headers } });
}

/** A square field boundary of about `hectares` around a point near Harare. */
export function squareBoundary(hectares: number, centre: [number, number] = [31.05, -17.83]) {
  const sideM = Math.sqrt(hectares * 10_000);
  const halfLat = sideM / 2 / 110_750;
  const halfLng = sideM / 2 / (111_320 * Math.cos((centre[1] * Math.PI) / 180));
  const [lng, lat] = centre;
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [lng - halfLng, lat - halfLat],
        [lng + halfLng, lat - halfLat],
        [lng + halfLng, lat + halfLat],
        [lng - halfLng, lat + halfLat],
        [lng - halfLng, lat - halfLat],
      ],
    ],
  };
}

/** A square field of about `hectares` around `centre`, created through the API as `account`: the field as it answers. */
export async function createSquareField(
  app: FastifyInstance,
  account: TestAccount,
  {
    farmId,
    name,
    hectares,
    centre,
    cropType = null,
  }: { farmId: string; name: string; hectares: number; centre: [number, number]; cropType?: string | null },
): Promise<Field> {
  const response = await as(account, app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name, farmId, boundary: squareBoundary(hectares, centre), cropType },
  });
  if (response.statusCode !== 201) throw new Error(`creating ${name} answered ${response.statusCode}: ${response.body}`);
  return response.json().data as Field;
}

/** Polls `read` every 200 ms until it gives something other than undefined (jobs, outside fakes), or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, read: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
