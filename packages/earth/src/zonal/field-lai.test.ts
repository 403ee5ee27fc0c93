import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCog } from '../cog/cog-reader.ts';
import { memoryBand } from '../cog/testing/memory-band.ts';
import { startRangeServer, type RangeServer } from '../cog/testing/range-server.ts';
import type { BiophysicalNetwork } from '../scene/biophysical-network.ts';
import { empiricalLai, saviL01 } from '../scene/leaf-area.ts';
import { LAI_EMPIRICAL_METHOD, LAI_NETWORK_METHOD } from '../scene/measures.ts';
import { simulatedSentinel2 } from '../stac/sources.ts';
import type { StacLogEvent } from '../stac/stac-client.ts';
import { startFakeStacServer, type FakeStacServer } from '../stac/testing/fake-stac-server.ts';
import { sentinel2ItemFixture } from '../stac/testing/stac-item-fixtures.ts';
import { fieldSceneStatistics } from './field-statistics.ts';
import { fieldTimeSeries } from './field-time-series.ts';
import { sentinel2FixtureDir, sentinel2FixtureReflectance, smallClearField } from '../scene/testing/sentinel2-fixture.ts';

// LAI per field and date, by ESA's network where its coefficients and the scene's angles are at hand, else by the
// empirical SAVI relation: the method travels with the numbers.
const scene = sentinel2FixtureDir;
const field = smallClearField;
/** A network of our own (ESA's coefficients are not part of the project); inputs in a range the fixture fits. */
const network: BiophysicalNetwork = {
  inputMin: Array.from({ length: 11 }, () => -1),
  inputMax: Array.from({ length: 11 }, () => 2),
  hiddenWeights: Array.from({ length: 5 }, (_, n) => Array.from({ length: 11 }, (_, i) => ((n + 1) * (i - 5)) / 10)),
  hiddenBias: [0.1, -0.2, 0.3, 0, 0.05],
  outputWeights: [0.5, -0.3, 0.4, 0.2, 0.1],
  outputBias: 0,
  outputMin: 0,
  outputMax: 8,
};
const angles = (viewZenith: number) => `<Tile_Angles><Mean_Sun_Angle><ZENITH_ANGLE unit="deg">30</ZENITH_ANGLE>
<AZIMUTH_ANGLE unit="deg">95</AZIMUTH_ANGLE></Mean_Sun_Angle><Mean_Viewing_Incidence_Angle_List>
<Mean_Viewing_Incidence_Angle bandId="0"><ZENITH_ANGLE unit="deg">${viewZenith}</ZENITH_ANGLE>
<AZIMUTH_ANGLE unit="deg">105</AZIMUTH_ANGLE></Mean_Viewing_Incidence_Angle></Mean_Viewing_Incidence_Angle_List></Tile_Angles>`;
// The fixture scene has red and NIR only; the network's other bands are read from them (the wiring is the point).
const bandFiles = {
  green: 'red',
  red: 'red',
  rededge1: 'red',
  rededge2: 'nir',
  rededge3: 'nir',
  nir: 'nir',
  nir08: 'nir',
  swir16: 'red',
  swir22: 'red',
  scl: 'scl',
} as const;
const reflectance = sentinel2FixtureReflectance;

let folder: string;
let files: RangeServer;
let stac: FakeStacServer;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'murimi-lai-'));
  for (const name of ['red', 'nir', 'scl']) await symlink(path.join(scene, `${name}.tif`), path.join(folder, `${name}.tif`));
  await writeFile(path.join(folder, 'near-nadir.xml'), angles(2));
  await writeFile(path.join(folder, 'oblique.xml'), angles(11));
  files = await startRangeServer(folder);
  const item = (id: string, date: string, granule: string) =>
    sentinel2ItemFixture(id, date, {
      properties: { 'earthsearch:boa_offset_applied': false, 's2:processing_baseline': '05.09' },
      assets: {
        ...Object.fromEntries(Object.entries(bandFiles).map(([band, file]) => [band, { href: files.url(`${file}.tif`) }])),
        granule_metadata: { href: files.url(granule), type: 'application/xml' },
      },
    });
  stac = await startFakeStacServer([
    {
      features: [
        item('S2A_36KVE_20251118_0_L2A', '2025-11-18T08:01:09Z', 'near-nadir.xml'),
        item('S2B_36KVE_20251203_0_L2A', '2025-12-03T08:01:12Z', 'oblique.xml'),
        item('S2A_36KVE_20251208_0_L2A', '2025-12-08T08:01:12Z', 'missing.xml'),
      ],
    },
  ]);
});
afterAll(async () => {
  await stac?.close();
  await files?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('LAI of a field over a date range', () => {
  it('comes from the network with each scene’s own angles, and from the empirical relation where angles are missing', async () => {
    const events: StacLogEvent[] = [];
    const { points } = await fieldTimeSeries({
      source: simulatedSentinel2(stac.url),
      boundary: field,
      from: '2025-11-01',
      to: '2025-12-31',
      index: 'lai',
      laiNetwork: network,
      search: { log: (event) => events.push(event) },
    });
    const results = points.map((point) => point.result);
    for (const result of results) if (!('statistics' in result) || !result.usable) throw new Error(`not usable: ${result.reason}`);
    const [nearNadir, oblique, noAngles] = results as Extract<(typeof results)[number], { method: string }>[];
    expect(nearNadir!.method).toBe(LAI_NETWORK_METHOD);
    expect(oblique!.method).toBe(LAI_NETWORK_METHOD);
    expect(noAngles!.method).toBe(LAI_EMPIRICAL_METHOD);
    expect(events.some((event) => event.level === 'warn' && String(event.context.href).endsWith('missing.xml'))).toBe(true);

    // The same pixels, directly with the angles each scene's metadata gives: the view zenith reached the network.
    const bands = Object.fromEntries(
      await Promise.all(
        Object.entries(bandFiles).map(async ([band, file]) => [band, await openCog(path.join(scene, `${file}.tif`))] as const),
      ),
    );
    const direct = async (viewZenithDeg: number) => {
      const geometry = { viewZenithDeg, viewAzimuthDeg: 105, sunZenithDeg: 30, sunAzimuthDeg: 95 };
      const result = await fieldSceneStatistics({ boundary: field, index: 'lai', bands, reflectance, lai: { network, geometry } });
      if (!('statistics' in result)) throw new Error(result.reason);
      return result.statistics.mean!;
    };
    expect(nearNadir!.statistics.mean).toBeCloseTo(await direct(2), 10);
    expect(oblique!.statistics.mean).toBeCloseTo(await direct(11), 10);
    expect(Math.abs(nearNadir!.statistics.mean! - oblique!.statistics.mean!)).toBeGreaterThan(1e-3);
  });

  it('uses the empirical relation without the network: −ln((0.69 − SAVI)/0.59)/0.91, SAVI with L = 0.1', async () => {
    const { points } = await fieldTimeSeries({
      source: simulatedSentinel2(stac.url),
      boundary: field,
      from: '2025-11-01',
      to: '2025-11-30',
      index: 'lai',
    });
    const result = points[0]!.result;
    if (!('statistics' in result)) throw new Error(result.reason);
    expect(result.method).toBe(LAI_EMPIRICAL_METHOD);

    // Uniform red 0.05 and NIR 0.2 (DN with the +1000 offset): SAVI(L = 0.1) = 1.1 × 0.15 / 0.35 = 0.4714, LAI 1.091.
    const uniform = await fieldSceneStatistics({
      boundary: field,
      index: 'lai',
      bands: { red: memoryBand(160, 10, 1500), nir: memoryBand(160, 10, 3000), scl: memoryBand(80, 20, 4) },
      reflectance,
    });
    if (!('statistics' in uniform)) throw new Error(uniform.reason);
    expect(uniform.statistics.mean).toBeCloseTo(empiricalLai(saviL01(0.2, 0.05)), 5);
    expect(uniform.statistics.mean).toBeCloseTo(-Math.log((0.69 - (1.1 * 0.15) / 0.35) / 0.59) / 0.91, 5);
  });
});
