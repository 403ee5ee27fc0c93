import { ADJUSTABLE_ALERT_THRESHOLDS } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { checkThresholds, thresholdInputsOf, type ThresholdsOutOfOrder } from './thresholds-form.ts';

const defaults = ADJUSTABLE_ALERT_THRESHOLDS;
const outOfRange = ({ min, max, whole }: { min: number; max: number; whole: boolean }) =>
  `${whole ? 'Whole, f' : 'F'}rom ${min} to ${max}.`;
const outOfOrder = ({ dayMm, threeDayMm }: ThresholdsOutOfOrder) => `${dayMm} mm a day is more than ${threeDayMm} mm in three.`;

describe('the alert thresholds form', () => {
  it('sends only the boxes filled in, as numbers (a comma or a typographic minus read too)', () => {
    const inputs = { ...thresholdInputsOf({}), frostMinTemperatureC: '−1,5', heavyRainDayMm: ' 30 ' };
    expect(checkThresholds(inputs, defaults, outOfRange, outOfOrder)).toEqual({
      data: { frostMinTemperatureC: -1.5, heavyRainDayMm: 30 },
      errors: null,
    });
    expect(checkThresholds(thresholdInputsOf({}), defaults, outOfRange, outOfOrder)).toEqual({ data: {}, errors: null });
  });

  it('says beside each box what is outside its range or not a number', () => {
    const inputs = { ...thresholdInputsOf({ ndviDrop: 0.2 }), heavyRainDayMm: '500', drySpellDays: 'ten' };
    expect(checkThresholds(inputs, defaults, outOfRange, outOfOrder)).toEqual({
      data: null,
      errors: { heavyRainDayMm: 'From 10 to 150.', drySpellDays: 'Whole, from 5 to 30.' },
    });
  });

  it('takes a dry spell only in whole days', () => {
    expect(checkThresholds({ ...thresholdInputsOf({}), drySpellDays: '7.5' }, defaults, outOfRange, outOfOrder)).toEqual({
      data: null,
      errors: { drySpellDays: 'Whole, from 5 to 30.' },
    });
    expect(checkThresholds({ ...thresholdInputsOf({}), drySpellDays: '8' }, defaults, outOfRange, outOfOrder).data).toEqual({
      drySpellDays: 8,
    });
  });

  it('refuses a 1-day heavy-rain trigger above the 3-day one, beside the box set (the default standing for the other)', () => {
    const both = { ...thresholdInputsOf({}), heavyRainDayMm: '60', heavyRainThreeDayMm: '50' };
    expect(checkThresholds(both, defaults, outOfRange, outOfOrder)).toEqual({
      data: null,
      errors: { heavyRainDayMm: '60 mm a day is more than 50 mm in three.' },
    });
    // The 3-day trigger alone, under the 25 mm default of the 1-day one.
    const threeDayOnly = { ...thresholdInputsOf({}), heavyRainThreeDayMm: '20' };
    expect(checkThresholds(threeDayOnly, defaults, outOfRange, outOfOrder)).toEqual({
      data: null,
      errors: { heavyRainThreeDayMm: '25 mm a day is more than 20 mm in three.' },
    });
    expect(checkThresholds({ ...both, heavyRainThreeDayMm: '60' }, defaults, outOfRange, outOfOrder).data).toEqual({
      heavyRainDayMm: 60,
      heavyRainThreeDayMm: 60,
    });
  });

  it('fills the boxes with the organisation’s own values and leaves the defaults empty', () => {
    const inputs = thresholdInputsOf({ ndviDrop: 0.15 });
    expect(inputs.ndviDrop).toBe('0.15');
    expect(inputs.frostMinTemperatureC).toBe('');
  });
});
