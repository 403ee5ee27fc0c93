import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    expect((await download('?format=shp')).json().error.message).toBe('The format is geojson or kml.');
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
