import { abortable, type PolygonBoundary } from '@murimi/core';
import { searchScenes, type SceneSearch, type SceneSearchResult, type StacSearchOptions } from './stac-client.ts';
import type { SceneFootprint, StacItem } from './stac-item.ts';
import type { BandName, StacSource } from './sources.ts';

export interface SceneSearchCacheOptions {
  /** Searches kept; the oldest goes first. Default 500. */
  maxEntries?: number;
  /** How long an answer is reused; default 10 minutes (a scene published meanwhile waits that long to be seen). */
  ttlMs?: number;
  /** Side of the grid cells a search area is widened to, in degrees; default 0.1° (about 11 km). */
  cellDeg?: number;
  /** Milliseconds since the epoch; defaults to the system clock. */
  now?: () => number;
}

interface Entry {
  expiresAtMs: number;
  result: Promise<SceneSearchResult<BandName>>;
}

const DAY_MS = 86_400_000;

/** `searchScenes`' options and the search cache shared between fields of one area, used by `findFieldScenes` and `fieldTimeSeries`. */
export interface SceneSearchOptions extends StacSearchOptions {
  cache?: SceneSearchCache;
}

/**
 * Catalogue answers shared by the fields of one area. A search is widened to whole grid cells (0.1°) and to the
 * first of its starting month, so fields of one farm or one tile, planted in the same month and analysed by the
 * same daily schedule, are searched once; each caller then gets the scenes over its own field and dates, by the
 * footprints the catalogue gives. The key holds everything else that changes the answer: the catalogue, the
 * collection, the bands wanted, the cloud limit, the item cap. Bounded in entries and in time; a failed search is
 * not kept. Concurrent callers of one search share the request.
 */
export class SceneSearchCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly cellDeg: number;
  private readonly now: () => number;
  /** Searches sent to a catalogue, and answers served from the cache, since the cache was made. */
  readonly counts = { searches: 0, reused: 0 };

  constructor(options: SceneSearchCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.cellDeg = options.cellDeg ?? 0.1;
    this.now = options.now ?? Date.now;
  }

  /** `searchScenes`' answer for `search`, from a shared search of its cells and month when one is fresh. */
  async search<B extends BandName>(
    source: StacSource<B>,
    search: SceneSearch,
    options: StacSearchOptions = {},
  ): Promise<SceneSearchResult<B>> {
    options.signal?.throwIfAborted();
    const area = boundsOf(search.intersects);
    const cells = widenedToCells(area, this.cellDeg);
    const from = `${search.from.slice(0, 7)}-01`;
    const maxCloudCoverPct = search.maxCloudCoverPct ?? source.maxCloudCoverPct;
    const key = JSON.stringify([
      source.stacUrl,
      source.collection,
      source.assetKeys,
      maxCloudCoverPct,
      options.maxItems,
      cells,
      from,
      search.to,
    ]);
    const nowMs = this.now();
    let entry = this.entries.get(key);
    if (entry && entry.expiresAtMs <= nowMs) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (entry) this.counts.reused += 1;
    else {
      this.counts.searches += 1;
      // Without the caller's signal: others may be waiting for the same answer, and it is kept for them.
      const result = searchScenes(
        source,
        { intersects: cellPolygon(cells), from, to: search.to, maxCloudCoverPct },
        { ...options, signal: undefined },
      );
      entry = { expiresAtMs: nowMs + this.ttlMs, result: result as Promise<SceneSearchResult<BandName>> };
      result.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
      this.entries.set(key, entry);
      this.evict(nowMs);
    }
    const shared = (await abortable(entry.result, options.signal)) as SceneSearchResult<B>;
    const firstMs = Date.parse(`${search.from}T00:00:00Z`);
    const lastMs = Date.parse(`${search.to}T00:00:00Z`) + DAY_MS;
    const items = shared.items.filter(
      (item: StacItem<B>) =>
        item.datetime.getTime() >= firstMs && item.datetime.getTime() < lastMs && footprintTouches(item.footprint, search.intersects, area),
    );
    return { ...shared, items };
  }

  /** Forgets every answer (tests and benchmarks that count searches start cold). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(nowMs: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAtMs <= nowMs) this.entries.delete(key);
    // A Map iterates in insertion order: the first entries are the oldest.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

type Bounds = [west: number, south: number, east: number, north: number];

function boundsOf(polygon: PolygonBoundary): Bounds {
  const bounds: Bounds = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of polygon.coordinates[0]!) {
    bounds[0] = Math.min(bounds[0], lng);
    bounds[1] = Math.min(bounds[1], lat);
    bounds[2] = Math.max(bounds[2], lng);
    bounds[3] = Math.max(bounds[3], lat);
  }
  return bounds;
}

/** The bounds grown outward to whole cells, written to a micro-degree so that keys compare exactly. */
function widenedToCells([west, south, east, north]: Bounds, cellDeg: number): Bounds {
  const snap = (value: number) => Number(value.toFixed(6));
  return [
    snap(Math.floor(west / cellDeg) * cellDeg),
    snap(Math.floor(south / cellDeg) * cellDeg),
    snap(Math.ceil(east / cellDeg) * cellDeg),
    snap(Math.ceil(north / cellDeg) * cellDeg),
  ];
}

function cellPolygon([west, south, east, north]: Bounds): PolygonBoundary {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

/**
 * Whether a scene's footprint meets the field: the boxes overlap and, where the catalogue gives the footprint's
 * polygon, the polygon and the field's outline overlap (a corner inside the other, or edges crossing). A scene
 * without a footprint is kept: the catalogue matched it to the wider area, and reading it decides.
 */
export function footprintTouches(footprint: SceneFootprint | null, field: PolygonBoundary, fieldBounds = boundsOf(field)): boolean {
  if (!footprint) return true;
  const [west, south, east, north] = footprint.bbox;
  if (west > fieldBounds[2] || east < fieldBounds[0] || south > fieldBounds[3] || north < fieldBounds[1]) return false;
  if (footprint.rings.length === 0) return true;
  const outline = field.coordinates[0]!;
  return footprint.rings.some(
    (ring) =>
      outline.some((corner) => insideRing(corner, ring)) || ring.some((corner) => insideRing(corner, outline)) || edgesCross(ring, outline),
  );
}

/** Ray casting; a point on the edge may fall either way, which the edge test covers. */
function insideRing([x, y]: readonly number[], ring: readonly (readonly number[])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]! as [number, number];
    const [xj, yj] = ring[j]! as [number, number];
    if (yi > y! !== yj > y! && x! < ((xj - xi) * (y! - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function edgesCross(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): boolean {
  const side = (p: readonly number[], q: readonly number[], r: readonly number[]) =>
    Math.sign((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!));
  for (let i = 1; i < a.length; i++) {
    for (let j = 1; j < b.length; j++) {
      const [p1, p2, q1, q2] = [a[i - 1]!, a[i]!, b[j - 1]!, b[j]!];
      if (side(p1, p2, q1) !== side(p1, p2, q2) && side(q1, q2, p1) !== side(q1, q2, p2)) return true;
    }
  }
  return false;
}
