import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { boundaryAsPolygon } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earthSearchSentinel2 } from '../stac/sources.ts';
import { searchScenes } from '../stac/stac-client.ts';
import { writeDemoCatalog, type DemoCatalogSummary } from './demo-catalog.ts';
import { createLocalStacHandler, startLocalStacApi, type LocalStacApi } from './local-stac-api.ts';
import { harareMaize, lusakaSoybean } from './testing/demo-fields.ts';

let directory: string;
let summary: DemoCatalogSummary;
let api: LocalStacApi;
beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'murimi-local-stac-'));
  summary = await writeDemoCatalog({ fields: [harareMaize, lusakaSoybean], from: '2024-12-01', to: '2025-01-09', directory, seed: 3 });
  api = await startLocalStacApi(directory);
});
afterAll(async () => {
  await api?.close();
});

interface SearchAnswer {
  features: {
    id: string;
    properties: Record<string, unknown>;
    links: { rel: string; href: string }[];
    assets: Record<string, { href: string }>;
  }[];
  numberMatched: number;
  links: { rel: string; href: string; method?: string; body?: Record<string, unknown>; merge?: boolean }[];
}

async function search(body: Record<string, unknown>): Promise<SearchAnswer> {
  const response = await fetch(`${api.url}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
}

const ids = (answer: SearchAnswer) => answer.features.map((feature) => feature.id);
const itemsWhere = (keep: (item: DemoCatalogSummary['items'][number]) => boolean) => summary.items.filter(keep).map((item) => item.id);

/** A raw request, so paths reach the server exactly as written (fetch would normalise `..`). */
function rawGet(url: string, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    httpRequest({ host: hostname, port, path: rawPath, method: 'GET' }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('STAC search over the demo catalog', () => {
  it('filters by collection and by a datetime range of whole days, in time order', async () => {
    const answer = await search({ collections: ['sentinel-2-l2a'], datetime: '2024-12-06T00:00:00Z/2024-12-16T23:59:59Z', limit: 100 });
    expect(ids(answer)).toEqual(itemsWhere((item) => item.datetime >= '2024-12-06' && item.datetime < '2024-12-17'));
    expect(ids(answer)).toHaveLength(6);
    expect(answer.numberMatched).toBe(6);
    expect(ids(await search({ collections: ['landsat-c2-l2'] }))).toEqual([]);
    expect(ids(await search({ datetime: '2025-01-01T00:00:00Z/..', limit: 100 }))).toEqual(
      itemsWhere((item) => item.datetime >= '2025-01-01'),
    );
  });

  it('keeps the items whose bounding box meets the searched geometry or bbox', async () => {
    const harare = await search({ intersects: boundaryAsPolygon(harareMaize.boundary), limit: 100 });
    expect(ids(harare)).toEqual(itemsWhere((item) => item.siteId === '36S-1'));
    const lusaka = await fetch(`${api.url}/search?bbox=28.29,-15.41,28.31,-15.39&limit=100`).then(
      (response) => response.json() as Promise<SearchAnswer>,
    );
    expect(ids(lusaka)).toEqual(itemsWhere((item) => item.siteId === '35S-1'));
    expect(ids(await search({ bbox: [0, 0, 1, 1] }))).toEqual([]);
  });

  it('applies the eo:cloud_cover filter the engine sends', async () => {
    const cloudCovers = summary.items.map((item) => item.cloudCoverPct);
    expect(Math.max(...cloudCovers)).toBeGreaterThanOrEqual(60); // an overcast date, to be left out
    const answer = await search({ query: { 'eo:cloud_cover': { lt: 60 } }, limit: 100 });
    expect(ids(answer)).toEqual(itemsWhere((item) => item.cloudCoverPct < 60));
    expect(ids(await search({ query: { 'eo:cloud_cover': { gte: 60 } }, limit: 100 }))).toEqual(
      itemsWhere((item) => item.cloudCoverPct >= 60),
    );
  });

  it('pages with next links: POST merges a token into the body, GET carries it in the query', async () => {
    const seen: string[] = [];
    let page = await search({ limit: 3 });
    for (;;) {
      seen.push(...ids(page));
      const next = page.links.find((link) => link.rel === 'next');
      if (!next) break;
      expect(next).toMatchObject({ method: 'POST', merge: true, href: `${api.url}/search` });
      page = await search({ limit: 3, ...next.body });
    }
    // Every item once, in time order (the summary's order: by date, then Harare before Lusaka, which it passes later).
    expect(seen).toEqual(itemsWhere(() => true));

    const first = (await fetch(`${api.url}/search?collections=sentinel-2-l2a&limit=4`).then((response) => response.json())) as SearchAnswer;
    const next = first.links.find((link) => link.rel === 'next')!;
    expect(next.method).toBe('GET');
    const second = (await fetch(next.href).then((response) => response.json())) as SearchAnswer;
    expect(ids(second)).toEqual(seen.slice(4, 8));
  });

  it('answers what the engine’s STAC client asks, with self links and absolute asset hrefs into the catalog', async () => {
    const { items, skipped, stoppedBy } = await searchScenes(
      { ...earthSearchSentinel2, stacUrl: api.url },
      { intersects: boundaryAsPolygon(lusakaSoybean.boundary), from: '2024-12-01', to: '2025-01-09' },
    );
    expect(skipped).toEqual([]);
    expect(stoppedBy).toBe('last-page');
    expect(items.map((item) => item.id)).toEqual(itemsWhere((item) => item.siteId === '35S-1' && item.cloudCoverPct < 60));
    const red = items[0]!.assets.red.href;
    expect(red).toBe(`${api.url}/sentinel-2-l2a/${items[0]!.id}/B04.tif`);
    expect((await fetch(red)).status).toBe(200);
  });

  it('refuses searches it cannot answer rightly', async () => {
    const post = (body: string) => fetch(`${api.url}/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    for (const body of [
      '{"datetime":"last week"}',
      '{"filter":{"op":"=","args":[{"property":"platform"},"sentinel-2a"]}}',
      '{"query":{"eo:cloud_cover":{"near":5}}}',
      '{"limit":0}',
      'not json',
    ]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'BadRequest' });
    }
    expect((await fetch(`${api.url}/search`, { method: 'DELETE' })).status).toBe(405);
  });
});

describe('files of the demo catalog', () => {
  const firstItem = () => summary.items[0]!.id;
  const bandPath = () => `sentinel-2-l2a/${firstItem()}/B04.tif`;

  it('are served by byte range, as the COG reader asks: 206 with Content-Range, 416 past the end', async () => {
    const bytes = readFileSync(path.join(directory, bandPath()));
    const url = `${api.url}/${bandPath()}`;
    const part = await fetch(url, { headers: { Range: 'bytes=8-107' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-107/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(8, 108));

    const header = await fetch(url, { headers: { Range: 'bytes=0-9999999' } }); // more than the file: cut at its end
    expect(header.headers.get('content-range')).toBe(`bytes 0-${bytes.length - 1}/${bytes.length}`);
    expect(Buffer.from(await header.arrayBuffer())).toEqual(bytes);

    const tail = await fetch(url, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));

    const past = await fetch(url, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    const whole = await fetch(url);
    expect([whole.status, whole.headers.get('accept-ranges')]).toEqual([200, 'bytes']);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${api.url}/sentinel-2-l2a/nothing.tif`)).status).toBe(404);
  });

  it('never leave the catalog folder, by dot segments, encoded slashes or symbolic links', async () => {
    const outside = path.join(path.dirname(directory), `${path.basename(directory)}-secret.txt`);
    writeFileSync(outside, 'secret');
    symlinkSync(outside, path.join(directory, 'link.txt'));
    for (const rawPath of [
      '/../../../../etc/passwd',
      '/sentinel-2-l2a/../../etc/passwd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      `/%2e%2e/${path.basename(outside)}`,
      '/link.txt',
      '/catalog.json%00.tif',
    ]) {
      expect(await rawGet(api.url, rawPath), rawPath).toBe(403);
    }
    expect(await rawGet(api.url, '/catalog.json')).toBe(200);
  });

  it('can be mounted under a path of another server', async () => {
    const handler = await createLocalStacHandler(directory, { basePath: '/demo-stac' });
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = (await fetch(`${origin}/demo-stac/search?limit=1`).then((response) => response.json())) as SearchAnswer;
      const href = answer.features[0]!.assets.scl!.href;
      expect(href).toBe(`${origin}/demo-stac/sentinel-2-l2a/${firstItem()}/SCL.tif`);
      expect((await fetch(href, { headers: { Range: 'bytes=0-3' } })).status).toBe(206);
      const landing = (await fetch(`${origin}/demo-stac/`).then((response) => response.json())) as { conformsTo: string[] };
      expect(landing.conformsTo).toContain('https://api.stacspec.org/v1.0.0/item-search');
      expect((await fetch(`${origin}/catalog.json`)).status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
