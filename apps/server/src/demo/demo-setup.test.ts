import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { DEMO_EMAIL, setUpDemo } from './demo-setup.ts';

// `npm run demo` without internet: every record made through the API, simulated imagery written and read back
// through the STAC and COG path, every analysis run by the workers and labelled simulated.
let imagery: string;
let server: TestApp;
beforeAll(async () => {
  imagery = await mkdtemp(path.join(tmpdir(), 'murimi-demo-'));
  server = await startTestApp({ work: true, env: { DEMO_IMAGERY_DIR: imagery, WEATHER_SOURCE: 'simulated' } });
});
afterAll(async () => {
  await server?.close();
  await rm(imagery, { recursive: true, force: true });
});

const logIn = (password: string) => server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_EMAIL, password } });

describe('the demo', () => {
  it('creates six fields on two farms and completes every analysis on simulated data; running it again renews it', async () => {
    const first = await setUpDemo(server, () => {});
    expect(first.fields).toHaveLength(6);
    expect(first.imagery.scenes).toBeGreaterThan(10);
    for (const field of first.fields) {
      expect(Object.keys(field.analyses).sort()).toEqual(['fertilizer', 'health', 'irrigation', 'yield']);
      for (const summary of Object.values(field.analyses)) {
        expect(summary).not.toMatch(/^failed|^not finished/);
        expect(summary).toMatch(/\(Simulated (imagery|weather|imagery or weather)\.\)$/);
      }
    }
    const session = await logIn(first.password);
    expect(session.statusCode).toBe(200);
    const token = session.json().access_token;
    const farms = (await server.app.inject({ method: 'GET', url: '/api/farms', headers: { authorization: `Bearer ${token}` } })).json();
    expect(farms.data.map((farm: { name: string }) => farm.name).sort()).toEqual([
      'Chikomo Farm',
      'Tiyende Co-operative demonstration plots',
    ]);

    const second = await setUpDemo(server, () => {});
    expect(second.password).not.toBe(first.password);
    expect((await logIn(first.password)).statusCode).toBe(401);
    expect((await logIn(second.password)).statusCode).toBe(200);
    const users = await server.ctx.database.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).execute();
    expect(users).toHaveLength(1);
  }, 240_000);
});
