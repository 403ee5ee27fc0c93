/**
 * GET /api/fields for a signed-in user with 50 fields, 100 connections, on PostgreSQL, next to two bare
 * Fastify routes measured in the same run on the same machine: one serving the same bytes from memory, one
 * running the same SELECT with node-postgres (no auth, no validation). Prints req/s, p99 and the ratios.
 * Goal: ≥ 40 % of bare throughput, p99 ≤ 50 ms. The load generator shares the machine's cores.
 *
 *   npm run bench            (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 100;
const fieldCount = 50;

function startProcess(command: string, args: string[], env: Record<string, string>, readyText: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

async function load(url: string, headers: Record<string, string>) {
  // Warm up, then measure.
  await autocannon({ url, headers, connections, duration: 2 });
  const result = await autocannon({ url, headers, connections, duration: durationSeconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

async function main(): Promise<void> {
  const databaseName = `murimi_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const children: ChildProcess[] = [];
  try {
    const api = await startProcess(
      'node',
      ['apps/server/dist/cli.mjs', 'serve'],
      {
        PORT: '3901',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl.toString(),
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
        LOG_LEVEL: 'warn',
      },
      'is ready at',
    );
    children.push(api);
    const apiUrl = 'http://127.0.0.1:3901';
    const post = async (route: string, body: unknown, token?: string) => {
      const response = await fetch(`${apiUrl}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { access_token: string; user: { organisation: { id: string } }; data: { id: string } };
    };
    const session = await post('/api/auth/register', {
      email: 'bench@example.org',
      password: 'bench-password-1',
      name: 'Bench Farmer',
      country: 'ZW',
    });
    const token: string = session.access_token;
    const farm = await post('/api/farms', { name: 'Bench farm' }, token);
    for (let i = 0; i < fieldCount; i++) {
      const lng = 31 + (i % 10) * 0.01;
      const lat = -17.8 - Math.floor(i / 10) * 0.01;
      const d = 0.002;
      await post(
        '/api/fields',
        {
          name: `Field ${String(i + 1).padStart(2, '0')}`,
          farmId: farm.data.id,
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [lng, lat],
                [lng + d, lat],
                [lng + d, lat + d],
                [lng, lat + d],
                [lng, lat],
              ],
            ],
          },
          cropType: 'maize-grain',
          plantingDate: '2026-11-15',
        },
        token,
      );
    }
    const headers = { authorization: `Bearer ${token}` };
    const listing = await (await fetch(`${apiUrl}/api/fields`, { headers })).text();
    const bodyFile = path.join(tmpdir(), `murimi-bench-fields-${process.pid}.json`);
    writeFileSync(bodyFile, listing);

    children.push(await startProcess('node', ['--import', 'tsx', 'bench/bare-server.ts', 'memory', '3902', bodyFile], {}, 'ready'));
    children.push(
      await startProcess(
        'node',
        ['--import', 'tsx', 'bench/bare-server.ts', 'postgres', '3903', databaseUrl.toString(), session.user.organisation.id],
        {},
        'ready',
      ),
    );

    const ours = await load(`${apiUrl}/api/fields`, headers);
    const memory = await load('http://127.0.0.1:3902/api/fields', {});
    const postgres = await load('http://127.0.0.1:3903/api/fields', {});
    const line = (name: string, r: { requestsPerSecond: number; p99Ms: number }) =>
      `  ${name.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   Murimi/this ${((ours.requestsPerSecond / r.requestsPerSecond) * 100).toFixed(1)} %`;
    console.log(
      `GET /api/fields, ${fieldCount} fields (${(listing.length / 1024).toFixed(1)} KB), ${connections} connections, ${durationSeconds} s, PostgreSQL`,
    );
    console.log(line('Murimi API (auth, scoping, cache)', ours));
    console.log(line('bare Fastify, bytes from memory', memory));
    console.log(line('bare Fastify + node-postgres SELECT', postgres));
    console.log(`  goals: ≥ 40 % of bare throughput, p99 ≤ 50 ms`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}

await main();
