import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedBlockCache } from '../cog/block-memory-cache.ts';
import { writeDemoCatalog } from '../demo/demo-catalog.ts';
import { createLocalStacHandler } from '../demo/local-stac-api.ts';
import { harareMaize } from '../demo/testing/demo-fields.ts';
import type { Measure } from '../scene/measures.ts';
import { simulatedSentinel2 } from '../stac/sources.ts';
import { fieldSceneReadings, fieldTimeSeries, findFieldScenes, type TimeSeriesProgress } from './field-time-series.ts';

// A month of demo imagery over one field, served by a STAC API whose requests are counted and whose COG reads can
// be slowed down, as a distant catalogue would be.
const month = { from: '2024-12-01', to: '2024-12-31' };
const field = harareMaize.boundary;
let folder: string;
let server: Server;
let source: ReturnType<typeof simulatedSentinel2>;
let searches = 0;
/** The COG files whose header was read (a range from byte 0), one entry per read. */
let headerReads: string[] = [];
let cogDelayMs = 0;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'murimi-readings-'));
  await writeDemoCatalog({ fields: [harareMaize], ...month, directory: folder, seed: 3 });
  const handler = await createLocalStacHandler(folder);
  server = createServer((request, response) => {
    if (request.url?.startsWith('/search')) searches += 1;
    if (!request.url?.endsWith('.tif')) return handler(request, response);
    if (request.headers.range?.startsWith('bytes=0-')) headerReads.push(request.url);
    setTimeout(() => handler(request, response), cogDelayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  source = simulatedSentinel2(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await rm(folder, { recursive: true, force: true });
});
beforeEach(() => {
  searches = 0;
  headerReads = [];
  cogDelayMs = 0;
  sharedBlockCache.clear();
});

describe('several measures of one scene', () => {
  it('come from one read of each band, each as its own series gives it', async () => {
    const scenes = await findFieldScenes(source, field, month);
    const item = scenes.items.at(-1)!;
    const measures: Measure[] = ['ndvi', 'ndmi', 'ndre', 'lai'];

    const readings = await fieldSceneReadings({ source, boundary: field, item, measures, keepPixels: ['ndvi'] });
    const together = headerReads;

    headerReads = [];
    const day = item.datetime.toISOString().slice(0, 10);
    for (const measure of measures) {
      const { points } = await fieldTimeSeries({
        source,
        boundary: field,
        from: day,
        to: day,
        index: measure,
        keepPixels: measure === 'ndvi',
      });
      const alone = points.find((point) => point.sceneId === item.id)!.result;
      expect(readings.get(measure)).toEqual(alone);
    }
    expect(readings.get('ndvi')).toHaveProperty('pixels');
    expect(readings.get('ndmi')).not.toHaveProperty('pixels');
    // Each band opened once, not once per measure that needs it (NIR, red and the mask by three or four).
    expect(together).toEqual([...new Set(together)]);
    expect(headerReads.length).toBeGreaterThan(together.length + 4);
  });
});

describe('a series of scenes found by an earlier search', () => {
  it('asks the catalogue nothing and reads the scenes within its dates', async () => {
    const scenes = await findFieldScenes(source, field, month);
    expect(searches).toBe(1);
    const lateMonth = { from: '2024-12-16', to: '2024-12-31' };

    const reused = await fieldTimeSeries({ source, boundary: field, ...lateMonth, index: 'ndvi', scenes });
    expect(searches).toBe(1);
    const searched = await fieldTimeSeries({ source, boundary: field, ...lateMonth, index: 'ndvi' });
    expect(searches).toBe(2);
    expect(reused.points.length).toBeGreaterThan(0);
    expect(reused.points.length).toBeLessThan(scenes.items.length);
    expect(reused).toEqual(searched);
  });
});

describe('a series that is told how far it has come and can be stopped', () => {
  it('reports the search, then each scene read', async () => {
    const heard: TimeSeriesProgress[] = [];
    const { points } = await fieldTimeSeries({
      source,
      boundary: field,
      ...month,
      index: 'ndvi',
      onProgress: (progress) => void heard.push(progress),
    });
    const sceneCount = points.length;
    expect(heard[0]).toEqual({ step: 'searching' });
    expect(heard.slice(1).map((progress) => (progress.step === 'reading' ? progress.scenesRead : -1))).toEqual(
      Array.from({ length: sceneCount + 1 }, (_, read) => read),
    );
    expect(heard.at(-1)).toEqual({ step: 'reading', scenesRead: sceneCount, sceneCount });
  });

  it('stops when its progress report fails, with that failure', async () => {
    const refusal = new Error('the analysis was cancelled');
    const series = fieldTimeSeries({
      source,
      boundary: field,
      ...month,
      index: 'ndvi',
      onProgress: (progress) => {
        if (progress.step === 'reading' && progress.scenesRead === 1) throw refusal;
      },
    });
    await expect(series).rejects.toBe(refusal);
  });

  it('rejects promptly with the reason once its signal aborts, and sends no range request after', async () => {
    cogDelayMs = 150;
    // Requests counted as they are sent, not as they land: some already on their way when it stops still arrive.
    const sentAt: number[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      sentAt.push(performance.now());
      return fetch(input, init);
    };
    const stop = new AbortController();
    const reason = new Error('the analysis was cancelled');
    const series = fieldTimeSeries({
      source,
      boundary: field,
      ...month,
      index: 'ndvi',
      cog: { fetch: countingFetch },
      signal: stop.signal,
    });
    while (sentAt.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    const abortedAt = performance.now();
    stop.abort(reason);

    await expect(series).rejects.toBe(reason);
    const rejectedAt = performance.now();
    expect(rejectedAt - abortedAt).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sentAt.filter((at) => at >= abortedAt)).toEqual([]);
    // Unstopped, the same series sends many more: the stop cut it short.
    const sentBeforeStop = sentAt.length;
    cogDelayMs = 0;
    sentAt.length = 0;
    await fieldTimeSeries({ source, boundary: field, ...month, index: 'ndvi', cog: { fetch: countingFetch } });
    expect(sentAt.length).toBeGreaterThan(sentBeforeStop * 2);
  });
});
