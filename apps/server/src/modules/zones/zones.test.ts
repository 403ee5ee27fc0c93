import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary, type LngLat } from '@murimi/core';
import { writeDemoCatalog } from '@murimi/earth';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { MAX_ZONE_FIELD_HECTARES } from './zones.service.ts';

// Management zones and prescriptions end to end on demo imagery: the season's scenes are searched and read through
// the same STAC and COG path as Earth Search, composited, zoned, and the prescription read back by GDAL.
const today = isoDay(new Date());
const plantingDate = addDays(today, -70);
const square = squareBoundary(4);
const boundary = square as FieldBoundary;
/** A 10 m pixel in hectares: the most the zones' areas may differ from the field's (its edge pixels' shares). */
const PIXEL_HA = 0.01;

let folder: string;
let t: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;
let fieldId: string;
let fieldAreaHa: number;
let faraway: string;

interface ZoneFeature {
  type: string;
  geometry: { type: string; coordinates: LngLat[][] };
  properties: Record<string, unknown> & { zone: number; areaHa: number };
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'murimi-zones-'));
  const catalog = path.join(folder, 'catalog');
  await writeDemoCatalog({
    fields: [{ id: 'vlei', name: 'Vlei Block', crop: 'maize', plantingDate, boundary }],
    from: addDays(today, -90),
    to: today,
    directory: catalog,
  });
  t = await startTestApp({ env: { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog } });
  farmer = await registerAccount(t.app);
  neighbour = await registerAccount(t.app);
  const farm = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo Farm' } })).json().data.id;
  const create = async (name: string, shape: object) =>
    (
      await as(farmer, t.app, {
        method: 'POST',
        url: '/api/fields',
        payload: { name, farmId: farm, boundary: shape, cropType: 'maize-grain', plantingDate, irrigated: false },
      })
    ).json().data;
  const field = await create('Vlei Block', boundary);
  fieldId = field.id;
  fieldAreaHa = field.size_hectares;
  // Near Nakuru: no demo scene covers it.
  faraway = (await create('Rift Block', squareBoundary(2, [36.07, -0.3]))).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

const zonesOf = (query: string, account = farmer, field = fieldId) =>
  as(account, t.app, { method: 'GET', url: `/api/fields/${field}/management-zones${query}` });
const prescribe = (format: string, payload: object, account = farmer, field = fieldId) =>
  as(account, t.app, { method: 'POST', url: `/api/fields/${field}/prescription?format=${format}`, payload });
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** Twice a closed ring's signed area in degrees²: positive counter-clockwise. */
const twiceSignedArea = (ring: LngLat[]) => sum(ring.slice(1).map(([x, y], i) => ring[i]![0] * y - x * ring[i]![1]));

/** What GDAL's `ogrinfo` says of a file: its summary, or the answer to an SQLite-dialect query. */
const ogrinfo = (...args: string[]) => execFileSync('ogrinfo', ['-ro', ...args], { encoding: 'utf8' });

describe('management zones of a field', () => {
  it('makes 3 zones, low to high NDVI, covering the field, from the season’s clear images, labelled simulated', async () => {
    const response = await zonesOf('?zones=3');
    expect(response.statusCode).toBe(200);
    const zones = response.json().data;
    expect(zones).toMatchObject({ fieldId, zoneCount: 3, simulated: true, source: 'simulated', from: plantingDate, to: today });
    expect(zones.message).toMatch(/^3 zones from the median NDVI of \d+ clear images between .* \(Simulated imagery\.\)$/);

    // The composite: the clear dates of the season once the crop shows (field NDVI ≥ 0.3), one scene each, inside
    // the period; the demo has one grid. Bare-soil dates after planting would pull the composite down to soil.
    expect(zones.dates.length).toBeGreaterThanOrEqual(2);
    expect(zones.imagesFound).toBeGreaterThan(zones.dates.length);
    expect(zones.classes.at(-1).meanNdvi).toBeGreaterThan(0.3);
    expect(zones.sceneIds).toHaveLength(zones.dates.length);
    expect(zones.imagesFound).toBeGreaterThanOrEqual(zones.dates.length);
    expect([...zones.dates].sort()).toEqual(zones.dates);
    expect(zones.dates[0] >= plantingDate && zones.dates.at(-1) <= today).toBe(true);
    expect(zones.datesOnOtherGrid).toEqual([]);

    // Classes ordered low → high, and their areas add up to the field within a pixel's share.
    const classes = zones.classes as { zone: number; meanNdvi: number; areaHa: number; partCount: number }[];
    expect(classes.map((c) => c.zone)).toEqual([1, 2, 3]);
    expect(classes[0]!.meanNdvi).toBeLessThan(classes[1]!.meanNdvi);
    expect(classes[1]!.meanNdvi).toBeLessThan(classes[2]!.meanNdvi);
    // The demo field's stressed patch makes a clearly weaker zone 1.
    expect(classes[2]!.meanNdvi - classes[0]!.meanNdvi).toBeGreaterThan(0.1);
    expect(zones.fieldAreaHa).toBe(fieldAreaHa);
    expect(Math.abs(sum(classes.map((c) => c.areaHa)) + zones.unclassifiedAreaHa - fieldAreaHa)).toBeLessThan(PIXEL_HA);
    expect(zones.unclassifiedAreaHa).toBeLessThan(PIXEL_HA);

    // One feature per connected part, each carrying its zone, area and where it came from.
    const features = zones.features.features as ZoneFeature[];
    expect(zones.features.type).toBe('FeatureCollection');
    expect(features.length).toBe(sum(classes.map((c) => c.partCount)));
    expect(features.length).toBeLessThanOrEqual(100);
    for (const { zone, areaHa } of classes) {
      const parts = features.filter((feature) => feature.properties.zone === zone);
      expect(sum(parts.map((part) => part.properties.areaHa))).toBeCloseTo(areaHa, 3);
    }
    const [west, south] = square.coordinates[0]![0] as LngLat;
    const [east, north] = square.coordinates[0]![2] as LngLat;
    const slack = 0.0002; // about two pixels in degrees: zone edges follow pixel edges, just beyond the boundary
    for (const feature of features) {
      expect(feature.type).toBe('Feature');
      expect(feature.geometry.type).toBe('Polygon');
      expect(feature.properties).toMatchObject({ dates: zones.dates, sceneIds: zones.sceneIds, simulated: true, source: 'simulated' });
      feature.geometry.coordinates.forEach((ring, i) => {
        // RFC 7946: outer rings counter-clockwise, holes clockwise.
        expect(Math.sign(twiceSignedArea(ring)), `ring ${i}`).toBe(i === 0 ? 1 : -1);
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring.at(-1)).toEqual(ring[0]);
        for (const [lng, lat] of ring) {
          expect(lng).toBeGreaterThan(west - slack);
          expect(lng).toBeLessThan(east + slack);
          expect(lat).toBeGreaterThan(south - slack);
          expect(lat).toBeLessThan(north + slack);
        }
      });
    }
    // GDAL reads the collection as valid polygons.
    const file = path.join(folder, 'zones.geojson');
    await writeFile(file, JSON.stringify(zones.features));
    const summary = ogrinfo('-al', '-so', file);
    expect(summary).toContain(`Feature Count: ${features.length}`);
    expect(summary).toMatch(/Geometry: Polygon/);
    const invalid = ogrinfo(
      '-q',
      '-dialect',
      'SQLite',
      '-sql',
      'SELECT COUNT(*) AS invalid FROM zones WHERE NOT ST_IsValid(geometry)',
      file,
    );
    expect(invalid).toMatch(/invalid \(Integer\) = 0/);
  }, 60_000);

  it('makes 5 zones when asked, and takes the period asked for', async () => {
    const five = (await zonesOf('?zones=5')).json().data;
    expect(five.zoneCount).toBe(5);
    expect(five.classes.map((c: { zone: number }) => c.zone)).toEqual([1, 2, 3, 4, 5]);
    const from = addDays(today, -30);
    const recent = (await zonesOf(`?zones=4&from=${from}`)).json().data;
    expect(recent).toMatchObject({ zoneCount: 4, from, to: today });
    expect(recent.dates.every((date: string) => date >= from)).toBe(true);
  }, 60_000);

  it('answers zoneCount 0 with a message when there is no image yet, never an error', async () => {
    for (const [field, query] of [
      [faraway, ''],
      [fieldId, '?from=2019-01-01&to=2019-03-01'],
    ] as const) {
      const response = await zonesOf(query, farmer, field);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ zoneCount: 0, classes: [], dates: [], features: { type: 'FeatureCollection', features: [] } });
      expect(data.message).toMatch(/^No satellite image of this field between .* yet\. .*\(Simulated imagery\.\)$/);
    }
  });

  it('refuses a zone count outside 3–5 and dates that are not YYYY-MM-DD, with clear messages', async () => {
    for (const zones of ['2', '6', '3.5', 'three', '']) {
      const response = await zonesOf(`?zones=${zones}`);
      expect(response.statusCode, zones).toBe(400);
      expect(response.json().error.message, zones).toMatch(/^(zones: )?Choose 3 to 5 management zones\.$/);
    }
    expect((await zonesOf('?from=2026-1-5')).json().error.message).toBe('Use the date format YYYY-MM-DD.');
    expect((await zonesOf('?to=2026-02-30')).json().error.message).toBe('This is not a real calendar date.');
    expect((await zonesOf('?from=2026-03-01&to=2026-02-01')).json().error.message).toBe(
      'from (2026-03-01) must be on or before to (2026-02-01).',
    );
    expect((await zonesOf('?from=2024-01-01&to=2026-01-01')).json().error.message).toBe('Ask for at most 366 days of imagery.');
    expect((await zonesOf('?colour=red')).json().error.message).toBe('Unknown field: colour.');
    expect((await as(farmer, t.app, { method: 'GET', url: '/api/fields/vlei/management-zones' })).statusCode).toBe(400);
  });

  it('refuses a field larger than zones are worked out for while the request waits, for zones and prescriptions', async () => {
    const farm = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Estate' } })).json().data.id;
    const estate = (
      await as(farmer, t.app, {
        method: 'POST',
        url: '/api/fields',
        payload: { name: 'Estate', farmId: farm, boundary: squareBoundary(MAX_ZONE_FIELD_HECTARES + 100), cropType: 'maize-grain' },
      })
    ).json().data.id;
    for (const response of [
      await zonesOf('', farmer, estate),
      await prescribe('geojson', { zones: 3, ratesKgPerHa: [1, 2, 3] }, farmer, estate),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/up to 500 ha; this one is \d{3} ha\. Split it into blocks/);
    }
  });

  it("answers 404 for another organisation's field, and for one that does not exist", async () => {
    for (const response of [
      await zonesOf('', neighbour),
      await prescribe('geojson', { zones: 3, ratesKgPerHa: [1, 2, 3] }, neighbour),
      await prescribe('shapefile', { zones: 3, ratesKgPerHa: [1, 2, 3] }, neighbour),
      await zonesOf('', farmer, '00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Field not found.' });
      expect(response.body).not.toContain('Vlei');
    }
  });
});

describe('variable-rate prescription', () => {
  const rates = [150, 100.125, 60];

  it('as GeoJSON: a rate per zone, and every total rate × area, adding up exactly', async () => {
    const response = await prescribe('geojson', { zones: 3, ratesKgPerHa: rates, product: 'Ammonium nitrate (34.5 % N)' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    expect(response.headers['content-disposition']).toBe('attachment; filename="vlei-block-prescription.geojson"');
    const collection = response.json();
    expect(collection.type).toBe('FeatureCollection');
    const { properties } = collection;
    expect(properties).toMatchObject({
      fieldId,
      fieldName: 'Vlei Block',
      product: 'Ammonium nitrate (34.5 % N)',
      unit: 'kg/ha',
      zoneCount: 3,
      simulated: true,
      source: 'simulated',
    });
    const features = collection.features as (ZoneFeature & { properties: { rate: number; totalKg: number } })[];
    const rounded = [150, 100.13, 60]; // rates are kept to 0.01 kg/ha
    for (const feature of features) {
      expect(feature.geometry.type).toBe('Polygon');
      expect(Object.keys(feature.properties).sort()).toEqual(['areaHa', 'rate', 'totalKg', 'zone']);
      expect(feature.properties.rate).toBe(rounded[feature.properties.zone - 1]);
      expect(feature.properties.totalKg).toBe(Number((feature.properties.rate * feature.properties.areaHa).toFixed(2)));
    }
    // The field's and each zone's totals are the sums of the polygons' amounts, to the hundredth of a kilogram.
    const cents = (kg: number) => Math.round(kg * 100);
    expect(cents(properties.totalKg)).toBe(sum(features.map((f) => cents(f.properties.totalKg))));
    expect(properties.zones.map((z: { zone: number; rate: number }) => [z.zone, z.rate])).toEqual([
      [1, 150],
      [2, 100.13],
      [3, 60],
    ]);
    for (const zone of properties.zones as { zone: number; totalKg: number; areaHa: number; partCount: number }[]) {
      const parts = features.filter((f) => f.properties.zone === zone.zone);
      expect(zone.partCount).toBe(parts.length);
      expect(cents(zone.totalKg)).toBe(sum(parts.map((f) => cents(f.properties.totalKg))));
    }
    expect(cents(properties.totalKg)).toBe(sum(properties.zones.map((z: { totalKg: number }) => cents(z.totalKg))));
    expect(response.headers['x-prescription-total-kg']).toBe(properties.totalKg.toFixed(2));
    expect(response.headers['x-imagery-simulated']).toBe('true');
    // The whole field is prescribed: about its area, at about the area-weighted rates.
    expect(Math.abs(properties.areaHa - fieldAreaHa)).toBeLessThan(PIXEL_HA);
    expect(properties.totalKg).toBeGreaterThan(60 * fieldAreaHa);
    expect(properties.totalKg).toBeLessThan(150 * fieldAreaHa);

    // The zones are the ones the zones endpoint shows.
    const zones = (await zonesOf('?zones=3')).json().data;
    expect(properties.dates).toEqual(zones.dates);
    for (const zone of properties.zones) expect(zone.areaHa).toBeCloseTo(zones.classes[zone.zone - 1].areaHa, 3);
  }, 60_000);

  it('as a zipped Shapefile GDAL reads: WGS 84, one polygon per part, totals equal to the answer', async () => {
    const response = await prescribe('shapefile', { zones: 3, ratesKgPerHa: rates, product: 'AN' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="vlei-block-prescription.zip"');
    const file = path.join(folder, 'vlei-block-prescription.zip');
    await writeFile(file, response.rawPayload);
    const entries = unzipSync(await readFile(file));
    expect(Object.keys(entries).sort()).toEqual(
      ['cpg', 'dbf', 'prj', 'shp', 'shx'].map((extension) => `vlei-block-prescription.${extension}`),
    );
    expect(new TextDecoder().decode(entries['vlei-block-prescription.cpg'])).toBe('UTF-8');

    const geojson = (await prescribe('geojson', { zones: 3, ratesKgPerHa: rates })).json();
    const summary = ogrinfo('-al', '-so', `/vsizip/${file}`);
    expect(summary).toMatch(/Geometry: Polygon/);
    expect(summary).toContain(`Feature Count: ${geojson.features.length}`);
    expect(geojson.features.length).toBeLessThanOrEqual(100);
    expect(summary).toMatch(/GEOGCRS\["WGS 84"/);
    const columns = [...summary.matchAll(/^(\w+): (\w+)/gm)].map(([, name, type]) => `${name}:${type}`);
    expect(columns).toEqual(expect.arrayContaining(['zone:Integer', 'rate:Real', 'area_ha:Real', 'total_kg:Real', 'product:String']));

    const sql =
      'SELECT COUNT(*) AS parts, SUM(total_kg) AS total, SUM(rate * area_ha) AS rate_by_area, SUM(area_ha) AS area FROM "vlei-block-prescription"';
    const answer = ogrinfo('-q', '-dialect', 'SQLite', '-sql', sql, `/vsizip/${file}`);
    const value = (name: string) => Number(new RegExp(`^\\s*${name} \\(\\w+\\) = ([\\d.]+)`, 'm').exec(answer)![1]);
    expect(value('parts')).toBe(geojson.features.length);
    const totalKg = Number(response.headers['x-prescription-total-kg']);
    expect(totalKg).toBe(geojson.properties.totalKg);
    expect(value('total')).toBeCloseTo(totalKg, 6);
    // Each amount is rate × area rounded to 0.01 kg, so the sum of rate × area is the total within half a cent a part.
    expect(Math.abs(value('rate_by_area') - totalKg)).toBeLessThanOrEqual(0.005 * geojson.features.length);
    expect(value('area')).toBeCloseTo(Number(response.headers['x-prescription-area-ha']), 6);
    const simulated = ogrinfo(
      '-q',
      '-dialect',
      'SQLite',
      '-sql',
      `SELECT DISTINCT simulated FROM "vlei-block-prescription"`,
      `/vsizip/${file}`,
    );
    expect(simulated).toMatch(/simulated \(\w+\) = (T|1)/);
  }, 60_000);

  it('refuses rates that do not match the zones, are negative or too high, and an unknown format', async () => {
    const message = async (format: string, payload: object) => {
      const response = await prescribe(format, payload);
      expect(response.statusCode).toBe(400);
      return response.json().error.message;
    };
    expect(await message('geojson', { zones: 3, ratesKgPerHa: [100, 80, 60, 40] })).toBe(
      '3 zones need 3 rates (zone 1, the lowest NDVI, first), not 4.',
    );
    expect(await message('shapefile', { zones: 4, ratesKgPerHa: [100, 80, 60] })).toBe(
      '4 zones need 4 rates (zone 1, the lowest NDVI, first), not 3.',
    );
    expect(await message('geojson', { zones: 3, ratesKgPerHa: [100, -1, 60] })).toBe('A rate cannot be negative.');
    expect(await message('geojson', { zones: 3, ratesKgPerHa: [100, 1001, 60] })).toBe('A rate is at most 1000 kg/ha.');
    expect(await message('geojson', { zones: 6, ratesKgPerHa: [1, 1, 1, 1, 1, 1] })).toBe('Choose 3 to 5 management zones.');
    expect(await message('geojson', { zones: 3.5, ratesKgPerHa: [1, 1, 1] })).toBe('zones: Choose 3 to 5 management zones.');
    expect(await message('geojson', { ratesKgPerHa: [1, 1, 1] })).toBe('zones is required.');
    expect(await message('geojson', { zones: 3, ratesKgPerHa: [1, 1, 1], to: '1.3.2026' })).toBe('Use the date format YYYY-MM-DD.');
    expect(await message('kml', { zones: 3, ratesKgPerHa: [1, 1, 1] })).toBe('The format is geojson or shapefile.');
  });

  it('answers 409 with the reason when there is no clear image to prescribe on', async () => {
    const response = await prescribe('shapefile', { zones: 3, ratesKgPerHa: [1, 2, 3] }, farmer, faraway);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(
      /^A prescription needs management zones, and this field has none yet\. No satellite image of this field between .* yet\./,
    );
  });

  it('never answers 500 to a generated body', async () => {
    const odd = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(null, '', -1, 0, 3, 5, 1e308, 'NaN', '2026-13-45', '2026-01-01', [], [0, 0, 0], [1001, 1, 1]),
      fc.array(fc.double(), { maxLength: 6 }),
    );
    const valid = { zones: 3, ratesKgPerHa: [100, 80, 60], product: 'Urea', from: plantingDate, to: today };
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(fc.constantFrom(...Object.keys(valid), 'extra', '__proto__'), odd, { maxKeys: 6 }),
      fc.tuple(fc.constantFrom(...Object.keys(valid)), odd).map(([key, value]) => ({ ...valid, [key]: value })),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.constantFrom('geojson', 'shapefile'), async (body, format) => {
        const response = await as(farmer, t.app, {
          method: 'POST',
          url: `/api/fields/${fieldId}/prescription?format=${format}`,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${JSON.stringify(body)} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().error.message).toEqual(expect.any(String));
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('the imagery catalog down', () => {
  it('answers 503 with a message, for zones and prescriptions', async () => {
    const down = await startTestApp({ env: { IMAGERY_SOURCE: 'earth-search', IMAGERY_STAC_URL: 'http://127.0.0.1:9' } });
    try {
      const account = await registerAccount(down.app);
      const farm = (await as(account, down.app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
      const field = (
        await as(account, down.app, { method: 'POST', url: '/api/fields', payload: { name: 'Block', farmId: farm, boundary } })
      ).json().data.id;
      for (const response of [
        await as(account, down.app, { method: 'GET', url: `/api/fields/${field}/management-zones` }),
        await as(account, down.app, {
          method: 'POST',
          url: `/api/fields/${field}/prescription`,
          payload: { zones: 3, ratesKgPerHa: [1, 2, 3] },
        }),
      ]) {
        expect(response.statusCode).toBe(503);
        expect(response.json().error.message).toMatch(/^Satellite imagery is unavailable right now; please try again later\. \(.+\)$/);
      }
    } finally {
      await down.close();
    }
  }, 120_000);
});
