import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createFarmWithFields } from '../../test/factories.ts';
import { startRuntime, type Runtime } from '../runtime.ts';
import { as, postgresUrl, registerAccount, startTestApp, TEST_JWT_SECRET, type TestAccount, type TestApp } from '../../test/harness.ts';

async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

let t: TestApp;
let farmer: TestAccount;
let fieldId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  [fieldId] = (await createFarmWithFields(t.app, farmer, ['Before'])).fieldIds as [string];
});
afterAll(() => t.close());

const listedName = async (app: TestApp['app'] = t.app) =>
  (await as(farmer, app, { method: 'GET', url: '/api/fields' })).json().data.find((f: { id: string }) => f.id === fieldId)?.name;

describe('cached field-list versions', () => {
  it('notices a change written by anything else (here plain SQL) through the database notification', async () => {
    expect(await listedName()).toBe('Before');
    await sql`update fields set name = 'Changed by SQL' where id = ${fieldId}`.execute(t.ctx.database.db);
    expect(await eventually(async () => (await listedName()) === 'Changed by SQL')).toBe(true);
  });

  it.runIf(postgresUrl)('sees a change made through another server process (PostgreSQL)', async () => {
    const config = loadConfig({
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      DATABASE_URL: t.ctx.config.databaseUrl!,
      DATA_DIR: t.ctx.config.dataDir,
    });
    const other: Runtime = await startRuntime(config, { work: false, logger: false });
    try {
      expect(await listedName()).toBeDefined();
      await as(farmer, other.app, { method: 'PUT', url: `/api/fields/${fieldId}`, payload: { name: 'Renamed elsewhere' } });
      expect(await eventually(async () => (await listedName()) === 'Renamed elsewhere')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it.runIf(postgresUrl)('reads from the database while the notification connection is down (PostgreSQL)', async () => {
    expect(await listedName()).toBeDefined();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`.execute(
      t.ctx.database.db,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sql`update fields set name = 'Changed while deaf' where id = ${fieldId}`.execute(t.ctx.database.db);
    expect(await listedName()).toBe('Changed while deaf');
  });
});
