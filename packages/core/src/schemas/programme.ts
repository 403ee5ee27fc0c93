import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * A programme's figures for its funders: what reached farms and what changed, by group of farms and crop, with no
 * farm, farmer, phone, e-mail, boundary or point in them. Every figure is a sum over cells (a group × a farm's main
 * crop) of at least `MIN_FARMS_PER_CELL` farms: a smaller cell is left out of every figure, whatever the filters, so
 * that no difference of two answers can single out a farm.
 */
export const MIN_FARMS_PER_CELL = 5;

/** The season runs July to June: planting from October in southern Africa, harvest by June. */
const SEASON_START_MONTH = 7;

/** The season a day (YYYY-MM-DD) falls in, by the year it started. */
export function seasonStartYearOf(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month >= SEASON_START_MONTH ? year : year - 1;
}

/** A season by the year it started: its label ("2026/27") and its first and last days. */
export function programmeSeason(startYear: number) {
  return {
    startYear,
    label: `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`,
    from: `${startYear}-0${SEASON_START_MONTH}-01`,
    to: `${startYear + 1}-06-30`,
  };
}

export const programmeQuerySchema = z.strictObject({
  groupId: idSchema.optional(),
  /** A crop type id ("maize-grain"). */
  crop: z.string().max(60).optional(),
  /** The season by the year it starts (July to June): 2026 is the 2026/27 season. */
  season: z.coerce.number().int().min(2015, 'Choose a season from 2015.').max(2100).optional(),
});
export type ProgrammeQuery = z.infer<typeof programmeQuerySchema>;

export const programmeMeasuresSchema = z.object({
  farms: z.number().int(),
  farmers: z.number().int(),
  fields: z.number().int(),
  hectares: z.number(),
  /** Fields by the status of their latest crop health analysis. */
  health: z.object({
    healthy: z.number().int(),
    moderate: z.number().int(),
    bareOrStressed: z.number().int(),
    noClearImage: z.number().int(),
    notAnalysed: z.number().int(),
  }),
  /** Fields whose latest clear satellite image is at most 14 days old. */
  freshImageFields: z.number().int(),
  alerts: z.object({ raised: z.number().int(), actedOn: z.number().int(), emailed: z.number().int(), texted: z.number().int() }),
  /** Irrigation and fertilizer advice given in the season, and irrigations and applications logged in it. */
  advice: z.object({ issued: z.number().int(), loggedDone: z.number().int() }),
  /** The middle half of the fields' expected yields (t/ha): never one field's figure. Null with fewer than 5 estimates. */
  yieldTPerHa: z.object({ lowerQuartile: z.number(), median: z.number(), upperQuartile: z.number(), fields: z.number().int() }).nullable(),
});
export type ProgrammeMeasures = z.infer<typeof programmeMeasuresSchema>;

export const programmeFiguresSchema = z.object({
  season: z.object({ startYear: z.number().int(), label: z.string(), from: z.string(), to: z.string() }),
  minimumFarms: z.number().int(),
  /** The sum of the rows shown. */
  totals: programmeMeasuresSchema,
  rows: z.array(programmeMeasuresSchema.extend({ groupId: idSchema.nullable(), group: z.string(), crop: z.string() })),
  /** Cells (a group × a main crop) left out because they hold fewer than the minimum of farms; nothing else of them. */
  cellsLeftOut: z.number().int(),
  /** The filters' choices. */
  groups: z.array(z.object({ id: idSchema, name: z.string() })),
  crops: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ProgrammeFigures = z.infer<typeof programmeFiguresSchema>;
