import type { PolygonBoundary } from '@murimi/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { footprintTouches, SceneSearchCache } from './scene-search-cache.ts';
import { earthSearchSentinel2, type Sentinel2Source } from './sources.ts';
import { startFakeStacServer, type FakeStacServer } from './testing/fake-stac-server.ts';
import { sentinel2ItemFixture } from './testing/stac-item-fixtures.ts';

/** A square field of about `sideDeg` with its south-west corner at (lng, lat). */
const square = (lng: number, lat: number, sideDeg = 0.004): PolygonBoundary => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + sideDeg, lat],
      [lng + sideDeg, lat + sideDeg],
      [lng, lat + sideDeg],
      [lng, lat],
    ],
  ],
});
// Two fields of one farm east of Harare, in the same 0.1° cell, and one 30 km away.
const fieldA = square(31.2012, -17.8161);
const fieldB = square(31.2031, -17.8802);
const farAway = square(31.5012, -17.8161);

/** A scene whose data covers only the triangle west of the line from (31.0, -17.3) to (31.35, -18.2): field B, not field A. */
const westernSliver = sentinel2ItemFixture('S2A_36KVE_20240120_0_L2A', '2024-01-20T08:01:09Z', {});
Object.assign(westernSliver, {
  bbox: [31.0, -18.2, 31.35, -17.3],
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [31.0, -17.3],
        [31.35, -18.2],
        [31.0, -18.2],
        [31.0, -17.3],
      ],
    ],
  },
});
const scenes = [
  sentinel2ItemFixture('S2B_36KVE_20240105_0_L2A', '2024-01-05T08:01:12Z'),
  sentinel2ItemFixture('S2B_36KVE_20240115_0_L2A', '2024-01-15T08:01:12Z'),
  westernSliver,
  sentinel2ItemFixture('S2B_36KVE_20240204_0_L2A', '2024-02-04T08:01:12Z'),
];

let fake: FakeStacServer;
let source: Sentinel2Source;
const searches = () => fake.requests.filter((request) => request.path === '/search');

beforeAll(async () => {
  fake = await startFakeStacServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.setPages([{ features: scenes }]);
  source = { ...earthSearchSentinel2, stacUrl: fake.url };
});

describe('catalogue searches shared by the fields of one area', () => {
  it('searches the fields of one cell and month once, each getting the scenes over its own field and dates', async () => {
    const cache = new SceneSearchCache();
    const a = await cache.search(source, { intersects: fieldA, from: '2024-01-10', to: '2024-01-31' });
    const b = await cache.search(source, { intersects: fieldB, from: '2024-01-01', to: '2024-01-31' });
    expect(searches()).toHaveLength(1);
    // The search covers the whole cell and the whole first month, whichever field asked first.
    const body = searches()[0]!.body as { intersects: PolygonBoundary; datetime: string };
    expect(body.datetime).toBe('2024-01-01T00:00:00Z/2024-01-31T23:59:59Z');
    expect(body.intersects.coordinates[0]).toEqual([
      [31.2, -17.9],
      [31.3, -17.9],
      [31.3, -17.8],
      [31.2, -17.8],
      [31.2, -17.9],
    ]);
    // Field A: its dates only, and not the scene whose data stops short of it; field B lies inside that scene's data.
    expect(a.items.map((item) => item.id)).toEqual(['S2B_36KVE_20240115_0_L2A']);
    expect(b.items.map((item) => item.id)).toEqual(['S2B_36KVE_20240105_0_L2A', 'S2B_36KVE_20240115_0_L2A', 'S2A_36KVE_20240120_0_L2A']);
    expect(cache.counts).toEqual({ searches: 1, reused: 1 });
  });

  it('searches again for anything that changes the answer: another area, month, catalogue or cloud limit', async () => {
    const cache = new SceneSearchCache();
    const january = { from: '2024-01-01', to: '2024-01-31' };
    await cache.search(source, { intersects: fieldA, ...january });
    await cache.search(source, { intersects: farAway, ...january });
    await cache.search(source, { intersects: fieldA, from: '2023-12-20', to: '2024-01-31' });
    await cache.search(source, { intersects: fieldA, ...january, maxCloudCoverPct: 20 });
    await cache.search({ ...source, stacUrl: `${fake.url}/` }, { intersects: fieldA, ...january });
    expect(searches()).toHaveLength(5);
    await cache.search(source, { intersects: fieldB, ...january, maxCloudCoverPct: 20 });
    expect(searches()).toHaveLength(5);
  });

  it('keeps an answer for its time and a bounded number of answers, and never a failure', async () => {
    let nowMs = 0;
    const cache = new SceneSearchCache({ ttlMs: 600_000, maxEntries: 2, now: () => nowMs });
    const search = (field: PolygonBoundary, from = '2024-01-01') => cache.search(source, { intersects: field, from, to: '2024-01-31' });
    await search(fieldA);
    nowMs = 599_999;
    await search(fieldB);
    expect(searches()).toHaveLength(1);
    nowMs = 600_000;
    await search(fieldB);
    expect(searches()).toHaveLength(2);

    await search(farAway);
    await search(fieldA, '2023-12-01');
    expect(cache.size).toBe(2);
    await search(fieldA); // the oldest, dropped for the two after it
    expect(searches()).toHaveLength(5);

    fake.failNext(1, 400);
    await expect(search(fieldA, '2023-11-01')).rejects.toThrow(/400/);
    await search(fieldA, '2023-11-01');
    expect(searches()).toHaveLength(7);
  });

  it('lets a caller stop waiting while others still get the answer', async () => {
    const cache = new SceneSearchCache();
    fake.delayNext(300);
    const stop = new AbortController();
    const reason = new Error('cancelled by the farmer');
    const first = cache.search(source, { intersects: fieldA, from: '2024-01-01', to: '2024-01-31' }, { signal: stop.signal });
    const second = cache.search(source, { intersects: fieldB, from: '2024-01-01', to: '2024-01-31' });
    stop.abort(reason);
    await expect(first).rejects.toBe(reason);
    expect((await second).items).toHaveLength(3);
    expect(searches()).toHaveLength(1);
  });
});

describe('a scene footprint against a field', () => {
  it('meets a field inside it or across its edge, not one in its bounding box beside its data', () => {
    const sliver = {
      bbox: [31.0, -18.2, 31.35, -17.3] as [number, number, number, number],
      rings: [
        [
          [31.0, -17.3],
          [31.35, -18.2],
          [31.0, -18.2],
          [31.0, -17.3],
        ] as [number, number][],
      ],
    };
    expect(footprintTouches(sliver, fieldA)).toBe(false);
    expect(footprintTouches(sliver, fieldB)).toBe(true);
    // Across the sliver's narrow tip: no corner of either is inside the other, only the edges cross.
    const acrossTip: PolygonBoundary = {
      type: 'Polygon',
      coordinates: [
        [
          [30.99, -17.352],
          [31.03, -17.352],
          [31.03, -17.348],
          [30.99, -17.348],
          [30.99, -17.352],
        ],
      ],
    };
    expect(footprintTouches(sliver, acrossTip)).toBe(true);
    expect(footprintTouches({ ...sliver, rings: [] }, fieldA)).toBe(true);
    expect(footprintTouches(null, fieldA)).toBe(true);
    expect(footprintTouches(sliver, farAway)).toBe(false);
  });
});
