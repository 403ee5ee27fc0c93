import { ADJUSTABLE_ALERT_THRESHOLDS } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { checkThresholds, thresholdInputsOf } from './thresholds-form.ts';

const defaults = ADJUSTABLE_ALERT_THRESHOLDS;
const outOfRange = ({ min, max, whole }: { min: number; max: number; whole: boolean }) =>
  `${whole ? 'Whole, f' : 'F'}rom ${min} to ${max}.`;

describe('the alert thresholds form', () => {
  it('sends only the boxes filled in, as numbers (a comma or a typographic minus read too)', () => {
    const inputs = { ...thresholdInputsOf({}), frostMinTemperatureC: '−1,5', heavyRainDayMm: ' 30 ' };
    expect(checkThresholds(inputs, defaults, outOfRange)).toEqual({
      data: { frostMinTemperatureC: -1.5, heavyRainDayMm: 30 },
      errors: null,
    });
    expect(checkThresholds(thresholdInputsOf({}), defaults, outOfRange)).toEqual({ data: {}, errors: null });
  });

  it('says beside each box what is outside its range or not a number', () => {
    const inputs = { ...thresholdInputsOf({ ndviDrop: 0.2 }), heavyRainDayMm: '500', drySpellDays: 'ten' };
    expect(checkThresholds(inputs, defaults, outOfRange)).toEqual({
      data: null,
      errors: { heavyRainDayMm: 'From 10 to 150.', drySpellDays: 'Whole, from 5 to 30.' },
    });
  });

  it('takes a dry spell only in whole days', () => {
    expect(checkThresholds({ ...thresholdInputsOf({}), drySpellDays: '7.5' }, defaults, outOfRange)).toEqual({
      data: null,
      errors: { drySpellDays: 'Whole, from 5 to 30.' },
    });
    expect(checkThresholds({ ...thresholdInputsOf({}), drySpellDays: '8' }, defaults, outOfRange).data).toEqual({ drySpellDays: 8 });
  });

  it('fills the boxes with the organisation’s own values and leaves the defaults empty', () => {
    const inputs = thresholdInputsOf({ ndviDrop: 0.15 });
    expect(inputs.ndviDrop).toBe('0.15');
    expect(inputs.frostMinTemperatureC).toBe('');
  });
});
