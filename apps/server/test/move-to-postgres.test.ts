import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { moveToPostgres, type MovedTable } from '../src/db/move-to-postgres.ts';
import { setUpDemo } from '../src/demo/demo-setup.ts';
import { startRuntime, type Runtime } from '../src/runtime.ts';
import { as, postgresUrl, registerAccount, TEST_JWT_SECRET, type TestAccount } from './harness.ts';

// A farm's embedded database moved to PostgreSQL as a programme grows: the demo's data plus 5,000 fields, every table
// checked on both sides, the server started on PostgreSQL showing the same fields, analyses and alerts, and a second
// move into the now full database refused.
const root = path.resolve(import.meta.dirname, '../../..');
const GENERATED_FIELDS = 5_000;

/** A square field of about 1 ha on a grid south of Harare, one per index: none overlaps another. */
function gridField(index: number, farmId: string) {
  const [lng, lat] = [30.5 + (index % 100) * 0.002, -18.5 + Math.floor(index / 100) * 0.002];
  const side = 0.0009;
  const ring = [
    [lng, lat],
    [lng + side, lat],
    [lng + side, lat + side],
    [lng, lat + side],
    [lng, lat],
  ];
  return { name: `Plot ${index + 1}`, farmId, boundary: { type: 'Polygon', coordinates: [ring] }, cropType: 'maize-grain' };
}

describe.runIf(postgresUrl)('moving the embedded database to PostgreSQL', () => {
  let dataDir: string;
  let config: Config;
  let databaseName: string;
  let target: string;
  let farmer: TestAccount;
  let demoToken: string;
  let demoFieldId: string;
  const seen: Record<string, unknown> = {};

  /** What a person sees: every page of their fields, one field's analyses, their alerts. */
  async function whatTheySee(runtime: Runtime): Promise<Record<string, unknown>> {
    const get = async (token: string, url: string) => {
      const answer = await runtime.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(answer.statusCode, url).toBe(200);
      return answer.json();
    };
    const farmerFieldIds: string[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = await get(farmer.token, `/api/fields?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      farmerFieldIds.push(...page.data.map((field: { id: string }) => field.id));
      cursor = page.page.nextCursor;
    }
    return {
      farmerFieldIds: farmerFieldIds.sort(),
      demoFields: (await get(demoToken, '/api/fields?limit=500')).data,
      demoAnalyses: (await get(demoToken, `/api/analysis/${demoFieldId}/history`)).data,
      demoAlerts: (await get(demoToken, '/api/alerts?limit=100')).data,
    };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'murimi-move-'));
    const settings = {
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(tmpdir(), 'murimi-no-web-build'),
      WEATHER_SOURCE: 'simulated',
      QUOTA_FIELDS: String(GENERATED_FIELDS + 100),
      // As `npm run demo` does: the demo starts its fields' analyses itself.
      ANALYSIS_AUTOSTART: 'false',
    };
    config = loadConfig({ ...settings, DATABASE_URL: '' });
    const embedded = await startRuntime(config, { work: true, logger: false, pollingIntervalSeconds: 0.5 });
    try {
      const demo = await setUpDemo(embedded, () => {});
      const login = await embedded.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo.email, password: demo.password },
      });
      demoToken = login.json().access_token;
      farmer = await registerAccount(embedded.app);
      const farmId = (await as(farmer, embedded.app, { method: 'POST', url: '/api/farms', payload: { name: 'Big Programme Farm' } })).json()
        .data.id;
      for (let start = 0; start < GENERATED_FIELDS; start += 2_000) {
        const fields = Array.from({ length: Math.min(2_000, GENERATED_FIELDS - start) }, (_, i) => gridField(start + i, farmId));
        const bulk = await as(farmer, embedded.app, { method: 'POST', url: '/api/fields/bulk', payload: { fields } });
        expect(bulk.statusCode, bulk.body).toBe(201);
      }
      const demoFields = (
        await embedded.app.inject({ method: 'GET', url: '/api/fields?limit=500', headers: { authorization: `Bearer ${demoToken}` } })
      ).json().data;
      demoFieldId = demoFields[0].id;
      Object.assign(seen, await whatTheySee(embedded));
    } finally {
      await embedded.close();
    }
    databaseName = `murimi_move_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${databaseName}`;
    target = url.toString();
  }, 300_000);

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every table with equal counts and checksums, and the server on PostgreSQL shows the same', async () => {
    const started = performance.now();
    const moved: MovedTable[] = await moveToPostgres({ config, to: target, say: () => {} });
    const seconds = (performance.now() - started) / 1000;
    const rows = Object.fromEntries(moved.map((table) => [table.table, table.rows]));
    console.log(`moved ${moved.reduce((sum, table) => sum + table.rows, 0)} rows in ${moved.length} tables in ${seconds.toFixed(1)} s`);
    expect(rows['public.fields']).toBeGreaterThanOrEqual(GENERATED_FIELDS + 6);
    expect(rows['public.analyses']).toBeGreaterThan(0);
    expect(rows['public.alerts']).toBeGreaterThan(0);
    expect(rows['pgboss.job']).toBeGreaterThan(0);
    for (const table of moved) expect(table.checksum, table.table).toMatch(table.rows === 0 ? /^$/ : /^[0-9a-f]{32}$/);

    const onPostgres = await startRuntime(loadConfig({ ...process.env, ...configEnv(config), DATABASE_URL: target }), {
      work: false,
      logger: false,
    });
    try {
      const after = await whatTheySee(onPostgres);
      expect((after.farmerFieldIds as string[]).length).toBe(GENERATED_FIELDS);
      expect(after).toEqual(seen);
    } finally {
      await onPostgres.close();
    }
  }, 300_000);

  it('refuses to move into a database that now holds tables, and says why', async () => {
    const child = spawn('node', ['--import', 'tsx', 'apps/server/src/cli.ts', 'move-to-postgres', '--to', target], {
      cwd: root,
      env: { ...process.env, ...configEnv(config), DATABASE_URL: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/already holds \d+ tables .*Nothing was copied: move-to-postgres copies into an empty database only\./);
  }, 60_000);
});

/** The settings a process started on the same data needs. */
function configEnv(config: Config): Record<string, string> {
  return {
    DATA_DIR: config.dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: config.webDistDir,
    WEATHER_SOURCE: 'simulated',
    QUOTA_FIELDS: String(GENERATED_FIELDS + 100),
  };
}
