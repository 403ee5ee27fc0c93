/**
 * A flood of browser log entries against the built server (embedded database), while another client reads the
 * field list: 20,000 entries in 10 s (2,000 batches of 10), (a) from 200 sessions on 20 addresses, all within the
 * limits, so every entry is checked, redacted and written; (b) from one address, which the limit turns away.
 * Prints `GET /api/fields` p99 during each next to its p99 without a flood measured in the same run (the ratio is
 * what the flood costs everyone else), and the server's memory before and after.
 *
 *   npm run bench:log-flood
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { p99, rssMb, startServer } from './support/served-process.ts';

const port = 3913;
const apiUrl = `http://127.0.0.1:${port}`;
const FLOOD_MS = 10_000;
const BATCHES = 2_000;
const ENTRIES_PER_BATCH = 10;
const MAX_IN_FLIGHT = 50;

/** One batch of entries as the web app's logger sends them, with a secret or two a careless page might log. */
function batch(sessionId: string, n: number): string {
  const logs = Array.from({ length: ENTRIES_PER_BATCH }, (_, i) => ({
    timestamp: new Date().toISOString(),
    severity: i === 0 ? 'ERROR' : 'INFO',
    message: `Saving field ${n}-${i} failed for tendai@example.org at +263 77 123 4567`,
    service: { name: 'murimi-web', version: '1.0.0' },
    labels: { screen: 'field-setup' },
    browser: { userAgent: 'Mozilla/5.0 (Linux; Android 10; itel A56)', language: 'en', online: true, viewport: '390x844' },
    page: { url: `${apiUrl}/reset-password?token=Zk3x9QpLm2${n}`, title: 'Add a field' },
    extra: { password: 'hunter2', attempt: n },
    sessionId,
  }));
  return JSON.stringify({ logs });
}

function post(agent: http.Agent, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${apiUrl}/api/logs`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** 2,000 batches spread over 10 s, at most 50 in flight; the statuses counted. */
async function flood(addresses: number, sessions: number): Promise<Record<number, number>> {
  const agents = Array.from({ length: addresses }, (_, i) => new http.Agent({ keepAlive: true, localAddress: `127.0.0.${i + 2}` }));
  const statuses: Record<number, number> = {};
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let n = 0; n < BATCHES; n++) {
    const due = started + (n * FLOOD_MS) / BATCHES;
    if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    const sent = post(agents[n % addresses]!, batch(`bench-session-${String(n % sessions).padStart(4, '0')}`, n)).then((status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  for (const agent of agents) agent.destroy();
  return statuses;
}

/** Reads the field list one request after another while `work` runs: the latencies. */
async function fieldListLatencies(token: string, work: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void work.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/api/fields?limit=100`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`field list: ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'murimi-log-flood-'));
  let server: ChildProcess | undefined;
  try {
    server = await startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
      LOG_LEVEL: 'info',
    });
    const register = await fetch(`${apiUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'flood@example.org', password: 'bench-password-1', name: 'Bench Farmer', country: 'ZW' }),
    });
    const token = ((await register.json()) as { access_token: string }).access_token;
    const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const farm = await fetch(`${apiUrl}/api/farms`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Bench farm' }) });
    const farmId = ((await farm.json()) as { data: { id: string } }).data.id;
    const fields = Array.from({ length: 50 }, (_, i) => {
      const [lng, lat] = [31 + (i % 10) * 0.01, -17.9 + Math.floor(i / 10) * 0.01];
      const ring = [
        [lng, lat],
        [lng + 0.003, lat],
        [lng + 0.003, lat + 0.003],
        [lng, lat + 0.003],
        [lng, lat],
      ];
      return { name: `Field ${i + 1}`, farmId, boundary: { type: 'Polygon', coordinates: [ring] }, cropType: 'maize-grain' };
    });
    const bulk = await fetch(`${apiUrl}/api/fields/bulk`, { method: 'POST', headers: json, body: JSON.stringify({ fields }) });
    if (bulk.status !== 201) throw new Error(`bulk create: ${bulk.status} ${await bulk.text()}`);

    const pid = server.pid!;
    const quiet = await fieldListLatencies(token, new Promise((resolve) => setTimeout(resolve, FLOOD_MS)));
    const reference = p99(quiet);
    console.log(`GET /api/fields, no flood: p99 ${reference.toFixed(1)} ms over ${quiet.length} requests (the reference)`);
    const before = rssMb(pid);
    for (const [name, addresses, sessions] of [
      ['(a) 200 sessions on 20 addresses, within the limits', 20, 200],
      ['(b) one address, one session', 1, 1],
    ] as const) {
      let statuses: Record<number, number> = {};
      const latencies = await fieldListLatencies(
        token,
        flood(addresses, sessions).then((counted) => (statuses = counted)),
      );
      const measured = p99(latencies);
      console.log(
        `${name}: ${BATCHES * ENTRIES_PER_BATCH} entries in ${FLOOD_MS / 1000} s, answers ${JSON.stringify(statuses)}; ` +
          `GET /api/fields p99 ${measured.toFixed(1)} ms over ${latencies.length} requests (×${(measured / reference).toFixed(2)} the reference)`,
      );
    }
    const after = rssMb(pid);
    console.log(
      `server RSS ${before.now.toFixed(0)} MB before the floods, ${after.now.toFixed(0)} MB after, peak ${after.peak.toFixed(0)} MB`,
    );
  } finally {
    server?.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
