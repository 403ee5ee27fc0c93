import { z } from 'zod';
import { seasonEndDay } from '../agronomy/season.ts';
import { findCropType } from '../crops/crop-catalogue.ts';
import { addDays, formatDayMonth } from '../dates.ts';
import { calendarDateSchema, idSchema, optionalText, pageQueryFields } from './common.ts';

/**
 * A harvest the farmer weighed: grain per hectare and its moisture, for one field and season. The season is named
 * by a label ("2025/26") or by the planting date it was sown on, or both; the yield estimate of that season is then
 * shown beside it, and a programme can later fit the model to its districts' harvests.
 */
const harvestFields = {
  fieldId: idSchema,
  /** The season as the farmer names it, e.g. "2025/26" or "Winter 2026". */
  seasonLabel: optionalText(40),
  /** The planting date of the season harvested (YYYY-MM-DD). */
  plantingDate: calendarDateSchema.nullish(),
  /** Grain (or the crop's harvested part) as weighed, tonnes per hectare. */
  harvestedTPerHa: z
    .number({ message: 'The harvest must be a number of tonnes per hectare.' })
    .min(0, 'The harvest cannot be negative.')
    .max(40, 'A harvest above 40 t/ha is not a grain yield; check the unit (tonnes per hectare).'),
  /** Grain moisture when weighed, % wet basis; maize is sold at 12.5 %. */
  moisturePct: z
    .number({ message: 'Moisture must be a number (%).' })
    .min(0, 'Moisture cannot be negative.')
    .max(60, 'Grain moisture above 60 % is not a harvest reading.'),
  harvestDate: calendarDateSchema,
  notes: optionalText(2000),
};

interface HarvestSeason {
  seasonLabel?: string | null;
  plantingDate?: string | null;
  harvestDate?: string;
}

/** A harvest names its season, and is not harvested before it was planted. */
export function harvestProblem(harvest: HarvestSeason): { path: string; message: string } | null {
  const hasLabel = harvest.seasonLabel !== undefined && harvest.seasonLabel !== null && harvest.seasonLabel !== '';
  const hasPlanting = harvest.plantingDate !== undefined && harvest.plantingDate !== null;
  if (!hasLabel && !hasPlanting) {
    return { path: 'seasonLabel', message: 'Name the season (e.g. 2025/26) or give its planting date.' };
  }
  if (hasPlanting && harvest.harvestDate !== undefined && harvest.harvestDate < harvest.plantingDate!) {
    return { path: 'harvestDate', message: 'The harvest date cannot be before the planting date.' };
  }
  return null;
}

/**
 * How far back a harvest may be recorded, in years: ten seasons of a field's history, well before the Sentinel-2
 * archive (2017 in southern Africa) that the yield estimates it is compared with start from. An older date is a
 * mistyped year (1900), not a record anything here reads.
 */
export const OLDEST_HARVEST_YEARS = 10;

/** The field a harvest is recorded on, as its season needs it. */
export interface HarvestField {
  plantingDate: string | null;
  cropType: string | null;
  /** The harvest date recorded on the field: its season runs at least until then. */
  actualHarvestDate?: string | null;
}

/**
 * A harvest lies inside its season: on or after the season's planting and no later than the crop's season ends
 * (`seasonEndDay`: FAO-56 Table 11 stage lengths + 30 days, as every analysis reads the season). The season is the
 * harvest's own planting date, else the field's when the harvest comes after it; a harvest named by its label only,
 * before the field's planting, is from an earlier season and is only kept within `OLDEST_HARVEST_YEARS`. `today` is
 * the caller's day (YYYY-MM-DD).
 */
export function harvestSeasonProblem(
  harvest: { harvestDate: string; plantingDate: string | null },
  field: HarvestField,
  today: string,
): { path: string; message: string } | null {
  const oldest = addDays(today, -Math.round(OLDEST_HARVEST_YEARS * 365.25));
  const earliest = harvest.plantingDate ?? harvest.harvestDate;
  if (earliest < oldest) {
    const path = harvest.plantingDate ? 'plantingDate' : 'harvestDate';
    return {
      path,
      message: `A harvest can be recorded for the last ${OLDEST_HARVEST_YEARS} years; ${formatDayMonth(earliest, today)} is earlier. Check the year.`,
    };
  }
  const ownPlanting = harvest.plantingDate !== null;
  const planting =
    harvest.plantingDate ?? (field.plantingDate !== null && field.plantingDate <= harvest.harvestDate ? field.plantingDate : null);
  if (planting === null) return null;
  const cropSeasonEnd = seasonEndDay(planting, field.cropType);
  const fieldHarvest = planting === field.plantingDate ? (field.actualHarvestDate ?? null) : null;
  const seasonEnd = fieldHarvest !== null && fieldHarvest > cropSeasonEnd ? fieldHarvest : cropSeasonEnd;
  if (harvest.harvestDate <= seasonEnd) return null;
  const crop = (field.cropType ? findCropType(field.cropType)?.name : undefined) ?? 'A crop';
  const season = `${crop} planted on ${formatDayMonth(planting, today)} is harvested by ${formatDayMonth(seasonEnd, today)} at the latest (its growing stages and a month's margin); the harvest date is after that.`;
  return {
    path: 'harvestDate',
    message: ownPlanting
      ? `${season} Check the harvest and planting dates.`
      : `${season} Give the planting date of the season harvested, or update the field's planting date.`,
  };
}

const checkSeason = (harvest: HarvestSeason, ctx: z.RefinementCtx) => {
  const problem = harvestProblem(harvest);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
};

export const harvestCreateSchema = z
  .strictObject({ id: idSchema.optional(), ...harvestFields, moisturePct: harvestFields.moisturePct.default(12.5) })
  .superRefine(checkSeason);
export const harvestUpdateSchema = z.strictObject(harvestFields).partial();
export type HarvestCreateInput = z.input<typeof harvestCreateSchema>;
export const harvestListQuerySchema = z.strictObject({ fieldId: idSchema.optional(), ...pageQueryFields });

/** The season's latest yield estimate beside the harvest, both at the standard 12.5 % moisture; null when none was made. */
export const harvestEstimateSchema = z.object({
  analysisId: z.string(),
  analysisDate: z.string(),
  lowTPerHa: z.number(),
  expectedTPerHa: z.number(),
  highTPerHa: z.number(),
  /** Moisture of the three figures above and of `harvestedTPerHaAtStandardMoisture`, % (12.5). */
  moisturePct: z.number(),
  harvestedTPerHaAtStandardMoisture: z.number(),
  position: z.enum(['below', 'within', 'above']),
  differenceFromExpectedShare: z.number(),
  /** The estimate ran on simulated imagery or weather (demo fields). */
  simulated: z.boolean(),
});
export type HarvestEstimate = z.infer<typeof harvestEstimateSchema>;

export const harvestSchema = z.object({
  id: z.string(),
  fieldId: z.string(),
  seasonLabel: z.string().nullable(),
  plantingDate: z.string().nullable(),
  harvestedTPerHa: z.number(),
  moisturePct: z.number(),
  harvestDate: z.string(),
  notes: z.string().nullable(),
  estimate: harvestEstimateSchema.nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type Harvest = z.infer<typeof harvestSchema>;
