/**
 * How much N, P₂O₅ and K₂O (kg/ha) the crop still needs this season, and why (science brief §5):
 *   - N = target yield × need per tonne − credits (soil mineral N, manure, previous legume) − N already applied;
 *     a legume (soybean) gets no N beyond a starter; tobacco gets a fixed, quality-limited total.
 *   - P₂O₅ and K₂O from the soil test rating (spec thresholds, soil-test-rating.ts): build-up + maintenance when
 *     low, maintenance when medium, draw-down (nothing) when high; maintenance = what the target yield removes.
 *     Without a usable soil test: maintenance only, and the assumption is stated.
 * Nothing is ever negative.
 */
import {
  rateSoilTest,
  SOIL_NUTRIENT_THRESHOLDS_PPM,
  type NutrientLevel,
  type RateableSoilTest,
  type SoilTestRating,
} from '../soil-test-rating.ts';
import { daysBetween, formatDayMonth } from '../../dates.ts';
import {
  BUILD_UP,
  describeSourcedNumber,
  LOW_SOIL_NITROGEN_CREDIT_SHARE,
  SOIL_BULK_DENSITY_G_PER_CM3,
  SOIL_NITROGEN_CREDIT_MAX_AGE_DAYS,
  SOIL_SAMPLE_DEFAULT_DEPTH_CM,
  SOIL_TEST_OLD_AFTER_DAYS,
  SOURCE_STANDING_WORDS,
  type SourcedNumber,
} from './coefficients.ts';
import type { AppliedNutrients } from './applied-nutrients.ts';
import type { FertilizerCropProfile, FertilizerSoilTexture } from './crop-nutrient-profiles.ts';

/** Round to 0.1 kg/ha: finer than any spreader, coarse enough to hide floating-point noise. */
export const roundKg = (kg: number): number => Math.round(kg * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Soil test
// ---------------------------------------------------------------------------------------------

/** The soil test fields the engine reads (a `SoilTest` record fits). */
export interface FertilizerSoilTest extends RateableSoilTest {
  sampleDate: string;
  depthCm?: number | null;
}

export type SoilTestState = 'missing' | 'current' | 'old';

export interface SoilTestAssessment {
  state: SoilTestState;
  sampleDate: string | null;
  ageDays: number | null;
  rating: SoilTestRating | null;
  /** Plain-language statements about the test: missing, old, unrated nutrients, pH. */
  explanation: string[];
}

/** Whether a soil test exists, how old it is, and how its N, P, K and pH rate against the spec thresholds. */
export function assessSoilTest(soilTest: FertilizerSoilTest | null | undefined, today: string): SoilTestAssessment {
  if (!soilTest) {
    return {
      state: 'missing',
      sampleDate: null,
      ageDays: null,
      rating: null,
      explanation: [
        'No soil test on record: P and K are set to what the crop removes, assuming a medium soil. A soil test would sharpen this advice.',
      ],
    };
  }
  const ageDays = Math.max(0, daysBetween(soilTest.sampleDate, today));
  const rating = rateSoilTest(soilTest);
  const old = ageDays > SOIL_TEST_OLD_AFTER_DAYS.value;
  const years = Math.floor(ageDays / 365);
  const sampled = formatDayMonth(soilTest.sampleDate, today);
  const explanation = [
    old
      ? `The soil test of ${sampled} is ${years} years old. It is still used for P and K, which change slowly, but re-test the field: ` +
        `testing every ${SOIL_TEST_OLD_AFTER_DAYS.value / 365} years or so is common advice, not a measured limit.`
      : `Soil test of ${sampled} (${ageDays} days old).`,
  ];
  for (const [nutrient, label] of [
    ['phosphorus', 'P'],
    ['potassium', 'K'],
  ] as const) {
    if (rating.unrated[nutrient] === 'unit-not-ppm') {
      explanation.push(`Soil ${label} is reported in %, which cannot be compared with the ppm thresholds: treated as not measured.`);
    }
  }
  if (rating.ph === 'acidic') {
    explanation.push(`Soil pH ${soilTest.ph} is acidic (below 6): lime first; on acid soil much of the fertilizer P is locked up.`);
  } else if (rating.ph === 'alkaline') {
    explanation.push(`Soil pH ${soilTest.ph} is alkaline (above 7): P and some trace elements are less available.`);
  }
  return { state: old ? 'old' : 'current', sampleDate: soilTest.sampleDate, ageDays, rating, explanation };
}

// ---------------------------------------------------------------------------------------------
// Per-nutrient advice
// ---------------------------------------------------------------------------------------------

export type NutrientKey = 'nitrogen' | 'phosphate' | 'potash';

export type NutrientApproach =
  | 'yield-goal'
  | 'removal'
  | 'legume-starter-only'
  | 'quality-limited'
  | 'build-up-and-maintenance'
  | 'maintenance'
  | 'draw-down'
  | 'maintenance-no-soil-test';

export interface NitrogenCredit {
  /** Plain-language source: "manure", "soybean grown last season". */
  source: string;
  nitrogenKgPerHa: number;
}

export interface NutrientAdvice {
  nutrient: NutrientKey;
  /** "N", "P₂O₅", "K₂O". */
  label: string;
  approach: NutrientApproach;
  /** Soil-test rating behind the approach (P and K), null when none was usable. */
  soilLevel: NutrientLevel | null;
  /** What the crop needs this season before credits and applications, kg/ha. */
  needKgPerHa: number;
  /** Of which maintenance (crop removal), kg/ha; 0 for N. */
  maintenanceKgPerHa: number;
  /** Of which build-up, kg/ha; 0 unless the soil is low. */
  buildUpKgPerHa: number;
  credits: NitrogenCredit[];
  creditsKgPerHa: number;
  /** Already applied this season, kg/ha. */
  appliedKgPerHa: number;
  /** need − credits − applied, never below 0, kg/ha. */
  stillNeededKgPerHa: number;
  /** Each step of the reasoning, in words a farmer can follow; each coefficient says in words how firm it is. */
  reasoning: string[];
}

export interface NutrientNeedInput {
  profile: FertilizerCropProfile;
  targetYieldTonnesPerHa: number;
  soilTest: FertilizerSoilTest | null | undefined;
  soilTestAssessment: SoilTestAssessment;
  soilTexture: FertilizerSoilTexture | null | undefined;
  /** Planting date when known; the soil N credit needs a sample taken near it. */
  plantingDate: string | null;
  today: string;
  applied: AppliedNutrients;
  otherNitrogenCredits?: readonly NitrogenCredit[];
}

const fmt = (kg: number): string => String(roundKg(kg));

function stillNeeded(need: number, credits: number, applied: number): number {
  return roundKg(Math.max(0, need - credits - applied));
}

/**
 * The soil mineral N credit, kg N/ha, or null with the reason it is not credited. The sample holds ppm × bulk
 * density × depth × 0.1 kg N/ha; a medium or high soil is credited all of it, a soil rated low only the share of the
 * N need that extension soil nitrate guides take off at that reading (`LOW_SOIL_NITROGEN_CREDIT_SHARE`), never more
 * than the sample holds — so a low soil gets close to the full N rate.
 */
export function soilNitrogenCredit(
  soilTest: FertilizerSoilTest | null | undefined,
  assessment: SoilTestAssessment,
  referenceDate: string,
  nitrogenNeedKgPerHa: number,
): { credit: NitrogenCredit | null; reason: string } {
  if (!soilTest || assessment.rating === null) return { credit: null, reason: 'No soil test: no soil N credit.' };
  const ppm = soilTest.nitrogen;
  const level = assessment.rating.nitrogen;
  if (level === null || typeof ppm !== 'number') {
    return { credit: null, reason: 'The soil test has no N reading in ppm: no soil N credit.' };
  }
  const gapDays = Math.abs(daysBetween(soilTest.sampleDate, referenceDate));
  const maxGap = SOIL_NITROGEN_CREDIT_MAX_AGE_DAYS.value;
  if (gapDays > maxGap) {
    return {
      credit: null,
      reason:
        `The soil N reading was taken ${gapDays} days from planting. Mineral N changes within weeks, so it is credited only ` +
        `when sampled within ${maxGap} days of planting (a rough guide, not a tested limit).`,
    };
  }
  const depthCm = soilTest.depthCm ?? SOIL_SAMPLE_DEFAULT_DEPTH_CM.value;
  const bulkDensity = SOIL_BULK_DENSITY_G_PER_CM3.value;
  const heldKgPerHa = ppm * bulkDensity * depthCm * 0.1;
  const depthNote = soilTest.depthCm ? `${depthCm} cm sample` : `${depthCm} cm depth assumed`;
  const held =
    `Soil N ${ppm} ppm × ${bulkDensity} g/cm³ × ${depthCm} cm × 0.1 = ${fmt(heldKgPerHa)} kg N/ha in the sampled soil ` +
    `(typical bulk density${soilTest.depthCm ? '' : ' and sampling depth'} assumed, not measured)`;
  const lowLimit = SOIL_NUTRIENT_THRESHOLDS_PPM.nitrogen.low;

  if (level === 'low') {
    const band = lowSoilNitrogenBand(ppm);
    const guide = 'extension soil nitrate guides (Ohio State University)';
    if (band.share.value === 0) {
      return {
        credit: null,
        reason: `Soil N ${ppm} ppm is low (under ${lowLimit} ppm): no soil N credit. At ${band.upToPpm} ppm or less ${guide} keep the full N rate.`,
      };
    }
    const shareKgPerHa = band.share.value * Math.max(0, nitrogenNeedKgPerHa);
    const creditKgPerHa = roundKg(Math.min(heldKgPerHa, shareKgPerHa));
    const sharePct = Math.round(band.share.value * 100);
    const cap = heldKgPerHa < shareKgPerHa ? `, and to the ${fmt(heldKgPerHa)} kg N/ha the sample holds` : '';
    return {
      credit: { source: `soil mineral N, rated low (${ppm} ppm)`, nitrogenKgPerHa: creditKgPerHa },
      reason:
        `Soil N ${ppm} ppm is low (under ${lowLimit} ppm): a low soil supplies little of the crop's N, so the credit is held to ` +
        `${sharePct} % of the N need${cap}: ${fmt(creditKgPerHa)} kg N/ha. At ${band.fromPpm}–${band.upToPpm} ppm ${guide} cut the ` +
        `full N rate by only about ${sharePct} % (a published guide, calibrated in Ohio rather than here).`,
    };
  }
  const { high } = SOIL_NUTRIENT_THRESHOLDS_PPM.nitrogen;
  const band = level === 'high' ? `over ${high} ppm` : `${lowLimit}–${high} ppm`;
  return {
    credit: { source: `soil mineral N, rated ${level} (${ppm} ppm over ${depthNote})`, nitrogenKgPerHa: roundKg(heldKgPerHa) },
    reason: `${held}. Soil N is ${level} (${band}), so all of it is credited.`,
  };
}

/** The band of `LOW_SOIL_NITROGEN_CREDIT_SHARE` a low soil N reading falls in, with the reading it starts from. */
function lowSoilNitrogenBand(ppm: number): { fromPpm: number; upToPpm: number; share: SourcedNumber } {
  let fromPpm = 0;
  for (const [index, band] of LOW_SOIL_NITROGEN_CREDIT_SHARE.entries()) {
    // A reading rated low lies under the spec's low threshold, which closes the last band.
    if (ppm <= band.upToPpm || index === LOW_SOIL_NITROGEN_CREDIT_SHARE.length - 1) return { fromPpm, ...band };
    fromPpm = band.upToPpm + 1;
  }
  throw new RangeError('The low soil N bands are empty.');
}

/** The N the crop still needs, with the reasoning. */
export function nitrogenAdvice(input: NutrientNeedInput): NutrientAdvice {
  const { profile, targetYieldTonnesPerHa: yieldT, applied } = input;
  const method = profile.nitrogen;
  const reasoning: string[] = [];
  const base = {
    nutrient: 'nitrogen' as const,
    label: 'N',
    soilLevel: input.soilTestAssessment.rating?.nitrogen ?? null,
    maintenanceKgPerHa: 0,
    buildUpKgPerHa: 0,
  };

  if (method.method === 'legume-fixation') {
    reasoning.push(
      `${capitalise(profile.cropWord)} is a legume: inoculated, it fixes its own nitrogen, so it needs no N beyond a starter at planting: at most ${method.starterMaxKgPerHa.value} ${method.starterMaxKgPerHa.unit}, for example the N in a basal compound (a common extension guide, not a tested rate).`,
      'No top-dress N is recommended.',
    );
    if (applied.nitrogenKgPerHa > 0) reasoning.push(`Already applied this season: ${fmt(applied.nitrogenKgPerHa)} kg N/ha.`);
    return {
      ...base,
      approach: 'legume-starter-only',
      needKgPerHa: 0,
      credits: [],
      creditsKgPerHa: 0,
      appliedKgPerHa: roundKg(applied.nitrogenKgPerHa),
      stillNeededKgPerHa: 0,
      reasoning,
    };
  }

  let need: number;
  let approach: NutrientApproach;
  if (method.method === 'quality-limited') {
    const total: SourcedNumber = method.seasonTotalKgPerHa(input.soilTexture);
    need = total.value;
    approach = 'quality-limited';
    reasoning.push(
      `N for the season: ${total.value} ${total.unit} (soil texture: ${input.soilTexture ?? 'unknown'}) — a fixed total for leaf quality, not raised with yield (${total.source}).`,
    );
  } else {
    need = yieldT * method.kgPerTonne.value;
    approach = method.method === 'yield-goal' ? 'yield-goal' : 'removal';
    const why = method.method === 'yield-goal' ? 'the Stanford yield-goal factor' : 'what the grain removes';
    const firmness = SOURCE_STANDING_WORDS[method.kgPerTonne.standing];
    reasoning.push(
      `N need: ${yieldT} ${profile.yieldUnit} × ${method.kgPerTonne.value} ${method.kgPerTonne.unit} = ${fmt(need)} kg N/ha ` +
        `(${why}${firmness ? `, a ${firmness}` : ''}).`,
    );
  }

  const credits: NitrogenCredit[] = [];
  const soilCredit = soilNitrogenCredit(input.soilTest, input.soilTestAssessment, input.plantingDate ?? input.today, need);
  if (soilCredit.credit) credits.push(soilCredit.credit);
  reasoning.push(soilCredit.reason);
  for (const credit of input.otherNitrogenCredits ?? []) {
    if (credit.nitrogenKgPerHa > 0) {
      credits.push(credit);
      reasoning.push(`Credit for ${credit.source}: ${fmt(credit.nitrogenKgPerHa)} kg N/ha.`);
    }
  }
  const creditsKgPerHa = roundKg(credits.reduce((sum, credit) => sum + credit.nitrogenKgPerHa, 0));
  const appliedKgPerHa = roundKg(applied.nitrogenKgPerHa);
  const remaining = stillNeeded(need, creditsKgPerHa, appliedKgPerHa);
  reasoning.push(
    appliedKgPerHa > 0
      ? `Already applied this season: ${fmt(appliedKgPerHa)} kg N/ha. Still needed: ${fmt(need)} − ${fmt(creditsKgPerHa)} − ${fmt(appliedKgPerHa)} = ${fmt(remaining)} kg N/ha.`
      : `Still needed: ${fmt(need)} − ${fmt(creditsKgPerHa)} = ${fmt(remaining)} kg N/ha.`,
  );
  return {
    ...base,
    approach,
    needKgPerHa: roundKg(need),
    credits,
    creditsKgPerHa,
    appliedKgPerHa,
    stillNeededKgPerHa: remaining,
    reasoning,
  };
}

const soilNutrientFor = { phosphate: 'phosphorus', potash: 'potassium' } as const;

/** P₂O₅ or K₂O still needed: build-up + maintenance when low, maintenance when medium, draw-down when high. */
export function phosphatePotashAdvice(nutrient: 'phosphate' | 'potash', input: NutrientNeedInput): NutrientAdvice {
  const { profile, targetYieldTonnesPerHa: yieldT, applied, soilTestAssessment } = input;
  const label = nutrient === 'phosphate' ? 'P₂O₅' : 'K₂O';
  const soilLabel = nutrient === 'phosphate' ? 'P' : 'K';
  const removal = nutrient === 'phosphate' ? profile.phosphateKgPerTonne : profile.potashKgPerTonne;
  const factor = nutrient === 'phosphate' ? BUILD_UP.phosphateKgPerHaPerPpm : BUILD_UP.potashKgPerHaPerPpm;
  const soilNutrient = soilNutrientFor[nutrient];
  const thresholds = SOIL_NUTRIENT_THRESHOLDS_PPM[soilNutrient];
  const level = soilTestAssessment.rating?.[soilNutrient] ?? null;
  const ppm = input.soilTest?.[soilNutrient];

  const maintenance = yieldT * removal.value;
  const maintenanceText = `maintenance = ${yieldT} ${profile.yieldUnit} × ${describeSourcedNumber(removal)} = ${fmt(maintenance)} kg ${label}/ha (what the crop takes away)`;
  const reasoning: string[] = [];
  let approach: NutrientApproach;
  let buildUp = 0;
  let need: number;

  if (level === null || typeof ppm !== 'number') {
    approach = 'maintenance-no-soil-test';
    need = maintenance;
    const why = soilTestAssessment.state === 'missing' ? 'No soil test' : `The soil test has no usable ${soilLabel} reading`;
    reasoning.push(`${why}: assuming a medium soil, ${maintenanceText}. A low soil would need more (build-up), a high one less.`);
  } else if (level === 'low') {
    approach = 'build-up-and-maintenance';
    buildUp = ((thresholds.low - ppm) * factor.value) / BUILD_UP.years.value;
    need = buildUp + maintenance;
    reasoning.push(
      `Soil ${soilLabel} ${ppm} ppm is low (under ${thresholds.low} ppm, spec guide): build up and maintain.`,
      `Build-up = (${thresholds.low} − ${ppm}) ppm × ${factor.value} ${factor.unit} ÷ ${BUILD_UP.years.value} ${BUILD_UP.years.unit} = ${fmt(buildUp)} kg ${label}/ha this season. ` +
        'How much fertilizer raises a soil test differs widely between soils, so this build-up rate is a rough guide, not tested on your soil.',
      `Plus ${maintenanceText}: ${fmt(need)} kg ${label}/ha in all.`,
    );
  } else if (level === 'medium') {
    approach = 'maintenance';
    need = maintenance;
    reasoning.push(
      `Soil ${soilLabel} ${ppm} ppm is medium (${thresholds.low}–${thresholds.high} ppm, spec guide): maintain — ${maintenanceText}.`,
    );
  } else {
    approach = 'draw-down';
    need = 0;
    reasoning.push(
      `Soil ${soilLabel} ${ppm} ppm is high (over ${thresholds.high} ppm, spec guide): draw down — the soil can feed this crop, so no ${label} is needed this season (it would remove ${fmt(maintenance)} kg/ha). Re-test in a few seasons.`,
    );
  }
  if (soilTestAssessment.state === 'old' && level !== null) reasoning.push('The soil test is old: re-test before relying on this rating.');

  const appliedKgPerHa = roundKg(nutrient === 'phosphate' ? applied.phosphateKgPerHa : applied.potashKgPerHa);
  const remaining = stillNeeded(need, 0, appliedKgPerHa);
  if (appliedKgPerHa > 0)
    reasoning.push(`Already applied this season: ${fmt(appliedKgPerHa)} kg ${label}/ha. Still needed: ${fmt(remaining)} kg/ha.`);
  return {
    nutrient,
    label,
    approach,
    soilLevel: level,
    needKgPerHa: roundKg(need),
    maintenanceKgPerHa: approach === 'draw-down' ? 0 : roundKg(maintenance),
    buildUpKgPerHa: roundKg(buildUp),
    credits: [],
    creditsKgPerHa: 0,
    appliedKgPerHa,
    stillNeededKgPerHa: remaining,
    reasoning,
  };
}

export interface NutrientNeeds {
  nitrogen: NutrientAdvice;
  phosphate: NutrientAdvice;
  potash: NutrientAdvice;
}

/** N, P₂O₅ and K₂O advice for one field this season. */
export function computeNutrientNeeds(input: NutrientNeedInput): NutrientNeeds {
  if (!Number.isFinite(input.targetYieldTonnesPerHa) || input.targetYieldTonnesPerHa <= 0) {
    throw new RangeError(`A target yield is more than 0 t/ha; got ${input.targetYieldTonnesPerHa}.`);
  }
  return {
    nitrogen: nitrogenAdvice(input),
    phosphate: phosphatePotashAdvice('phosphate', input),
    potash: phosphatePotashAdvice('potash', input),
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
