/**
 * The fertilizer recommendation for one field this season (science brief §5): nutrients still needed, when each
 * part goes on, how much of the chosen products (kg/ha, kg for the field, 50 kg bags), and which suppression rules
 * hold any of it back. Pure: the clock (`today`) and every observation are passed in.
 */
import { findCropType } from '../../crops/crop-catalogue.ts';
import { sumAppliedNutrients, type LoggedFertilizerApplication } from './applied-nutrients.ts';
import { addDays } from '../../dates.ts';
import { MIN_SEPARATE_DOSE_KG_PER_HA, NDRE_TOP_UP_NITROGEN_KG_PER_HA } from './coefficients.ts';
import {
  fertilizerProfileFor,
  type FertilizerCropProfile,
  type FertilizerCropProfileId,
  type FertilizerSoilTexture,
} from './crop-nutrient-profiles.ts';
import { assessNdreSufficiency, type NdreAssessment, type NdreReading } from './ndre-sufficiency.ts';
import {
  assessSoilTest,
  computeNutrientNeeds,
  roundKg,
  type FertilizerSoilTest,
  type NitrogenCredit,
  type NutrientNeeds,
  type SoilTestAssessment,
} from './nutrient-need.ts';
import { planProducts, type ProductPlan } from './product-plan.ts';
import { isUrea, NO_NUTRIENTS, type FertilizerProduct, type NutrientAmounts } from './products.ts';
import {
  basalNutrientTargets,
  eventTiming,
  fertilizerTimeline,
  topDressSplits,
  type DayWindow,
  type EventTiming,
  type FertilizerTimeline,
} from './split-timing.ts';
import {
  checkSuppressionRules,
  ureaCaution,
  type Suppression,
  type SuppressionCheck,
  type WaterloggingSignals,
  type WeatherForecastSummary,
} from './suppression.ts';

export interface FertilizerRecommendationInput {
  /** Crop catalogue id, e.g. `maize-grain`, `soybean`, `tobacco-flue-cured`. */
  cropTypeId: string;
  /** Today's date (YYYY-MM-DD): the clock, passed in. */
  today: string;
  /** Days since planting (0 = planting day); null or omitted when not planted or unknown. */
  daysAfterPlanting?: number | null;
  /** Target yield, t/ha (grain; cured leaf for tobacco); a stated default is used when missing. */
  targetYieldTonnesPerHa?: number | null;
  /** The field's latest soil test; may be missing or old. */
  soilTest?: FertilizerSoilTest | null;
  soilTexture?: FertilizerSoilTexture | null;
  fieldAreaHectares: number;
  /** Fertilizer applications logged this season. */
  applications?: readonly LoggedFertilizerApplication[];
  /** Other N credits: manure, a legume grown last season, etc. */
  otherNitrogenCredits?: readonly NitrogenCredit[];
  /** NDRE of the latest clear image and its reference (N-rich strip or field 95th percentile). */
  ndre?: NdreReading | null;
  forecast?: WeatherForecastSummary | null;
  waterlogging?: WaterloggingSignals | null;
  /** Days since the last clear satellite image; null when there is none. */
  daysSinceClearImage?: number | null;
  /** Products the farmer chose, in order of preference. */
  products?: readonly FertilizerProduct[];
}

export type FertilizerEventKind = 'basal' | 'top-dress' | 'ndre-top-up';

/** apply-now: due and nothing holds it; hold: a suppression rule holds it back; wait: its time has not come. */
export type FertilizerEventAction = 'apply-now' | 'hold' | 'wait';

export interface FertilizerEvent {
  kind: FertilizerEventKind;
  label: string;
  window: DayWindow;
  /** Calendar dates of the window, when the planting date is known. */
  windowDates: { from: string; to: string } | null;
  timing: EventTiming;
  action: FertilizerEventAction;
  /** Nutrients this application should supply, kg/ha. */
  nutrients: NutrientAmounts;
  /** Products and bags; null when no products were chosen. */
  plan: ProductPlan | null;
  /** Rules holding this application back (shown with what would otherwise be applied). */
  suppressions: Suppression[];
  explanation: string[];
}

export interface FertilizerRecommendation {
  status: 'recommendation' | 'no-recommendation';
  cropTypeId: string;
  cropName: string | null;
  profile: FertilizerCropProfileId | null;
  /** One-sentence summary for the screen or an SMS. */
  headline: string;
  targetYield: { tonnesPerHa: number; isDefault: boolean; explanation: string } | null;
  daysAfterPlanting: number | null;
  plantingDate: string | null;
  soilTest: SoilTestAssessment | null;
  nutrients: NutrientNeeds | null;
  /** N, P₂O₅ and K₂O still needed this season, kg/ha: need − credits − already applied, never negative. */
  stillNeeded: NutrientAmounts;
  timeline: FertilizerTimeline | null;
  events: FertilizerEvent[];
  ndre: NdreAssessment | null;
  ruleChecks: SuppressionCheck[];
  /** Rules that fired (a subset of ruleChecks). */
  suppressions: Suppression[];
  notes: string[];
  assumptions: string[];
}

function noRecommendation(input: FertilizerRecommendationInput, cropName: string | null, headline: string): FertilizerRecommendation {
  return {
    status: 'no-recommendation',
    cropTypeId: input.cropTypeId,
    cropName,
    profile: null,
    headline,
    targetYield: null,
    daysAfterPlanting: input.daysAfterPlanting ?? null,
    plantingDate: null,
    soilTest: null,
    nutrients: null,
    stillNeeded: { ...NO_NUTRIENTS },
    timeline: null,
    events: [],
    ndre: null,
    ruleChecks: [],
    suppressions: [],
    notes: [],
    assumptions: [],
  };
}

const hasNutrients = (amounts: NutrientAmounts): boolean =>
  amounts.nitrogenKgPerHa > 0 || amounts.phosphateKgPerHa > 0 || amounts.potashKgPerHa > 0;

function targetYieldFor(
  profile: FertilizerCropProfile,
  given: number | null | undefined,
): NonNullable<FertilizerRecommendation['targetYield']> {
  if (typeof given === 'number' && Number.isFinite(given) && given > 0) {
    return { tonnesPerHa: given, isDefault: false, explanation: `Target yield ${given} ${profile.yieldUnit}, as entered.` };
  }
  const fallback = profile.defaultTargetYield;
  return {
    tonnesPerHa: fallback.value,
    isDefault: true,
    explanation: `No target yield given: assumed ${fallback.value} ${fallback.unit}, ${fallback.source} — not your field's yield. Enter your own target for a better recommendation.`,
  };
}

const timingWords = (timing: EventTiming, window: DayWindow, dap: number | null, lateSeasonLabel: string): string => {
  const days = `days ${window.fromDay}–${window.toDay} after planting`;
  switch (timing) {
    case 'upcoming':
      return dap === null ? `Due ${days}.` : `Due ${days}; today is day ${dap}.`;
    case 'due-now':
      return `Due now: day ${dap}, within ${days}.`;
    case 'late':
      return `Its window (${days}) has passed, but before ${lateSeasonLabel} it still pays: apply as soon as possible.`;
    case 'missed':
      return `Missed: the window was ${days}.`;
  }
};

/** The whole recommendation; see the module comment. */
export function recommendFertilizer(input: FertilizerRecommendationInput): FertilizerRecommendation {
  const cropType = findCropType(input.cropTypeId);
  if (!cropType) return noRecommendation(input, null, `No recommendation: "${input.cropTypeId}" is not in the crop list.`);
  const profile = fertilizerProfileFor(cropType);
  if (!profile) {
    return noRecommendation(
      input,
      cropType.name,
      `No recommendation for this crop: we have no checked nutrient-removal figures for ${cropType.name} yet, so any number would be a guess.`,
    );
  }
  if (!Number.isFinite(input.fieldAreaHectares) || input.fieldAreaHectares <= 0) {
    throw new RangeError(`A field area is more than 0 ha; got ${input.fieldAreaHectares}.`);
  }

  const { today } = input;
  const dap =
    typeof input.daysAfterPlanting === 'number' && Number.isFinite(input.daysAfterPlanting) ? Math.round(input.daysAfterPlanting) : null;
  const plantingDate = dap === null ? null : addDays(today, -dap);
  const products = input.products ?? [];
  const assumptions: string[] = [];
  const notes: string[] = [...profile.notes];

  const targetYield = targetYieldFor(profile, input.targetYieldTonnesPerHa);
  if (targetYield.isDefault) assumptions.push(targetYield.explanation);
  const soilTest = assessSoilTest(input.soilTest, today);
  if (soilTest.state === 'missing') assumptions.push(...soilTest.explanation);
  if (!input.soilTexture)
    assumptions.push('Soil texture unknown: the field is treated as not sandy (one N top-dress, normal rain limits).');
  if (dap === null)
    assumptions.push('Planting date unknown: timings are given in days after planting, and late-season and timing rules are not checked.');
  if (products.length === 0) assumptions.push('No products chosen: nutrients are given in kg/ha; choose products to get amounts and bags.');

  const applied = sumAppliedNutrients(input.applications ?? [], today);
  notes.push(...applied.notes);
  const nutrients = computeNutrientNeeds({
    profile,
    targetYieldTonnesPerHa: targetYield.tonnesPerHa,
    soilTest: input.soilTest,
    soilTestAssessment: soilTest,
    soilTexture: input.soilTexture,
    plantingDate,
    today,
    applied,
    otherNitrogenCredits: input.otherNitrogenCredits,
  });
  const stillNeeded: NutrientAmounts = {
    nitrogenKgPerHa: nutrients.nitrogen.stillNeededKgPerHa,
    phosphateKgPerHa: nutrients.phosphate.stillNeededKgPerHa,
    potashKgPerHa: nutrients.potash.stillNeededKgPerHa,
  };

  const timeline = fertilizerTimeline(profile, cropType.stageLengthsDays, input.soilTexture);
  const noRainForUrea = !input.forecast || ureaCaution(input.forecast) !== null;
  const planFor = (target: NutrientAmounts, kind: 'basal' | 'top-dress'): ProductPlan | null =>
    products.length === 0
      ? null
      : planProducts(target, products, {
          kind,
          fieldAreaHectares: input.fieldAreaHectares,
          preferNonUrea: noRainForUrea,
          lowChlorideCrop: profile.id === 'tobacco',
          // Only at planting, and only when a top-dress exists to take the small remainder.
          minimumStraightNitrogenKgPerHa: kind === 'basal' && timeline.topDresses.length > 0 ? MIN_SEPARATE_DOSE_KG_PER_HA.value : 0,
        });
  const windowDates = (window: DayWindow) =>
    plantingDate === null ? null : { from: addDays(plantingDate, window.fromDay), to: addDays(plantingDate, window.toDay) };
  const events: FertilizerEvent[] = [];
  const addEvent = (
    kind: FertilizerEventKind,
    label: string,
    window: DayWindow,
    target: NutrientAmounts,
    plan: ProductPlan | null,
    explanation: string[],
  ) => {
    const timing = eventTiming(window, dap, timeline.lateSeasonStartDay);
    events.push({
      kind,
      label,
      window,
      windowDates: windowDates(window),
      timing,
      action: 'wait',
      nutrients: target,
      plan,
      suppressions: [],
      explanation: [timingWords(timing, window, dap, timeline.lateSeasonLabel), ...explanation],
    });
  };

  // Basal: P, K and the planting share of N; the compound is sized to P, its N counts toward the N.
  const plantingShare = profile.plantingNitrogenShare(input.soilTexture);
  const basalTarget = basalNutrientTargets(stillNeeded, plantingShare.value, timeline, dap);
  let basalNitrogenKgPerHa = 0;
  const basalLate = dap !== null && dap > timeline.basal.toDay;
  const minimumDose = MIN_SEPARATE_DOSE_KG_PER_HA.value;
  if (basalLate && hasNutrients(basalTarget) && basalTarget.phosphateKgPerHa < minimumDose && basalTarget.potashKgPerHa < minimumDose) {
    notes.push(
      `The basal window has passed and only ${basalTarget.phosphateKgPerHa} kg P₂O₅ and ${basalTarget.potashKgPerHa} kg K₂O per ha are still missing: ` +
        `less than ${MIN_SEPARATE_DOSE_KG_PER_HA.value} kg/ha each, not worth a separate pass (our cut-off, to avoid token doses); add it to next season's basal.`,
    );
  } else if (hasNutrients(basalTarget)) {
    const plan = planFor(basalTarget, 'basal');
    basalNitrogenKgPerHa = plan ? plan.supplied.nitrogenKgPerHa : basalTarget.nitrogenKgPerHa;
    const explanation: string[] = [];
    if (basalTarget.nitrogenKgPerHa > 0 && timeline.topDresses.length > 0) {
      explanation.push(
        `At planting: all the P₂O₅ and K₂O, and ${Math.round(plantingShare.value * 100)} % of the N (${basalTarget.nitrogenKgPerHa} kg N/ha; the share is a rough guide)` +
          (plantingShare.value < profile.plantingNitrogenShare('loam').value ? ', less than usual because sand leaches.' : '.'),
      );
    }
    if (plan && plan.supplied.nitrogenKgPerHa > basalTarget.nitrogenKgPerHa + 0.5 && stillNeeded.nitrogenKgPerHa > 0) {
      explanation.push(`The compound brings ${plan.supplied.nitrogenKgPerHa} kg N/ha at planting, so the top-dress is smaller to match.`);
    }
    if (profile.nitrogen.method === 'legume-fixation' && plan && plan.supplied.nitrogenKgPerHa > 0) {
      const starterMax = profile.nitrogen.starterMaxKgPerHa;
      explanation.push(
        plan.supplied.nitrogenKgPerHa > starterMax.value
          ? `The compound brings ${plan.supplied.nitrogenKgPerHa} kg N/ha, more than the ${starterMax.value} ${starterMax.unit} starter a legume can use (a common extension guide); a lower-N P source would suit better.`
          : `The ${plan.supplied.nitrogenKgPerHa} kg N/ha in the compound is the starter; the crop needs no other N.`,
      );
    }
    addEvent(
      'basal',
      basalLate ? 'Basal P and K (late: place beside the row and cover)' : 'At planting (basal)',
      timeline.basal,
      basalTarget,
      plan,
      explanation,
    );
  }

  // Top-dress: the rest of the N, split over the crop's top-dress windows.
  const topDressNitrogen = roundKg(Math.max(0, stillNeeded.nitrogenKgPerHa - basalNitrogenKgPerHa));
  const splits = topDressSplits(topDressNitrogen, timeline, dap);
  for (const split of splits) {
    const target = { nitrogenKgPerHa: split.nitrogenKgPerHa, phosphateKgPerHa: 0, potashKgPerHa: 0 };
    const label =
      profile.topDress === 'maize-v6-v8'
        ? split.number === 1
          ? 'N top-dress (V6–V8)'
          : 'Second N top-dress (about V10–V12, sand)'
        : profile.topDress === 'tobacco-before-topping'
          ? 'N top-dress (finish by 8–12 leaves)'
          : 'N top-dress';
    const explanation =
      splits.length > 1
        ? [
            `Half of the top-dress N (${split.nitrogenKgPerHa} of ${topDressNitrogen} kg N/ha): on sand, smaller doses leach less (common advice; the split is not tested here).`,
          ]
        : [];
    addEvent('top-dress', label, split.window, target, planFor(target, 'top-dress'), explanation);
  }

  // NDRE: extra N only for crops that allow it, and only once the planned N is all on.
  let ndre: NdreAssessment | null = null;
  if (input.ndre) {
    ndre = assessNdreSufficiency(input.ndre);
    if (!profile.ndreTopUp) {
      notes.push(
        profile.nitrogen.method === 'legume-fixation'
          ? `${ndre.explanation} For soybean this never means top-dress N: check the roots for pink nodules and the soil for waterlogging or acidity instead.`
          : `${ndre.explanation} NDRE is not used to add nitrogen to ${profile.cropWord}.`,
      );
    } else if (ndre.topDressSuggested && topDressNitrogen > 0) {
      notes.push(`${ndre.explanation} The planned top-dress already covers this: apply it on time.`);
    } else if (ndre.topDressSuggested) {
      const window = { fromDay: timeline.topDresses[0]?.fromDay ?? timeline.basal.toDay + 1, toDay: timeline.lateSeasonStartDay - 1 };
      const target = { nitrogenKgPerHa: NDRE_TOP_UP_NITROGEN_KG_PER_HA.value, phosphateKgPerHa: 0, potashKgPerHa: 0 };
      addEvent('ndre-top-up', 'Extra N top-dress suggested by crop colour (NDRE)', window, target, planFor(target, 'top-dress'), [
        ndre.explanation,
        `The planned N is all on, so this is extra: ${NDRE_TOP_UP_NITROGEN_KG_PER_HA.value} ${NDRE_TOP_UP_NITROGEN_KG_PER_HA.unit}, ${NDRE_TOP_UP_NITROGEN_KG_PER_HA.source}.`,
      ]);
    } else {
      notes.push(ndre.explanation);
    }
  }

  // Suppression: rules are checked once; each due application is held by the rules whose scope covers it.
  const ruleChecks = checkSuppressionRules({
    today,
    soilTexture: input.soilTexture,
    forecast: input.forecast,
    waterlogging: input.waterlogging,
    daysAfterPlanting: dap,
    lateSeasonStartDay: timeline.lateSeasonStartDay,
    lateSeasonLabel: timeline.lateSeasonLabel,
    lastNitrogenApplicationDate: applied.lastNitrogenApplicationDate,
    daysSinceClearImage: input.daysSinceClearImage ?? null,
  });
  const suppressions = ruleChecks.filter((check): check is Suppression => check.suppressed);
  for (const event of events) {
    if (event.timing === 'upcoming') continue;
    event.suppressions = suppressions.filter(
      (suppression) =>
        suppression.appliesTo === 'all-applications' ||
        (suppression.appliesTo === 'nitrogen-top-dress' && event.kind !== 'basal') ||
        (suppression.appliesTo === 'ndre-top-up' && event.kind === 'ndre-top-up'),
    );
    event.action = event.suppressions.length > 0 || event.timing === 'missed' ? 'hold' : 'apply-now';
  }

  const urea = products.some(isUrea) && events.some((event) => event.nutrients.nitrogenKgPerHa > 0) ? ureaCaution(input.forecast) : null;
  if (urea) notes.push(urea);

  return {
    status: 'recommendation',
    cropTypeId: cropType.id,
    cropName: cropType.name,
    profile: profile.id,
    headline: headlineFor(events, stillNeeded),
    targetYield,
    daysAfterPlanting: dap,
    plantingDate,
    soilTest,
    nutrients,
    stillNeeded,
    timeline,
    events,
    ndre,
    ruleChecks,
    suppressions,
    notes,
    assumptions,
  };
}

function describeEvent(event: FertilizerEvent): string {
  const lines = event.plan?.lines ?? [];
  if (lines.length > 0)
    return lines.map((line) => `${line.rateKgPerHa} kg/ha ${line.product.name} (${line.quantity.bagsToBuy} × 50 kg)`).join(' + ');
  const parts = [
    event.nutrients.nitrogenKgPerHa > 0 ? `${event.nutrients.nitrogenKgPerHa} kg N` : null,
    event.nutrients.phosphateKgPerHa > 0 ? `${event.nutrients.phosphateKgPerHa} kg P₂O₅` : null,
    event.nutrients.potashKgPerHa > 0 ? `${event.nutrients.potashKgPerHa} kg K₂O` : null,
  ].filter((part): part is string => part !== null);
  return `${parts.join(', ')} per ha`;
}

function headlineFor(events: FertilizerEvent[], stillNeeded: NutrientAmounts): string {
  const now = events.filter((event) => event.action === 'apply-now');
  if (now.length > 0) return `Apply now — ${now.map((event) => `${event.label}: ${describeEvent(event)}`).join('; ')}.`;
  const held = events.find((event) => event.action === 'hold');
  if (held) {
    const first = held.suppressions[0];
    return `Hold — ${held.label}, ${describeEvent(held)}${first ? `: ${first.reason}` : '.'}`;
  }
  const next = events.find((event) => event.action === 'wait');
  if (next) return `Next: ${next.label}, days ${next.window.fromDay}–${next.window.toDay} after planting — ${describeEvent(next)}.`;
  return hasNutrients(stillNeeded) ? 'Nothing can be applied usefully now.' : 'Nothing more is needed this season.';
}
