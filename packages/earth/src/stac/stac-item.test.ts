import { describe, expect, it } from 'vitest';
import { earthSearchLandsat, earthSearchSentinel2, type BandName } from './sources.ts';
import { parseStacItem, type StacItem, type StacItemParse } from './stac-item.ts';
import { landsatItemFixture, sentinel2ItemFixture } from './testing/stac-item-fixtures.ts';

const pageUrl = 'https://earth-search.aws.element84.com/v1/search';
const s2Keys = earthSearchSentinel2.assetKeys;

/** The item of a parse that must succeed; fails the test with the skip reason otherwise. */
function expectItem<B extends BandName>(result: StacItemParse<B>): StacItem<B> {
  if (!result.ok) throw new Error(`expected an item, got skipped: ${result.skipped.reason}`);
  return result.item;
}

describe('parseStacItem', () => {
  it('reads an Earth Search v1 Sentinel-2 item: time, CRS, offset facts, sun and each band with its raster:bands', () => {
    const item = expectItem(
      parseStacItem(sentinel2ItemFixture('S2B_36KVE_20240115_0_L2A', '2024-01-15T08:03:19.024000Z'), s2Keys, pageUrl),
    );

    expect(item.id).toBe('S2B_36KVE_20240115_0_L2A');
    expect(item.collection).toBe('sentinel-2-l2a');
    expect(item.datetime.toISOString()).toBe('2024-01-15T08:03:19.024Z');
    expect(item.platform).toBe('sentinel-2b');
    expect(item.cloudCoverPct).toBe(12.4);
    expect(item.epsg).toBe(32736);
    expect(item.processingBaseline).toBe('05.10');
    expect(item.boaOffsetApplied).toBe(true);
    expect(item.sunAzimuthDeg).toBe(96.8);
    expect(item.sunElevationDeg).toBe(64.2);
    expect(Object.keys(item.assets).sort()).toEqual([...Object.keys(s2Keys)].sort());
    expect(item.assets.red).toEqual({
      href: 'https://sentinel-cogs.s3.us-west-2.amazonaws.com/sentinel-s2-l2a-cogs/36/K/VE/2024/1/S2B_36KVE_20240115_0_L2A/B04.tif',
      scale: 0.0001,
      offset: -0.1,
      nodata: 0,
    });
    expect(item.assets.nir08.href).toMatch(/\/B8A\.tif$/);
    expect(item.assets.scl).toMatchObject({ scale: null, offset: null, nodata: 0 });
  });

  it('gives null for the facts an item does not state, rather than a guess', () => {
    const fixture = sentinel2ItemFixture('S2A_36KVE_20210110_0_L2A', '2021-01-10T08:03:11Z', {
      properties: {
        's2:processing_baseline': undefined,
        'earthsearch:boa_offset_applied': undefined,
        'view:sun_azimuth': undefined,
        'view:sun_elevation': null,
        'eo:cloud_cover': undefined,
      },
      assets: { red: { href: 'https://example.test/B04.tif' } },
    });
    const item = expectItem(parseStacItem(fixture, s2Keys, pageUrl));

    expect(item.processingBaseline).toBeNull();
    expect(item.boaOffsetApplied).toBeNull();
    expect(item.sunAzimuthDeg).toBeNull();
    expect(item.sunElevationDeg).toBeNull();
    expect(item.cloudCoverPct).toBeNull();
    expect(item.assets.red).toEqual({ href: 'https://example.test/B04.tif', scale: null, offset: null, nodata: null });
  });

  it('reads the CRS from proj:code as newer catalogues write it', () => {
    const fixture = sentinel2ItemFixture('S2B_36KVE_20240115_0_L2A', '2024-01-15T08:03:19Z', {
      properties: { 'proj:epsg': undefined, 'proj:code': 'EPSG:32736' },
    });
    expect(expectItem(parseStacItem(fixture, s2Keys, pageUrl)).epsg).toBe(32736);
  });

  it('reads the CRS from the band assets when the item itself has none', () => {
    const fixture = sentinel2ItemFixture('S2B_35KQU_20240115_0_L2A', '2024-01-15T08:03:19Z', { properties: { 'proj:epsg': undefined } });
    const assets = fixture.assets as Record<string, Record<string, unknown>>;
    for (const asset of Object.values(assets)) asset['proj:code'] = 'EPSG:32735';
    expect(expectItem(parseStacItem(fixture, s2Keys, pageUrl)).epsg).toBe(32735);
  });

  it('skips an item without a CRS, or with a CRS that is not an EPSG code, and says so', () => {
    const noCrs = sentinel2ItemFixture('S2B_A', '2024-01-15T08:03:19Z', { properties: { 'proj:epsg': undefined } });
    const otherAuthority = sentinel2ItemFixture('S2B_B', '2024-01-15T08:03:19Z', {
      properties: { 'proj:epsg': undefined, 'proj:code': 'IAU_2015:30100' },
    });

    expect(parseStacItem(noCrs, s2Keys, pageUrl)).toEqual({
      ok: false,
      skipped: { id: 'S2B_A', reason: 'no CRS: neither proj:epsg nor proj:code on the item or its bands' },
    });
    expect(parseStacItem(otherAuthority, s2Keys, pageUrl)).toEqual({
      ok: false,
      skipped: { id: 'S2B_B', reason: 'CRS "IAU_2015:30100" is not an EPSG code' },
    });
  });

  it('skips an item that lacks a wanted band, naming the band and the asset key', () => {
    const fixture = sentinel2ItemFixture('S2B_36KVE_20240115_0_L2A', '2024-01-15T08:03:19Z', { assets: { scl: undefined } });
    const result = parseStacItem(fixture, s2Keys, pageUrl);

    expect(result).toEqual({ ok: false, skipped: { id: 'S2B_36KVE_20240115_0_L2A', reason: 'band scl has no asset "scl"' } });
  });

  it('skips an item whose band asset has no href, and one without a usable time', () => {
    const noHref = sentinel2ItemFixture('S2B_A', '2024-01-15T08:03:19Z', { assets: { red: { type: 'image/tiff' } } });
    const badTime = sentinel2ItemFixture('S2B_B', 'last Tuesday');
    const noTime = sentinel2ItemFixture('S2B_C', '2024-01-15T08:03:19Z', { properties: { datetime: null } });

    const noHrefResult = parseStacItem(noHref, s2Keys, pageUrl);
    expect(noHrefResult.ok).toBe(false);
    expect(!noHrefResult.ok && noHrefResult.skipped.reason).toMatch(/^band red \(asset "red"\): href: /);
    expect(parseStacItem(badTime, s2Keys, pageUrl)).toEqual({
      ok: false,
      skipped: { id: 'S2B_B', reason: 'datetime "last Tuesday" is not a date' },
    });
    expect(parseStacItem(noTime, s2Keys, pageUrl)).toEqual({ ok: false, skipped: { id: 'S2B_C', reason: 'no datetime' } });
  });

  it('uses start_datetime when datetime is null, as items over a time span do', () => {
    const fixture = sentinel2ItemFixture('S2B_A', '2024-01-15T08:03:19Z', {
      properties: { datetime: null, start_datetime: '2024-01-15T08:00:00Z', end_datetime: '2024-01-15T08:10:00Z' },
    });
    expect(expectItem(parseStacItem(fixture, s2Keys, pageUrl)).datetime.toISOString()).toBe('2024-01-15T08:00:00.000Z');
  });

  it('skips what is not an item at all, with no id when it has none', () => {
    expect(parseStacItem('S2B_36KVE', s2Keys, pageUrl)).toMatchObject({ ok: false, skipped: { id: null } });
    const noProperties = parseStacItem({ id: 'S2B_A', type: 'Feature', assets: {} }, s2Keys, pageUrl);
    expect(noProperties).toMatchObject({ ok: false, skipped: { id: 'S2B_A' } });
    expect(!noProperties.ok && noProperties.skipped.reason).toContain('properties');
  });

  it('finds bands under the asset keys of the configuration, whatever the catalogue calls them', () => {
    const fixture = sentinel2ItemFixture('S2B_A', '2024-01-15T08:03:19Z');
    const assets = fixture.assets as Record<string, unknown>;
    const byBandFile = { ...s2Keys, red: 'B04', scl: 'SCL' };
    assets.B04 = { href: 'https://example.test/B04.tif', 'raster:bands': [{ nodata: 0, scale: 0.0001, offset: 0 }] };
    assets.SCL = { href: 'https://example.test/SCL.tif' };
    delete assets.red;
    delete assets.scl;

    const item = expectItem(parseStacItem(fixture, byBandFile, pageUrl));
    expect(item.assets.red).toEqual({ href: 'https://example.test/B04.tif', scale: 0.0001, offset: 0, nodata: 0 });
    expect(item.assets.scl.href).toBe('https://example.test/SCL.tif');
  });

  it('resolves relative hrefs against the item self link, else against the page', () => {
    const withSelf = sentinel2ItemFixture('S2B_A', '2024-01-15T08:03:19Z', {
      assets: { red: { href: './B04.tif' } },
    });
    (withSelf as { links: unknown[] }).links = [{ rel: 'self', href: 'http://127.0.0.1:8080/catalog/items/S2B_A/item.json' }];
    const withoutSelf = {
      ...sentinel2ItemFixture('S2B_B', '2024-01-15T08:03:19Z', { assets: { red: { href: '/cogs/B04.tif' } } }),
      links: [],
    };

    expect(expectItem(parseStacItem(withSelf, s2Keys, pageUrl)).assets.red.href).toBe('http://127.0.0.1:8080/catalog/items/S2B_A/B04.tif');
    expect(expectItem(parseStacItem(withoutSelf, s2Keys, 'http://127.0.0.1:9000/stac/search')).assets.red.href).toBe(
      'http://127.0.0.1:9000/cogs/B04.tif',
    );
  });

  it('reads the "nan" no-data value of the raster extension as NaN', () => {
    const fixture = sentinel2ItemFixture('S2B_A', '2024-01-15T08:03:19Z', {
      assets: { red: { href: 'https://example.test/B04.tif', 'raster:bands': [{ nodata: 'nan', data_type: 'float32' }] } },
    });
    expect(expectItem(parseStacItem(fixture, s2Keys, pageUrl)).assets.red.nodata).toBeNaN();
  });

  it('reads a Landsat C2 L2 item with its surface reflectance scale and offset and its QA_PIXEL band', () => {
    const id = 'LC09_L2SP_170072_20240118_20240120_02_T1';
    const item = expectItem(parseStacItem(landsatItemFixture(id, '2024-01-18T07:52:41.512Z'), earthSearchLandsat.assetKeys, pageUrl));

    expect(item.epsg).toBe(32636);
    expect(item.platform).toBe('landsat-9');
    expect(item.processingBaseline).toBeNull();
    expect(item.boaOffsetApplied).toBeNull();
    expect(Object.keys(item.assets).sort()).toEqual(['blue', 'green', 'nir08', 'qa_pixel', 'red', 'swir16', 'swir22']);
    expect(item.assets.red).toEqual({
      href: `https://landsatlook.usgs.gov/data/collection02/level-2/standard/oli-tirs/2024/170/072/${id}/${id}_SR_B4.TIF`,
      scale: 0.0000275,
      offset: -0.2,
      nodata: 0,
    });
    expect(item.assets.nir08.href).toMatch(/_SR_B5\.TIF$/);
    expect(item.assets.qa_pixel).toMatchObject({ scale: null, offset: null, nodata: 1 });
  });
});
