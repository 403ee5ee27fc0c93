import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measureFieldBoundary, type PolygonBoundary } from '@murimi/core';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let farmer: TestAccount;
let farmId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Moyo & Sons' } })).json().data.id;
  const otherFarm = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Other' } })).json().data.id;
  const post = (payload: object) => as(farmer, t.app, { method: 'POST', url: '/api/fields', payload });
  await post({ name: 'Dam <north>', farmId, boundary: squareBoundary(4), cropType: 'maize-grain', plantingDate: '2026-11-15' });
  await post({
    name: 'Pivot',
    farmId,
    boundary: { type: 'Point', coordinates: [31.1, -17.9], properties: { radius: 200, circle: true } },
    irrigated: true,
  });
  await post({ name: 'Elsewhere', farmId: otherFarm, boundary: squareBoundary(2, [31.3, -17.9]) });
});
afterAll(() => t.close());

const download = (query: string, account = farmer) => as(account, t.app, { method: 'GET', url: `/api/fields/export${query}` });

describe('field boundary export', () => {
  it("exports a farm's fields as GeoJSON, circles traced as polygons with their radius kept", async () => {
    const response = await download(`?format=geojson&farmId=${farmId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="moyo-sons-\d{4}-\d{2}-\d{2}\.geojson"/);
    const collection = response.json();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['Dam <north>', 'Pivot']);
    const [dam, pivot] = collection.features;
    expect(dam.properties).toMatchObject({ farm: 'Moyo & Sons', crop: 'Maize (grain)', planting_date: '2026-11-15', shape: 'polygon' });
    expect(dam.geometry.type).toBe('Polygon');
    expect(pivot.geometry.type).toBe('Polygon');
    expect(pivot.geometry.coordinates[0]).toHaveLength(65);
    expect(pivot.properties).toMatchObject({ shape: 'circle', radius_m: 200, irrigated: true });
  });

  it("exports the whole organisation's fields as KML a GIS can read", async () => {
    const response = await download('?format=kml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.google-earth.kml+xml');
    const kml = response.body;
    expect(kml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(kml.match(/<Placemark>/g)).toHaveLength(3);
    expect(kml).toContain('<name>Dam &lt;north&gt;</name>');
    expect(kml).toContain('<Data name="farm"><value>Moyo &amp; Sons</value></Data>');
    expect(kml).toMatch(/<outerBoundaryIs><LinearRing><coordinates>31\.\d+,-17\.\d+,0 /);
    // Every element opened is closed, and no bare ampersand or angle bracket sits in the text.
    for (const tag of ['Placemark', 'Polygon', 'outerBoundaryIs', 'LinearRing', 'coordinates', 'ExtendedData', 'Data', 'value', 'name']) {
      expect(kml.split(`<${tag}`).length, tag).toBe(kml.split(`</${tag}>`).length);
    }
    expect(kml.replace(/<[^>]+>/g, '')).not.toMatch(/[<>]|&(?!(lt|gt|amp|apos|quot);)/);
  });

  it("refuses an unknown format, and answers 404 for another organisation's farm", async () => {
    expect((await download('?format=shp')).json().error.message).toBe('The format is geojson, kml or shapefile.');
    const stranger = await registerAccount(t.app);
    expect((await download(`?farmId=${farmId}`, stranger)).statusCode).toBe(404);
    expect((await download('?format=geojson', stranger)).json().features).toEqual([]);
  });

  it('writes files GDAL reads: three polygon features with their names and areas', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'murimi-export-'));
    for (const format of ['geojson', 'kml'] as const) {
      const file = path.join(folder, `fields.${format}`);
      writeFileSync(file, (await download(`?format=${format}`)).body);
      // ogrinfo (Debian gdal-bin, installed by .ci/run) is an independent reader of both formats.
      const summary = execFileSync('ogrinfo', ['-ro', '-al', '-so', file], { encoding: 'utf8' });
      expect(summary, format).toMatch(/Feature Count: 3/);
      if (format === 'geojson') expect(summary).toMatch(/Geometry: Polygon/); // KML layers declare no single type
      const detail = execFileSync('ogrinfo', ['-ro', '-al', file], { encoding: 'utf8' });
      expect(detail, format).toContain('Dam <north>');
      expect(detail.match(/POLYGON (Z )?\(\(31\.\d+ -17\.\d+/g), format).toHaveLength(3);
    }
  });
});

describe('zipped Shapefile export', () => {
  const saveZip = async (query: string, account = farmer) => {
    const response = await download(query, account);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const fileName = /filename="(.+)"/.exec(response.headers['content-disposition'] as string)![1]!;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'murimi-shapefile-')), fileName);
    writeFileSync(file, response.rawPayload);
    return { file, fileName, layer: fileName.replace(/\.zip$/, ''), bytes: response.rawPayload };
  };
  /** GDAL's reading of the zip as GeoJSON (ogr2ogr, independent of our writer). */
  const readWithGdal = (file: string) =>
    JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', `/vsizip/${file}`], { encoding: 'utf8' })) as {
      features: { properties: Record<string, unknown>; geometry: PolygonBoundary }[];
    };

  it('writes .shp, .shx, .dbf, .prj (WGS 84) and .cpg that GDAL reads with 10-character columns', async () => {
    const { file, fileName, layer } = await saveZip('?format=shapefile');
    expect(fileName).toMatch(/^murimi-fields-\d{4}-\d{2}-\d{2}\.zip$/);
    const listing = Object.keys(unzipSync(readFileSync(file))).sort();
    expect(listing).toEqual(['shp', 'shx', 'dbf', 'prj', 'cpg'].map((e) => `${layer}.${e}`).sort());
    const summary = execFileSync('ogrinfo', ['-ro', '-al', '-so', `/vsizip/${file}`], { encoding: 'utf8' });
    expect(summary).toMatch(/Geometry: Polygon/);
    expect(summary).toMatch(/Feature Count: 3/);
    expect(summary).toMatch(/GEOGCRS\["WGS 84"/);
    const columns = [...summary.matchAll(/^(\w+): (\w+)/gm)].map(([, name, type]) => `${name}:${type}`);
    expect(columns).toEqual(
      expect.arrayContaining(['name:String', 'farm:String', 'crop:String', 'variety:String', 'size_ha:Real', 'plant_date:Date']),
    );
    expect(columns).toEqual(expect.arrayContaining(['soil:String', 'shape:String', 'radius_m:Real']));
    // A dBase logical column: GDAL 3.6 reads it as "T"/"F" text, later versions as a boolean integer.
    expect(columns.find((c) => c.startsWith('irrigated:'))).toMatch(/^irrigated:(String|Integer)$/);
  });

  it('keeps names, facts and areas: GDAL measures each polygon as the field measures', async () => {
    const { file, layer } = await saveZip('?format=shapefile');
    const features = readWithGdal(file).features;
    expect(features.map((f) => f.properties.name)).toEqual(['Dam <north>', 'Elsewhere', 'Pivot']);
    const [dam, , pivot] = features;
    expect(dam!.properties).toMatchObject({ farm: 'Moyo & Sons', crop: 'Maize (grain)', plant_date: '2026-11-15', shape: 'polygon' });
    expect(['F', 0]).toContain(dam!.properties.irrigated);
    expect(dam!.properties.radius_m).toBeNull();
    expect(pivot!.properties).toMatchObject({ shape: 'circle', radius_m: 200 });
    expect(['T', 1]).toContain(pivot!.properties.irrigated);
    expect(pivot!.geometry.coordinates[0]).toHaveLength(65);
    const fields = (await as(farmer, t.app, { method: 'GET', url: '/api/fields' })).json().data as {
      name: string;
      size_hectares: number;
    }[];
    for (const feature of features) {
      const field = fields.find((f) => f.name === feature.properties.name)!;
      expect(feature.properties.size_ha).toBe(field.size_hectares);
      const measured = measureFieldBoundary(feature.geometry);
      if (!measured.ok) throw new Error(measured.problem.message);
      // A 64-corner circle holds 99.8 % of the circle; a polygon comes back as it was (sizes are kept to 0.0001 ha).
      const differenceHectares = Math.abs(measured.value.areaHectares - field.size_hectares);
      if (feature.properties.shape === 'circle') expect(differenceHectares / field.size_hectares).toBeLessThan(0.003);
      else expect(differenceHectares, String(feature.properties.name)).toBeLessThanOrEqual(0.00005);
    }
    // SpatiaLite's own ellipsoidal area, as a reader that shares nothing with our geometry code.
    const sql = `SELECT name, ST_Area(geometry, 1) / 10000 AS gdal_hectares FROM "${layer}" WHERE name = 'Elsewhere'`;
    const areas = execFileSync('ogrinfo', ['-ro', '-q', '-dialect', 'SQLite', '-sql', sql, `/vsizip/${file}`], { encoding: 'utf8' });
    const gdalHectares = Number(/gdal_hectares \(Real\) = ([\d.]+)/.exec(areas)![1]);
    const elsewhere = fields.find((f) => f.name === 'Elsewhere')!;
    expect(Math.abs(gdalHectares / elsewhere.size_hectares - 1)).toBeLessThan(1e-4);
  });

  it('writes holes as holes and names in UTF-8, and reads back through the import preview', async () => {
    const owner = await registerAccount(t.app);
    const farm = (await as(owner, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chipo’s Gardens' } })).json().data.id;
    const outer = squareBoundary(9, [31.2, -17.9]).coordinates[0]!;
    const dam = squareBoundary(1, [31.2, -17.9]).coordinates[0]!;
    const name = 'Mũnda wa Chipo — north';
    const boundary = { type: 'Polygon', coordinates: [outer, dam] };
    const saved = (await as(owner, t.app, { method: 'POST', url: '/api/fields', payload: { name, farmId: farm, boundary } })).json().data;
    const { file, fileName, bytes } = await saveZip(`?format=shapefile&farmId=${farm}`, owner);
    const [feature] = readWithGdal(file).features;
    expect(feature!.properties).toMatchObject({ name, farm: 'Chipo’s Gardens' });
    expect(feature!.geometry.type).toBe('Polygon');
    expect(feature!.geometry.coordinates).toHaveLength(2);
    expect(saved.size_hectares).toBeCloseTo(8, 1);

    const preview = await as(owner, t.app, {
      method: 'POST',
      url: `/api/fields/import/preview?fileName=${fileName}`,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    const { data } = preview.json();
    expect(data).toMatchObject({ format: 'shapefile', sourceCrs: 'GCS_WGS_1984' });
    expect(data.drafts).toEqual([
      {
        index: 0,
        name,
        boundary: expect.objectContaining({ type: 'Polygon' }),
        areaHectares: saved.size_hectares,
        status: 'ready',
        reasons: [],
        overlaps: [{ fieldId: saved.id, name, overlapHectares: saved.size_hectares }],
        overlapsChecked: true,
      },
    ]);
  });

  it('writes an empty but valid Shapefile when there are no fields', async () => {
    const { file } = await saveZip('?format=shapefile', await registerAccount(t.app));
    expect(execFileSync('ogrinfo', ['-ro', '-al', '-so', `/vsizip/${file}`], { encoding: 'utf8' })).toMatch(/Feature Count: 0/);
  });
});
