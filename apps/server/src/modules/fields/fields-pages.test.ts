import {
  boundaryCentroid,
  boundaryCornerCount,
  DEFAULT_PAGE_SIZE,
  MAP_BOUNDARY_MAX_CORNERS,
  MAP_BOUNDARY_TOLERANCE_M,
  MAX_PAGE_SIZE,
  simplifyBoundaryForMap,
  type LngLat,
  type PolygonBoundary,
} from '@murimi/core';
import { sql } from 'kysely';
import { anApplication } from '../../../test/factories.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;
let farmId: string;
beforeAll(async () => {
  t = await startTestApp();
  [farmer, neighbour] = [await registerAccount(t.app), await registerAccount(t.app)];
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Home farm' } })).json().data.id;
});
afterAll(() => t.close());

const get = (url: string, account = farmer, headers: Record<string, string> = {}) => as(account, t.app, { method: 'GET', url, headers });

/** Every page of a list from the first, following `page.nextCursor`. */
async function readAllPages<Item>(url: string, account = farmer): Promise<{ pages: Item[][]; limits: number[] }> {
  const pages: Item[][] = [];
  const limits: number[] = [];
  let cursor: string | null = null;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const response = await get(cursor ? `${url}${separator}cursor=${encodeURIComponent(cursor)}` : url, account);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: Item[]; page: { limit: number; nextCursor: string | null } };
    pages.push(body.data);
    limits.push(body.page.limit);
    cursor = body.page.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return { pages, limits };
}

/** Metres per degree near Harare (WGS84 radii of curvature at 17.8° S). */
const M_PER_DEG_LAT = 110_757;
const M_PER_DEG_LNG = 106_020;

/** A round field of `corners` corners, 200 m across, its edge wobbling by `wobbleM` (a GPS walk). */
function walkedField(corners: number, wobbleM: number, centre: LngLat = [31.06, -17.84]): PolygonBoundary {
  const ring: LngLat[] = [];
  for (let i = 0; i < corners; i++) {
    const angle = (2 * Math.PI * i) / corners;
    const r = 100 + wobbleM * Math.sin(i * 2.3);
    ring.push([centre[0] + (r * Math.cos(angle)) / M_PER_DEG_LNG, centre[1] + (r * Math.sin(angle)) / M_PER_DEG_LAT]);
  }
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

describe('field list pages', () => {
  const names = ['Vlei', 'Anthill', 'Dam Land', 'Top Land', 'Borehole', 'Msasa', 'Gum Trees'];
  let created: { id: string; name: string }[];
  beforeAll(async () => {
    created = [];
    for (const name of [...names, 'Msasa']) {
      const response = await as(farmer, t.app, {
        method: 'POST',
        url: '/api/fields',
        payload: { name, farmId, boundary: squareBoundary(3) },
      });
      created.push(response.json().data);
    }
    // The neighbour's fields sort among ours: their names must never show in our pages.
    const theirFarm = (await as(neighbour, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Next door' } })).json().data.id;
    for (const name of ['Baobab', 'Mopane', 'Zebra Vlei']) {
      await as(neighbour, t.app, { method: 'POST', url: '/api/fields', payload: { name, farmId: theirFarm, boundary: squareBoundary(2) } });
    }
  });

  it('returns every field exactly once, in name order (id breaks ties), across pages of 3', async () => {
    const { pages, limits } = await readAllPages<{ id: string; name: string }>('/api/fields?limit=3');
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect(limits).toEqual([3, 3, 3]);
    const listed = pages.flat();
    const expected = [...created].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
    expect(listed.map((f) => f.id)).toEqual(expected.map((f) => f.id));
    expect(new Set(listed.map((f) => f.id)).size).toBe(created.length);
  });

  it(`pages ${DEFAULT_PAGE_SIZE} by default and at most ${MAX_PAGE_SIZE}; the last page has no next cursor`, async () => {
    const first = (await get('/api/fields')).json();
    expect(first.page).toEqual({ limit: DEFAULT_PAGE_SIZE, nextCursor: null });
    expect(first.data).toHaveLength(created.length);
    expect((await get(`/api/fields?limit=${MAX_PAGE_SIZE}`)).json().page.limit).toBe(MAX_PAGE_SIZE);
  });

  it.each([
    [`limit=${MAX_PAGE_SIZE + 1}`, 'limit', `at most ${MAX_PAGE_SIZE}`],
    ['limit=0', 'limit', 'whole number from 1'],
    ['limit=2.5', 'limit', 'whole number from 1'],
    ['limit=ten', 'limit', 'whole number from 1'],
    ['cursor=not-a-cursor', 'cursor', 'not one this list gave'],
    [`cursor=${Buffer.from('["Vlei"]').toString('base64url')}`, 'cursor', 'not one this list gave'],
    [`cursor=${Buffer.from('["Vlei","not-a-uuid"]').toString('base64url')}`, 'cursor', 'not one this list gave'],
    ['cursor=', 'cursor', 'leave it out'],
    ['view=full', 'view', 'summary or map'],
  ])('answers 400 to %s, naming what is wrong', async (query, path, message) => {
    const response = await get(`/api/fields?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].path).toBe(path);
    expect(response.json().error.message).toContain(message);
  });

  it("never shows another organisation's fields, whatever cursor is sent", async () => {
    const theirPage = (await get('/api/fields?limit=1', neighbour)).json();
    expect(theirPage.data[0].name).toBe('Baobab');
    const fromTheirCursor = (await get(`/api/fields?cursor=${encodeURIComponent(theirPage.page.nextCursor)}`)).json().data;
    // Their cursor only says "after Baobab": our own fields from there on, none of theirs.
    expect(fromTheirCursor.map((f: { name: string }) => f.name)).toEqual(
      [...names, 'Msasa'].filter((name) => name > 'Baobab').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const theirIds = new Set((await get('/api/fields', neighbour)).json().data.map((f: { id: string }) => f.id));
    const ours = (await readAllPages<{ id: string }>('/api/fields?limit=2')).pages.flat();
    expect(ours.filter((f) => theirIds.has(f.id))).toEqual([]);
    const theirFarm = (await get('/api/farms', neighbour)).json().data[0].id;
    expect((await get(`/api/fields?farmId=${theirFarm}`)).statusCode).toBe(404);
  });

  it('gives each page its own ETag, answers 304 to it while nothing changed, and the new page after a change', async () => {
    const first = await get('/api/fields?limit=3');
    const second = await get(`/api/fields?limit=3&cursor=${encodeURIComponent(first.json().page.nextCursor)}`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(second.headers.etag).not.toBe(etag);
    expect((await get('/api/fields?limit=3&view=map')).headers.etag).not.toBe(etag);
    expect((await get('/api/fields?limit=3', farmer, { 'if-none-match': etag })).statusCode).toBe(304);
    const renamed = created.find((f) => f.name === 'Anthill')!;
    await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${renamed.id}`, payload: { name: 'Anthill North' } });
    const after = await get('/api/fields?limit=3', farmer, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.map((f: { name: string }) => f.name)).toContain('Anthill North');
    await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${renamed.id}`, payload: { name: 'Anthill' } });
  });
});

describe('the light and map forms of the field list', () => {
  let walked: PolygonBoundary;
  let fieldId: string;
  beforeAll(async () => {
    const farm = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Walked farm' } })).json().data.id;
    walked = walkedField(3_000, 0.3);
    const response = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name: 'Walked', farmId: farm, boundary: walked, cropType: 'maize-grain', irrigated: true },
    });
    expect(response.statusCode).toBe(201);
    fieldId = response.json().data.id;
  });

  it('lists a field with its facts, box, centroid and area but without its boundary', async () => {
    const item = (await get('/api/fields')).json().data.find((f: { id: string }) => f.id === fieldId);
    expect(item).toMatchObject({ name: 'Walked', cropType: 'maize-grain', irrigated: true });
    expect(item).not.toHaveProperty('boundary');
    expect(item).not.toHaveProperty('mapBoundary');
    expect(item.size_hectares).toBeCloseTo(3.14, 1);
    const [lng, lat] = boundaryCentroid(walked);
    expect(item.centroid[0]).toBeCloseTo(lng, 7);
    expect(item.centroid[1]).toBeCloseTo(lat, 7);
    expect(item.bbox.minLng).toBeLessThan(item.centroid[0]);
    expect(item.bbox.maxLat).toBeGreaterThan(item.centroid[1]);
  });

  it('adds a boundary simplified within about 1 m on view=map, with fewer corners; the full one only by id', async () => {
    const item = (await get('/api/fields?view=map')).json().data.find((f: { id: string }) => f.id === fieldId);
    expect(item).not.toHaveProperty('boundary');
    const map = item.mapBoundary as PolygonBoundary;
    expect(map.type).toBe('Polygon');
    expect(boundaryCornerCount(map)).toBeLessThan(boundaryCornerCount(walked) / 10);
    // Every corner walked lies within the tolerance (plus 0.1 m of rounding to 10⁻⁶°) of the map's outline.
    const ring = map.coordinates[0]!;
    const planar = ([x, y]: LngLat) => [x * M_PER_DEG_LNG, y * M_PER_DEG_LAT] as const;
    let worstM = 0;
    for (const position of walked.coordinates[0]!) {
      const [px, py] = planar(position);
      let nearest = Infinity;
      for (let i = 0; i < ring.length - 1; i++) {
        const [ax, ay] = planar(ring[i]!);
        const [bx, by] = planar(ring[i + 1]!);
        const s = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
        nearest = Math.min(nearest, Math.hypot(px - ax - s * (bx - ax), py - ay - s * (by - ay)));
      }
      worstM = Math.max(worstM, nearest);
    }
    expect(worstM).toBeLessThan(MAP_BOUNDARY_TOLERANCE_M + 0.1);
    const full = (await get(`/api/fields/${fieldId}`)).json().data;
    expect(full.boundary.coordinates[0]).toHaveLength(3_001);
    expect(full.centroid).toEqual(item.centroid);
  });

  it('keeps a circle as it is on the map', async () => {
    const farm = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Pivot farm' } })).json().data.id;
    const circle = { type: 'Point', coordinates: [31.07, -17.85], properties: { radius: 120, circle: true } };
    const id = (
      await as(farmer, t.app, { method: 'POST', url: '/api/fields', payload: { name: 'Pivot', farmId: farm, boundary: circle } })
    ).json().data.id;
    const item = (await get(`/api/fields?view=map&farmId=${farm}`)).json().data[0];
    expect(item.id).toBe(id);
    expect(item.mapBoundary).toEqual(circle);
    expect(item.centroid).toEqual([31.07, -17.85]);
  });

  it('recomputes the map boundary, centroid and size columns when the boundary changes', async () => {
    const moved = squareBoundary(5, [31.1, -17.9]);
    await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${fieldId}`, payload: { boundary: moved } });
    const item = (await get('/api/fields?view=map')).json().data.find((f: { id: string }) => f.id === fieldId);
    expect(boundaryCornerCount(item.mapBoundary)).toBe(4);
    expect(item.centroid[0]).toBeCloseTo(31.1, 6);
    expect(item.centroid[1]).toBeCloseTo(-17.9, 6);
    const stored = await t.ctx.database.db
      .selectFrom('fields')
      .select(['boundaryVertices', 'boundaryBytes', 'boundary'])
      .where('id', '=', fieldId)
      .executeTakeFirstOrThrow();
    expect(stored.boundaryVertices).toBe(4);
    expect(stored.boundaryBytes).toBe(Buffer.byteLength(JSON.stringify(stored.boundary)));
    await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${fieldId}`, payload: { boundary: walked } });
  });
});

describe('the other lists page the same way', () => {
  let fieldId: string;
  beforeAll(async () => {
    fieldId = (
      await as(farmer, t.app, { method: 'POST', url: '/api/fields', payload: { name: 'Records', farmId, boundary: squareBoundary(2) } })
    ).json().data.id;
  });

  it('farms: each exactly once in name order', async () => {
    for (const name of ['Kopje', 'Chikomo', 'Mazowe', 'Chikomo']) {
      await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name } });
    }
    const all = (await get(`/api/farms?limit=${MAX_PAGE_SIZE}`)).json().data as { id: string; name: string }[];
    const { pages } = await readAllPages<{ id: string; name: string }>('/api/farms?limit=2');
    expect(pages.flat().map((f) => f.id)).toEqual(all.map((f) => f.id));
    expect(pages.length).toBe(Math.ceil(all.length / 2));
    expect(all.map((f) => f.name)).toEqual([...all.map((f) => f.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await get('/api/farms?cursor=abc')).statusCode).toBe(400);
  });

  it('soil tests and fertilizer applications: newest first, ties on the same day each once', async () => {
    const dates = ['2026-09-01', '2026-10-01', '2026-10-01', '2026-10-01', '2026-08-15'];
    for (const sampleDate of dates) {
      await as(farmer, t.app, { method: 'POST', url: '/api/soil-tests', payload: { fieldId, unit: 'ppm', ph: 5.8, sampleDate } });
      await as(farmer, t.app, {
        method: 'POST',
        url: '/api/fertilizer-applications',
        payload: { ...anApplication(fieldId), applicationDate: sampleDate, method: 'broadcast' },
      });
    }
    for (const [url, dateKey] of [
      [`/api/soil-tests?fieldId=${fieldId}`, 'sampleDate'],
      [`/api/fertilizer-applications?fieldId=${fieldId}`, 'applicationDate'],
    ] as const) {
      const { pages } = await readAllPages<Record<string, string>>(`${url}&limit=2`);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      const listed = pages.flat();
      expect(new Set(listed.map((r) => r.id)).size).toBe(dates.length);
      expect(listed.map((r) => r[dateKey])).toEqual([...dates].sort().reverse());
      const whole = (await get(url)).json().data as Record<string, string>[];
      expect(listed.map((r) => r.id)).toEqual(whole.map((r) => r.id));
      expect((await get(`${url}&limit=501`)).statusCode).toBe(400);
      expect((await get(`${url}&cursor=${Buffer.from('["Vlei","x"]').toString('base64url')}`)).statusCode).toBe(400);
    }
  });

  it("a field's earlier boundaries: newest first, ten a page by default and at most twenty", async () => {
    for (let i = 1; i <= 3; i++) {
      await as(farmer, t.app, { method: 'PUT', url: `/api/fields/${fieldId}`, payload: { boundary: squareBoundary(2 + i) } });
    }
    const { pages, limits } = await readAllPages<{ size_hectares: number }>(`/api/fields/${fieldId}/boundary-versions?limit=2`);
    expect(pages.flat().map((v) => Math.round(v.size_hectares))).toEqual([4, 3, 2]);
    expect(limits).toEqual([2, 2]);
    expect((await get(`/api/fields/${fieldId}/boundary-versions`)).json().page.limit).toBe(10);
    expect((await get(`/api/fields/${fieldId}/boundary-versions?limit=21`)).statusCode).toBe(400);
  });
});

/**
 * The largest organisation the limits allow (5,000 fields of 5,000 corners) reads its fields a page at a time; a
 * full page must stay small whatever its fields are like. Each field below is as heavy as allowed: 120-character
 * names and varieties in a three-byte script, every fact set, a 5,000-corner boundary whose map form keeps the
 * most corners allowed.
 */
const MAX_SUMMARY_PAGE_BYTES = 700_000;
const MAX_MAP_PAGE_BYTES = 4_000_000;

describe(`a page of ${MAX_PAGE_SIZE} of the heaviest fields`, () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await registerAccount(t.app);
    const heavyFarm = (await as(owner, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Heavy' } })).json().data.id;
    // A star of 250 points 200 m deep, walked with 19 more corners along each edge (0.3 m of GPS jitter): the map
    // keeps the 250 points, as many corners as it allows.
    const corners = 5_000;
    const points = MAP_BOUNDARY_MAX_CORNERS;
    const tip = (k: number): LngLat => {
      const angle = (2 * Math.PI * k) / points;
      const r = k % 2 === 0 ? 1_500 : 1_300;
      return [31.05 + (r * Math.cos(angle)) / M_PER_DEG_LNG, -17.83 + (r * Math.sin(angle)) / M_PER_DEG_LAT];
    };
    const ring: LngLat[] = [];
    for (let i = 0; i < corners; i++) {
      const [k, step] = [Math.floor(i / (corners / points)), (i % (corners / points)) / (corners / points)];
      const [a, b] = [tip(k), tip(k + 1)];
      const jitter = step === 0 ? 0 : (0.3 * Math.sin(i * 2.3)) / M_PER_DEG_LAT;
      ring.push([a[0] + (b[0] - a[0]) * step, a[1] + (b[1] - a[1]) * step + jitter]);
    }
    const boundary: PolygonBoundary = { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
    const boundaryJson = JSON.stringify(boundary);
    const mapBoundary = simplifyBoundaryForMap(boundary);
    expect(boundaryCornerCount(mapBoundary)).toBe(MAP_BOUNDARY_MAX_CORNERS);
    const mapJson = JSON.stringify(mapBoundary);
    const [centroidLng, centroidLat] = boundaryCentroid(boundary);
    const longText = 'ሀ'.repeat(120);
    // Written straight to the table (one statement): going through the API would check 2.5 million corners.
    await sql`
      insert into fields (id, org_id, farm_id, name, boundary, size_hectares, bbox_min_lng, bbox_min_lat, bbox_max_lng, bbox_max_lat,
        map_boundary, centroid_lng, centroid_lat, boundary_vertices, boundary_bytes,
        crop_type, variety, planting_date, expected_harvest_date, actual_harvest_date, soil_texture, irrigated)
      select gen_random_uuid(), ${owner.orgId}::uuid, ${heavyFarm}::uuid, ${longText.slice(4)} || lpad(n::text, 4, '0'), ${boundaryJson}::jsonb,
        706.86, 31.0, -17.85, 31.1, -17.8, ${mapJson}::jsonb, ${centroidLng}, ${centroidLat}, ${corners}, ${boundaryJson.length},
        'maize-grain', ${longText}, '2026-11-15', '2027-04-30', '2027-05-02', 'sandy-clay-loam', true
      from generate_series(1, ${MAX_PAGE_SIZE + 1}) as n
    `.execute(t.ctx.database.db);
    t.ctx.fieldListVersions.forget(owner.orgId);
  }, 60_000);

  it(`is under ${MAX_SUMMARY_PAGE_BYTES.toLocaleString('en')} bytes in the light form`, async () => {
    const response = await get(`/api/fields?limit=${MAX_PAGE_SIZE}`, owner);
    expect(response.json().data).toHaveLength(MAX_PAGE_SIZE);
    expect(response.json().page.nextCursor).not.toBeNull();
    const bytes = Buffer.byteLength(response.body);
    console.info(`light page of ${MAX_PAGE_SIZE} heaviest fields: ${bytes} bytes`);
    expect(bytes).toBeLessThan(MAX_SUMMARY_PAGE_BYTES);
  });

  it(`is under ${MAX_MAP_PAGE_BYTES.toLocaleString('en')} bytes in the map form`, async () => {
    const response = await get(`/api/fields?limit=${MAX_PAGE_SIZE}&view=map`, owner);
    expect(response.json().data).toHaveLength(MAX_PAGE_SIZE);
    const bytes = Buffer.byteLength(response.body);
    console.info(`map page of ${MAX_PAGE_SIZE} heaviest fields: ${bytes} bytes`);
    expect(bytes).toBeLessThan(MAX_MAP_PAGE_BYTES);
  });
});
