import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/boundaries');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

let t: TestApp;
let farmer: TestAccount;
let stranger: TestAccount;
let farmId: string;
let oldMhofuId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  stranger = await registerAccount(t.app);
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo' } })).json().data.id;
  // Mhofu Block (source-fields.geojson) spans 31.0199–31.0230 E: this 2 ha square covers its eastern end.
  oldMhofuId = (
    await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name: 'Old Mhofu', farmId, boundary: squareBoundary(2, [31.0228, -17.801]) },
    })
  ).json().data.id;
  // Another organisation's field over Dam Field: not ours, so never reported.
  const theirFarm = (await as(stranger, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Next door' } })).json().data.id;
  await as(stranger, t.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: 'Their dam field', farmId: theirFarm, boundary: squareBoundary(10, [31.042, -17.8114]) },
  });
});
afterAll(() => t.close());

const preview = (fileName: string, bytes: Uint8Array | string, account = farmer, contentType = 'application/octet-stream') =>
  as(account, t.app, {
    method: 'POST',
    url: `/api/fields/import/preview?fileName=${encodeURIComponent(fileName)}`,
    payload: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
    headers: { 'content-type': contentType },
  });
const listFields = async (account = farmer) =>
  (await as(account, t.app, { method: 'GET', url: '/api/fields' })).json().data as { name: string; size_hectares: number }[];

describe('POST /api/fields/import/preview', () => {
  it('reads a Shapefile in UTM 36S into drafts with overlaps against our own fields only, saving nothing', async () => {
    const before = await listFields();
    const response = await preview('fields-utm36s.zip', fixture('fields-utm36s.zip'));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      fileName: 'fields-utm36s.zip',
      format: 'shapefile',
      sourceCrs: 'WGS_1984_UTM_Zone_36S',
      convertedFrom: 'WGS_1984_UTM_Zone_36S',
    });
    // A GeoJSON is WGS 84 longitude and latitude already: nothing was converted, so nothing is said.
    const geoJson = (await preview('fields.geojson', fixture('fields.geojson'))).json().data;
    expect(geoJson).toMatchObject({ format: 'geojson', convertedFrom: null });
    const drafts = data.drafts as {
      index: number;
      name: string;
      status: string;
      reasons: { message: string; code?: string; params?: Record<string, string | number> }[];
      areaHectares: number | null;
      overlaps: unknown[];
    }[];
    expect(drafts.map((d) => [d.index, d.name, d.status])).toEqual([
      [0, 'Mhofu Block', 'ready'],
      [1, 'Dam Field', 'ready'],
      [2, 'Garden Plot', 'invalid'],
      [3, 'Bow-tie', 'invalid'],
    ]);
    expect(drafts[0]!.areaHectares).toBeCloseTo(6.5889, 3);
    expect(drafts[0]!.overlaps).toEqual([{ fieldId: oldMhofuId, name: 'Old Mhofu', overlapHectares: expect.any(Number) }]);
    const { overlapHectares } = drafts[0]!.overlaps[0] as { overlapHectares: number };
    expect(overlapHectares).toBeGreaterThan(0.5);
    expect(overlapHectares).toBeLessThan(2);
    expect(drafts[1]!.overlaps).toEqual([]);
    // Each reason names core's rule with the numbers its sentence uses, so that the screen can word it in any language.
    expect(drafts[2]!.reasons).toEqual([
      {
        message: expect.stringMatching(/^This field measures 0\.30 ha\. The minimum field size is 0\.5 ha/),
        code: 'FIELD_TOO_SMALL',
        params: { areaHectares: 0.3, minHectares: 0.5, minAcres: 1.2 },
      },
    ]);
    expect(drafts[3]!.reasons).toEqual([
      { message: expect.stringMatching(/^The boundary crosses itself\./), code: 'SELF_INTERSECTION', params: {} },
    ]);
    expect(await listFields()).toEqual(before);
  });

  it('shows the other organisation its own overlap, not ours', async () => {
    const { drafts } = (await preview('fields.kml', fixture('fields.kml'), stranger)).json().data;
    expect(drafts[0].overlaps).toEqual([]);
    expect(drafts[1].overlaps).toEqual([{ fieldId: expect.any(String), name: 'Their dam field', overlapHectares: expect.any(Number) }]);
  });

  it('creates the ready drafts through the bulk create with the areas the preview showed', async () => {
    const { drafts } = (await preview('google-earth.kmz', fixture('google-earth.kmz'))).json().data;
    const ready = drafts.filter((d: { status: string }) => d.status === 'ready');
    expect(ready.map((d: { name: string }) => d.name)).toEqual(['Top Field', 'Vlei Gardens (1 of 2)', 'Vlei Gardens (2 of 2)']);
    const created = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields/bulk',
      payload: { fields: ready.map((d: { name: string; boundary: unknown }) => ({ name: d.name, farmId, boundary: d.boundary })) },
    });
    expect(created.statusCode).toBe(201);
    const saved = new Map((await listFields()).map((f) => [f.name, f.size_hectares]));
    for (const draft of ready) expect(saved.get(draft.name), draft.name).toBe(draft.areaHectares);
    expect(saved.get('Top Field')).toBeCloseTo(8.929, 3);
    // Previewing the same file again finds each of them already there.
    const again = (await preview('google-earth.kmz', fixture('google-earth.kmz'))).json().data.drafts;
    expect(again[0].overlaps).toEqual([{ fieldId: expect.any(String), name: 'Top Field', overlapHectares: ready[0].areaHectares }]);
  });

  it('answers 400 with a clear message for files it cannot read', async () => {
    const refusal = async (fileName: string, bytes: Uint8Array | string) => {
      const response = await preview(fileName, bytes);
      expect(response.statusCode, fileName).toBe(400);
      return response.json().error.message as string;
    };
    expect(await refusal('fields.xlsx', 'a,b')).toBe(
      'Murimi reads KML, KMZ, GeoJSON, zipped Shapefile (.zip with .shp, .dbf, .shx and .prj) and GPX files.',
    );
    const zip = fixture('fields-wgs84.zip');
    expect(await refusal('fields.zip', zip.subarray(0, zip.length / 2))).toBe(
      'This file could not be read as a zipped Shapefile: the zip archive is damaged or incomplete.',
    );
    expect(await refusal('farm.kml', 'Field,Lat,Lng')).toBe('This file could not be read as KML: it is not XML.');
    expect(await refusal('farm.geojson', '{"fields": []}')).toBe(
      'This file could not be read as GeoJSON: it is JSON, but not a GeoJSON FeatureCollection, Feature or geometry.',
    );
    expect(await refusal('farm.geojson', '{"type": "FeatureCollection", "features": []}')).toBe('The file holds no field boundaries.');
    expect(await refusal('farm.kml', '')).toBe('The file is empty.');
  });

  it('needs the file name and the raw bytes, and refuses more than 25 MB', async () => {
    const noName = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields/import/preview',
      payload: fixture('fields.kml'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('fileName is required.');
    const blankName = await preview(' ', fixture('fields.kml'));
    expect(blankName.json().error.message).toBe('Give the file name, e.g. ?fileName=farm.kml.');
    const asJson = await preview('fields.geojson', fixture('fields.geojson').toString(), farmer, 'application/json');
    expect(asJson.statusCode).toBe(415);
    expect(asJson.json().error.message).toBe("Send the file's bytes as the request body (Content-Type: application/octet-stream).");
    expect((await preview('big.kml', new Uint8Array(25 * 1024 * 1024 + 1))).statusCode).toBe(413);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/fields/import/preview?fileName=fields.kml',
      payload: fixture('fields.kml'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
