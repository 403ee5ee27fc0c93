import { describe, expect, it } from 'vitest';
import { offsetLooksWrong, reflectanceRuleFor, toReflectance } from './reflectance.ts';

const v1 = { collection: 'sentinel-2-l2a' };

describe('Sentinel-2 reflectance rule (science brief §1.2)', () => {
  it('divides by 10,000 before processing baseline 04.00', () => {
    const rule = reflectanceRuleFor({ ...v1, boaOffsetApplied: null, processingBaseline: '03.01' });
    expect(rule.basis).toBe('before-baseline-04');
    expect(Array.from(toReflectance([1500], rule))[0]).toBeCloseTo(0.15, 6);
  });

  it('takes 1,000 off from baseline 04.00 when the item does not say the offset was applied', () => {
    for (const boaOffsetApplied of [false, null]) {
      const rule = reflectanceRuleFor({ ...v1, boaOffsetApplied, processingBaseline: '05.09' });
      expect(rule.basis).toBe('baseline-04-offset');
      expect(Array.from(toReflectance([2500], rule))[0]).toBeCloseTo(0.15, 6);
    }
  });

  it('does not take the offset off twice when Earth Search already applied it', () => {
    const rule = reflectanceRuleFor({ ...v1, boaOffsetApplied: true, processingBaseline: '05.09' });
    expect(rule.basis).toBe('offset-already-applied');
    expect(Array.from(toReflectance([1500], rule))[0]).toBeCloseTo(0.15, 6);
  });

  it('uses raster:bands scale and offset for collections serving raw numbers', () => {
    const rule = reflectanceRuleFor({
      collection: 'sentinel-2-c1-l2a',
      boaOffsetApplied: null,
      processingBaseline: '05.10',
      bandScale: 0.0001,
      bandOffset: -0.1,
    });
    expect(rule.basis).toBe('raster-bands');
    expect(Array.from(toReflectance([2500], rule))[0]).toBeCloseTo(0.15, 6);
  });

  it('reads DN 0 as no data, whatever the rule', () => {
    const rule = reflectanceRuleFor({ ...v1, boaOffsetApplied: false, processingBaseline: '04.00' });
    expect(Number.isNaN(toReflectance([0], rule)[0])).toBe(true);
  });

  it('flags a scene whose vegetation comes out with negative red (offset applied twice)', () => {
    const scl = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 9, 9];
    const healthy = [0.03, 0.04, 0.05, 0.02, 0.03, 0.04, 0.03, 0.05, 0.04, 0.03, -0.2, -0.2];
    expect(offsetLooksWrong(healthy, scl)).toEqual({ suspect: false, negativeShare: 0 });
    const twice = healthy.map((red) => red - 0.1);
    expect(offsetLooksWrong(twice, scl)).toEqual({ suspect: true, negativeShare: 1 });
  });
});

describe('each band its own scale and offset', () => {
  const c1 = {
    collection: 'sentinel-2-c1-l2a',
    boaOffsetApplied: null,
    processingBaseline: '05.10',
    bands: { red: { scale: 0.0001, offset: -0.1 }, nir: { scale: 0.0002, offset: 0 } },
  };

  it('takes a raw-DN band’s rule from its own raster:bands', () => {
    expect(reflectanceRuleFor(c1, 'red')).toEqual({ scale: 0.0001, offset: -0.1, basis: 'raster-bands' });
    expect(reflectanceRuleFor(c1, 'nir')).toEqual({ scale: 0.0002, offset: 0, basis: 'raster-bands' });
  });

  it('falls back to the scene-wide scale, then to the 2022 rule, for a band without its own', () => {
    expect(reflectanceRuleFor({ ...c1, bandScale: 0.0001, bandOffset: -0.1 }, 'blue')).toMatchObject({
      offset: -0.1,
      basis: 'raster-bands',
    });
    expect(reflectanceRuleFor(c1, 'blue').basis).toBe('baseline-04-offset');
  });

  it('ignores Earth Search v1’s raster:bands: its item flag says whether the offset was applied', () => {
    const v1Item = { ...c1, collection: 'sentinel-2-l2a', boaOffsetApplied: true };
    expect(reflectanceRuleFor(v1Item, 'red')).toEqual({ scale: 0.0001, offset: 0, basis: 'offset-already-applied' });
  });
});
