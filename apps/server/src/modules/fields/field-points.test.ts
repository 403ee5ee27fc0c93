import { fieldPointsSchema, type FieldPoints } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { fieldPointsJson } from './field-points.ts';

let t: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;
let farmId: string;

const harare: [number, number] = [31.05, -17.83];
const get = (account = farmer, headers: Record<string, string> = {}) =>
  as(account, t.app, { method: 'GET', url: '/api/fields/points', headers });

async function createField(
  account: TestAccount,
  farm: string,
  name: string,
  hectares: number,
  centre: [number, number],
  cropType: string | null,
) {
  const response = await as(account, t.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name, farmId: farm, boundary: squareBoundary(hectares, centre), cropType },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: string;
    lastModified: string;
    size_hectares: number;
    centroid: [number, number];
    bbox: { minLng: number; minLat: number; maxLng: number; maxLat: number };
  };
}

beforeAll(async () => {
  t = await startTestApp();
  [farmer, neighbour] = [await registerAccount(t.app), await registerAccount(t.app)];
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Home farm' } })).json().data.id;
});
afterAll(() => t.close());

describe("Map View's field points", () => {
  it("gives each of the organisation's fields as its name, hectares, crop, centre and box, and none of another organisation's", async () => {
    expect(fieldPointsSchema.parse((await get()).json())).toEqual({ data: [], version: expect.any(Number) });
    const maize = await createField(farmer, farmId, 'Maize block', 4, harare, 'maize-grain');
    const beans = await createField(farmer, farmId, 'Beans', 2.5, [harare[0] + 0.01, harare[1]], 'soybean');
    const neighbourFarm = (await as(neighbour, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Next door' } })).json().data
      .id;
    const theirs = await createField(neighbour, neighbourFarm, 'Their block', 3, [harare[0] + 0.005, harare[1]], null);

    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer: FieldPoints = fieldPointsSchema.parse(response.json());
    const byId = new Map(answer.data.map((point) => [point.id, point]));
    expect([...byId.keys()].sort()).toEqual([maize.id, beans.id].sort());
    const maizePoint = byId.get(maize.id)!;
    expect(maizePoint).toEqual({
      id: maize.id,
      name: 'Maize block',
      size_hectares: maize.size_hectares,
      bbox: {
        minLng: expect.closeTo(maize.bbox.minLng, 6),
        minLat: expect.closeTo(maize.bbox.minLat, 6),
        maxLng: expect.closeTo(maize.bbox.maxLng, 6),
        maxLat: expect.closeTo(maize.bbox.maxLat, 6),
      },
      centroid: [expect.closeTo(maize.centroid[0], 6), expect.closeTo(maize.centroid[1], 6)],
      cropType: 'maize-grain',
    });
    expect(maizePoint.size_hectares).toBeCloseTo(4, 2);
    // Coordinates to 6 decimals (about 0.1 m): no longer than a marker needs.
    expect(String(maizePoint.centroid[0]).split('.')[1]!.length).toBeLessThanOrEqual(6);
    expect(byId.get(beans.id)).toMatchObject({ name: 'Beans', cropType: 'soybean' });
    const theirAnswer = fieldPointsSchema.parse((await get(neighbour)).json());
    expect(theirAnswer.data.map((point) => point.id)).toEqual([theirs.id]);
  });

  it('answers 304 to the points already held, and new points and a new version once a field moves', async () => {
    const moving = await createField(farmer, farmId, 'Moving', 1, [harare[0] + 0.3, harare[1] + 0.3], null);
    const first = await get();
    const etag = String(first.headers.etag);
    const before = fieldPointsSchema.parse(first.json());
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
    const now = fieldPointsSchema.parse(after.json());
    expect(now.version).toBeGreaterThan(before.version);
    expect(now.data.find((point) => point.id === moving.id)!.centroid[0]).toBeCloseTo(harare[0] - 0.5, 4);
  });

  it("writes any name as JSON, and follows a field's edits", async () => {
    const name = 'Mai "Chipo\'s" \\ plot ñ 玉米';
    const odd = await createField(farmer, farmId, name, 0.75, [harare[0] - 1, harare[1] + 1], null);
    const pointOf = async (id: string) => fieldPointsSchema.parse((await get()).json()).data.find((point) => point.id === id)!;
    expect(await pointOf(odd.id)).toMatchObject({ name, cropType: null, size_hectares: odd.size_hectares });
    expect((await pointOf(odd.id)).centroid).toEqual([expect.closeTo(odd.centroid[0], 6), expect.closeTo(odd.centroid[1], 6)]);

    const renamed = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fields/${odd.id}`,
      headers: { 'if-match': `"${odd.lastModified}"` },
      payload: { name: 'Vlei', cropType: 'tobacco-flue-cured' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await pointOf(odd.id)).toMatchObject({ name: 'Vlei', cropType: 'tobacco-flue-cured' });
    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/fields/${odd.id}` })).statusCode).toBe(204);
    expect(await pointOf(odd.id)).toBeUndefined();
  });

  it('reads the fields a batch at a time and gives each once', async () => {
    const actor = { userId: farmer.userId, orgId: farmer.orgId, role: 'owner' as const };
    const version = await t.ctx.fieldListVersions.get(farmer.orgId);
    const whole = fieldPointsSchema.parse(JSON.parse(await fieldPointsJson(t.ctx, actor, version)));
    // A new version, so nothing kept is given: read two fields per query.
    const inTwos = fieldPointsSchema.parse(JSON.parse(await fieldPointsJson(t.ctx, actor, version + 1_000, { batchFields: 2 })));
    expect(whole.data.length).toBe(3);
    expect(inTwos.data).toEqual(whole.data);
    expect(inTwos.version).toBe(version + 1_000);
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/fields/points' })).statusCode).toBe(401);
  });
});
