import { readFileSync } from 'node:fs';
import path from 'node:path';
import { measureFieldBoundary, type LngLat } from '@murimi/core';
import fc from 'fast-check';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { NO_BOUNDARIES_MESSAGE, readBoundaryFile, UNKNOWN_FILE_TYPE_MESSAGE, type FieldImportDraft } from './fields.import.ts';
import { MAX_UNZIPPED_BYTES } from './fields.zip.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/boundaries');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));
const read = (name: string) => readBoundaryFile(fixture(name), name);
const text = (body: string) => strToU8(body);

/** The message a file is refused with, or the reason it was not refused. */
function refusal(bytes: Uint8Array, fileName: string): string {
  try {
    readBoundaryFile(bytes, fileName);
    return 'read without a problem';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.statusCode).toBe(400);
    return error.message;
  }
}

const summary = (drafts: FieldImportDraft[]) => drafts.map((d) => [d.name, d.status]);
const source = read('source-fields.geojson').drafts;
const SOURCE_SUMMARY = [
  ['Mhofu Block', 'ready'],
  ['Dam Field', 'ready'],
  ['Garden Plot', 'invalid'],
  ['Bow-tie', 'invalid'],
];
const TOO_SMALL = /^This field measures 0\.30 ha\. The minimum field size is 0\.5 ha/;
const CROSSES_ITSELF = /^The boundary crosses itself\./;

/** Largest distance in degrees from a corner of `expected` to the nearest corner of `actual` (any order, any direction). */
function furthestCornerDegrees(expected: LngLat[][], actual: LngLat[][]): number {
  const corners = actual.flat();
  return Math.max(
    ...expected.flat().map(([lng, lat]) => Math.min(...corners.map(([x, y]) => Math.max(Math.abs(x - lng), Math.abs(y - lat))))),
  );
}

describe('boundary files written by GDAL from source-fields.geojson', () => {
  it('measures the source as an independent geodesic reference does (SpatiaLite ST_Area on the ellipsoid)', () => {
    expect(summary(source)).toEqual(SOURCE_SUMMARY);
    // make-fixtures.sh prints these: 6.58888658110543 ha and 11.2292192417155 ha.
    expect(source[0]!.areaHectares! / 6.58888658110543).toBeCloseTo(1, 4);
    expect(source[1]!.areaHectares! / 11.2292192417155).toBeCloseTo(1, 4);
    expect(source[1]!.boundary!.coordinates).toHaveLength(2); // Dam Field keeps its hole
    expect(source[2]!.reasons).toEqual([
      {
        message: expect.stringMatching(TOO_SMALL),
        code: 'FIELD_TOO_SMALL',
        params: { areaHectares: 0.3, minHectares: 0.5, minAcres: 1.2 },
      },
    ]);
    expect(source[2]!.areaHectares).toBeCloseTo(0.2978, 4);
    expect(source[3]!.reasons).toEqual([{ message: expect.stringMatching(CROSSES_ITSELF), code: 'SELF_INTERSECTION', params: {} }]);
  });

  it.each([
    ['fields.geojson', 'geojson', 'EPSG:4326'],
    ['fields.kml', 'kml', 'EPSG:4326'],
    ['fields-wgs84.zip', 'shapefile', 'GCS_WGS_1984'],
    ['fields-utm36s.zip', 'shapefile', 'WGS_1984_UTM_Zone_36S'],
  ])('reads %s with the same names, statuses, areas (0.1 %%) and corners (1e-6°)', (name, format, sourceCrs) => {
    const file = read(name);
    expect(file.format).toBe(format);
    expect(file.sourceCrs).toBe(sourceCrs);
    expect(summary(file.drafts)).toEqual(SOURCE_SUMMARY);
    for (const i of [0, 1]) {
      expect(Math.abs(file.drafts[i]!.areaHectares! / source[i]!.areaHectares! - 1), name).toBeLessThan(0.001);
      expect(furthestCornerDegrees(source[i]!.boundary!.coordinates, file.drafts[i]!.boundary!.coordinates)).toBeLessThan(1e-6);
    }
    expect(file.drafts[1]!.boundary!.coordinates).toHaveLength(2);
    expect(file.drafts[2]!.reasons[0]).toMatchObject({ message: expect.stringMatching(TOO_SMALL), code: 'FIELD_TOO_SMALL' });
    expect(file.drafts[3]!.reasons[0]).toMatchObject({ message: expect.stringMatching(CROSSES_ITSELF), code: 'SELF_INTERSECTION' });
  });

  it('says a file was converted only when its positions were not already WGS 84 longitude and latitude', () => {
    expect(read('fields.geojson').convertedFrom).toBeNull();
    expect(read('fields.kml').convertedFrom).toBeNull();
    expect(read('fields-walked.gpx').convertedFrom).toBeNull();
    expect(read('fields-wgs84.zip').convertedFrom).toBeNull();
    expect(read('fields-utm36s.zip').convertedFrom).toBe('WGS_1984_UTM_Zone_36S');
    expect(read('fields-arc1950.zip').convertedFrom).toBe('Arc_1950_UTM_Zone_36S');
  });

  it('shifts a Shapefile on the Arc 1950 datum to WGS 84 as GDAL does, and says so', () => {
    const file = read('fields-arc1950.zip');
    expect(file.sourceCrs).toBe('Arc_1950_UTM_Zone_36S');
    expect(summary(file.drafts)).toEqual(SOURCE_SUMMARY);
    // Near Harare: EPSG:6906, the Zimbabwe shift, as PROJ chose when ogr2ogr wrote the file.
    expect(file.notes).toEqual([
      expect.stringMatching(/^Converted from the Arc 1950 datum to WGS 84 with EPSG:6906 \(Zimbabwe\), accurate to about 17 m/),
    ]);
    for (const i of [0, 1]) {
      // The corners come back where they were.
      expect(furthestCornerDegrees(source[i]!.boundary!.coordinates, file.drafts[i]!.boundary!.coordinates)).toBeLessThan(1e-6);
      expect(Math.abs(file.drafts[i]!.areaHectares! / source[i]!.areaHectares! - 1)).toBeLessThan(0.001);
    }
    // Without the shift (as the .prj alone gives it) every corner would sit about 130 m north of the field.
    const parts = unzipSync(fixture('fields-arc1950.zip'));
    parts['fields.prj'] = strToU8(new TextDecoder().decode(parts['fields.prj']).replace('D_Arc_1950', 'D_Unheard_Of'));
    const unshifted = readBoundaryFile(zipSync(parts), 'fields.zip');
    expect(unshifted.notes).toEqual([expect.stringContaining('The .prj uses the D_Unheard_Of datum and gives no conversion to WGS 84')]);
    expect(furthestCornerDegrees(source[0]!.boundary!.coordinates, unshifted.drafts[0]!.boundary!.coordinates)).toBeGreaterThan(0.001);
    expect(read('fields-utm36s.zip').notes).toEqual([]);
  });

  it('reads a one-field Shapefile whose .shp an exporter padded with zeros as one field, not 41', () => {
    // .shx and .dbf count one record; the .shp runs on for 320 zero bytes, which read as 40 empty records.
    const file = read('fields-padded.zip');
    expect(summary(file.drafts)).toEqual([['Mhofu Block', 'ready']]);
    expect(file.drafts[0]!.areaHectares).toBe(source[0]!.areaHectares);
    expect(file.notes).toEqual([]);
  });

  it('leaves out a record with no shape, and says so', () => {
    const parts = unzipSync(fixture('fields-wgs84.zip'));
    // The second record's shape type made null (type 0): a record GIS software keeps for attributes alone.
    const shp = parts['fields.shp']!;
    const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
    const secondRecord = 100 + 8 + view.getInt32(104) * 2;
    view.setInt32(secondRecord + 8, 0, true);
    const file = readBoundaryFile(zipSync(parts), 'fields.zip');
    expect(summary(file.drafts)).toEqual(SOURCE_SUMMARY.filter(([name]) => name !== 'Dam Field'));
    expect(file.notes).toEqual(['1 record of the file has no shape (Dam Field) and was left out.']);
  });

  it('reads NAD83 as the 1–2 m from WGS 84 it is, not as a datum that may be hundreds of metres off', () => {
    const file = read('fields-nad83.zip');
    expect(file.sourceCrs).toBe('GCS_North_American_1983');
    expect(summary(file.drafts)).toEqual(SOURCE_SUMMARY);
    expect(file.notes).toEqual([expect.stringMatching(/NAD83, which lies within 1–2 m of WGS 84/)]);
    expect(file.notes.join(' ')).not.toMatch(/hundred/);
    expect(furthestCornerDegrees(source[0]!.boundary!.coordinates, file.drafts[0]!.boundary!.coordinates)).toBeLessThan(1e-6);
  });

  it('closes each GPS track into a field and leaves the waypoint out', () => {
    const file = read('fields-walked.gpx');
    expect(file.format).toBe('gpx');
    expect(summary(file.drafts)).toEqual(SOURCE_SUMMARY);
    expect(file.drafts[0]!.areaHectares).toBe(source[0]!.areaHectares);
    // A walk goes round the outside: Dam Field's track encloses its dam too.
    const outerOnly = measureFieldBoundary({ type: 'Polygon', coordinates: [source[1]!.boundary!.coordinates[0]!] });
    expect(outerOnly.ok && outerOnly.value.areaHectares).toBeCloseTo(file.drafts[1]!.areaHectares!, 4);
    expect(file.drafts[0]!.boundary!.coordinates[0]).toHaveLength(6); // five walked corners, closed
  });

  it('reads a zipped Shapefile without .prj as WGS 84 when its coordinates are degrees, and asks for the .prj otherwise', () => {
    const withoutPrj = (name: string) => {
      const parts = unzipSync(fixture(name));
      delete parts['fields.prj'];
      return zipSync(parts);
    };
    const wgs84 = readBoundaryFile(withoutPrj('fields-wgs84.zip'), 'fields.zip');
    expect(wgs84.sourceCrs).toBeNull();
    expect(summary(wgs84.drafts)).toEqual(SOURCE_SUMMARY);
    expect(refusal(withoutPrj('fields-utm36s.zip'), 'fields.zip')).toBe(
      'This Shapefile has no .prj file, and its coordinates are not longitude and latitude. Add the .prj file that came with it to the zip.',
    );
  });

  it('refuses a .prj it cannot convert rather than placing metres as degrees', () => {
    const parts = unzipSync(fixture('fields-utm36s.zip'));
    parts['fields.prj'] = text('PROJCS["Local_Grid_Farm_7",UNKNOWN["x"]]');
    expect(refusal(zipSync(parts), 'fields.zip')).toBe(
      'This file could not be read as a zipped Shapefile: its .prj describes a coordinate system Murimi cannot convert (Local_Grid_Farm_7).',
    );
  });

  it('finds the Shapefile in a folder of the zip, with upper-case extensions, and ignores macOS metadata', () => {
    const parts = unzipSync(fixture('fields-utm36s.zip'));
    const nested = Object.fromEntries(
      Object.entries(parts).map(([name, data]) => [`Farm export/${name.replace(/\.(\w+)$/, (e) => e.toUpperCase())}`, data]),
    );
    nested['__MACOSX/Farm export/._fields.shp'] = new Uint8Array([0, 5, 22, 7]);
    expect(summary(read('fields-utm36s.zip').drafts)).toEqual(summary(readBoundaryFile(zipSync(nested), 'export.zip').drafts));
  });
});

describe('Google Earth files', () => {
  it.each(['google-earth.kml', 'google-earth.kmz'])('reads %s: placemark names, multi-part fields, a pin that is not a field', (name) => {
    const file = read(name);
    expect(file.format).toBe(name.endsWith('kmz') ? 'kmz' : 'kml');
    expect(file.drafts.map((d) => [d.index, d.name, d.status, d.reasons])).toEqual([
      [0, 'Top Field', 'ready', []],
      [1, 'Vlei Gardens (1 of 2)', 'ready', []],
      [2, 'Vlei Gardens (2 of 2)', 'ready', []],
      [3, 'Borehole', 'invalid', [{ message: 'A point is not a field boundary.', code: 'POINT_NOT_BOUNDARY', params: {} }]],
    ]);
    // SpatiaLite's ellipsoidal area of the same placemarks: 8.92902 ha, and 2.11197 ha for both beds.
    expect(file.drafts[0]!.areaHectares! / 8.92902181893406).toBeCloseTo(1, 4);
    expect((file.drafts[1]!.areaHectares! + file.drafts[2]!.areaHectares!) / 2.11197489601374).toBeCloseTo(1, 3);
    // Heights dropped, first corner as written.
    expect(file.drafts[0]!.boundary!.coordinates[0]![0]).toEqual([31.06012, -17.82031]);
    expect(file.drafts[3]!.boundary).toBeNull();
  });

  it('reads a KMZ saved with a .kml name, and a KML saved with a .kmz name', () => {
    expect(readBoundaryFile(fixture('google-earth.kmz'), 'farm.kml').format).toBe('kmz');
    expect(readBoundaryFile(fixture('google-earth.kml'), 'farm.kmz').format).toBe('kml');
  });
});

const square = (lng: number, lat: number, sideDegrees: number): LngLat[] => [
  [lng, lat],
  [lng + sideDegrees, lat],
  [lng + sideDegrees, lat + sideDegrees],
  [lng, lat + sideDegrees],
  [lng, lat],
];
const geojson = (value: unknown) => strToU8(JSON.stringify(value));
const feature = (properties: object | null, geometry: unknown) => ({ type: 'Feature', properties, geometry });
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

describe('GeoJSON', () => {
  it('reads a bare geometry and a single Feature', () => {
    const polygon = { type: 'Polygon', coordinates: [square(31, -17.8, 0.002)] };
    expect(summary(readBoundaryFile(geojson(polygon), 'a.geojson').drafts)).toEqual([['Field 1', 'ready']]);
    expect(summary(readBoundaryFile(geojson(feature({ Name: 'Kraal' }, polygon)), 'a.json').drafts)).toEqual([['Kraal', 'ready']]);
  });

  it('names fields from a name column, else the first text column, else by position', () => {
    const polygon = (lng: number) => ({ type: 'Polygon', coordinates: [square(lng, -17.8, 0.002)] });
    const file = readBoundaryFile(
      geojson(
        collection(
          feature({ id: 7, NAME: '  North\n block ' }, polygon(31)),
          feature({ FIELD_NAME: 'Vlei' }, polygon(31.01)),
          feature({ area: 4.2, owner: '', village: 'Chikomo' }, polygon(31.02)),
          feature({ area: 4.2 }, polygon(31.03)),
          feature(null, polygon(31.04)),
        ),
      ),
      'fields.geojson',
    );
    expect(file.drafts.map((d) => d.name)).toEqual(['North block', 'Vlei', 'Chikomo', 'Field 4', 'Field 5']);
  });

  it('gives one draft per part of a MultiPolygon and drops heights', () => {
    const withHeight = square(31, -17.8, 0.002).map(([lng, lat]) => [lng, lat, 1480]);
    const file = readBoundaryFile(
      geojson(
        collection(
          feature(
            { name: 'Terraces' },
            { type: 'MultiPolygon', coordinates: [[withHeight], [square(31.01, -17.8, 0.002)], [square(31.02, -17.8, 0.002)]] },
          ),
          feature({ name: 'One part' }, { type: 'MultiPolygon', coordinates: [[square(31.03, -17.8, 0.002)]] }),
        ),
      ),
      'fields.geojson',
    );
    expect(file.drafts.map((d) => d.name)).toEqual(['Terraces (1 of 3)', 'Terraces (2 of 3)', 'Terraces (3 of 3)', 'One part']);
    expect(file.drafts[0]!.boundary!.coordinates[0]![0]).toEqual([31, -17.8]);
  });

  it('lists what is not a field as invalid with its reason, never dropping it', () => {
    const file = readBoundaryFile(
      geojson(
        collection(
          feature({ name: 'Gate' }, { type: 'Point', coordinates: [31, -17.8] }),
          feature({ name: 'Fence' }, { type: 'LineString', coordinates: square(31, -17.8, 0.002) }),
          feature({ name: 'Nothing' }, null),
          feature({ name: 'Words' }, { type: 'Polygon', coordinates: [[['31', '-17.8']]] }),
          feature(
            { name: 'Two corners' },
            {
              type: 'Polygon',
              coordinates: [
                [
                  [31, -17.8],
                  [31.001, -17.8],
                  [31, -17.8],
                ],
              ],
            },
          ),
          feature({ name: 'Too big' }, { type: 'Polygon', coordinates: [square(31, -17.8, 0.1)] }),
          feature({ name: 'Off the map' }, { type: 'Polygon', coordinates: [square(290122, 8030832, 300)] }),
        ),
      ),
      'fields.geojson',
    );
    expect(file.drafts.map((d) => [d.name, d.status, d.reasons[0]!.message])).toEqual([
      ['Gate', 'invalid', 'A point is not a field boundary.'],
      ['Fence', 'invalid', 'A line is not a field boundary; draw the field as a polygon.'],
      ['Nothing', 'invalid', 'This feature has no boundary.'],
      ['Words', 'invalid', 'The coordinates of this boundary are not longitude and latitude numbers.'],
      ['Two corners', 'invalid', 'A field boundary needs at least three different corners.'],
      ['Too big', 'invalid', expect.stringMatching(/^This field measures 1[01],\d{3} ha, more than the 10,000 ha/)],
      ['Off the map', 'invalid', expect.stringMatching(/^Position \[290122, 8030832\] is outside the map/)],
    ]);
    // Each named, so that the screen words it in the farmer's language, with the numbers its sentence uses.
    expect(file.drafts.map((d) => [d.reasons[0]!.code, d.reasons[0]!.params])).toEqual([
      ['POINT_NOT_BOUNDARY', {}],
      ['LINE_NOT_BOUNDARY', {}],
      ['NO_BOUNDARY', {}],
      ['NOT_LONGITUDE_LATITUDE', {}],
      ['TOO_FEW_POINTS', { ring: 'outer', minCorners: 3 }],
      ['FIELD_TOO_LARGE', { areaHectares: expect.any(Number), maxHectares: 10_000 }],
      ['COORDINATE_OUT_OF_RANGE', { longitude: 290122, latitude: 8030832 }],
    ]);
    expect(file.drafts.map((d) => d.boundary === null)).toEqual([true, true, true, true, false, false, true]);
  });

  it('is ready only when the bulk create would accept it (at most 99 holes)', () => {
    const holes = Array.from({ length: 100 }, (_, i) =>
      square(31.0002 + (i % 10) * 0.0005, -17.8098 + Math.floor(i / 10) * 0.0005, 0.0001),
    );
    const file = readBoundaryFile(geojson({ type: 'Polygon', coordinates: [square(31, -17.81, 0.006), ...holes] }), 'holes.geojson');
    expect(file.drafts[0]!.status).toBe('invalid');
    // A limit of the schema, not a boundary rule core names: the sentence alone.
    expect(file.drafts[0]!.reasons).toEqual([{ message: 'A field may have at most 99 holes.' }]);
  });

  it('refuses GeoJSON in another coordinate system, and JSON that is not GeoJSON', () => {
    const projected = { ...collection(), crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::32736' } } };
    expect(refusal(geojson(projected), 'utm.geojson')).toBe(
      'This file could not be read as GeoJSON: its coordinates are in urn:ogc:def:crs:EPSG::32736; export it again in WGS 84 longitude and latitude (EPSG:4326).',
    );
    const crs84 = {
      ...collection(feature({}, { type: 'Polygon', coordinates: [square(31, -17.8, 0.002)] })),
      crs: { properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
    };
    expect(readBoundaryFile(geojson(crs84), 'a.geojson').drafts).toHaveLength(1);
    expect(refusal(geojson({ fields: [1, 2] }), 'fields.json')).toBe(
      'This file could not be read as GeoJSON: it is JSON, but not a GeoJSON FeatureCollection, Feature or geometry.',
    );
    expect(refusal(text('{"type": "FeatureCollection", "features": ['), 'cut.geojson')).toBe(
      'This file could not be read as GeoJSON: it is not valid JSON.',
    );
  });
});

describe('files that cannot be read', () => {
  const kmlWithPlacemarks = (count: number) =>
    text(
      `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${'<Placemark><name>P</name><Point><coordinates>31,-17.8</coordinates></Point></Placemark>'.repeat(count)}</Document></kml>`,
    );

  it('names the formats it reads when the type is unknown, and asks for a Shapefile zipped', () => {
    expect(refusal(text('x'), 'fields.xlsx')).toBe(UNKNOWN_FILE_TYPE_MESSAGE);
    expect(refusal(text('x'), 'no-extension')).toBe(UNKNOWN_FILE_TYPE_MESSAGE);
    expect(refusal(text('x'), 'fields.shp')).toBe(
      'A Shapefile is several files: put the .shp, .shx, .dbf and .prj files in one .zip and send that.',
    );
    expect(refusal(new Uint8Array(), 'fields.kml')).toBe('The file is empty.');
  });

  it('explains a KML that is not XML, broken XML, or XML of another kind', () => {
    expect(refusal(text('Name,Lat,Lng\nTop,-17.8,31.0\n'), 'fields.kml')).toBe('This file could not be read as KML: it is not XML.');
    expect(refusal(text('<kml><Document><Placemark>'), 'fields.kml')).toMatch(
      /^This file could not be read as KML: the XML is not well formed \(.+\)\.$/,
    );
    expect(refusal(fixture('fields-walked.gpx'), 'walk.kml')).toBe(
      'This file could not be read as KML: its main element is <gpx>, not <kml>.',
    );
    expect(refusal(fixture('google-earth.kml'), 'walk.gpx')).toBe(
      'This file could not be read as GPX: its main element is <kml>, not <gpx>.',
    );
  });

  it('explains a zip that is cut short, not a zip, or holds no Shapefile', () => {
    const zip = fixture('fields-utm36s.zip');
    expect(refusal(zip.subarray(0, zip.length - 200), 'fields.zip')).toBe(
      'This file could not be read as a zipped Shapefile: the zip archive is damaged or incomplete.',
    );
    expect(refusal(text('PK not really'), 'fields.zip')).toBe(
      'This file could not be read as a zipped Shapefile: it is not a zip archive.',
    );
    expect(refusal(zipSync({ 'doc.kml': fixture('google-earth.kml') }), 'fields.zip')).toBe(
      'This file could not be read as a zipped Shapefile: the zip holds no .shp file.',
    );
    expect(refusal(zipSync({ 'readme.txt': text('hello') }), 'farm.kmz')).toBe(
      'This file could not be read as KMZ: the archive holds no .kml file.',
    );
    const kmz = fixture('google-earth.kmz');
    expect(refusal(kmz.subarray(0, 300), 'farm.kmz')).toBe('This file could not be read as KMZ: the zip archive is damaged or incomplete.');
  });

  it('refuses a damaged .shp or .dbf inside a good zip', () => {
    const parts = unzipSync(fixture('fields-wgs84.zip'));
    expect(refusal(zipSync({ ...parts, 'fields.shp': parts['fields.shp']!.subarray(0, 60) }), 'fields.zip')).toBe(
      'This file could not be read as a zipped Shapefile: it is damaged or incomplete.',
    );
    const dbf = parts['fields.dbf']!.slice();
    new DataView(dbf.buffer).setUint32(4, 4_000_000_000, true); // a record count far past the file's end
    expect(refusal(zipSync({ ...parts, 'fields.dbf': dbf }), 'fields.zip')).toBe(
      'This file could not be read as a zipped Shapefile: its .dbf file is damaged.',
    );
  });

  it('refuses a zip bomb, whether it declares its size or hides it', () => {
    const kmz = (declaredBytes: number) => {
      const zip = zipSync({ 'doc.kml': new Uint8Array(25 * 1024 * 1024) }, { level: 1 });
      const view = new DataView(zip.buffer);
      const centralEntry = view.getUint32(zip.length - 22 + 16, true);
      view.setUint32(centralEntry + 24, declaredBytes, true); // the uncompressed size the archive declares
      return zip;
    };
    expect(refusal(kmz(MAX_UNZIPPED_BYTES + 1), 'bomb.kmz')).toBe(
      'This file could not be read as KMZ: its contents unpack to more than 100 MB, far more than field boundaries need.',
    );
    // Declares 1 KB, inflates to 25 MB: stopped as soon as it outgrows its declared size.
    const hidden = kmz(1_000);
    const started = performance.now();
    expect(refusal(hidden, 'bomb.kmz')).toBe('This file could not be read as KMZ: the zip archive is damaged or incomplete.');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('says so when a file holds nothing, and refuses more than 2,000 boundaries', () => {
    expect(refusal(geojson(collection()), 'empty.geojson')).toBe(NO_BOUNDARIES_MESSAGE);
    expect(refusal(text('<kml><Document/></kml>'), 'empty.kml')).toBe(NO_BOUNDARIES_MESSAGE);
    expect(refusal(fixture('fields-walked.gpx').subarray(0, 0), 'x.gpx')).toBe('The file is empty.');
    expect(readBoundaryFile(kmlWithPlacemarks(2_000), 'many.kml').drafts).toHaveLength(2_000);
    expect(refusal(kmlWithPlacemarks(2_001), 'many.kml')).toBe(
      'The file holds 2,001 field boundaries; Murimi imports at most 2,000 at a time. Split it into smaller files.',
    );
    const parts = Array.from({ length: 1_001 }, (_, i) => [square(31 + i * 0.003, -17.8, 0.002)]);
    expect(
      refusal(
        geojson(
          collection(feature({}, { type: 'MultiPolygon', coordinates: parts }), feature({}, { type: 'MultiPolygon', coordinates: parts })),
        ),
        'm.geojson',
      ),
    ).toBe('The file holds 2,002 field boundaries; Murimi imports at most 2,000 at a time. Split it into smaller files.');
  });

  it('answers any damaged file with a reason, never an unexpected error', () => {
    const samples = ['fields.kml', 'fields-walked.gpx', 'fields.geojson', 'fields-utm36s.zip', 'fields-wgs84.zip', 'google-earth.kmz'].map(
      (name) => ({
        name,
        bytes: fixture(name),
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        ({ name, bytes }, changes, cut) => {
          const damaged = bytes.slice(0, bytes.length - (cut % 4 === 0 ? cut % bytes.length : 0));
          for (const [at, value] of changes) damaged[at % damaged.length] = value;
          try {
            readBoundaryFile(damaged, name);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
