import { describe, expect, it } from 'vitest';
import { cropCatalogue, findCropType, type CropType } from './crop-catalogue.ts';
import { cropTypeSchema } from './crop-type-schema.ts';

const STAGES = ['initial', 'development', 'midSeason', 'lateSeason'] as const;
const POINTS = ['initial', 'midSeason', 'end'] as const;

function get(id: string): CropType {
  const entry = findCropType(id);
  if (!entry) throw new Error(`no catalogue entry ${id}`);
  return entry;
}

function stages(entry: CropType): number[] {
  return STAGES.map((stage) => entry.stageLengthsDays[stage]);
}

function kc(entry: CropType): number[] {
  return POINTS.map((point) => entry.kc[point]);
}

function kcb(entry: CropType): number[] | null {
  const { kcb: basal } = entry;
  return basal === null ? null : POINTS.map((point) => basal[point]);
}

describe('crop catalogue: shape and invariants', () => {
  it('has at least 50 entries', () => {
    expect(cropCatalogue.length).toBeGreaterThanOrEqual(50);
  });

  it('has unique, slug-shaped ids', () => {
    const ids = cropCatalogue.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('has slug-shaped base crop names', () => {
    for (const entry of cropCatalogue) expect(entry.crop).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(cropCatalogue.map((entry) => [entry.id, entry] as const))('%s parses with cropTypeSchema', (_id, entry) => {
    expect(cropTypeSchema.parse(entry)).toEqual(entry);
  });

  it('has stage lengths that are positive whole days', () => {
    for (const entry of cropCatalogue) {
      for (const days of stages(entry)) {
        expect(Number.isInteger(days), entry.id).toBe(true);
        expect(days, entry.id).toBeGreaterThan(0);
      }
    }
  });

  it('keeps every Kc within 0 < Kc ≤ 1.4', () => {
    for (const entry of cropCatalogue) {
      for (const value of kc(entry)) {
        expect(value, entry.id).toBeGreaterThan(0);
        expect(value, entry.id).toBeLessThanOrEqual(1.4);
      }
    }
  });

  it('never has a basal Kcb above the single Kc for the same stage', () => {
    for (const entry of cropCatalogue) {
      const basal = kcb(entry);
      if (basal === null) continue;
      const single = kc(entry);
      basal.forEach((value, i) => {
        expect(value, `${entry.id} ${POINTS[i]}`).toBeGreaterThan(0);
        expect(value, `${entry.id} ${POINTS[i]}`).toBeLessThanOrEqual(single[i] ?? Number.NaN);
      });
    }
  });

  it('keeps the depletion fraction p within 0.1–0.8', () => {
    for (const entry of cropCatalogue) {
      expect(entry.depletionFraction, entry.id).toBeGreaterThanOrEqual(0.1);
      expect(entry.depletionFraction, entry.id).toBeLessThanOrEqual(0.8);
    }
  });

  it('has a root-depth range with min ≤ max, in metres', () => {
    for (const entry of cropCatalogue) {
      expect(entry.maxRootDepthM.min, entry.id).toBeGreaterThan(0);
      expect(entry.maxRootDepthM.min, entry.id).toBeLessThanOrEqual(entry.maxRootDepthM.max);
      expect(entry.maxRootDepthM.max, entry.id).toBeLessThanOrEqual(3);
    }
  });

  it('cites at least one source for every entry', () => {
    for (const entry of cropCatalogue) {
      expect(entry.sources.length, entry.id).toBeGreaterThan(0);
      for (const source of entry.sources) expect(source.trim(), entry.id).not.toBe('');
    }
  });

  it('covers the main southern-African field crops', () => {
    const crops = new Set(cropCatalogue.map((entry) => entry.crop));
    for (const crop of ['maize', 'soybean', 'tobacco', 'groundnut', 'sorghum', 'wheat', 'cotton', 'sugarcane']) {
      expect(crops.has(crop), crop).toBe(true);
    }
  });

  it('gives varieties a variety name and a base crop shared with the generic entry', () => {
    const maizeVarieties = cropCatalogue.filter((entry) => entry.crop === 'maize' && entry.variety !== null);
    expect(maizeVarieties.length).toBeGreaterThanOrEqual(3);
    for (const entry of maizeVarieties) {
      expect(entry.id.startsWith('maize-grain-')).toBe(true);
      expect(entry.notes, entry.id).toMatch(/Table 11/);
    }
    expect(get('maize-grain').variety).toBeNull();
  });
});

describe('crop catalogue: FAO-56 anchors', () => {
  it('maize grain: a Zimbabwe summer season of 120–150 days by default, dry-harvest Kc end', () => {
    const maize = get('maize-grain');
    expect(maize.crop).toBe('maize');
    expect(maize.category).toBe('cereal');
    expect(stages(maize)).toEqual([25, 40, 45, 30]);
    const seasonDays = stages(maize).reduce((sum, days) => sum + days, 0);
    expect(seasonDays).toBeGreaterThanOrEqual(120);
    expect(seasonDays).toBeLessThanOrEqual(150);
    expect(maize.region).toMatch(/Zimbabwe/);
    // The 180-day East African highland row stays as the late maturity class.
    expect(stages(get('maize-grain-late'))).toEqual([30, 50, 60, 40]);
    expect(kc(maize)).toEqual([0.3, 1.2, 0.35]);
    expect(kcb(maize)).toEqual([0.15, 1.15, 0.15]);
    expect(maize.maxRootDepthM).toEqual({ min: 1.0, max: 1.7 });
    expect(maize.depletionFraction).toBe(0.55);
    expect(maize.maxHeightM).toBe(2);
    expect(maize.sources.join(' ')).toMatch(/0\.60–0\.35/);
  });

  it('maize SC 727 is a late-maturing maize variety', () => {
    const sc727 = get('maize-grain-sc727');
    expect(sc727.crop).toBe('maize');
    expect(sc727.variety).toMatch(/SC 727/);
    expect(sc727.variety).toMatch(/late/i);
  });

  it('soybean: central-USA row (or the noted tropics row) and Table 12/17/22 values', () => {
    const soybean = get('soybean');
    const s = stages(soybean);
    if (s[0] === 15) {
      expect(s).toEqual([15, 15, 40, 15]);
      expect(soybean.notes).toMatch(/tropic/i);
    } else {
      expect(s).toEqual([20, 35, 60, 25]);
    }
    expect(kc(soybean)).toEqual([0.4, 1.15, 0.5]);
    expect(kcb(soybean)).toEqual([0.15, 1.1, 0.3]);
    expect(soybean.maxRootDepthM).toEqual({ min: 0.6, max: 1.3 });
    expect(soybean.depletionFraction).toBe(0.5);
  });

  it('cotton: values chosen inside the FAO-56 ranges, and the choice is noted', () => {
    const cotton = get('cotton');
    expect(stages(cotton)).toEqual([30, 50, 60, 55]);
    expect(kc(cotton)).toEqual([0.35, 1.18, 0.6]);
    expect(cotton.kc.midSeason).toBeGreaterThanOrEqual(1.15);
    expect(cotton.kc.midSeason).toBeLessThanOrEqual(1.2);
    expect(cotton.sources.join(' ')).toMatch(/1\.15–1\.20/);
    expect(cotton.sources.join(' ')).toMatch(/0\.70–0\.50/);
    expect(cotton.maxRootDepthM).toEqual({ min: 1.0, max: 1.7 });
    expect(cotton.depletionFraction).toBe(0.65);
  });

  it('potato', () => {
    const potato = get('potato');
    expect(kc(potato)).toEqual([0.5, 1.15, 0.75]);
    expect(potato.maxRootDepthM).toEqual({ min: 0.4, max: 0.6 });
    expect(potato.depletionFraction).toBe(0.35);
  });

  it('sugarcane: virgin (plant) cane and ratoon', () => {
    const virgin = get('sugarcane-virgin');
    expect(stages(virgin)).toEqual([35, 60, 190, 120]);
    expect(kc(virgin)).toEqual([0.4, 1.25, 0.75]);
    expect(virgin.depletionFraction).toBe(0.65);
    const ratoon = get('sugarcane-ratoon');
    expect(ratoon.crop).toBe('sugarcane');
    expect(stages(ratoon)).toEqual([25, 70, 135, 50]);
  });

  it('tobacco: says it is in no FAO-56 table and names FAO-33', () => {
    const tobacco = get('tobacco-flue-cured');
    expect(tobacco.crop).toBe('tobacco');
    expect(tobacco.notes).toMatch(/no FAO-56 table/);
    expect(tobacco.notes).toMatch(/FAO Irrigation and Drainage Paper 33|FAO-33/);
    expect(tobacco.sources.join(' ')).toMatch(/Paper 33/);
    expect(tobacco.kcb).toBeNull();
  });

  it('dry bean', () => {
    const bean = get('bean-dry');
    expect(stages(bean)).toEqual([20, 30, 40, 20]);
    expect(kc(bean)).toEqual([0.4, 1.15, 0.35]);
    expect(bean.depletionFraction).toBe(0.45);
  });

  it('sunflower: Kc mid inside the FAO-56 1.0–1.15 range', () => {
    const sunflower = get('sunflower');
    expect(stages(sunflower)).toEqual([25, 35, 45, 25]);
    expect(sunflower.kc.initial).toBe(0.35);
    expect(sunflower.kc.midSeason).toBeGreaterThanOrEqual(1.0);
    expect(sunflower.kc.midSeason).toBeLessThanOrEqual(1.15);
    expect(sunflower.kc.end).toBe(0.35);
    expect(sunflower.depletionFraction).toBe(0.45);
  });

  it('tomato: Kc end inside the FAO-56 0.70–0.90 range', () => {
    const tomato = get('tomato');
    expect(stages(tomato)).toEqual([30, 40, 40, 25]);
    expect(tomato.kc.initial).toBe(0.6);
    expect(tomato.kc.midSeason).toBe(1.15);
    expect(tomato.kc.end).toBeGreaterThanOrEqual(0.7);
    expect(tomato.kc.end).toBeLessThanOrEqual(0.9);
    expect(tomato.depletionFraction).toBe(0.4);
  });

  it('cabbage', () => {
    const cabbage = get('cabbage');
    expect(stages(cabbage)).toEqual([40, 60, 50, 15]);
    expect(kc(cabbage)).toEqual([0.7, 1.05, 0.95]);
    expect(cabbage.depletionFraction).toBe(0.45);
  });

  it('groundnut: West African row', () => {
    const groundnut = get('groundnut');
    expect(stages(groundnut)).toEqual([25, 35, 45, 25]);
    expect(groundnut.region).toMatch(/West Africa/);
    expect(kc(groundnut)).toEqual([0.4, 1.15, 0.6]);
    expect(groundnut.depletionFraction).toBe(0.5);
  });

  it('sorghum', () => {
    const sorghum = get('sorghum-grain');
    expect(sorghum.crop).toBe('sorghum');
    expect(stages(sorghum)).toEqual([20, 35, 40, 30]);
    expect(sorghum.depletionFraction).toBe(0.55);
  });

  it('winter wheat: May-sown southern-African wheat, Kc ini 0.4 and a season of about four months', () => {
    const wheat = get('wheat-winter');
    expect(wheat.kc.initial).toBe(0.4);
    expect(stages(wheat)).toEqual([15, 25, 50, 30]);
    expect(wheat.sources.join(' ')).toMatch(/0\.40 for frozen soils and 0\.70 for non-frozen soils/);
  });

  it('spring wheat: East African row, Kc end inside 0.25–0.4', () => {
    const wheat = get('wheat-spring');
    expect(wheat.crop).toBe('wheat');
    expect(stages(wheat)).toEqual([15, 30, 65, 40]);
    expect(wheat.region).toMatch(/East Africa/);
    expect(wheat.kc.initial).toBe(0.3);
    expect(wheat.kc.midSeason).toBe(1.15);
    expect(wheat.kc.end).toBeGreaterThanOrEqual(0.25);
    expect(wheat.kc.end).toBeLessThanOrEqual(0.4);
    expect(wheat.depletionFraction).toBe(0.55);
  });
});

describe('findCropType', () => {
  it('finds an entry by id', () => {
    expect(findCropType('maize-grain')?.name).toBe('Maize (grain)');
    for (const entry of cropCatalogue) expect(findCropType(entry.id)).toBe(entry);
  });

  it('returns undefined for unknown ids', () => {
    expect(findCropType('no-such-crop')).toBeUndefined();
    expect(findCropType('')).toBeUndefined();
    expect(findCropType('Maize-Grain')).toBeUndefined();
  });
});
