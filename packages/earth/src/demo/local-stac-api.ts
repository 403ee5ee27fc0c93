import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * A small STAC API over a catalog folder written by `writeDemoCatalog` (or any static STAC catalog whose
 * `catalog.json` reaches its items through `child` and `item` links):
 *
 * - `POST /search` and `GET /search` (STAC API Item Search) with `collections`, `datetime` (an instant or an
 *   interval, open ends `..`), `bbox`, `intersects`, `query` (`lt`, `lte`, `gt`, `gte`, `eq` on item properties,
 *   e.g. `{"eo:cloud_cover":{"lt":60}}`) and `limit`, paging with `next` links (`token`). `intersects` is matched
 *   by the geometry's bounding box against the item's `bbox`, which is exact for the rectangular demo scenes and
 *   may include an item whose footprint only comes near a concave geometry. Other parameters are refused (400).
 * - `GET /`: the landing page.
 * - Every file under the folder, with HTTP Range requests (206, and 416 for a range past the end), because COGs
 *   are read by range. Paths that would leave the folder are refused (403).
 *
 * Items are read once, when the handler is made: a catalog written again needs a new handler.
 */
export interface LocalStacApiOptions {
  /** Path the API is mounted under, e.g. `/demo-stac`; default the server's root. */
  basePath?: string;
}

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface LocalStacApi {
  /** The API's root, e.g. `http://127.0.0.1:41234`: give it to `simulatedSentinel2`. */
  url: string;
  close(): Promise<void>;
}

/** Serves the catalog in `directory` on `host:port` (port 0: any free port). */
export async function startLocalStacApi(
  directory: string,
  { port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {},
): Promise<LocalStacApi> {
  const server = createServer(await createLocalStacHandler(directory));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A Node request handler serving the catalog in `directory`, to mount in another server. */
export async function createLocalStacHandler(directory: string, options: LocalStacApiOptions = {}): Promise<RequestHandler> {
  const root = await realpath(path.resolve(directory));
  const { catalog, items } = await loadCatalog(root);
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');

  return (request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { code: 'ServerError', description: String(error) });
      else response.destroy();
    });
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?', 2);
    if (rawPath !== basePath && !rawPath.startsWith(`${basePath}/`)) return sendError(response, 404, 'NotFound', `Nothing at ${rawPath}.`);
    const route = rawPath.slice(basePath.length) || '/';
    const origin = `http://${request.headers.host ?? `${request.socket.localAddress}:${request.socket.localPort}`}${basePath}`;

    if (route === '/search') {
      if (request.method !== 'GET' && request.method !== 'POST')
        return sendError(response, 405, 'MethodNotAllowed', 'Search with GET or POST.');
      const parameters = request.method === 'POST' ? await postedSearch(request) : searchFromQuery(new URLSearchParams(rawQuery));
      if (!parameters.ok) return sendError(response, 400, 'BadRequest', parameters.problem);
      return sendJson(response, 200, searchPage(items, parameters.search, origin, request.method, rawQuery), 'application/geo+json');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendError(response, 405, 'MethodNotAllowed', 'Files are read with GET or HEAD.');
    if (route === '/') return sendJson(response, 200, landingPage(catalog, origin));
    return serveFile(root, route, request, response);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The catalog

interface CatalogItem {
  id: string;
  collection: string | null;
  /** The item as written. */
  json: Record<string, unknown>;
  /** The item file's path under the root, `/`-separated. */
  urlPath: string;
  datetimeMs: number;
  bbox: [number, number, number, number];
  properties: Record<string, unknown>;
}

const linkSchema = z.object({ rel: z.string(), href: z.string() });
const nodeSchema = z.looseObject({ links: z.array(z.unknown()).default([]) });
const itemSchema = z.looseObject({
  type: z.literal('Feature'),
  id: z.string(),
  collection: z.string().nullish(),
  bbox: z.array(z.number()).refine((box) => box.length === 4 || box.length === 6, 'a bbox has 4 or 6 numbers'),
  properties: z.looseObject({ datetime: z.string() }),
});

/** Walks the catalog from `catalog.json` through `child` and `item` links that stay inside the folder. */
async function loadCatalog(root: string): Promise<{ catalog: Record<string, unknown>; items: CatalogItem[] }> {
  const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as unknown;
  const catalogFile = path.join(root, 'catalog.json');
  const catalog = nodeSchema.parse(await readJson(catalogFile));
  const items: CatalogItem[] = [];
  const visited = new Set<string>([catalogFile]);
  const walk = async (file: string, node: z.infer<typeof nodeSchema>) => {
    for (const raw of node.links) {
      const link = linkSchema.safeParse(raw);
      if (!link.success || (link.data.rel !== 'child' && link.data.rel !== 'item')) continue;
      const target = path.resolve(path.dirname(file), link.data.href);
      if (visited.has(target) || !isInside(root, target)) continue;
      visited.add(target);
      if (link.data.rel === 'child') {
        await walk(target, nodeSchema.parse(await readJson(target)));
        continue;
      }
      const item = itemSchema.safeParse(await readJson(target));
      if (!item.success) throw new Error(`${target} is not a STAC item with an id, a bbox and a datetime: ${item.error.message}`);
      const datetimeMs = Date.parse(item.data.properties.datetime);
      if (Number.isNaN(datetimeMs)) throw new Error(`${target}: datetime "${item.data.properties.datetime}" is not a date.`);
      const box = item.data.bbox;
      const half = box.length / 2;
      items.push({
        id: item.data.id,
        collection: item.data.collection ?? null,
        json: item.data,
        urlPath: path.relative(root, target).split(path.sep).map(encodeURIComponent).join('/'),
        datetimeMs,
        bbox: [box[0]!, box[1]!, box[half]!, box[half + 1]!],
        properties: item.data.properties,
      });
    }
  };
  await walk(catalogFile, catalog);
  items.sort((a, b) => a.datetimeMs - b.datetimeMs || a.id.localeCompare(b.id));
  return { catalog, items };
}

function isInside(root: string, file: string): boolean {
  return file === root || file.startsWith(root + path.sep);
}

function landingPage(catalog: Record<string, unknown>, origin: string) {
  return {
    type: 'Catalog',
    stac_version: catalog.stac_version,
    id: catalog.id,
    title: catalog.title,
    description: catalog.description,
    conformsTo: [
      'https://api.stacspec.org/v1.0.0/core',
      'https://api.stacspec.org/v1.0.0/item-search',
      'https://api.stacspec.org/v1.0.0-rc.1/item-search#query',
    ],
    links: [
      { rel: 'self', type: 'application/json', href: `${origin}/` },
      { rel: 'root', type: 'application/json', href: `${origin}/` },
      { rel: 'search', type: 'application/geo+json', method: 'GET', href: `${origin}/search` },
      { rel: 'search', type: 'application/geo+json', method: 'POST', href: `${origin}/search` },
      { rel: 'child', type: 'application/json', href: `${origin}/catalog.json` },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Search

const comparisons = ['lt', 'lte', 'gt', 'gte', 'eq'] as const;
type Comparison = (typeof comparisons)[number];

const searchSchema = z
  .object({
    collections: z.array(z.string()).optional(),
    bbox: z
      .array(z.number())
      .refine((box) => box.length === 4 || box.length === 6, 'a bbox has 4 or 6 numbers')
      .optional(),
    intersects: z.object({ type: z.string(), coordinates: z.unknown() }).optional(),
    datetime: z.string().optional(),
    query: z.record(z.string(), z.partialRecord(z.enum(comparisons), z.union([z.number(), z.string(), z.boolean()]))).optional(),
    limit: z.number().int().min(1).optional(),
    token: z.string().regex(/^\d+$/, 'a token from a next link').optional(),
  })
  .strict();

type SearchParameters = z.infer<typeof searchSchema>;
type SearchParse = { ok: true; search: SearchParameters } | { ok: false; problem: string };

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 1_000;

async function postedSearch(request: IncomingMessage): Promise<SearchParse> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return checkSearch(text.trim() === '' ? {} : JSON.parse(text));
  } catch {
    return { ok: false, problem: 'The search body is not JSON.' };
  }
}

/** GET parameters as the STAC API spells them: comma lists, and JSON for `intersects` and `query`. */
function searchFromQuery(query: URLSearchParams): SearchParse {
  const search: Record<string, unknown> = {};
  try {
    for (const [key, value] of query) {
      if (key === 'collections') search[key] = value.split(',').filter((collection) => collection !== '');
      else if (key === 'bbox') search[key] = value.split(',').map(Number);
      else if (key === 'limit') search[key] = Number(value);
      else if (key === 'intersects' || key === 'query') search[key] = JSON.parse(value);
      else search[key] = value;
    }
  } catch {
    return { ok: false, problem: '`intersects` and `query` are JSON in a GET search.' };
  }
  return checkSearch(search);
}

function checkSearch(body: unknown): SearchParse {
  const parsed = searchSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ') };
  }
  if (parsed.data.datetime !== undefined && timeInterval(parsed.data.datetime) === null) {
    return {
      ok: false,
      problem: `datetime "${parsed.data.datetime}" is neither an RFC 3339 time nor an interval of two ("a/b", open ends "..").`,
    };
  }
  if (parsed.data.intersects !== undefined && boundsOf(parsed.data.intersects.coordinates) === null) {
    return { ok: false, problem: 'intersects: a GeoJSON geometry with coordinates.' };
  }
  return { ok: true, search: parsed.data };
}

function timeInterval(text: string): { startMs: number; endMs: number } | null {
  const parts = text.split('/');
  if (parts.length > 2) return null;
  const [start, end = start] = parts.map((part) => (part === '..' || part === '' ? null : Date.parse(part)));
  if (start === undefined || Number.isNaN(start) || Number.isNaN(end) || (start === null && end === null)) return null;
  return { startMs: start ?? Number.NEGATIVE_INFINITY, endMs: end ?? Number.POSITIVE_INFINITY };
}

/** [west, south, east, north] of every position in GeoJSON coordinates (nested arrays of [lng, lat]). */
function boundsOf(coordinates: unknown): [number, number, number, number] | null {
  const bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      bounds[0] = Math.min(bounds[0], value[0]);
      bounds[1] = Math.min(bounds[1], value[1]);
      bounds[2] = Math.max(bounds[2], value[0]);
      bounds[3] = Math.max(bounds[3], value[1]);
    } else value.forEach(visit);
  };
  visit(coordinates);
  return Number.isFinite(bounds[0]) ? bounds : null;
}

const boxesMeet = (a: readonly number[], b: readonly number[]) => a[0]! <= b[2]! && b[0]! <= a[2]! && a[1]! <= b[3]! && b[1]! <= a[3]!;

const compare: Record<Comparison, (value: unknown, wanted: number | string | boolean) => boolean> = {
  lt: (value, wanted) => typeof value === 'number' && typeof wanted === 'number' && value < wanted,
  lte: (value, wanted) => typeof value === 'number' && typeof wanted === 'number' && value <= wanted,
  gt: (value, wanted) => typeof value === 'number' && typeof wanted === 'number' && value > wanted,
  gte: (value, wanted) => typeof value === 'number' && typeof wanted === 'number' && value >= wanted,
  eq: (value, wanted) => value === wanted,
};

function matches(item: CatalogItem, search: SearchParameters): boolean {
  if (search.collections && !search.collections.includes(item.collection ?? '')) return false;
  if (search.datetime !== undefined) {
    const { startMs, endMs } = timeInterval(search.datetime)!;
    if (item.datetimeMs < startMs || item.datetimeMs > endMs) return false;
  }
  if (search.bbox) {
    const half = search.bbox.length / 2;
    if (!boxesMeet(item.bbox, [search.bbox[0]!, search.bbox[1]!, search.bbox[half]!, search.bbox[half + 1]!])) return false;
  }
  if (search.intersects && !boxesMeet(item.bbox, boundsOf(search.intersects.coordinates)!)) return false;
  for (const [property, conditions] of Object.entries(search.query ?? {})) {
    for (const [comparison, wanted] of Object.entries(conditions) as [Comparison, number | string | boolean][]) {
      if (!compare[comparison](item.properties[property], wanted)) return false;
    }
  }
  return true;
}

function searchPage(items: CatalogItem[], search: SearchParameters, origin: string, method: 'GET' | 'POST', rawQuery: string) {
  const matched = items.filter((item) => matches(item, search));
  const limit = Math.min(search.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const start = Number(search.token ?? 0);
  const page = matched.slice(start, start + limit);
  const links: unknown[] = [{ rel: 'root', type: 'application/json', href: `${origin}/` }];
  if (start + limit < matched.length) {
    const token = String(start + limit);
    if (method === 'POST') {
      links.push({ rel: 'next', type: 'application/geo+json', method: 'POST', href: `${origin}/search`, body: { token }, merge: true });
    } else {
      const query = new URLSearchParams(rawQuery);
      query.set('token', token);
      links.push({ rel: 'next', type: 'application/geo+json', method: 'GET', href: `${origin}/search?${query}` });
    }
  }
  return {
    type: 'FeatureCollection',
    features: page.map((item) => withAbsoluteHrefs(item, origin)),
    numberMatched: matched.length,
    numberReturned: page.length,
    links,
  };
}

/** An item as an API answers it: a `self` link to its file, and every link and asset href absolute. */
function withAbsoluteHrefs(item: CatalogItem, origin: string): Record<string, unknown> {
  const itemUrl = `${origin}/${item.urlPath}`;
  const absolute = (entry: unknown) => {
    const href = (entry as { href?: unknown }).href;
    return typeof href === 'string' && URL.canParse(href, itemUrl) ? { ...(entry as object), href: new URL(href, itemUrl).href } : entry;
  };
  const links = Array.isArray(item.json.links) ? item.json.links.filter((link) => (link as { rel?: unknown }).rel !== 'self') : [];
  const assets = Object.fromEntries(
    Object.entries((item.json.assets ?? {}) as Record<string, unknown>).map(([key, asset]) => [key, absolute(asset)]),
  );
  return {
    ...item.json,
    links: [{ rel: 'self', type: 'application/geo+json', href: itemUrl }, ...links.map(absolute)],
    assets,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Files

const mediaTypes: Record<string, string> = { '.json': 'application/json', '.tif': 'image/tiff', '.tiff': 'image/tiff' };

async function serveFile(root: string, urlPath: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return sendError(response, 400, 'BadRequest', 'The path is not valid percent-encoding.');
  }
  const file = path.resolve(root, `.${decoded}`);
  if (decoded.includes('\0') || !isInside(root, file)) return sendError(response, 403, 'Forbidden', 'That path leaves the catalog.');
  // A symbolic link inside the folder must not lead out of it either.
  const real = await realpath(file).catch(() => null);
  if (real !== null && !isInside(root, real)) return sendError(response, 403, 'Forbidden', 'That path leaves the catalog.');
  const size = real === null ? null : await stat(real).then((found) => (found.isFile() ? found.size : null));
  if (real === null || size === null) return sendError(response, 404, 'NotFound', `No file ${decoded}.`);

  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    response.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Length': 0 }).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  response.writeHead(range ? 206 : 200, {
    'Accept-Ranges': 'bytes',
    'Content-Type': mediaTypes[path.extname(real).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': Math.max(0, end - start + 1),
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
  });
  if (request.method === 'HEAD' || size === 0) {
    response.end();
    return;
  }
  createReadStream(real, { start, end })
    .on('error', () => response.destroy())
    .pipe(response);
}

/**
 * One `bytes=` range (RFC 9110 §14.1.2: `a-b`, `a-`, `-n`) within a file of `size` bytes; null to send the whole
 * file (no Range, several ranges, or one the server may ignore as malformed).
 */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) };
}

function sendJson(response: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) }).end(text);
}

function sendError(response: ServerResponse, status: number, code: string, description: string): void {
  sendJson(response, status, { code, description });
}
