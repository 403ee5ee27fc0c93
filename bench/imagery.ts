/**
 * The map's imagery routes on demo imagery (a catalog written for the run: one 50 ha maize field, a scene every 5 days
 * for 90 days), PostgreSQL (a database made for the run and dropped after), warm caches (each route asked once
 * before timing, so the tile cache on disk and the decoded blocks in memory hold the field's pixels):
 *  (a) GET /api/fields/{id}/imagery?index=ndvi — the season's scenes with clear share and statistics;
 *  (b) GET /api/fields/{id}/imagery/{sceneId}/ndvi.png — one scene's NDVI map, rendered on each request (no
 *      If-None-Match, as a browser without the image in its cache asks).
 * p50 and p95 of N requests each through `app.inject` (no sockets), each printed as a ratio against a reference
 * measured in the same run, interleaved with them: GET /api/fields/{id}, the same authentication and database read
 * of the field with no imagery.
 *
 *   npm run bench:imagery   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; BENCH_RUNS sets N,
 *                            default 40; about a minute)
 */
// The server's own declaration of an untyped dependency, which the imports below reach (a script, not a module).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../apps/server/src/types/shpjs.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { writeDemoCatalog } from '@murimi/earth';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const FIELD_HECTARES = 50;
const SEASON_DAYS = 90;
const CENTRE: [number, number] = [31.05, -17.83]; // Harare
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A square field of `hectares` around `centre`, in WGS 84. */
function squareField(hectares: number, [lng, lat]: [number, number]): FieldBoundary {
  const sideM = Math.sqrt(hectares * 10_000);
  const halfLat = sideM / 2 / 110_750;
  const halfLng = sideM / 2 / (111_320 * Math.cos((lat * Math.PI) / 180));
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng - halfLng, lat - halfLat],
        [lng + halfLng, lat - halfLat],
        [lng + halfLng, lat + halfLat],
        [lng - halfLng, lat + halfLat],
        [lng - halfLng, lat - halfLat],
      ],
    ],
  } as FieldBoundary;
}

const catalog = await mkdtemp(path.join(tmpdir(), 'murimi-bench-imagery-catalog-'));
try {
  const today = isoDay(new Date());
  const plantingDate = addDays(today, -SEASON_DAYS + 10);
  const boundary = squareField(FIELD_HECTARES, CENTRE);
  console.log(`Writing demo imagery: one ${FIELD_HECTARES} ha field, a scene every 5 days for ${SEASON_DAYS} days…`);
  await writeDemoCatalog({
    fields: [{ id: 'bench', name: 'Bench field', crop: 'maize', plantingDate, boundary }],
    from: addDays(today, -SEASON_DAYS),
    to: today,
    directory: catalog,
  });

  await withScratchRuntime(
    'imagery',
    async ({ app }) => {
      const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
        const answer = await app.inject({
          method,
          url,
          payload: payload as never,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
        return answer;
      };
      const session = (
        await call('POST', '/api/auth/register', undefined, {
          email: 'imagery@example.org',
          password: 'bench-password-1',
          name: 'Bench Farmer',
          country: 'ZW',
        })
      ).json<{ access_token: string }>();
      const token = session.access_token;
      const farm = (await call('POST', '/api/farms', token, { name: 'Bench farm' })).json<{ data: { id: string } }>();
      const field = (
        await call('POST', '/api/fields', token, {
          name: 'Bench field',
          farmId: farm.data.id,
          boundary,
          cropType: 'maize-grain',
          plantingDate,
        })
      ).json<{ data: { id: string; size_hectares?: number } }>();
      const fieldId = field.data.id;

      const listUrl = `/api/fields/${fieldId}/imagery?index=ndvi`;
      const fieldUrl = `/api/fields/${fieldId}`;
      // Warm-up: the first list reads every scene's pixels into the tile cache and the decoded blocks into memory.
      const list = (await call('GET', listUrl, token)).json<{
        data: { simulated: boolean; scenes: { sceneId: string; usable: boolean; date: string }[] };
      }>();
      const scene = list.data.scenes.filter((one) => one.usable).at(-1);
      if (!scene) throw new Error(`No usable scene among ${list.data.scenes.length}: the demo catalog should have clear dates.`);
      const pngUrl = `/api/fields/${fieldId}/imagery/${encodeURIComponent(scene.sceneId)}/ndvi.png`;
      const png = await call('GET', pngUrl, token);
      for (let i = 0; i < 3; i++) for (const url of [fieldUrl, listUrl, pngUrl]) await call('GET', url, token);

      const timings = { field: [] as number[], list: [] as number[], png: [] as number[] };
      const timed = async (into: number[], url: string) => {
        const started = performance.now();
        await call('GET', url, token);
        into.push(performance.now() - started);
      };
      // Interleaved, so that the reference sees the same machine as the routes it is compared with.
      for (let i = 0; i < RUNS; i++) {
        await timed(timings.field, fieldUrl);
        await timed(timings.list, listUrl);
        await timed(timings.field, fieldUrl);
        await timed(timings.png, pngUrl);
      }

      const reference = { p50: percentile(timings.field, 0.5), p95: percentile(timings.field, 0.95) };
      const row = (label: string, values: number[]) => {
        const p50 = percentile(values, 0.5);
        const p95 = percentile(values, 0.95);
        console.log(
          `${label}\n    p50 ${ms(p50)} (${(p50 / reference.p50).toFixed(1)}× the reference)   ` +
            `p95 ${ms(p95)} (${(p95 / reference.p95).toFixed(1)}× the reference)   max ${ms(Math.max(...values))}`,
        );
      };
      console.log(
        `\n${FIELD_HECTARES} ha field, ${list.data.scenes.length} scenes (${list.data.simulated ? 'simulated' : 'real'} imagery), ` +
          `N = ${RUNS} each, warm caches, PostgreSQL, app.inject`,
      );
      row(`(a) GET …/imagery?index=ndvi (${list.data.scenes.length} scenes)`, timings.list);
      row(`(b) GET …/imagery/${scene.sceneId}/ndvi.png (${(png.rawPayload.byteLength / 1024).toFixed(1)} KB)`, timings.png);
      console.log(
        `    reference, same run, interleaved: GET /api/fields/{id} (authentication and the field's row, no imagery): ` +
          `p50 ${ms(reference.p50)}, p95 ${ms(reference.p95)}, N = ${timings.field.length}`,
      );
    },
    { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog },
  );
} finally {
  await rm(catalog, { recursive: true, force: true });
}
