/**
 * The growing season of a field and the window of days an analysis reads: the one rule the analyses, zones and
 * daily schedules share, so that a field planted years ago with no harvest recorded is not read as one long season.
 */
import { cropCatalogue, findCropType } from '../crops/crop-catalogue.ts';
import { addDays, daysBetween } from '../dates.ts';

/**
 * Days a season without a harvest date runs past the end of its crop's FAO-56 Table 11 stages. Table 11 lengths are
 * for one climate and planting month; cooler highland seasons and later-maturing varieties run weeks longer, and
 * grain is often left to dry in the field after maturity. A month keeps such a crop in season until it is cut
 * (illustrative: about one Table 11 late-season stage).
 */
export const SEASON_END_MARGIN_DAYS = 30;

/**
 * Season length of a field whose crop is not known (none given, or no longer in the catalogue): the 240 days crop
 * health and zones used to accept a planting date from, longer than every annual grain crop's Table 11 season.
 */
export const UNKNOWN_CROP_SEASON_DAYS = 240;

/** Without a season in progress, an analysis looks this many days back from today: what the field has done lately. */
export const DEFAULT_LOOKBACK_DAYS = 120;

/**
 * The furthest back a window starts (a year of imagery and weather, as the weather archive route allows): a crop whose
 * season is longer (first-year sugarcane, 405 days in Table 11) is read over its latest year.
 */
export const MAX_SEASON_WINDOW_DAYS = 366;

/** Total FAO-56 Table 11 stage length of a catalogued crop plus the margin, or the unknown-crop length; days. */
export function seasonLengthDays(cropType: string | null | undefined): number {
  const crop = cropType ? findCropType(cropType) : undefined;
  if (!crop) return UNKNOWN_CROP_SEASON_DAYS;
  const { initial, development, midSeason, lateSeason } = crop.stageLengthsDays;
  return initial + development + midSeason + lateSeason + SEASON_END_MARGIN_DAYS;
}

/**
 * The longest a season without a harvest date can last, over every crop: a field planted longer ago than this and
 * not harvested later than today is out of season whatever its crop (lets a query skip such fields), days.
 */
export const LONGEST_SEASON_DAYS = Math.max(UNKNOWN_CROP_SEASON_DAYS, ...cropCatalogue.map((crop) => seasonLengthDays(crop.id)));

/**
 * The last day of a season planted on `plantingDate` (YYYY-MM-DD) with no harvest recorded: planting + the crop's
 * season length (`seasonLengthDays`) − 1. What a season window, a harvest's season and a yield estimate's season all
 * end on.
 */
export function seasonEndDay(plantingDate: string, cropType: string | null | undefined): string {
  return addDays(plantingDate, seasonLengthDays(cropType) - 1);
}

export interface SeasonFacts {
  /** YYYY-MM-DD, or null when the field has none. */
  plantingDate: string | null;
  /** The actual harvest date (YYYY-MM-DD) when recorded; the season ends on it. */
  harvestDate: string | null;
  /** Crop catalogue id; its stage lengths decide when a season without a harvest date ends. */
  cropType: string | null;
}

export type SeasonState =
  /** Planted on or before today and neither harvested before today nor past its crop's season. */
  | 'in-season'
  | 'no-planting-date'
  /** The planting date is after today. */
  | 'not-yet-planted'
  /** The recorded harvest date is before today. */
  | 'harvested'
  /** No harvest recorded, but the crop's season (stage lengths plus margin) ended before today. */
  | 'season-over';

export interface SeasonWindow {
  state: SeasonState;
  inSeason: boolean;
  /** First and last day an analysis reads (YYYY-MM-DD, both included); `to` is always today. */
  from: string;
  to: string;
  /** The planting date, when there is one. */
  seasonStart: string | null;
  /** The harvest date, else the last day of the crop's season (planting + season length − 1); null without planting. */
  seasonEnd: string | null;
}

/**
 * The season of a field on `today` (YYYY-MM-DD) and the window an analysis reads. In season: from planting (at most
 * `MAX_SEASON_WINDOW_DAYS` back) to today. Otherwise (no planting date, planted later, harvested, season over) from
 * `DEFAULT_LOOKBACK_DAYS` back to today. A season ends on its harvest date, else after its crop's Table 11 stages plus
 * `SEASON_END_MARGIN_DAYS`.
 */
export function seasonWindow(facts: SeasonFacts, today: string): SeasonWindow {
  const lookback = { from: addDays(today, -DEFAULT_LOOKBACK_DAYS), to: today };
  const { plantingDate, harvestDate } = facts;
  if (!plantingDate) return { state: 'no-planting-date', inSeason: false, ...lookback, seasonStart: null, seasonEnd: null };
  const seasonEnd = harvestDate ?? seasonEndDay(plantingDate, facts.cropType);
  const season = { seasonStart: plantingDate, seasonEnd };
  if (plantingDate > today) return { state: 'not-yet-planted', inSeason: false, ...lookback, ...season };
  if (seasonEnd < today) return { state: harvestDate ? 'harvested' : 'season-over', inSeason: false, ...lookback, ...season };
  const from = daysBetween(plantingDate, today) <= MAX_SEASON_WINDOW_DAYS ? plantingDate : addDays(today, -MAX_SEASON_WINDOW_DAYS);
  return { state: 'in-season', inSeason: true, from, to: today, ...season };
}
