import { SOIL_NUTRIENT_THRESHOLDS_PPM, SOIL_PH_OPTIMAL } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { soilGauge, soilGauges } from './soil-gauges.ts';
import { soilTest } from './soil-test-fixture.ts';

describe('soil gauges', () => {
  it('lays the guide bands of N on the bar, rates with core and marks the value', () => {
    const gauge = soilGauge(soilTest({ nitrogen: 24 }), 'nitrogen');
    const { low, high } = SOIL_NUTRIENT_THRESHOLDS_PPM.nitrogen;
    expect(gauge.level).toBe('medium');
    expect(gauge.unit).toBe('ppm');
    expect(gauge.bands).toEqual([
      { level: 'low', from: 0, to: low },
      { level: 'medium', from: low, to: high },
      { level: 'high', from: high, to: high + (high - low) },
    ]);
    expect(gauge.scale).toEqual({ min: 0, max: 60 });
    expect(gauge.position).toBeCloseTo(24 / 60);
  });

  it('rates a value on a threshold as core does (20 ppm N is medium, 6.0 pH optimal) and places it on the edge', () => {
    const n = soilGauge(soilTest({ nitrogen: 20 }), 'nitrogen');
    expect(n.level).toBe('medium');
    expect(n.position).toBeCloseTo(20 / 60);
    const ph = soilGauge(soilTest({ ph: SOIL_PH_OPTIMAL.min }), 'ph');
    expect(ph.level).toBe('optimal');
    expect(ph.unit).toBe('');
    expect(ph.bands!.map((band) => [band.level, band.from, band.to])).toEqual([
      ['acidic', 4, 6],
      ['optimal', 6, 7],
      ['alkaline', 7, 9],
    ]);
    expect(ph.position).toBeCloseTo(2 / 5);
  });

  it('stretches the bar to hold a value beyond the drawn range, so the mark stays on it', () => {
    const k = soilGauge(soilTest({ potassium: 450 }), 'potassium');
    expect(k.level).toBe('high');
    expect(k.scale).toEqual({ min: 0, max: 450 });
    expect(k.position).toBe(1);
    const ph = soilGauge(soilTest({ ph: 3.2 }), 'ph');
    expect(ph.level).toBe('acidic');
    expect(ph.scale!.min).toBe(3.2);
    expect(ph.position).toBe(0);
  });

  it('does not rate N, P and K reported in %, nor organic matter and EC, which the guide does not band', () => {
    const percent = soilGauge(soilTest({ unit: '%', phosphorus: 0.2 }), 'phosphorus');
    expect(percent).toMatchObject({ value: 0.2, unit: '%', level: null, unrated: 'unit-not-ppm', bands: null, position: null });
    expect(soilGauge(soilTest({ organicMatter: 2.4 }), 'organicMatter')).toMatchObject({
      value: 2.4,
      unit: '%',
      level: null,
      unrated: 'no-guide-band',
    });
    expect(soilGauge(soilTest({ ec: 0.8 }), 'ec')).toMatchObject({ unit: 'dS/m', unrated: 'no-guide-band' });
  });

  it('shows N, P, K and pH always (a missing one as not measured) and organic matter and EC only when measured', () => {
    const without = soilGauges(soilTest({ potassium: null }));
    expect(without.map((gauge) => gauge.reading)).toEqual(['nitrogen', 'phosphorus', 'potassium', 'ph']);
    expect(without[2]).toMatchObject({ value: null, unrated: 'not-measured', bands: null });
    const full = soilGauges(soilTest({ organicMatter: 2.4, ec: 0.8 }));
    expect(full.map((gauge) => gauge.reading)).toEqual(['nitrogen', 'phosphorus', 'potassium', 'ph', 'organicMatter', 'ec']);
  });
});
