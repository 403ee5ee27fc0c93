import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import { startLocalStacApi } from './demo/local-stac-api.ts';
import { harareMaize, lusakaSoybean } from './demo/testing/demo-fields.ts';
import { startRangeServer, type RangeServer } from './cog/testing/range-server.ts';
import { startFakeStacServer, type FakeStacServer } from './stac/testing/fake-stac-server.ts';
import { sentinel2ItemFixture } from './stac/testing/stac-item-fixtures.ts';
import { sentinel2FixtureDir, smallClearField } from './scene/testing/sentinel2-fixture.ts';

const scene = sentinel2FixtureDir;
const fieldFile = path.join(mkdtempSync(path.join(tmpdir(), 'murimi-cli-')), 'field.geojson');
writeFileSync(
  fieldFile,
  JSON.stringify({
    type: 'Feature',
    properties: { name: 'Top Field' },
    geometry: smallClearField,
  }),
);

let files: RangeServer;
let stac: FakeStacServer;
beforeAll(async () => {
  files = await startRangeServer(scene);
  const asset = (file: string) => ({ href: files.url(file), type: 'image/tiff' });
  stac = await startFakeStacServer([
    {
      features: [
        sentinel2ItemFixture('S2A_36KVE_20251118_0_L2A', '2025-11-18T08:01:09Z', {
          properties: { 'earthsearch:boa_offset_applied': false, 's2:processing_baseline': '05.09' },
          assets: { red: asset('red.tif'), nir: asset('nir.tif'), scl: asset('scl.tif') },
        }),
      ],
    },
  ]);
});
afterAll(async () => {
  await stac?.close();
  await files?.close();
});

const run = async (...args: string[]) => {
  const lines: string[] = [];
  const code = await main(args, (line) => lines.push(line));
  return { code, lines };
};
/** `stats` for the test field over the 2025/26 season, with further options. */
const stats = (...options: string[]) => run('stats', '--field', fieldFile, '--from', '2025-11-01', '--to', '2026-03-31', ...options);

describe('murimi-earth stats', () => {
  it('prints per-scene statistics as CSV, labelled simulated for a demo catalog', async () => {
    const { code, lines } = await stats('--source', 'demo', '--stac', stac.url, '--format', 'csv');
    expect(code).toBe(0);
    expect(lines[0]).toBe(
      'scene_id,datetime,source,usable,reason,mean,median,p10,p90,std,valid_fraction,pixel_count,clear_fraction,method',
    );
    expect(lines[1]).toMatch(/,"Rouse et al\. 1974: \(B08−B04\)\/\(B08\+B04\)"$/);
    const [id, datetime, source, usable, reason, mean] = lines[1]!.split(',');
    expect([id, datetime, source, usable, reason]).toEqual([
      'S2A_36KVE_20251118_0_L2A',
      '2025-11-18T08:01:09.000Z',
      'simulated',
      'true',
      '',
    ]);
    expect(Number(mean)).toBeCloseTo(0.6137, 3);
  });

  it('prints JSON by default, labelled with the source asked for', async () => {
    const { code, lines } = await stats('--stac', stac.url);
    expect(code).toBe(0);
    const printed = JSON.parse(lines.join('\n')) as { points: { source: string; result: { usable: boolean } }[] };
    expect(printed.points).toHaveLength(1);
    expect(printed.points[0]).toMatchObject({ source: 'earth-search', result: { usable: true } });
  });

  it('gives LAI with the method used: the empirical relation without ESA’s network', async () => {
    const { code, lines } = await stats('--index', 'lai', '--source', 'demo', '--stac', stac.url, '--format', 'csv');
    expect(code).toBe(0);
    expect(lines[1]).toMatch(/,"Empirical: LAI = −ln\(\(0\.69 − SAVI\)\/0\.59\)\/0\.91, SAVI with L = 0\.1, capped at 6"$/);
  });

  it('names what is missing and exits with 2', async () => {
    const { code, lines } = await run('stats', '--from', '2025-11-01', '--index', 'gndvi', '--source', 'demo');
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain('--field is required');
    expect(lines.join('\n')).toContain('--to is required');
    expect(lines.join('\n')).toContain('--index must be one of ndvi, ndmi, ndwiMcFeeters, ndre, evi, savi, lai');
    expect(lines.join('\n')).toContain('--source demo needs --stac');
  });

  it('refuses NDRE from Landsat, which has no red-edge band, with exit 2', async () => {
    const { code, lines } = await stats('--index', 'ndre', '--source', 'landsat');
    expect(code).toBe(2);
    expect(lines.join('\n')).toBe('NDRE cannot be computed from Landsat Collection 2 Level-2: it has no rededge1 band.');
  });

  it('says which coefficient file of ESA’s network it cannot read, with exit 2', async () => {
    const { code, lines } = await stats('--index', 'lai', '--lai-network', '/nonexistent');
    expect(code).toBe(2);
    expect(lines.join('\n')).toMatch(/Cannot read \/nonexistent\/LAI_Weights_Layer1_Bias: ENOENT/);
  });

  it('runs as a command', () => {
    const bin = path.resolve(import.meta.dirname, '../bin/murimi-earth.mjs');
    expect(execFileSync('node', [bin, '--help']).toString()).toContain('murimi-earth stats --field FIELD.geojson');
  });
});

describe('murimi-earth demo', () => {
  it('writes a simulated catalog for the fields of a file, which stats reads back labelled simulated', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'murimi-cli-demo-'));
    const fieldsFile = path.join(folder, 'fields.geojson');
    const features = [harareMaize, lusakaSoybean].map(({ id, name, crop, plantingDate, boundary }) => ({
      type: 'Feature',
      properties: { id, name, crop, plantingDate },
      geometry: boundary,
    }));
    writeFileSync(fieldsFile, JSON.stringify({ type: 'FeatureCollection', features }));
    const catalog = path.join(folder, 'catalog');

    const written = await run('demo', '--fields', fieldsFile, '--from', '2025-01-01', '--to', '2025-02-28', '--out', catalog);
    expect(written.code).toBe(0);
    expect(written.lines[0]).toMatch(/^Wrote \d+ simulated scenes over 12 dates for 2 fields/);

    const api = await startLocalStacApi(catalog);
    try {
      writeFileSync(path.join(folder, 'maize.geojson'), JSON.stringify(harareMaize.boundary));
      const { code, lines } = await run(
        'stats',
        '--field',
        path.join(folder, 'maize.geojson'),
        '--from',
        '2025-01-01',
        '--to',
        '2025-02-28',
        '--source',
        'demo',
        '--stac',
        api.url,
        '--format',
        'csv',
      );
      expect(code).toBe(0);
      const rows = lines.slice(1).map((line) => line.split(','));
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.every((row) => row[2] === 'simulated')).toBe(true);
      const clear = rows.filter((row) => row[3] === 'true').map((row) => Number(row[5]));
      // Maize 7 to 16 weeks after planting: greening up to its peak (a 140-day maize is at full cover by week 12).
      expect(Math.max(...clear) - clear[0]!).toBeGreaterThan(0.1);
    } finally {
      await api.close();
    }
  });

  it('refuses a field without a crop it can simulate', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'murimi-cli-demo-'));
    const fieldsFile = path.join(folder, 'fields.geojson');
    const feature = {
      type: 'Feature',
      properties: { name: 'Back field', crop: 'rice', plantingDate: '2024-11-10' },
      geometry: harareMaize.boundary,
    };
    writeFileSync(fieldsFile, JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
    const { code, lines } = await run(
      'demo',
      '--fields',
      fieldsFile,
      '--from',
      '2025-01-01',
      '--to',
      '2025-02-28',
      '--out',
      path.join(folder, 'c'),
    );
    expect(code).toBe(2);
    expect(lines.join('\n')).toBe('Back field: crop must be one of maize, soybean, tobacco.');
  });
});
