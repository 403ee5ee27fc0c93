import type { PolygonBoundary } from '@murimi/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { earthSearchLandsat, earthSearchSentinel2, simulatedSentinel2, type Sentinel2Source } from './sources.ts';
import { searchScenes, StacError, type SceneSearch, type StacLogEvent, type StacSearchOptions } from './stac-client.ts';
import { startFakeStacServer, type FakeNextLink, type FakeStacPage, type FakeStacServer } from './testing/fake-stac-server.ts';
import { landsatItemFixture, sentinel2ItemFixture } from './testing/stac-item-fixtures.ts';

/** A maize field east of Harare. */
const field: PolygonBoundary = {
  type: 'Polygon',
  coordinates: [
    [
      [31.2012, -17.8125],
      [31.2051, -17.8125],
      [31.2051, -17.8161],
      [31.2012, -17.8161],
      [31.2012, -17.8125],
    ],
  ],
};
const season: SceneSearch = { intersects: field, from: '2024-01-01', to: '2024-03-31' };

const scene = (id: string, datetime: string) => sentinel2ItemFixture(id, datetime);
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

let fake: FakeStacServer;
let source: Sentinel2Source;
let delays: number[];
let logEvents: StacLogEvent[];
let options: StacSearchOptions;

beforeAll(async () => {
  fake = await startFakeStacServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  source = { ...earthSearchSentinel2, stacUrl: fake.url };
  delays = [];
  logEvents = [];
  options = {
    delay: async (ms) => {
      delays.push(ms);
    },
    log: (event) => logEvents.push(event),
  };
});

describe('searchScenes: the request', () => {
  it('posts the collection, the field, the whole days of the range and the cloud filter to /search', async () => {
    fake.setPages([{ features: [scene('S2B_36KVE_20240115_0_L2A', '2024-01-15T08:03:19Z')] }]);

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2B_36KVE_20240115_0_L2A']);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/search' });
    expect(fake.requests[0]!.body).toEqual({
      collections: ['sentinel-2-l2a'],
      intersects: field,
      datetime: '2024-01-01T00:00:00Z/2024-03-31T23:59:59Z',
      query: { 'eo:cloud_cover': { lt: 60 } },
      limit: 100,
    });
  });

  it('takes the cloud limit of the search over the source, and the collection from the source', async () => {
    fake.setPages([{ features: [] }]);

    await searchScenes({ ...earthSearchLandsat, stacUrl: `${fake.url}/` }, { ...season, maxCloudCoverPct: 30 }, options);

    expect(fake.requests[0]).toMatchObject({
      path: '/search',
      body: { collections: ['landsat-c2-l2'], query: { 'eo:cloud_cover': { lt: 30 } } },
    });
  });

  it('refuses a day that is not YYYY-MM-DD, or a range that ends before it starts, before asking anything', async () => {
    await expect(searchScenes(source, { ...season, from: '2024-1-1' }, options)).rejects.toThrow(RangeError);
    await expect(searchScenes(source, { ...season, from: '2024-04-01' }, options)).rejects.toThrow(/starts \(2024-04-01\) after it ends/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('searchScenes: pages', () => {
  const threePages = (nextLink: (page: number) => FakeNextLink): FakeStacPage[] => [
    { features: [scene('S2A_1', '2024-01-05T08:03:00Z'), scene('S2A_2', '2024-01-10T08:03:00Z')], next: nextLink(1) },
    { features: [scene('S2A_3', '2024-01-15T08:03:00Z'), scene('S2A_4', '2024-01-20T08:03:00Z')], next: nextLink(2) },
    { features: [scene('S2A_5', '2024-01-25T08:03:00Z')] },
  ];
  const postMerge = (page: number): FakeNextLink => ({ page, method: 'POST', merge: true });

  it('follows POST next links, merging their body into the previous one', async () => {
    fake.setPages(threePages(postMerge));

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_1', 'S2A_2', 'S2A_3', 'S2A_4', 'S2A_5']);
    expect(result).toMatchObject({ pageCount: 3, stoppedBy: 'last-page', skipped: [] });
    const bodies = fake.requests.map((request) => request.body as Record<string, unknown>);
    expect(fake.requests.map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
    expect(bodies[1]).toEqual({ ...bodies[0], token: 'page-1' });
    expect(bodies[2]).toEqual({ ...bodies[0], token: 'page-2' });
  });

  it('sends the body of a POST next link as it is when it does not ask to merge', async () => {
    fake.setPages([
      { features: [scene('S2A_1', '2024-01-05T08:03:00Z')], next: { page: 1, method: 'POST', merge: false } },
      { features: [scene('S2A_2', '2024-01-10T08:03:00Z')] },
    ]);

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_1', 'S2A_2']);
    expect(fake.requests[1]!.body).toEqual({ ...(fake.requests[0]!.body as object), token: 'page-1' });
  });

  it('follows GET next links', async () => {
    fake.setPages(threePages((page) => ({ page, method: 'GET' })));

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_1', 'S2A_2', 'S2A_3', 'S2A_4', 'S2A_5']);
    expect(fake.requests.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'POST', path: '/search', query: {} },
      { method: 'GET', path: '/search', query: { token: 'page-1' } },
      { method: 'GET', path: '/search', query: { token: 'page-2' } },
    ]);
    expect(fake.requests[1]!.body).toBeNull();
  });

  it('stops at maxItems without reading further pages, and asks for no more than that per page', async () => {
    fake.setPages(threePages(postMerge));

    const result = await searchScenes(source, season, { ...options, maxItems: 3 });

    expect(ids(result.items)).toEqual(['S2A_1', 'S2A_2', 'S2A_3']);
    expect(result).toMatchObject({ pageCount: 2, stoppedBy: 'max-items' });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.body).toMatchObject({ limit: 3 });
  });

  it('reports the last page, not maxItems, when the catalogue ends exactly there', async () => {
    fake.setPages([{ features: [scene('S2A_1', '2024-01-05T08:03:00Z'), scene('S2A_2', '2024-01-10T08:03:00Z')] }]);

    expect(await searchScenes(source, season, { ...options, maxItems: 2 })).toMatchObject({ stoppedBy: 'last-page', pageCount: 1 });
  });

  it('stops when a next link asks for the very page just read, and says why', async () => {
    fake.setPages([
      { features: [scene('S2A_1', '2024-01-05T08:03:00Z')], next: { page: 1, method: 'POST', merge: true } },
      { features: [scene('S2A_2', '2024-01-10T08:03:00Z')], next: { page: 1, method: 'POST', merge: true } },
    ]);

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_1', 'S2A_2']);
    expect(result).toMatchObject({ pageCount: 2, stoppedBy: 'repeated-page' });
    expect(fake.requests).toHaveLength(2);
    expect(logEvents).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('page already read') })]);
  });

  it('stops when new next links keep serving scenes already read', async () => {
    const same = [scene('S2A_2', '2024-01-10T08:03:00Z')];
    fake.setPages([
      { features: [scene('S2A_1', '2024-01-05T08:03:00Z')], next: { page: 1, method: 'GET' } },
      { features: same, next: { page: 2, method: 'GET' } },
      { features: same, next: { page: 3, method: 'GET' } },
      { features: same, next: { page: 4, method: 'GET' } },
    ]);

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_1', 'S2A_2']);
    expect(result).toMatchObject({ pageCount: 3, stoppedBy: 'repeated-page' });
  });

  it('keeps each scene once and returns them in time order, whatever order the pages came in', async () => {
    fake.setPages([
      { features: [scene('S2B_C', '2024-03-02T08:03:00Z'), scene('S2A_A', '2024-01-05T08:03:00Z')], next: { page: 1, method: 'GET' } },
      { features: [scene('S2A_A', '2024-01-05T08:03:00Z'), scene('S2B_B', '2024-02-14T08:03:00Z')] },
    ]);

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_A', 'S2B_B', 'S2B_C']);
    expect(result.items.map((item) => item.datetime.toISOString().slice(0, 10))).toEqual(['2024-01-05', '2024-02-14', '2024-03-02']);
  });

  it('returns the scenes it cannot use in skipped, with the reason, next to the ones it can', async () => {
    fake.setPages([
      {
        features: [
          scene('S2A_GOOD', '2024-01-05T08:03:00Z'),
          sentinel2ItemFixture('S2A_NO_SCL', '2024-01-10T08:03:00Z', { assets: { scl: undefined } }),
          sentinel2ItemFixture('S2A_NO_CRS', '2024-01-15T08:03:00Z', { properties: { 'proj:epsg': undefined } }),
        ],
      },
    ]);

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_GOOD']);
    expect(result.skipped).toEqual([
      { id: 'S2A_NO_SCL', reason: 'band scl has no asset "scl"' },
      { id: 'S2A_NO_CRS', reason: 'no CRS: neither proj:epsg nor proj:code on the item or its bands' },
    ]);
  });

  it('reads Landsat scenes with the Landsat bands and their scale and offset', async () => {
    const id = 'LC09_L2SP_170072_20240118_20240120_02_T1';
    fake.setPages([{ features: [landsatItemFixture(id, '2024-01-18T07:52:41Z')] }]);

    const result = await searchScenes({ ...earthSearchLandsat, stacUrl: fake.url }, season, options);

    expect(ids(result.items)).toEqual([id]);
    expect(result.items[0]!.assets.swir16).toMatchObject({ scale: 0.0000275, offset: -0.2, nodata: 0 });
    expect(result.items[0]!.assets.qa_pixel.href).toMatch(/_QA_PIXEL\.TIF$/);
  });

  it('searches the demo catalogue with the Sentinel-2 bands under its own URL', async () => {
    fake.setPages([{ features: [scene('SIM_36KVE_20240115', '2024-01-15T08:03:19Z')] }]);
    const demo = simulatedSentinel2(fake.url);

    const result = await searchScenes(demo, season, options);

    expect(demo.id).toBe('simulated');
    expect(ids(result.items)).toEqual(['SIM_36KVE_20240115']);
    expect(fake.requests[0]!.body).toMatchObject({ collections: ['sentinel-2-l2a'] });
  });
});

describe('searchScenes: failures', () => {
  beforeEach(() => fake.setPages([{ features: [scene('S2A_1', '2024-01-05T08:03:00Z')] }]));

  it('logs each retry as a warning with the URL, the attempt and the status', async () => {
    fake.failNext(2, 500);

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_1']);
    expect(fake.requests).toHaveLength(3);
    expect(logEvents).toHaveLength(2);
    expect(logEvents.map((event) => event.level)).toEqual(['warn', 'warn']);
    expect(logEvents.map((event) => event.context)).toEqual([
      expect.objectContaining({ url: `${fake.url}/search`, attempt: 1, status: 500 }),
      expect.objectContaining({ url: `${fake.url}/search`, attempt: 2, status: 500 }),
    ]);
  });

  it('gives up on a server that keeps failing, with the status and the number of attempts', async () => {
    fake.failNext(10, 500, { body: '{"code":"InternalServerError","description":"opensearch unavailable"}' });

    const error = await searchScenes(source, season, { ...options, retries: 2 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(StacError);
    expect(error).toMatchObject({ kind: 'http', status: 500, attempts: 3, url: `${fake.url}/search` });
    expect((error as StacError).message).toBe(
      `STAC API answered POST ${fake.url}/search with HTTP 500 Internal Server Error: ` +
        '{"code":"InternalServerError","description":"opensearch unavailable"} (3 attempts).',
    );
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a 404', async () => {
    fake.failNext(1, 404);

    const error = await searchScenes(source, season, options).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'http', status: 404, attempts: 1 });
    expect((error as Error).message).toContain('(1 attempt)');
    expect(fake.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('waits as long as a 429 Retry-After asks, up to 30 s', async () => {
    fake.failNext(1, 429, { retryAfterSeconds: 7 });
    fake.failNext(1, 429, { retryAfterSeconds: 3600 });

    const result = await searchScenes(source, season, options);

    expect(ids(result.items)).toEqual(['S2A_1']);
    expect(delays).toEqual([7000, 30_000]);
    expect(logEvents[0]!.context).toMatchObject({ status: 429, attempt: 1, waitMs: 7000 });
  });

  it('times out on a server that never answers, after the retries', async () => {
    fake.delayNext(Number.POSITIVE_INFINITY);
    fake.delayNext(Number.POSITIVE_INFINITY);

    const error = await searchScenes(source, season, { ...options, timeoutMs: 150, retries: 1 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(StacError);
    expect(error).toMatchObject({ kind: 'timeout', status: null, attempts: 2 });
    expect((error as Error).message).toBe(`STAC API did not answer POST ${fake.url}/search within 150 ms (2 attempts).`);
    expect(fake.requests).toHaveLength(2);
  });

  it('stops at once when its caller does, with the reason given, and tries nothing more', async () => {
    fake.delayNext(Number.POSITIVE_INFINITY);
    const stop = new AbortController();
    const reason = new Error('the analysis was cancelled');
    const started = performance.now();
    setTimeout(() => stop.abort(reason), 100);

    const error = await searchScenes(source, season, { ...options, signal: stop.signal }).catch((caught: unknown) => caught);

    expect(error).toBe(reason);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(fake.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('reports a STAC API that cannot be reached as a network error', async () => {
    const closed = await startFakeStacServer();
    await closed.close();

    const error = await searchScenes({ ...source, stacUrl: closed.url }, season, { ...options, retries: 1 }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toMatchObject({ kind: 'network', status: null, attempts: 2, url: `${closed.url}/search` });
    expect((error as Error).message).toMatch(
      /^Could not reach the STAC API at http:\/\/127\.0\.0\.1:\d+\/search: connect ECONNREFUSED .* \(2 attempts\)\.$/,
    );
  });

  it('does not retry an answer that is not JSON', async () => {
    fake.invalidJsonNext();

    const error = await searchScenes(source, season, options).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, attempts: 1 });
    expect((error as Error).message).toContain('not JSON');
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses a FeatureCollection without features', async () => {
    fake.route('/search', () => ({ body: { type: 'FeatureCollection', links: [] } }));

    const error = await searchScenes(source, season, options).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(StacError);
    expect(error).toMatchObject({ kind: 'invalid-response', attempts: 1 });
    expect((error as Error).message).toMatch(/not a STAC item collection: features: /);
  });

  it('refuses a next link it cannot follow', async () => {
    fake.route('/search', () => ({
      body: { type: 'FeatureCollection', features: [], links: [{ rel: 'next', method: 'PUT', href: '/search' }] },
    }));

    const error = await searchScenes(source, season, options).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ kind: 'invalid-response' });
    expect((error as Error).message).toContain('next link is unusable');
  });
});
