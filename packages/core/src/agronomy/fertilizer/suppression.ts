/**
 * Fertilizer suppression logic (science brief §5): reasons to hold back fertilizer that would otherwise be
 * recommended. Each rule is a pure function; a rule that fires returns what it holds back, why (in words a farmer
 * understands), and when to look again. Held-back advice is still shown, with the rule that holds it.
 *
 * | rule                        | fires when                                                        | holds back            | standing |
 * | heavy-rain-forecast         | ≥ 25 mm rain in 48 h, or ≥ 50 mm in 72 h on sand                  | every application now | ✖ (25 mm unmarked product rule; sand rule ✖) |
 * | waterlogging                | water-balance surplus, or ≥ 10 % of the field SCL water / NDWI > 0 | every application now | signals ✔, 10 % ✖ |
 * | too-late-in-season          | at or past the start of the FAO-56 mid-season (maize: tasselling)  | everything this season | ✖ |
 * | nitrogen-applied-recently   | N applied less than 14 days ago                                   | N top-dresses         | ✖ |
 * | no-recent-clear-image       | no clear image in the last 10 days                                | the NDRE-based top-up only | ✖ |
 *
 * The soil-based plan (basal and top-dress from the soil test and target yield) does not depend on imagery, so the
 * image rule never holds it: a cloudy spell must not stop a farmer top-dressing on time.
 */
import { addDays, daysBetween, formatDayMonth } from '../../dates.ts';
import { SUPPRESSION, UREA, type SourceStanding } from './coefficients.ts';
import { isSandyTexture, type FertilizerSoilTexture } from './crop-nutrient-profiles.ts';

export type SuppressionRuleId =
  'heavy-rain-forecast' | 'waterlogging' | 'too-late-in-season' | 'nitrogen-applied-recently' | 'no-recent-clear-image';

/** Which advice a rule holds back. */
export type SuppressionScope = 'all-applications' | 'nitrogen-top-dress' | 'ndre-top-up';

export interface LookAgainAfter {
  /** The first day worth looking again (YYYY-MM-DD), or null when it depends on a condition only. */
  date: string | null;
  condition: string;
}

export interface Suppression {
  suppressed: true;
  rule: SuppressionRuleId;
  reason: string;
  lookAgainAfter: LookAgainAfter;
  appliesTo: SuppressionScope;
  standing: SourceStanding;
  source: string;
}

export interface SuppressionClear {
  suppressed: false;
  rule: SuppressionRuleId;
  /** False when the rule lacked the data to be checked (e.g. no forecast). */
  checked: boolean;
  note: string;
}

export type SuppressionCheck = Suppression | SuppressionClear;

/** Forecast rain totals for the field. */
export interface WeatherForecastSummary {
  rainNext48hMm: number;
  rainNext72hMm: number;
}

/** Waterlogging signals (science brief §3.3 and §5); shares are 0–1 of the field's valid pixels. */
export interface WaterloggingSignals {
  /** The FAO-56 soil-water balance shows more water than the root zone holds (deep percolation / surplus). */
  waterBalanceSurplus?: boolean | null;
  /** Share of the field classed as water (SCL = 6) in the latest clear image. */
  sclWaterShare?: number | null;
  /** Share of the field with McFeeters NDWI > 0 (open water) in the latest clear image. */
  ndwiPositiveShare?: number | null;
}

export interface SuppressionInput {
  today: string;
  soilTexture?: FertilizerSoilTexture | null;
  forecast?: WeatherForecastSummary | null;
  waterlogging?: WaterloggingSignals | null;
  /** Null when the planting date is unknown or the crop is not planted. */
  daysAfterPlanting: number | null;
  /** First day of the FAO-56 mid-season stage (maize: tasselling ✖). */
  lateSeasonStartDay: number;
  lateSeasonLabel: string;
  lastNitrogenApplicationDate: string | null;
  /** Days since the last clear satellite image of the field; null when there is none. */
  daysSinceClearImage: number | null;
}

const clear = (rule: SuppressionRuleId, note: string, checked = true): SuppressionClear => ({ suppressed: false, rule, checked, note });

/** Heavy rain forecast → leaching and run-off risk. */
export function checkHeavyRainForecast(input: Pick<SuppressionInput, 'today' | 'forecast' | 'soilTexture'>): SuppressionCheck {
  const rule = 'heavy-rain-forecast';
  const { forecast } = input;
  if (!forecast)
    return clear(rule, 'No weather forecast: the heavy-rain rule could not be checked. Look at the forecast before spreading.', false);
  const limit48 = SUPPRESSION.heavyRain48hMm;
  const limitSand = SUPPRESSION.heavyRainOnSand72hMm;
  const washOff =
    'Rain this heavy can wash fertilizer below the roots or off the field before the crop takes it up, so the money would be lost.';
  if (forecast.rainNext48hMm >= limit48.value) {
    return {
      suppressed: true,
      rule,
      reason: `Heavy rain is forecast: ${forecast.rainNext48hMm} mm in the next 48 hours. ${washOff} Hold the fertilizer until it has passed. (The ${limit48.value} mm limit is common extension advice, not a measured threshold.)`,
      lookAgainAfter: {
        date: addDays(input.today, 2),
        condition: 'after the heavy rain has passed and the soil is firm enough to walk on',
      },
      appliesTo: 'all-applications',
      standing: limit48.standing,
      source: limit48.source,
    };
  }
  if (isSandyTexture(input.soilTexture) && forecast.rainNext72hMm >= limitSand.value) {
    return {
      suppressed: true,
      rule,
      reason: `Heavy rain is forecast on sandy soil: ${forecast.rainNext72hMm} mm in the next 3 days. Sand holds little water, so ${washOff.charAt(0).toLowerCase()}${washOff.slice(1)} Hold the fertilizer until it has passed. (The ${limitSand.value} mm-in-3-days limit for sand is our stricter version of that advice, not a measured threshold.)`,
      lookAgainAfter: {
        date: addDays(input.today, 3),
        condition: 'after the heavy rain has passed and the soil is firm enough to walk on',
      },
      appliesTo: 'all-applications',
      standing: limitSand.standing,
      source: limitSand.source,
    };
  }
  return clear(
    rule,
    `Forecast rain ${forecast.rainNext48hMm} mm in 48 h and ${forecast.rainNext72hMm} mm in 72 h: below the heavy-rain limits.`,
  );
}

const pct = (share: number): string => `${Math.round(share * 100)} %`;

/** Waterlogged field → N lost to the air (denitrification) and leaching; roots in saturated soil take up little. */
export function checkWaterlogging(input: Pick<SuppressionInput, 'waterlogging'>): SuppressionCheck {
  const rule = 'waterlogging';
  const signals = input.waterlogging;
  if (!signals || (signals.waterBalanceSurplus == null && signals.sclWaterShare == null && signals.ndwiPositiveShare == null)) {
    return clear(rule, 'No waterlogging signals (soil-water balance or satellite water map): the rule could not be checked.', false);
  }
  const limit = SUPPRESSION.waterloggedShare.value;
  const evidence: string[] = [];
  if (signals.waterBalanceSurplus) evidence.push('the soil-water balance shows more water than the soil can hold');
  if ((signals.sclWaterShare ?? 0) >= limit)
    evidence.push(`${pct(signals.sclWaterShare ?? 0)} of the field shows as water in the latest satellite image`);
  if ((signals.ndwiPositiveShare ?? 0) >= limit)
    evidence.push(`${pct(signals.ndwiPositiveShare ?? 0)} of the field shows standing water (NDWI above 0)`);
  if (evidence.length === 0) return clear(rule, 'No sign of waterlogging in the soil-water balance or the satellite water map.');
  return {
    suppressed: true,
    rule,
    reason:
      `The field looks waterlogged: ${evidence.join('; ')}. Nitrogen put on waterlogged soil is lost to the air and washed away, ` +
      `and roots in wet soil take up little, so wait until the field drains. (Standing water counts when it covers at least ${pct(limit)} of the field: our threshold, not a measured one.)`,
    lookAgainAfter: {
      date: null,
      condition:
        'when the field has drained: no standing water on the next clear satellite image and no water surplus in the soil-water balance',
    },
    appliesTo: 'all-applications',
    standing: 'sourced',
    source: `Signals: the FAO-56 water balance surplus, the Sentinel-2 scene classification (water) and McFeeters NDWI above 0. Share threshold: ${SUPPRESSION.waterloggedShare.source}`,
  };
}

/** Past the point where fertilizer still raises yield (maize: tasselling). */
export function checkTooLateInSeason(
  input: Pick<SuppressionInput, 'daysAfterPlanting' | 'lateSeasonStartDay' | 'lateSeasonLabel'>,
): SuppressionCheck {
  const rule = 'too-late-in-season';
  const dap = input.daysAfterPlanting;
  if (dap === null) return clear(rule, 'Planting date unknown: the late-season rule could not be checked.', false);
  if (dap < input.lateSeasonStartDay)
    return clear(rule, `Day ${dap} after planting: before ${input.lateSeasonLabel}, day ${input.lateSeasonStartDay}.`);
  return {
    suppressed: true,
    rule,
    reason:
      `The crop is ${dap} days after planting, past ${input.lateSeasonLabel} at about day ${input.lateSeasonStartDay}. ` +
      'Fertilizer now gives little or no extra yield, so it is not worth buying this season; use these figures to plan next season.',
    lookAgainAfter: { date: null, condition: 'next season, at planting' },
    appliesTo: 'all-applications',
    standing: 'unverified',
    source:
      'Common extension advice that fertilizer after tasselling rarely pays; tasselling is placed at the start of the FAO-56 mid-season stage, an approximation',
  };
}

/** N applied less than ~14 days ago: let it work before adding more. */
export function checkNitrogenAppliedRecently(input: Pick<SuppressionInput, 'today' | 'lastNitrogenApplicationDate'>): SuppressionCheck {
  const rule = 'nitrogen-applied-recently';
  const last = input.lastNitrogenApplicationDate;
  const gap = SUPPRESSION.nitrogenRecentDays;
  if (last === null) return clear(rule, 'No nitrogen applied yet this season.');
  const daysSince = daysBetween(last, input.today);
  if (daysSince >= gap.value || daysSince < 0)
    return clear(rule, `Last nitrogen ${daysSince} days ago (on ${formatDayMonth(last, input.today)}).`);
  return {
    suppressed: true,
    rule,
    reason:
      `Nitrogen was put on ${daysSince === 0 ? 'today' : daysSince === 1 ? 'yesterday' : `${daysSince} days ago`} (${formatDayMonth(last, input.today)}). ` +
      `Give it time to reach the roots and show in the crop before adding more: a second dose within ${gap.value} days risks paying for N the crop cannot use yet. ` +
      `(The ${gap.value}-day gap is common extension advice, not a measured threshold.)`,
    lookAgainAfter: { date: addDays(last, gap.value), condition: `${gap.value} days after the last nitrogen` },
    appliesTo: 'nitrogen-top-dress',
    standing: gap.standing,
    source: gap.source,
  };
}

/** The NDRE-based top-up needs a recent clear view of the crop. */
export function checkRecentClearImage(input: Pick<SuppressionInput, 'daysSinceClearImage'>): SuppressionCheck {
  const rule = 'no-recent-clear-image';
  const maxAge = SUPPRESSION.clearImageMaxAgeDays;
  const age = input.daysSinceClearImage;
  if (age !== null && age <= maxAge.value) return clear(rule, `Last clear satellite image ${age} days ago.`);
  return {
    suppressed: true,
    rule,
    reason:
      (age === null ? 'There is no clear satellite image of the field' : `The last clear satellite image is ${age} days old`) +
      `: the extra nitrogen suggested from the crop's colour (NDRE) needs a view from the last ${maxAge.value} days (our choice), because the crop changes quickly. ` +
      'It waits for a new clear image. The plan from your soil test and target yield does not need imagery and is not held back.',
    lookAgainAfter: { date: null, condition: 'after the next clear satellite image (no cloud over the field)' },
    appliesTo: 'ndre-top-up',
    standing: maxAge.standing,
    source: maxAge.source,
  };
}

/** Every suppression rule, in a fixed order. */
export function checkSuppressionRules(input: SuppressionInput): SuppressionCheck[] {
  return [
    checkHeavyRainForecast(input),
    checkWaterlogging(input),
    checkTooLateInSeason(input),
    checkNitrogenAppliedRecently(input),
    checkRecentClearImage(input),
  ];
}

/**
 * Urea caution (science brief §5 ✔): urea needs ~6–13 mm of rain (or working into the soil) to stop N escaping
 * as ammonia; left on the surface at 25 °C without rain it loses 38–46 % of its N in 5 days. Returns a note when
 * less than 6 mm is forecast in the next 72 h (the 72 h window is our choice ✖), or when there is no forecast.
 */
export function ureaCaution(forecast: WeatherForecastSummary | null | undefined): string | null {
  const base = `Urea needs about 6–13 mm of rain to wash it into the soil; left on the surface in warm weather it can lose 38–46 % of its nitrogen in 5 days (published field measurements).`;
  if (!forecast) return `${base} There is no forecast: work the urea into the soil, or use CAN or AN, unless rain is sure.`;
  if (forecast.rainNext72hMm < UREA.incorporatingRainMm.value) {
    return `${base} Only ${forecast.rainNext72hMm} mm is forecast in the next 3 days (at least ${UREA.incorporatingRainMm.value} mm is needed): use CAN or AN instead of urea, or work the urea into the soil straight away.`;
  }
  return null;
}
