import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reflectanceRuleFor } from '../scene/reflectance.ts';
import { earthSearchSentinel2, sentinel2BandNames, type Sentinel2BandName } from '../stac/sources.ts';
import { parseStacItem } from '../stac/stac-item.ts';
import { writeDemoCatalog, type DemoCatalogSummary } from './demo-catalog.ts';
import { layOutSite, renderScene } from './demo-scenes.ts';
import { groupIntoSites } from './demo-sites.ts';
import { harareMaize, harareSoybean, lilongweTobacco, lusakaSoybean } from './testing/demo-fields.ts';

const fields = [harareMaize, lusakaSoybean, harareSoybean, lilongweTobacco];
const seed = 11;
const temporary = () => mkdtempSync(path.join(tmpdir(), 'murimi-demo-catalog-'));

let directory: string;
let summary: DemoCatalogSummary;
beforeAll(async () => {
  directory = temporary();
  summary = await writeDemoCatalog({ fields, from: '2025-01-05', to: '2025-01-29', directory, seed });
});

const itemFolder = (id: string) => path.join(directory, 'sentinel-2-l2a', id);
interface WrittenItem {
  properties: Record<string, unknown>;
  assets: Record<
    Sentinel2BandName,
    { href: string; gsd: number; 'proj:shape': [number, number]; 'proj:transform': [number, number, number, number, number, number] }
  >;
}
const readItem = (id: string) => JSON.parse(readFileSync(path.join(itemFolder(id), `${id}.json`), 'utf8')) as WrittenItem;

function allFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
  );
}

describe('the demo catalog', () => {
  it('has a scene every 5 days for each site, each site in its own UTM zone, and counts its files and bytes', () => {
    expect(summary.dates).toEqual(['2025-01-05', '2025-01-10', '2025-01-15', '2025-01-20', '2025-01-25']);
    expect(summary.sites.map((site) => [site.id, site.epsg, site.fieldIds])).toEqual([
      ['36S-1', 32736, ['harare-maize', 'harare-soybean']],
      ['35S-1', 32735, ['lusaka-soybean']],
      ['36S-2', 32736, ['lilongwe-tobacco']],
    ]);
    expect(summary.items).toHaveLength(15);
    const files = allFiles(directory);
    expect(summary.fileCount).toBe(files.length);
    expect(files.length).toBe(15 * 12 + 2); // 11 bands and the item per scene; collection and catalog
    expect(summary.totalBytes).toBe(files.reduce((sum, file) => sum + statSync(file).size, 0));
    for (const field of summary.fields) {
      expect(field.stressedPatch.shareOfField).toBeGreaterThan(0.12);
      expect(field.stressedPatch.shareOfField).toBeLessThan(0.3);
    }
  });

  it('links catalog → collection → items with relative hrefs, and every item reads as Earth Search v1 with offset-free DN', () => {
    const catalog = JSON.parse(readFileSync(summary.catalogPath, 'utf8'));
    const collectionLink = catalog.links.find((link: { rel: string }) => link.rel === 'child');
    const collectionFile = path.resolve(directory, collectionLink.href);
    const collection = JSON.parse(readFileSync(collectionFile, 'utf8'));
    expect(collection.id).toBe('sentinel-2-l2a');
    const itemFiles = collection.links
      .filter((link: { rel: string }) => link.rel === 'item')
      .map((link: { href: string }) => path.resolve(path.dirname(collectionFile), link.href));
    expect(itemFiles.map((file: string) => path.basename(file, '.json')).sort()).toEqual(summary.items.map((item) => item.id).sort());

    for (const [index, entry] of summary.items.entries()) {
      const item = readItem(entry.id);
      const site = summary.sites.find((candidate) => candidate.id === entry.siteId)!;
      expect(item.properties).toMatchObject({
        'proj:epsg': site.epsg,
        datetime: entry.datetime,
        'eo:cloud_cover': entry.cloudCoverPct,
        's2:processing_baseline': '05.10',
        'earthsearch:boa_offset_applied': true,
      });
      for (const band of sentinel2BandNames) {
        const asset = item.assets[band];
        expect(asset.href).toMatch(/^\.\/[A-Z0-9]+\.tif$/);
        expect(existsSync(path.join(itemFolder(entry.id), asset.href))).toBe(true);
        expect(asset.gsd).toBe(['blue', 'green', 'red', 'nir'].includes(band) ? 10 : 20);
      }
      if (index > 0) continue;
      // The engine's own parser and reflectance rule: DN / 10,000, and raster:bands saying the same.
      const parsed = parseStacItem(item, earthSearchSentinel2.assetKeys, `http://127.0.0.1/sentinel-2-l2a/${entry.id}/${entry.id}.json`);
      if (!parsed.ok) throw new Error(parsed.skipped.reason);
      expect(parsed.item.epsg).toBe(32736);
      const red = parsed.item.assets.red;
      const rule = reflectanceRuleFor({
        collection: 'sentinel-2-l2a',
        boaOffsetApplied: parsed.item.boaOffsetApplied,
        processingBaseline: parsed.item.processingBaseline,
        bandScale: red.scale,
        bandOffset: red.offset,
      });
      expect(rule).toMatchObject({ scale: 1 / 10_000, offset: 0, basis: 'offset-already-applied' });
      expect([red.scale, red.offset, red.nodata]).toEqual([0.0001, 0, 0]);
      expect(red.href).toBe(`http://127.0.0.1/sentinel-2-l2a/${entry.id}/B04.tif`);
    }
  });

  it('writes bands GDAL reads with the scene’s CRS, place, 256-pixel tiles, DEFLATE and no data 0, holding the pixels the model intended', () => {
    // A date with cloud over the Lusaka site, if there is one, so SCL holds more than vegetation and soil.
    const lusaka = summary.items.filter((item) => item.siteId === '35S-1');
    const entry = lusaka.find((item) => item.cloudCoverPct > 0) ?? lusaka[0]!;
    const item = readItem(entry.id);
    const site = groupIntoSites(fields).find((candidate) => candidate.id === '35S-1')!;
    const intended = renderScene(layOutSite(site, seed), entry.datetime.slice(0, 10));

    for (const band of ['red', 'swir16', 'scl'] as const) {
      const file = path.join(itemFolder(entry.id), item.assets[band].href);
      const info = JSON.parse(execFileSync('gdalinfo', ['-json', file]).toString());
      expect(info.stac['proj:epsg']).toBe(32735);
      const [pixelM, , originX, , , originY] = item.assets[band]['proj:transform'];
      expect(info.geoTransform).toEqual([originX, pixelM, 0, originY, 0, -pixelM]);
      expect(info.size).toEqual([...item.assets[band]['proj:shape']].reverse());
      expect(info.bands[0]).toMatchObject({ type: band === 'scl' ? 'Byte' : 'UInt16', block: [256, 256], noDataValue: 0 });
      expect(info.metadata.IMAGE_STRUCTURE.COMPRESSION).toBe('DEFLATE');

      const pixels = JSON.parse(
        execFileSync('/usr/bin/python3', [
          '-c',
          'import sys, json; from osgeo import gdal; print(json.dumps(gdal.Open(sys.argv[1]).ReadAsArray().ravel().tolist()))',
          file,
        ]).toString(),
      );
      expect(pixels).toEqual(Array.from(intended.bands[band].samples));
    }
  });

  it('writes the same bytes for a date whatever range it was written in, and writes over an earlier demo catalog', async () => {
    const other = temporary();
    const shorter = await writeDemoCatalog({ fields: [lusakaSoybean], from: '2025-01-15', to: '2025-01-15', directory: other, seed });
    const id = shorter.items[0]!.id;
    expect(readFileSync(path.join(other, 'sentinel-2-l2a', id, 'B8A.tif'))).toEqual(readFileSync(path.join(itemFolder(id), 'B8A.tif')));

    const rewritten = await writeDemoCatalog({ fields: [lusakaSoybean], from: '2025-02-01', to: '2025-02-01', directory: other, seed });
    expect(allFiles(other)).toHaveLength(rewritten.fileCount); // the earlier scene is gone
  });

  it('refuses a folder that holds something else, and requests it cannot simulate', async () => {
    const busy = temporary();
    mkdirSync(path.join(busy, 'photos'));
    writeFileSync(path.join(busy, 'notes.txt'), 'keep me');
    const request = { fields: [harareMaize], from: '2025-01-01', to: '2025-01-10', directory: busy };
    await expect(writeDemoCatalog(request)).rejects.toThrow(/not empty/);
    expect(readFileSync(path.join(busy, 'notes.txt'), 'utf8')).toBe('keep me');

    const empty = temporary();
    await expect(writeDemoCatalog({ ...request, directory: empty, from: '2025-02-01' })).rejects.toThrow(/starts .* after it ends/);
    await expect(writeDemoCatalog({ ...request, directory: empty, to: '10/01/2025' })).rejects.toThrow(/YYYY-MM-DD/);
    const cotton = { ...harareMaize, crop: 'cotton' as never };
    await expect(writeDemoCatalog({ ...request, directory: empty, fields: [cotton] })).rejects.toThrow(/maize, soybean, tobacco/);
    await expect(writeDemoCatalog({ ...request, directory: empty, fields: [harareMaize, harareMaize] })).rejects.toThrow(/twice/);
  });
});
