import { fieldMapSummarySchema, type FieldMapSummary } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createSquareField,
  registerAccount,
  squareBoundary,
  startTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/harness.ts';
import { fieldMap } from './field-map.ts';

let t: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;
let farmId: string;

const harare: [number, number] = [31.05, -17.83];
const get = (account = farmer, headers: Record<string, string> = {}) =>
  as(account, t.app, { method: 'GET', url: '/api/fields/map-summary', headers });
const summaryOf = async (account = farmer): Promise<FieldMapSummary> => fieldMapSummarySchema.parse((await get(account)).json());

const createField = (
  account: TestAccount,
  farm: string,
  name: string,
  hectares: number,
  centre: [number, number],
  cropType: string | null,
) => createSquareField(t.app, account, { farmId: farm, name, hectares, centre, cropType });

beforeAll(async () => {
  t = await startTestApp();
  [farmer, neighbour] = [await registerAccount(t.app), await registerAccount(t.app)];
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Home farm' } })).json().data.id;
});
afterAll(() => t.close());

describe("Map View's summary of the fields", () => {
  it("counts the organisation's fields, their hectares, box and crop groups, and none of another organisation's", async () => {
    expect(await summaryOf()).toEqual({ count: 0, size_hectares: 0, bounds: null, cropGroups: [], version: expect.any(Number) });
    const maize = await createField(farmer, farmId, 'Maize block', 4, harare, 'maize-grain');
    const beans = await createField(farmer, farmId, 'Beans', 2.5, [harare[0] + 0.01, harare[1]], 'soybean');
    const neighbourFarm = (await as(neighbour, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Next door' } })).json().data
      .id;
    const theirs = await createField(neighbour, neighbourFarm, 'Their block', 3, [harare[0] - 0.2, harare[1]], null);

    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(fieldMapSummarySchema.parse(response.json())).toEqual({
      count: 2,
      size_hectares: expect.closeTo(maize.size_hectares + beans.size_hectares, 4),
      bounds: [
        expect.closeTo(maize.bbox.minLng, 6),
        expect.closeTo(Math.min(maize.bbox.minLat, beans.bbox.minLat), 6),
        expect.closeTo(beans.bbox.maxLng, 6),
        expect.closeTo(Math.max(maize.bbox.maxLat, beans.bbox.maxLat), 6),
      ],
      cropGroups: ['cereal', 'legume'],
      version: expect.any(Number),
    });
    expect(await summaryOf(neighbour)).toMatchObject({
      count: 1,
      size_hectares: expect.closeTo(theirs.size_hectares, 4),
      bounds: [
        expect.closeTo(theirs.bbox.minLng, 6),
        expect.closeTo(theirs.bbox.minLat, 6),
        expect.closeTo(theirs.bbox.maxLng, 6),
        expect.closeTo(theirs.bbox.maxLat, 6),
      ],
      cropGroups: ['none'],
    });
  });

  it('answers 304 to the summary already held, and a new one with a new version once a field moves', async () => {
    const moving = await createField(farmer, farmId, 'Moving', 1, [harare[0] + 0.3, harare[1] + 0.3], null);
    const first = await get();
    const etag = String(first.headers.etag);
    const before = fieldMapSummarySchema.parse(first.json());
    expect(before.bounds![2]).toBeGreaterThan(harare[0] + 0.3);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await get(farmer, { 'if-none-match': etag })).statusCode).toBe(304);

    const moved = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fields/${moving.id}`,
      headers: { 'if-match': `"${moving.lastModified}"` },
      payload: { boundary: squareBoundary(1, [harare[0] - 0.5, harare[1] - 0.5]) },
    });
    expect(moved.statusCode).toBe(200);
    const after = await get(farmer, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const now = fieldMapSummarySchema.parse(after.json());
    expect(now.version).toBeGreaterThan(before.version);
    expect(now.bounds![0]).toBeLessThan(harare[0] - 0.5);
    expect(now.bounds![2]).toBeLessThan(harare[0] + 0.3);
  });

  it("follows a field's crop change and deletion", async () => {
    const odd = await createField(farmer, farmId, 'Mai "Chipo\'s" \\ plot ñ 玉米', 0.75, [harare[0] - 1, harare[1] + 1], null);
    const counted = await summaryOf();
    expect(counted.cropGroups).toContain('none');

    const changed = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fields/${odd.id}`,
      headers: { 'if-match': `"${odd.lastModified}"` },
      payload: { name: 'Vlei', cropType: 'tobacco-flue-cured' },
    });
    expect(changed.statusCode).toBe(200);
    // 'Moving' has no crop either; the new group is the tobacco's.
    expect((await summaryOf()).cropGroups).toContain('industrial');
    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/fields/${odd.id}` })).statusCode).toBe(204);
    const after = await summaryOf();
    expect(after.count).toBe(counted.count - 1);
    expect(after.cropGroups).not.toContain('industrial');
    expect(after.size_hectares).toBeCloseTo(counted.size_hectares - odd.size_hectares, 4);
  });

  it('reads the fields a batch at a time and places each once', async () => {
    const actor = { userId: farmer.userId, orgId: farmer.orgId, role: 'owner' as const };
    const version = await t.ctx.fieldListVersions.get(farmer.orgId);
    const whole = await fieldMap(t.ctx, actor, version);
    // A new version, so nothing kept is given: read two fields per query.
    const inTwos = await fieldMap(t.ctx, actor, version + 1_000, { batchFields: 2 });
    expect(whole.fieldCount).toBe(3);
    expect(inTwos.fieldCount).toBe(3);
    const ids = (map: typeof whole) =>
      map.points
        .getClusters([-180, -85, 180, 85], 16)
        .map((point) => point.properties.id)
        .sort();
    expect(ids(inTwos)).toEqual(ids(whole));
    expect(new Set(ids(whole)).size).toBe(3);
  });

  it('builds the map once for requests that arrive together', async () => {
    const actor = { userId: farmer.userId, orgId: farmer.orgId, role: 'owner' as const };
    const version = (await t.ctx.fieldListVersions.get(farmer.orgId)) + 2_000;
    const [first, second] = await Promise.all([fieldMap(t.ctx, actor, version), fieldMap(t.ctx, actor, version)]);
    expect(second).toBe(first);
    expect(await fieldMap(t.ctx, actor, version)).toBe(first);
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/fields/map-summary' })).statusCode).toBe(401);
  });
});
