import { describe, expect, it } from 'vitest';
import { greenCoverFraction, phenologyCurve } from './crop-phenology.ts';
import { layOutSite, renderScene, type DemoScene, type SkyKind } from './demo-scenes.ts';
import { groupIntoSites } from './demo-sites.ts';
import { harareMaize, harareSoybean, lilongweTobacco, lusakaSoybean } from './testing/demo-fields.ts';

const seed = 7;
const [harare] = groupIntoSites([harareMaize, harareSoybean]);
const layout = layOutSite(harare!, seed);

/** Days from 2024-11-01, every 5 days, until one has the sky wanted. */
function firstDateWith(sky: SkyKind, from = '2024-11-01'): { date: string; scene: DemoScene } {
  for (let step = 0; step < 73; step++) {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + step * 5 * 86_400_000).toISOString().slice(0, 10);
    const scene = renderScene(layout, date);
    if (scene.sky === sky) return { date, scene };
  }
  throw new Error(`No ${sky} date in a year of seed ${seed}.`);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ndvi = (nir: number, red: number) => (nir - red) / (nir + red);

describe('crop phenology', () => {
  it('rises from bare soil to a crop-specific peak and falls back, over each crop’s FAO season', () => {
    const maize = phenologyCurve('maize');
    const soybean = phenologyCurve('soybean');
    const tobacco = phenologyCurve('tobacco');
    expect([maize.seasonDays, soybean.seasonDays, tobacco.seasonDays]).toEqual([140, 140, 105]);
    for (const curve of [maize, soybean, tobacco]) {
      expect(greenCoverFraction(curve, -10)).toBeLessThan(0.05);
      expect(greenCoverFraction(curve, 0)).toBeLessThan(0.05);
      expect(greenCoverFraction(curve, (curve.greenUpDay + curve.senescenceDay) / 2)).toBeCloseTo(curve.peakCover, 1);
      expect(greenCoverFraction(curve, curve.seasonDays + 10)).toBeLessThan(0.1);
    }
    // 110 days in, tobacco is reaped while maize is still green.
    expect(greenCoverFraction(tobacco, 110)).toBeLessThan(0.1);
    expect(greenCoverFraction(maize, 110)).toBeGreaterThan(0.85);
    expect(maize.peakCover).toBeGreaterThan(soybean.peakCover);
    expect(soybean.peakCover).toBeGreaterThan(tobacco.peakCover);
  });
});

describe('a simulated scene', () => {
  it('shows the stressed patch with less green (lower NDVI) and drier leaves (higher SWIR) than the rest of its field', () => {
    const { scene } = firstDateWith('clear', '2025-02-01');
    const { red, nir, swir16 } = scene.bands;
    const inPatch: number[] = [];
    const restOfField: number[] = [];
    for (let i = 0; i < layout.fieldAt.length; i++) {
      if (layout.fieldAt[i] !== 0) continue;
      (layout.stressedAt[i] ? inPatch : restOfField).push(ndvi(nir.samples[i]!, red.samples[i]!));
    }
    expect(inPatch.length / (inPatch.length + restOfField.length)).toBeCloseTo(layout.patches[0]!.shareOfField, 5);
    expect(mean(restOfField)).toBeGreaterThan(0.75);
    expect(mean(inPatch)).toBeLessThan(mean(restOfField) - 0.15);

    // 20 m pixels wholly in the patch against those wholly in the rest of the field.
    const width = layout.site.grid10m.width;
    const swirWhere = (stressed: number) => {
      const values: number[] = [];
      for (let i = 0; i < swir16.samples.length; i++) {
        const top = Math.floor(i / swir16.width) * 2 * width + (i % swir16.width) * 2;
        const children = [top, top + 1, top + width, top + width + 1];
        if (children.every((child) => layout.fieldAt[child] === 0 && layout.stressedAt[child] === stressed))
          values.push(swir16.samples[i]!);
      }
      return mean(values);
    };
    expect(swirWhere(1)).toBeGreaterThan(swirWhere(0) + 300); // DN: 0.03 reflectance
  });

  it("grows a smallholder's plot (a lower peak cover) to a sparser canopy, lower NDVI, than the same field well managed", () => {
    const { date } = firstDateWith('clear', '2025-02-01');
    const meanFieldNdvi = (peakCover?: number) => {
      const [site] = groupIntoSites([{ ...harareMaize, ...(peakCover === undefined ? {} : { peakCover }) }, harareSoybean]);
      const plotLayout = layOutSite(site!, seed);
      const { red, nir } = renderScene(plotLayout, date).bands;
      const values: number[] = [];
      for (let i = 0; i < plotLayout.fieldAt.length; i++) {
        if (plotLayout.fieldAt[i] === 0 && !plotLayout.stressedAt[i]) values.push(ndvi(nir.samples[i]!, red.samples[i]!));
      }
      return mean(values);
    };
    expect(meanFieldNdvi(0.6)).toBeLessThan(meanFieldNdvi() - 0.1);
  });

  it('puts bright cloud (SCL 8, 9) over part of a field on some dates, its dark shadow (SCL 3) to the west, and says how much of each field is clear', () => {
    const { scene } = firstDateWith('cloud-over-field');
    const { scl, blue } = scene.bands;
    const columnsOf = (classes: number[]) =>
      [...scl.samples.keys()].filter((i) => classes.includes(scl.samples[i]!)).map((i) => i % scl.width);
    const cloudColumns = columnsOf([8, 9]);
    const shadowColumns = columnsOf([3]);
    expect(cloudColumns.length).toBeGreaterThan(0);
    expect(shadowColumns.length).toBeGreaterThan(0);
    // ~530 m west at 20 m a pixel (the shadow may be cut by the scene's edge).
    expect(mean(cloudColumns) - mean(shadowColumns)).toBeGreaterThan(15);
    expect(scene.cloudCoverPct).toBeCloseTo((100 * cloudColumns.length) / scl.samples.length, 2);

    // Between the fields the ground is the same everywhere, so a shadow there shows as darker than clear sky there.
    const blueBetweenFields = (classes: number[]) => {
      const values: number[] = [];
      for (let i = 0; i < blue.samples.length; i++) {
        const parent = Math.floor(Math.floor(i / blue.width) / 2) * scl.width + Math.floor((i % blue.width) / 2);
        if (layout.fieldAt[i] === -1 && classes.includes(scl.samples[parent]!)) values.push(blue.samples[i]!);
      }
      return mean(values);
    };
    expect(blueBetweenFields([9])).toBeGreaterThan(4000);
    expect(blueBetweenFields([3])).toBeLessThan(0.5 * blueBetweenFields([4, 5]));

    // The clear share per field counts the field's 10 m pixels under clear SCL.
    const share = (k: number) => {
      let inField = 0;
      let clear = 0;
      for (let i = 0; i < layout.fieldAt.length; i++) {
        if (layout.fieldAt[i] !== k) continue;
        inField += 1;
        const parent = Math.floor(Math.floor(i / blue.width) / 2) * scl.width + Math.floor((i % blue.width) / 2);
        if (![3, 8, 9].includes(scl.samples[parent]!)) clear += 1;
      }
      return clear / inField;
    };
    expect(scene.clearShareByField).toEqual({ 'harare-maize': share(0), 'harare-soybean': share(1) });
    expect(Math.min(share(0), share(1))).toBeLessThan(0.8);
  });

  it('is the same for the same seed and date, and differs with the seed', () => {
    const date = '2025-01-15';
    const first = renderScene(layout, date);
    const again = renderScene(layOutSite(groupIntoSites([harareMaize, harareSoybean])[0]!, seed), date);
    const bytes = (scene: DemoScene) => Object.values(scene.bands).map((band) => Buffer.from(band.samples.buffer).toString('base64'));
    expect(bytes(again)).toEqual(bytes(first));
    expect(again.clearShareByField).toEqual(first.clearShareByField);
    const reseeded = renderScene(layOutSite(harare!, seed + 1), date);
    expect(Buffer.from(reseeded.bands.red.samples.buffer).equals(Buffer.from(first.bands.red.samples.buffer))).toBe(false);
  });
});

describe('sites', () => {
  it('group nearby fields into one scene and put each site in its own UTM zone, with edges on the 20 m grid', () => {
    const sites = groupIntoSites([harareMaize, lusakaSoybean, harareSoybean, lilongweTobacco]);
    expect(sites.map((site) => [site.id, site.grid10m.epsg, site.fields.map((field) => field.id)])).toEqual([
      ['36S-1', 32736, ['harare-maize', 'harare-soybean']],
      ['35S-1', 32735, ['lusaka-soybean']],
      ['36S-2', 32736, ['lilongwe-tobacco']],
    ]);
    for (const { grid10m } of sites) {
      expect([grid10m.originX % 20, grid10m.originY % 20, grid10m.width % 2, grid10m.height % 2]).toEqual([0, 0, 0, 0]);
      // Fields of a few hectares with 500 m around them: scenes of a couple of hundred pixels.
      expect(grid10m.width * grid10m.height).toBeLessThan(300 * 300);
    }
  });
});
