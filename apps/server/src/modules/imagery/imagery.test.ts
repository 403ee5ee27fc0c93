import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { colourOf, LEGENDS, NO_CLEAR_READING_RGB, writeDemoCatalog } from '@murimi/earth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import type { FieldScene } from './imagery.service.ts';

// A field's index imagery end to end on demo imagery: the scenes are searched and read through the same STAC and COG
// path as Earth Search, and the maps decoded by GDAL.
const today = isoDay(new Date());
const plantingDate = addDays(today, -70);
/** A triangle of about 5 ha near Harare: its window's corners lie outside it whatever the grid's slant. */
const triangle = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [31.048, -17.832],
      [31.052, -17.832],
      [31.05, -17.828],
      [31.048, -17.832],
    ],
  ],
};

type Scene = FieldScene;

let folder: string;
let t: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;
let fieldId: string;
let scenes: Scene[];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'murimi-imagery-'));
  const catalog = path.join(folder, 'catalog');
  await writeDemoCatalog({
    fields: [{ id: 'kopje', name: 'Kopje Block', crop: 'maize', plantingDate, boundary: triangle as FieldBoundary }],
    from: addDays(today, -90),
    to: today,
    directory: catalog,
  });
  t = await startTestApp({ env: { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog } });
  farmer = await registerAccount(t.app);
  neighbour = await registerAccount(t.app);
  const farm = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Kopje Farm' } })).json().data.id;
  const created = await as(farmer, t.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: 'Kopje Block', farmId: farm, boundary: triangle, cropType: 'maize-grain', plantingDate, irrigated: false },
  });
  fieldId = created.json().data.id;
  const list = await as(farmer, t.app, { method: 'GET', url: `/api/fields/${fieldId}/imagery?index=ndvi` });
  expect(list.statusCode).toBe(200);
  scenes = list.json().data.scenes;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

const imageOf = (sceneId: string, file: string, account = farmer, headers: Record<string, string> = {}) =>
  as(account, t.app, { method: 'GET', url: `/api/fields/${fieldId}/imagery/${sceneId}/${file}`, headers });

/** A raster file's size, bounds and bands as GDAL reads them: [width, height, geotransform, bands × rows × columns]. */
async function gdalRead(body: Buffer, name: string) {
  const file = path.join(folder, name);
  await writeFile(file, body);
  const script =
    'import sys, json, math; from osgeo import gdal; d = gdal.Open(sys.argv[1]); a = d.ReadAsArray().tolist(); ' +
    'clean = lambda v: None if isinstance(v, float) and math.isnan(v) else v; ' +
    'a = [[clean(v) for v in row] for row in a] if d.RasterCount == 1 else a; ' +
    'print(json.dumps([d.RasterXSize, d.RasterYSize, d.GetGeoTransform(), a]))';
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, file]).toString()) as [number, number, number[], unknown];
}

describe('the scenes over a field', () => {
  it('lists every scene of the season with its clear share, and mean, p10 and p90 when usable, labelled simulated', () => {
    expect(scenes.length).toBeGreaterThan(5);
    expect(scenes.map((scene) => scene.date)).toEqual([...scenes.map((scene) => scene.date)].sort());
    for (const scene of scenes) {
      expect(scene.simulated).toBe(true);
      expect(scene.sceneId).toMatch(/^S2SIM_/);
      if (scene.usable) {
        expect(scene.reason).toBeNull();
        expect(scene.clearShare).toBeGreaterThanOrEqual(0.8);
        expect(scene.p10!).toBeLessThanOrEqual(scene.mean!);
        expect(scene.mean!).toBeLessThanOrEqual(scene.p90!);
      } else {
        expect(scene.reason).toEqual(expect.any(String));
        expect(scene.mean).toBeNull();
      }
    }
    expect(scenes.some((scene) => scene.usable)).toBe(true);
    expect(scenes.some((scene) => scene.clearShare !== null && scene.clearShare < 1)).toBe(true);
  });

  it('refuses an unknown index and a bad date with what to send, and another organisation’s field as not found', async () => {
    const badIndex = await as(farmer, t.app, { method: 'GET', url: `/api/fields/${fieldId}/imagery?index=evi` });
    expect(badIndex.statusCode).toBe(400);
    expect(badIndex.json().error.message).toContain('ndvi, ndwi, ndre, lai');
    const badDate = await as(farmer, t.app, { method: 'GET', url: `/api/fields/${fieldId}/imagery?from=2024-02-31` });
    expect(badDate.statusCode).toBe(400);
    const backwards = await as(farmer, t.app, {
      method: 'GET',
      url: `/api/fields/${fieldId}/imagery?from=${today}&to=${addDays(today, -5)}`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('must be on or before');
    const stranger = await as(neighbour, t.app, { method: 'GET', url: `/api/fields/${fieldId}/imagery` });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('a scene’s index map', () => {
  const clearest = () => scenes.find((scene) => scene.usable)!;

  it('is the field’s window at 10 m, transparent outside the boundary, each pixel the legend colour of its value', async () => {
    const scene = clearest();
    const png = await imageOf(scene.sceneId, 'ndvi.png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-imagery-simulated']).toBe('true');
    expect(png.headers['x-image-pixel-size-m']).toBe('10');
    const tif = await imageOf(scene.sceneId, 'ndvi.tif');
    expect(tif.statusCode).toBe(200);
    const [width, height, , rgba] = await gdalRead(png.rawPayload, 'map.png');
    const [tifWidth, tifHeight, transform, values] = await gdalRead(tif.rawPayload, 'map.tif');
    // The window of a field about 420 m × 440 m on a 10 m grid.
    expect([width, height]).toEqual([tifWidth, tifHeight]);
    expect(width).toBeGreaterThanOrEqual(42);
    expect(width).toBeLessThanOrEqual(45);
    expect(transform[1]).toBe(10);
    // The bounds header holds the field's corners.
    const [west, south, east, north] = png.headers['x-image-bounds']!.toString().split(',').map(Number);
    for (const [lng, lat] of triangle.coordinates[0]!) {
      expect(lng).toBeGreaterThan(west!);
      expect(lng).toBeLessThan(east!);
      expect(lat).toBeGreaterThan(south!);
      expect(lat).toBeLessThan(north!);
    }
    expect(east! - west!).toBeLessThan(0.0045);

    const [red, green, blue, alpha] = rgba as number[][][];
    const grid = values as (number | null)[][];
    // The top corners of the window are outside the triangle: transparent.
    expect(alpha![0]![0]).toBe(0);
    expect(alpha![0]![width - 1]).toBe(0);
    let coloured = 0;
    for (let row = 0; row < height; row++)
      for (let column = 0; column < width; column++) {
        const value = grid[row]![column];
        if (alpha![row]![column] === 0 || value === null) continue;
        expect([red![row]![column], green![row]![column], blue![row]![column]]).toEqual(colourOf(LEGENDS.ndvi, value!));
        coloured += 1;
      }
    expect(coloured).toBeGreaterThan(400);
    expect(png.headers.etag).toEqual(expect.any(String));
    expect(png.headers['cache-control']).toContain('max-age');
    // Kept by the browser for the person who asked, not for whoever asks next on the same phone.
    expect(png.headers.vary).toMatch(/\bauthorization\b/i);
    const again = await imageOf(scene.sceneId, 'ndvi.png', farmer, { 'if-none-match': png.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('lets the browser keep an image for good when its URL names the version of the field it was drawn from', async () => {
    const list = await as(farmer, t.app, { method: 'GET', url: `/api/fields/${fieldId}/imagery?index=ndvi` });
    const version = list.json().data.imageVersion as string;
    expect(version).toMatch(/^[\w-]{16}$/);
    const scene = clearest();
    const named = await imageOf(scene.sceneId, `ndvi.png?v=${version}`);
    expect(named.statusCode).toBe(200);
    expect(named.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(named.headers.vary).toMatch(/\bauthorization\b/i);
    // Without the version, or with one the boundary has since left behind, a day, then asked again with the tag.
    for (const file of ['ndvi.png', 'ndvi.png?v=AAAAAAAAAAAAAAAA']) {
      const response = await imageOf(scene.sceneId, file);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['cache-control'], file).toBe('private, max-age=86400');
    }
  });

  it('draws the field’s cloud and shadow pixels neutral grey', async () => {
    const cloudy = scenes.find((scene) => scene.clearShare !== null && scene.clearShare > 0 && scene.clearShare < 0.95);
    expect(cloudy, 'a demo date with cloud over part of the field').toBeDefined();
    const png = await imageOf(cloudy!.sceneId, 'ndvi.png');
    expect(png.statusCode).toBe(200);
    const [width, height, , rgba] = await gdalRead(png.rawPayload, 'cloudy.png');
    const [red, green, blue, alpha] = rgba as number[][][];
    let grey = 0;
    let inside = 0;
    for (let row = 0; row < height; row++)
      for (let column = 0; column < width; column++) {
        if (alpha![row]![column] === 0) continue;
        inside += 1;
        const colour = [red![row]![column], green![row]![column], blue![row]![column]];
        if (colour.every((channel, i) => channel === NO_CLEAR_READING_RGB[i])) grey += 1;
      }
    // Grey covers about the share of the field not clear.
    expect(grey / inside).toBeGreaterThan((1 - cloudy!.clearShare!) * 0.7);
    expect(grey / inside).toBeLessThan((1 - cloudy!.clearShare!) * 1.3 + 0.05);
  });

  it('draws NDRE at 20 m, and answers a bad index 400, an unknown scene 404 and another organisation 404', async () => {
    const scene = clearest();
    const ndre = await imageOf(scene.sceneId, 'ndre.png');
    expect(ndre.statusCode).toBe(200);
    expect(ndre.headers['x-image-pixel-size-m']).toBe('20');
    const badIndex = await imageOf(scene.sceneId, 'evi.png');
    expect(badIndex.statusCode).toBe(400);
    expect(badIndex.json().error.message).toContain('Unknown index "evi"');
    const badFormat = await imageOf(scene.sceneId, 'ndvi.jpg');
    expect(badFormat.statusCode).toBe(400);
    const unknown = await imageOf('S2SIM_nowhere_20200101_L2A', 'ndvi.png');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('S2SIM_nowhere_20200101_L2A');
    const stranger = await imageOf(scene.sceneId, 'ndvi.png', neighbour);
    expect(stranger.statusCode).toBe(404);
  });
});
