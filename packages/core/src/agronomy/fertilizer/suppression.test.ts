import { describe, expect, it } from 'vitest';
import {
  checkHeavyRainForecast,
  checkNitrogenAppliedRecently,
  checkRecentClearImage,
  checkSuppressionRules,
  checkTooLateInSeason,
  checkWaterlogging,
  ureaCaution,
  type Suppression,
  type SuppressionInput,
  type SuppressionRuleId,
} from './suppression.ts';

/** Every rule clear: light rain, dry field, day 35 of 80, last N 20 days ago, image 3 days old. */
const allClear: SuppressionInput = {
  today: '2025-02-14',
  soilTexture: 'loam',
  forecast: { rainNext48hMm: 8, rainNext72hMm: 12 },
  waterlogging: { waterBalanceSurplus: false, sclWaterShare: 0, ndwiPositiveShare: 0.02 },
  daysAfterPlanting: 35,
  lateSeasonStartDay: 80,
  lateSeasonLabel: 'tasselling',
  lastNitrogenApplicationDate: '2025-01-25',
  daysSinceClearImage: 3,
};

const fired = (input: SuppressionInput): Suppression[] =>
  checkSuppressionRules(input).filter((check): check is Suppression => check.suppressed);

describe('suppression rules', () => {
  it('none fires when all is clear', () => {
    const checks = checkSuppressionRules(allClear);
    expect(checks.map((check) => check.rule)).toEqual([
      'heavy-rain-forecast',
      'waterlogging',
      'too-late-in-season',
      'nitrogen-applied-recently',
      'no-recent-clear-image',
    ]);
    expect(checks.every((check) => !check.suppressed && check.checked)).toBe(true);
  });

  const cases: [SuppressionRuleId, Partial<SuppressionInput>, RegExp, { date: string | null; condition: RegExp }][] = [
    [
      'heavy-rain-forecast',
      { forecast: { rainNext48hMm: 30, rainNext72hMm: 35 } },
      /Heavy rain.*30 mm in the next 48 hours.*wash fertilizer below the roots.*The 25 mm limit is common extension advice, not a measured threshold/,
      { date: '2025-02-16', condition: /rain has passed/ },
    ],
    [
      'waterlogging',
      { waterlogging: { waterBalanceSurplus: true } },
      /waterlogged.*more water than the soil can hold.*lost to the air/,
      { date: null, condition: /drained/ },
    ],
    ['waterlogging', { waterlogging: { sclWaterShare: 0.15 } }, /15 % of the field shows as water/, { date: null, condition: /drained/ }],
    [
      'waterlogging',
      { waterlogging: { ndwiPositiveShare: 0.2 } },
      /20 % of the field shows standing water/,
      { date: null, condition: /drained/ },
    ],
    [
      'too-late-in-season',
      { daysAfterPlanting: 85 },
      /85 days after planting, past tasselling.*little or no extra yield/,
      { date: null, condition: /next season/ },
    ],
    [
      'nitrogen-applied-recently',
      { lastNitrogenApplicationDate: '2025-02-08' },
      /6 days ago \(8 Feb\).*within 14 days.*The 14-day gap is common extension advice, not a measured threshold/,
      { date: '2025-02-22', condition: /14 days after/ },
    ],
    [
      'no-recent-clear-image',
      { daysSinceClearImage: 12 },
      /12 days old.*NDRE.*soil test and target yield does not need imagery/,
      { date: null, condition: /next clear satellite image/ },
    ],
  ];

  it.each(cases)('%s fires alone and explains itself', (rule, change, reason, lookAgain) => {
    const suppressions = fired({ ...allClear, ...change });
    expect(suppressions.map((suppression) => suppression.rule)).toEqual([rule]);
    const [suppression] = suppressions;
    expect(suppression?.reason).toMatch(reason);
    expect(suppression?.lookAgainAfter.date).toBe(lookAgain.date);
    expect(suppression?.lookAgainAfter.condition).toMatch(lookAgain.condition);
  });

  it('heavy rain: 25 mm in 48 h fires, 24.9 mm does not', () => {
    expect(checkHeavyRainForecast({ ...allClear, forecast: { rainNext48hMm: 25, rainNext72hMm: 25 } }).suppressed).toBe(true);
    expect(checkHeavyRainForecast({ ...allClear, forecast: { rainNext48hMm: 24.9, rainNext72hMm: 24.9 } }).suppressed).toBe(false);
  });

  it('heavy rain on sand: 50 mm in 3 days fires on sand only, and says the limit is not a measured one', () => {
    const forecast = { rainNext48hMm: 20, rainNext72hMm: 55 };
    const onSand = checkHeavyRainForecast({ ...allClear, forecast, soilTexture: 'sand' });
    expect(onSand).toMatchObject({ suppressed: true, standing: 'unverified', lookAgainAfter: { date: '2025-02-17' } });
    expect((onSand as Suppression).reason).toMatch(
      /sandy soil.*55 mm in the next 3 days.*our stricter version of that advice, not a measured threshold/,
    );
    expect(checkHeavyRainForecast({ ...allClear, forecast, soilTexture: 'loamy-sand' }).suppressed).toBe(true);
    expect(checkHeavyRainForecast({ ...allClear, forecast, soilTexture: 'clay' }).suppressed).toBe(false);
    expect(
      checkHeavyRainForecast({ ...allClear, forecast: { rainNext48hMm: 20, rainNext72hMm: 49 }, soilTexture: 'sand' }).suppressed,
    ).toBe(false);
  });

  it('waterlogging: under 10 % standing water is not waterlogging', () => {
    expect(
      checkWaterlogging({ waterlogging: { sclWaterShare: 0.09, ndwiPositiveShare: 0.09, waterBalanceSurplus: false } }).suppressed,
    ).toBe(false);
    expect(checkWaterlogging({ waterlogging: { sclWaterShare: 0.1 } }).suppressed).toBe(true);
  });

  it('too late: fires from the first day of the mid-season stage', () => {
    expect(checkTooLateInSeason({ ...allClear, daysAfterPlanting: 79 }).suppressed).toBe(false);
    expect(checkTooLateInSeason({ ...allClear, daysAfterPlanting: 80 }).suppressed).toBe(true);
  });

  it('recent N: 13 days ago holds, 14 days ago does not', () => {
    expect(checkNitrogenAppliedRecently({ today: '2025-02-14', lastNitrogenApplicationDate: '2025-02-01' }).suppressed).toBe(true);
    expect(checkNitrogenAppliedRecently({ today: '2025-02-14', lastNitrogenApplicationDate: '2025-01-31' }).suppressed).toBe(false);
    expect(checkNitrogenAppliedRecently({ today: '2025-02-14', lastNitrogenApplicationDate: null }).suppressed).toBe(false);
  });

  it('clear image: 10 days old is recent, 11 days or none is not, and only the NDRE top-up is held', () => {
    expect(checkRecentClearImage({ daysSinceClearImage: 10 }).suppressed).toBe(false);
    expect(checkRecentClearImage({ daysSinceClearImage: 11 })).toMatchObject({ suppressed: true, appliesTo: 'ndre-top-up' });
    expect(checkRecentClearImage({ daysSinceClearImage: null })).toMatchObject({
      suppressed: true,
      reason: expect.stringMatching(/no clear satellite image/),
    });
  });

  it('rules without data are not fired but say they were not checked', () => {
    const checks = checkSuppressionRules({ ...allClear, forecast: null, waterlogging: null, daysAfterPlanting: null });
    const unchecked = checks.filter((check) => !check.suppressed && !check.checked).map((check) => check.rule);
    expect(unchecked).toEqual(['heavy-rain-forecast', 'waterlogging', 'too-late-in-season']);
  });
});

describe('urea caution', () => {
  it('recommends CAN or AN (or working it in) when less than 6 mm is forecast in 3 days', () => {
    expect(ureaCaution({ rainNext48hMm: 0, rainNext72hMm: 2 })).toMatch(/38–46 %.*use CAN or AN instead of urea/);
    expect(ureaCaution(null)).toMatch(/no forecast/);
  });

  it('is silent when enough rain is coming to wash urea in', () => {
    expect(ureaCaution({ rainNext48hMm: 8, rainNext72hMm: 12 })).toBeNull();
  });
});
