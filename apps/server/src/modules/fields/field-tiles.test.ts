import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
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

let t: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;
let farmId: string;

const harare: [number, number] = [31.05, -17.83];
/** The tile holding a point at a zoom, by the Web Mercator grid MapLibre uses. */
function tileOf([lng, lat]: [number, number], zoom: number) {
  const tiles = 2 ** zoom;
  const radians = (lat * Math.PI) / 180;
  return {
    z: zoom,
    x: Math.floor(((lng + 180) / 360) * tiles),
    y: Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * tiles),
  };
}
const tileUrl = ({ z, x, y }: { z: number; x: number; y: number }) => `/api/fields/tiles/${z}/${x}/${y}`;
const get = (url: string, account = farmer, headers: Record<string, string> = {}) => as(account, t.app, { method: 'GET', url, headers });

/** The tile's `fields` layer as the map reads it: each feature's properties and its number of rings. */
function fieldsOf(body: Buffer): { id: string; cropGroup: string; rings: number }[] {
  const layer = new VectorTile(new PbfReader(body)).layers.fields;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => {
    const feature = layer.feature(i);
    return {
      id: String(feature.properties.id),
      cropGroup: String(feature.properties.cropGroup),
      rings: feature.loadGeometry().length,
    };
  });
}

/** The tile's `field-points` layer: each point's or counted circle's properties. */
function pointsOf(body: Buffer): Record<string, string | number | boolean>[] {
  const layer = new VectorTile(new PbfReader(body)).layers['field-points'];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties);
}

const createField = (account: TestAccount, farm: string, name: string, centre: [number, number], cropType: string | null) =>
  createSquareField(t.app, account, { farmId: farm, name, hectares: 4, centre, cropType });

beforeAll(async () => {
  t = await startTestApp();
  [farmer, neighbour] = [await registerAccount(t.app), await registerAccount(t.app)];
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Home farm' } })).json().data.id;
});
afterAll(() => t.close());

describe("Map View's field tiles", () => {
  it("draws the organisation's fields in the tiles they reach, with id and crop group, and none of another organisation's", async () => {
    const maize = await createField(farmer, farmId, 'Maize block', harare, 'maize-grain');
    const beans = await createField(farmer, farmId, 'Beans', [harare[0] + 0.004, harare[1]], 'soybean');
    const neighbourFarm = (await as(neighbour, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Next door' } })).json().data
      .id;
    const theirs = await createField(neighbour, neighbourFarm, 'Their block', [harare[0] + 0.002, harare[1]], 'maize-grain');

    const tile = await get(tileUrl(tileOf(harare, 13)));
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const drawn = fieldsOf(tile.rawPayload);
    expect(drawn).toEqual(
      expect.arrayContaining([
        { id: maize.id, cropGroup: 'cereal', rings: 1 },
        { id: beans.id, cropGroup: 'legume', rings: 1 },
      ]),
    );
    expect(drawn.map((field) => field.id)).not.toContain(theirs.id);
    expect(fieldsOf((await get(tileUrl(tileOf(harare, 13)), neighbour)).rawPayload).map((field) => field.id)).toEqual([theirs.id]);
    // Each field is a point too, carrying its label; far out the two are one counted circle, and no outlines.
    expect(pointsOf(tile.rawPayload)).toEqual(
      expect.arrayContaining([
        { id: maize.id, name: 'Maize block', size_hectares: expect.closeTo(4, 2), cropGroup: 'cereal' },
        { id: beans.id, name: 'Beans', size_hectares: expect.closeTo(4, 2), cropGroup: 'legume' },
      ]),
    );
    const far = await get(tileUrl(tileOf(harare, 6)));
    expect(far.statusCode).toBe(200);
    expect(fieldsOf(far.rawPayload)).toEqual([]);
    expect(pointsOf(far.rawPayload)).toEqual([
      expect.objectContaining({ cluster: true, point_count: 2, expansion_zoom: expect.any(Number) }),
    ]);
    const [cluster] = pointsOf(far.rawPayload);
    // A tap on the circle comes in to where it splits: there the two are points of their own.
    const split = pointsOf((await get(tileUrl(tileOf(harare, Number(cluster!.expansion_zoom))))).rawPayload);
    expect(split.map((point) => point.id).sort()).toEqual([maize.id, beans.id].sort());
    expect(pointsOf((await get(tileUrl(tileOf(harare, 6)), neighbour)).rawPayload)).toEqual([
      expect.objectContaining({ id: theirs.id, name: 'Their block' }),
    ]);
  });

  it('carries any name into the points as it was written', async () => {
    const name = 'Mai "Chipo\'s" \\ plot ñ 玉米';
    const centre: [number, number] = [harare[0] - 1, harare[1] + 1];
    const odd = await createField(farmer, farmId, name, centre, null);
    expect(pointsOf((await get(tileUrl(tileOf(centre, 14)))).rawPayload)).toContainEqual(expect.objectContaining({ id: odd.id, name }));
  });

  it('answers 304 to the tile already held, and a new tile once a field moves out of it', async () => {
    const address = tileOf([harare[0] + 0.3, harare[1] + 0.3], 14);
    const moving = await createField(farmer, farmId, 'Moving', [harare[0] + 0.3, harare[1] + 0.3], null);
    const first = await get(tileUrl(address));
    expect(fieldsOf(first.rawPayload)).toEqual([{ id: moving.id, cropGroup: 'none', rings: 1 }]);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await get(tileUrl(address), farmer, { 'if-none-match': etag })).statusCode).toBe(304);

    const moved = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fields/${moving.id}`,
      headers: { 'if-match': `"${moving.lastModified}"` },
      payload: { boundary: squareBoundary(4, [harare[0] - 0.5, harare[1] - 0.5]) },
    });
    expect(moved.statusCode).toBe(200);
    const after = await get(tileUrl(address), farmer, { 'if-none-match': etag });
    // Nothing of the organisation reaches the tile any more: an empty answer with a new ETag.
    expect(after.statusCode).toBe(204);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('refuses a tile outside zoom 0–16 or the grid with a sentence, and asks for a session', async () => {
    const refusal = async (url: string) => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      return response.json().error.message as string;
    };
    expect(await refusal('/api/fields/tiles/-1/0/0')).toContain('0 or more');
    expect(await refusal('/api/fields/tiles/17/1/1')).toContain('end at zoom 16');
    expect(await refusal('/api/fields/tiles/12/4096/1')).toContain('within the zoom level');
    expect(await refusal('/api/fields/tiles/12/a/1')).toContain('must be a number');
    expect((await t.app.inject({ method: 'GET', url: tileUrl(tileOf(harare, 13)) })).statusCode).toBe(401);
  });
});
