import { describe, expect, it } from 'vitest';
import { checkZoneRates, MAX_RATE_KG_PER_HA, prescriptionTotalKg, startingRates, zoneColour } from './zone-rates.ts';

describe('checkZoneRates', () => {
  it('reads the typed rates as kg/ha, a decimal comma included', () => {
    expect(checkZoneRates(['120', ' 150.5 ', '180,5'])).toEqual({ ok: true, ratesKgPerHa: [120, 150.5, 180.5] });
  });

  it('names what is wrong with each zone and leaves the good ones alone', () => {
    const check = checkZoneRates(['', 'lots', '-5', String(MAX_RATE_KG_PER_HA + 1), '0']);
    expect(check).toEqual({
      ok: false,
      errors: [
        'Enter a rate in kg/ha.',
        'A rate is a number of kg/ha.',
        'A rate cannot be negative.',
        'A rate is at most 1000 kg/ha.',
        null,
      ],
    });
  });
});

describe('startingRates', () => {
  it('starts every zone at the advised rate, rounded to whole kg/ha', () => {
    expect(startingRates(3, 162.6)).toEqual(['163', '163', '163']);
  });
  it('leaves the boxes empty without advice', () => {
    expect(startingRates(4, null)).toEqual(['', '', '', '']);
  });
});

describe('prescriptionTotalKg', () => {
  it('adds rate × area over the zones', () => {
    const zones = [
      { zone: 1, areaHa: 2 },
      { zone: 2, areaHa: 3.5 },
      { zone: 3, areaHa: 1 },
    ];
    expect(prescriptionTotalKg(zones, ['100', '200', 'x'])).toBeCloseTo(2 * 100 + 3.5 * 200, 6);
  });
});

describe('zoneColour', () => {
  it('runs from the ramp’s first colour for zone 1 to its last for the top zone, all different', () => {
    const three = [1, 2, 3].map((zone) => zoneColour(zone, 3));
    expect(three[0]).toBe('#ffffcc');
    expect(three[2]).toBe('#006837');
    expect(new Set(three).size).toBe(3);
    expect(new Set([1, 2, 3, 4, 5].map((zone) => zoneColour(zone, 5))).size).toBe(5);
  });
});
