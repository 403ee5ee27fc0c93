import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import { startRangeServer, type RangeServer } from './cog/testing/range-server.ts';
import { startFakeStacServer, type FakeStacServer } from './stac/testing/fake-stac-server.ts';
import { sentinel2ItemFixture } from './stac/testing/stac-item-fixtures.ts';

const scene = path.resolve(import.meta.dirname, '../test/fixtures/scene');
const fieldFile = path.join(mkdtempSync(path.join(tmpdir(), 'murimi-cli-')), 'field.geojson');
writeFileSync(
  fieldFile,
  JSON.stringify({
    type: 'Feature',
    properties: { name: 'Top Field' },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [31.048, -17.827],
          [31.0487, -17.827],
          [31.0487, -17.8277],
          [31.048, -17.8277],
          [31.048, -17.827],
        ],
      ],
    },
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

describe('murimi-earth stats', () => {
  it('prints per-scene statistics as CSV, labelled simulated for another catalog', async () => {
    const { code, lines } = await run(
      'stats',
      '--field',
      fieldFile,
      '--from',
      '2025-11-01',
      '--to',
      '2026-03-31',
      '--stac',
      stac.url,
      '--format',
      'csv',
    );
    expect(code).toBe(0);
    expect(lines[0]).toBe('scene_id,datetime,source,usable,reason,mean,median,p10,p90,std,valid_fraction,pixel_count,clear_fraction');
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

  it('prints JSON by default', async () => {
    const { code, lines } = await run('stats', '--field', fieldFile, '--from', '2025-11-01', '--to', '2026-03-31', '--stac', stac.url);
    expect(code).toBe(0);
    const printed = JSON.parse(lines.join('\n')) as { points: { statistics?: unknown; result: { usable: boolean } }[] };
    expect(printed.points).toHaveLength(1);
    expect(printed.points[0]!.result.usable).toBe(true);
  });

  it('names what is missing and exits with 2', async () => {
    const { code, lines } = await run('stats', '--from', '2025-11-01', '--index', 'lai');
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain('--field is required');
    expect(lines.join('\n')).toContain('--to is required');
    expect(lines.join('\n')).toContain('--index must be one of ndvi, ndmi');
  });

  it('runs as a command', () => {
    const bin = path.resolve(import.meta.dirname, '../bin/murimi-earth.mjs');
    expect(execFileSync('node', [bin, '--help']).toString()).toContain('Usage: murimi-earth stats --field FIELD.geojson');
  });
});
