/**
 * The heaviest requests one free account may send, against the built server on PostgreSQL, each while another
 * client asks `/api/health` every 25 ms: (a) the worst allowed import preview (the most detailed boundaries one
 * file may hold, all overlapping), (b) the worst allowed bulk create (the same boundaries saved), (c) the field list
 * of the largest allowed organisation (QUOTA_FIELDS fields; every page of the summary and of the map form), (d) the
 * same organisation's export as a zipped Shapefile and as KML.
 * Prints each one's time, the health p99 during it next to the health p99 of the idle server measured in the same
 * run (the ratio is what the requests cost everyone else), and the server's peak RSS.
 *
 *   npm run bench:abuse      (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { nearCircle } from '../apps/server/test/near-circle.ts';
import { p99, rssMb, startServer } from './support/served-process.ts';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 3911;
const apiUrl = `http://127.0.0.1:${port}`;
/** The defaults of the server's limits (README, "Limits"). */
const MAX_CORNERS_PER_IMPORT = 500_000;
const QUOTA_FIELDS = 5_000;
/** Fields per bulk create while filling the organisation: the most one request takes. */
const FILL_BATCH = 2_000;

/** Runs `work` while asking for health every 25 ms: the work's time and the health latencies meanwhile. */
async function underWatch(work: () => Promise<void>): Promise<{ ms: number; healthP99Ms: number; healthMaxMs: number }> {
  const healthMs: number[] = [];
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${apiUrl}/api/health`)).arrayBuffer();
      healthMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  done = true;
  await poll;
  return { ms, healthP99Ms: p99(healthMs), healthMaxMs: Math.max(...healthMs) };
}

async function expectStatus(response: Response, status: number, what: string): Promise<number> {
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== status) throw new Error(`${what}: ${response.status}`);
  return bytes;
}

async function main(): Promise<void> {
  const databaseName = `murimi_abuse_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  let server: ChildProcess | undefined;
  try {
    server = await startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
      LOG_LEVEL: 'warn',
    });
    const register = await fetch(`${apiUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'abuse@example.org', password: 'bench-password-1', name: 'Bench Farmer', country: 'ZW' }),
    });
    const token = ((await register.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const farm = await fetch(`${apiUrl}/api/farms`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Bench farm' }) });
    const farmId = ((await farm.json()) as { data: { id: string } }).data.id;

    const idle = await underWatch(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
    console.log(`idle server: health p99 ${idle.healthP99Ms.toFixed(1)} ms (the reference)`);
    const report = (name: string, watch: { ms: number; healthP99Ms: number; healthMaxMs: number }, extra = '') =>
      console.log(
        `${name}: ${(watch.ms / 1000).toFixed(2)} s${extra}; health p99 ${watch.healthP99Ms.toFixed(1)} ms ` +
          `(×${(watch.healthP99Ms / idle.healthP99Ms).toFixed(1)} idle), max ${watch.healthMaxMs.toFixed(0)} ms; ` +
          `server peak RSS ${rssMb(server!.pid!).peak.toFixed(0)} MB`,
      );

    // (a) and (b): the most 5,000-corner boundaries one import may hold, overlapping their neighbours.
    const heavy = Math.floor(MAX_CORNERS_PER_IMPORT / 5_001);
    const rings = Array.from({ length: heavy }, (_, i) =>
      nearCircle(5_000, [31 + (i % 10) * 0.002, -17.9 + Math.floor(i / 10) * 0.002], 0.005),
    );
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: rings.map((ring, i) => ({
        type: 'Feature',
        properties: { name: `F${i}` },
        geometry: { type: 'Polygon', coordinates: [ring] },
      })),
    });
    let previewBytes = 0;
    const preview = await underWatch(async () => {
      const response = await fetch(`${apiUrl}/api/fields/import/preview?fileName=heavy.geojson`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        body: file,
      });
      previewBytes = await expectStatus(response, 200, 'import preview');
    });
    report(
      `(a) import preview, ${heavy} × 5,000 corners (${(file.length / 1e6).toFixed(1)} MB)`,
      preview,
      `, answer ${(previewBytes / 1e6).toFixed(1)} MB`,
    );

    const bulkBody = JSON.stringify({
      fields: rings.map((ring, i) => ({ name: `Heavy ${i}`, farmId, boundary: { type: 'Polygon', coordinates: [ring] } })),
    });
    const bulk = await underWatch(async () => {
      await expectStatus(await fetch(`${apiUrl}/api/fields/bulk`, { method: 'POST', headers: json, body: bulkBody }), 201, 'bulk create');
    });
    report(`(b) bulk create, ${heavy} × 5,000 corners (${(bulkBody.length / 1e6).toFixed(1)} MB)`, bulk);

    // (c) fill the organisation to its field quota with 200-corner fields, then read every page of both forms.
    let stored = heavy;
    while (stored < QUOTA_FIELDS) {
      const count = Math.min(FILL_BATCH, QUOTA_FIELDS - stored);
      const fields = Array.from({ length: count }, (_, k) => {
        const i = stored + k;
        return {
          name: `Field ${String(i).padStart(4, '0')}`,
          farmId,
          boundary: { type: 'Polygon', coordinates: [nearCircle(200, [33 + (i % 70) * 0.01, -16 - Math.floor(i / 70) * 0.01], 0.003)] },
        };
      });
      await expectStatus(
        await fetch(`${apiUrl}/api/fields/bulk`, { method: 'POST', headers: json, body: JSON.stringify({ fields }) }),
        201,
        'fill',
      );
      stored += count;
    }
    for (const view of ['summary', 'map'] as const) {
      let pages = 0;
      let bytes = 0;
      let largestPage = 0;
      const list = await underWatch(async () => {
        let cursor: string | null = null;
        do {
          const url: string = `${apiUrl}/api/fields?view=${view}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const response: Response = await fetch(url, { headers: { ...auth, 'accept-encoding': 'identity' } });
          const text: string = await response.text();
          if (response.status !== 200) throw new Error(`list: ${response.status}`);
          bytes += text.length;
          largestPage = Math.max(largestPage, text.length);
          cursor = (JSON.parse(text) as { page: { nextCursor: string | null } }).page.nextCursor;
          pages++;
        } while (cursor);
      });
      report(
        `(c) field list (${view}) of ${stored} fields`,
        list,
        `, ${pages} pages of 500, ${(bytes / 1e6).toFixed(1)} MB in all, largest page ${(largestPage / 1e6).toFixed(2)} MB`,
      );
    }
    // (d) every boundary of that organisation exported, as a zipped Shapefile and as KML.
    for (const format of ['shapefile', 'kml'] as const) {
      let bytes = 0;
      const exported = await underWatch(async () => {
        bytes = await expectStatus(await fetch(`${apiUrl}/api/fields/export?format=${format}`, { headers: auth }), 200, 'export');
      });
      report(`(d) export (${format}) of ${stored} fields`, exported, `, ${(bytes / 1e6).toFixed(1)} MB`);
    }
  } finally {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}

await main();
