/**
 * Water a farmer records on a field: irrigation events (the depth given, or the volume pumped turned into a depth by
 * the field's area) and rain-gauge readings. The FAO-56 root-zone water balance counts both: an irrigation adds its
 * depth on its day (Eq. 85's I), a gauge reading replaces the weather source's rain for its day (Eq. 85's P).
 */
import { z } from 'zod';
import type { DailyWaterInput } from './agronomy/fao56/water-balance.ts';
import { seasonWindow, type SeasonFacts } from './agronomy/season.ts';
import { addDays } from './dates.ts';
import { calendarDateSchema, idSchema, optionalText, pageQueryFields } from './schemas/common.ts';

export const irrigationMethods = ['furrow', 'sprinkler', 'drip', 'pivot', 'bucket'] as const;
export type IrrigationMethod = (typeof irrigationMethods)[number];

/** The most one irrigation can put on a field, mm: far above the spec's 20–30 mm per application. */
export const MAX_IRRIGATION_DEPTH_MM = 200;
/**
 * The most one day's gauge reading can hold, mm. Tropical cyclones bring more than 200 mm in a day to eastern
 * Zimbabwe and Mozambique, so the irrigation limit would refuse true readings; 500 mm is beyond any day's rain there.
 */
export const MAX_RAIN_READING_MM = 500;
/**
 * The most irrigation a field's records may add up to on one day, mm. Peak crop evapotranspiration in southern
 * Africa is about 8–10 mm/day (FAO Irrigation and Drainage Paper 24, Doorenbos & Pruitt 1977; FAO-56 Table 12
 * Kc × ET₀), and one surface irrigation rarely puts on more than 100–150 mm even on a long furrow run (FAO Irrigation
 * Water Management Training Manual 5, Brouwer et al. 1989). So the most one irrigation may hold is also the most
 * a field takes in a day: three records of 200 mm (600 mm, two months of peak water use) are a repeated entry or a
 * unit slip, not water the balance should count.
 */
export const MAX_DAILY_IRRIGATION_MM = MAX_IRRIGATION_DEPTH_MM;
/**
 * The smallest depth a water record holds, mm: what a volume must make to be stored (1 m³ over 10 ha is 0.01 mm) and
 * the precision depths are kept to. Below it a number is a slip (1e-320 mm), not water.
 */
export const MIN_WATER_DEPTH_MM = 0.01;

/** The most water one irrigation record can carry as a volume, m³ (200 mm over 10 000 ha): a typing slip beyond. */
const MAX_IRRIGATION_VOLUME_M3 = 20_000_000;

/** 1 mm of water over 1 ha is 10 m³ (10 000 m² × 0.001 m). */
export const CUBIC_METRES_PER_MM_HECTARE = 10;

/** The depth, mm, that `volumeM3` of water makes spread over a field of `areaHectares`. */
export function depthFromVolumeMm(volumeM3: number, areaHectares: number): number {
  if (!(areaHectares > 0)) throw new RangeError(`A field's area must be more than 0 ha, got ${areaHectares}`);
  return volumeM3 / (CUBIC_METRES_PER_MM_HECTARE * areaHectares);
}

/**
 * The net depth the water balance counts for a recorded irrigation, mm. FAO-56 Eq. 85 takes the net depth that
 * soaks in; the farmer records the depth (or volume) put on the field. We count all of it: water beyond field
 * capacity already leaves the balance as deep percolation (Eq. 88), the main loss of furrow and sprinkler
 * irrigation, so taking a field application efficiency off as well would count that loss twice. Losses the balance
 * does not see (spray drift and evaporation, tail water running off the end of a furrow) are not subtracted, so
 * after such an irrigation the balance can read a little wetter than the field; the assumption travels with every
 * balance that counts a recorded irrigation.
 */
export function netIrrigationDepthMm(recordedDepthMm: number): number {
  return recordedDepthMm;
}

export const RECORDED_IRRIGATION_ASSUMPTION =
  'Recorded irrigation is counted as the depth that soaked in: what passes field capacity drains below the roots, ' +
  'but spray drift and water running off the end of furrows are not taken off.';

const notesText = optionalText(2000);

const irrigationDepth = z
  .number({ message: 'Depth must be a number of mm.' })
  .min(MIN_WATER_DEPTH_MM, `Depth must be at least ${MIN_WATER_DEPTH_MM} mm.`)
  .max(MAX_IRRIGATION_DEPTH_MM, `Depth is at most ${MAX_IRRIGATION_DEPTH_MM} mm per irrigation.`);

const irrigationVolume = z
  .number({ message: 'Volume must be a number of m³.' })
  .positive('Volume must be more than 0 m³.')
  .max(MAX_IRRIGATION_VOLUME_M3, 'This volume is beyond any one irrigation of a field.');

const irrigationFields = {
  fieldId: idSchema,
  irrigationDate: calendarDateSchema,
  /** Depth applied, mm. Give it, or `volumeM3`. */
  depthMm: irrigationDepth.optional(),
  /** Water applied, m³: turned into a depth by the field's area (1 mm over 1 ha = 10 m³) and stored as that depth. */
  volumeM3: irrigationVolume.optional(),
  method: z.enum(irrigationMethods, { message: `Choose a method: ${irrigationMethods.join(', ')}.` }),
  notes: notesText,
};

interface DepthOrVolume {
  depthMm?: number | undefined;
  volumeM3?: number | undefined;
}

const oneOfDepthOrVolume =
  (required: boolean) =>
  (input: DepthOrVolume, ctx: z.RefinementCtx): void => {
    if (input.depthMm !== undefined && input.volumeM3 !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['volumeM3'], message: 'Give the depth in mm or the volume in m³, not both.' });
    } else if (required && input.depthMm === undefined && input.volumeM3 === undefined) {
      ctx.addIssue({ code: 'custom', path: ['depthMm'], message: 'Enter the depth in mm or the volume in m³.' });
    }
  };

export const irrigationEventCreateSchema = z
  .strictObject({ id: idSchema.optional(), ...irrigationFields })
  .superRefine(oneOfDepthOrVolume(true));
export const irrigationEventUpdateSchema = z.strictObject(irrigationFields).partial().superRefine(oneOfDepthOrVolume(false));
export type IrrigationEventCreateInput = z.input<typeof irrigationEventCreateSchema>;
export type IrrigationEventUpdateInput = z.input<typeof irrigationEventUpdateSchema>;
export const irrigationEventListQuerySchema = z.strictObject({ fieldId: idSchema.optional(), ...pageQueryFields });

export const irrigationEventSchema = z.object({
  id: z.string(),
  fieldId: z.string(),
  irrigationDate: z.string(),
  /** Depth applied, mm (a volume given at entry was turned into this depth by the field's area then). */
  depthMm: z.number(),
  /** What the water balance counts, mm (see `netIrrigationDepthMm`). */
  netDepthMm: z.number(),
  method: z.enum(irrigationMethods),
  notes: z.string().nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type IrrigationEvent = z.infer<typeof irrigationEventSchema>;

const RAIN_BELOW_MINIMUM = `Rain is 0 mm (a dry day) or at least ${MIN_WATER_DEPTH_MM} mm.`;

/** Why a depth of irrigation cannot be stored, or null: under `MIN_WATER_DEPTH_MM` or over one irrigation's most. */
export function irrigationDepthProblem(depthMm: number): string | null {
  if (!Number.isFinite(depthMm) || depthMm < MIN_WATER_DEPTH_MM) return `Depth must be at least ${MIN_WATER_DEPTH_MM} mm.`;
  if (depthMm > MAX_IRRIGATION_DEPTH_MM) return `Depth is at most ${MAX_IRRIGATION_DEPTH_MM} mm per irrigation.`;
  return null;
}

/** Why a gauge reading cannot be stored, or null: 0 (dry) or from `MIN_WATER_DEPTH_MM` to `MAX_RAIN_READING_MM`. */
export function rainReadingProblem(rainMm: number): string | null {
  if (!Number.isFinite(rainMm) || rainMm < 0) return 'Rain cannot be negative.';
  if (rainMm > 0 && rainMm < MIN_WATER_DEPTH_MM) return RAIN_BELOW_MINIMUM;
  if (rainMm > MAX_RAIN_READING_MM) return `A day's rain reading is at most ${MAX_RAIN_READING_MM} mm.`;
  return null;
}

const rainReadingFields = {
  fieldId: idSchema,
  readingDate: calendarDateSchema,
  /** The day's rain in the field's gauge, mm; 0 says it stayed dry here whatever the weather source says. */
  rainMm: z
    .number({ message: 'Rain must be a number of mm.' })
    .min(0, 'Rain cannot be negative.')
    .max(MAX_RAIN_READING_MM, `A day's rain reading is at most ${MAX_RAIN_READING_MM} mm.`)
    .refine((mm) => rainReadingProblem(mm) === null, { message: RAIN_BELOW_MINIMUM }),
  notes: notesText,
};

export const rainReadingCreateSchema = z.strictObject({ id: idSchema.optional(), ...rainReadingFields });
export const rainReadingUpdateSchema = z.strictObject(rainReadingFields).partial();
export type RainReadingCreateInput = z.input<typeof rainReadingCreateSchema>;
export type RainReadingUpdateInput = z.input<typeof rainReadingUpdateSchema>;
export const rainReadingListQuerySchema = z.strictObject({ fieldId: idSchema.optional(), ...pageQueryFields });

export const rainReadingSchema = z.object({
  id: z.string(),
  fieldId: z.string(),
  readingDate: z.string(),
  rainMm: z.number(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type RainReading = z.infer<typeof rainReadingSchema>;

/**
 * Why a record's date cannot be kept for this field, or null. Water counts in the balance from planting to the end
 * of the season (core's `seasonWindow`: the harvest date, else the crop's stages plus a margin), and a record cannot
 * be dated after today (one day of slack for time zones east of UTC, as for the other records).
 */
export function waterRecordDateProblem(date: string, field: SeasonFacts, today: string): string | null {
  if (date > addDays(today, 1)) return 'The date cannot be in the future.';
  const season = seasonWindow(field, today);
  if (!season.seasonStart || !season.seasonEnd) {
    return "Add this field's planting date first: water is counted from planting.";
  }
  if (date < season.seasonStart) {
    return `This is before the field was planted (${season.seasonStart}); water is counted from planting.`;
  }
  if (date > season.seasonEnd) {
    return `This is after the field's season ended (${season.seasonEnd}); add the new season's planting date first.`;
  }
  return null;
}

/** The water recorded on a field, as the balance counts it. */
export interface RecordedWater {
  /** Irrigations, net depth in mm (`netIrrigationDepthMm`); several on one day add up. */
  irrigations: readonly { date: string; netDepthMm: number }[];
  /** Gauge readings, mm; at most one a day. */
  rainReadings: readonly { date: string; rainMm: number }[];
}

export const NO_RECORDED_WATER: RecordedWater = { irrigations: [], rainReadings: [] };

/**
 * The days with the recorded water joined: a gauge reading replaces the day's rain from the weather source, and the
 * day's irrigations are added to any irrigation it already carries. Records on days not in `days` are left out.
 */
export function withRecordedWater(days: readonly DailyWaterInput[], recorded: RecordedWater): DailyWaterInput[] {
  const gaugeByDate = new Map(recorded.rainReadings.map((reading) => [reading.date, reading.rainMm]));
  const irrigationByDate = new Map<string, number>();
  for (const event of recorded.irrigations) {
    irrigationByDate.set(event.date, (irrigationByDate.get(event.date) ?? 0) + event.netDepthMm);
  }
  return days.map((day) => {
    const gaugeRainMm = gaugeByDate.get(day.date);
    const irrigationMm = irrigationByDate.get(day.date);
    if (gaugeRainMm === undefined && irrigationMm === undefined) return day;
    return {
      ...day,
      rainMm: gaugeRainMm ?? day.rainMm,
      ...(irrigationMm === undefined ? {} : { irrigationMm: (day.irrigationMm ?? 0) + irrigationMm }),
    };
  });
}

/** What a balance over `days` assumed about recorded water, in sentences a farmer reads with the advice. */
export function recordedWaterAssumptions(days: readonly DailyWaterInput[], recorded: RecordedWater): string[] {
  const dates = new Set(days.map((day) => day.date));
  const irrigations = recorded.irrigations.filter((event) => dates.has(event.date));
  const readings = recorded.rainReadings.filter((reading) => dates.has(reading.date));
  const sentences: string[] = [];
  if (irrigations.length === 0) {
    sentences.push('No irrigation is recorded for this field in this period, so the balance assumes none was given.');
  } else {
    const totalMm = irrigations.reduce((sum, event) => sum + event.netDepthMm, 0);
    const count = irrigations.length === 1 ? '1 recorded irrigation' : `${irrigations.length} recorded irrigations`;
    sentences.push(`The balance counts ${count} (${Math.round(totalMm)} mm in all). ${RECORDED_IRRIGATION_ASSUMPTION}`);
  }
  if (readings.length > 0) {
    const count = readings.length === 1 ? '1 day' : `${readings.length} days`;
    sentences.push(`On ${count} the rain is your gauge reading instead of the weather source's.`);
  }
  return sentences;
}
