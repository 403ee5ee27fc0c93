/**
 * When each part of the season's fertilizer goes on, in days after planting (science brief §5):
 * maize gets P, K and part of its N at planting and the rest of the N as a top-dress at V6–V8; on sand the
 * N is split further (less at planting, two top-dresses) ✖. Leaf stages are placed on the FAO-56 stage lengths
 * of the catalogue entry, which is an approximation we state (✖): V6 ≈ end of the initial stage, tasselling ≈
 * start of the mid-season stage.
 */
import type { CropType } from '../../crops/crop-catalogue.ts';
import { BASAL_WINDOW_DAYS_AFTER_PLANTING, MAIZE_TOP_DRESS } from './coefficients.ts';
import { isSandyTexture, type FertilizerCropProfile, type FertilizerSoilTexture } from './crop-nutrient-profiles.ts';
import { roundKg } from './nutrient-need.ts';
import type { NutrientAmounts } from './products.ts';

/** Days after planting, inclusive at both ends. */
export interface DayWindow {
  fromDay: number;
  toDay: number;
}

export interface FertilizerTimeline {
  basal: DayWindow;
  /** Zero, one or two top-dress windows, in order. */
  topDresses: DayWindow[];
  /** First day of the FAO-56 mid-season stage; from here N and basal P/K come too late. */
  lateSeasonStartDay: number;
  /** What that day stands for ("tasselling …"). */
  lateSeasonLabel: string;
  explanation: string[];
}

export type EventTiming = 'upcoming' | 'due-now' | 'late' | 'missed';

const range = (window: DayWindow): string => `${window.fromDay}–${window.toDay} days after planting`;

/** The basal and top-dress windows and the late-season cut-off for one crop on one soil. */
export function fertilizerTimeline(
  profile: FertilizerCropProfile,
  stageLengthsDays: CropType['stageLengthsDays'],
  soilTexture: FertilizerSoilTexture | null | undefined,
): FertilizerTimeline {
  const lateSeasonStartDay = stageLengthsDays.initial + stageLengthsDays.development;
  const basal = { fromDay: 0, toDay: Math.min(BASAL_WINDOW_DAYS_AFTER_PLANTING.value, lateSeasonStartDay - 1) };
  const explanation = [
    `Basal fertilizer (P, K and the first N) at planting, or up to ${basal.toDay} days after (a rough guide, not a tested limit).`,
    `Late-season cut-off: ${profile.lateSeasonLabel}, day ${lateSeasonStartDay} after planting (FAO-56 initial ${stageLengthsDays.initial} + development ${stageLengthsDays.development} days).`,
  ];
  const topDresses: DayWindow[] = [];
  const lastUsefulDay = lateSeasonStartDay - 1;

  if (profile.topDress === 'maize-v6-v8') {
    const v6 = stageLengthsDays.initial;
    const first = { fromDay: v6, toDay: Math.min(v6 + MAIZE_TOP_DRESS.v8AfterV6Days.value, lastUsefulDay) };
    topDresses.push(first);
    explanation.push(
      `N top-dress at V6–V8 ≈ ${range(first)}, an estimate: V6 is taken as the end of the FAO-56 initial stage and V8 about ${MAIZE_TOP_DRESS.v8AfterV6Days.value} days later; leaf stages come sooner in hot weather, so count the leaves.`,
    );
    if (isSandyTexture(soilTexture)) {
      const shift = MAIZE_TOP_DRESS.secondTopDressAfterFirstDays.value;
      const second = { fromDay: first.fromDay + shift, toDay: Math.min(first.toDay + shift, lastUsefulDay) };
      if (second.fromDay <= second.toDay) {
        topDresses.push(second);
        explanation.push(
          `On sand the top-dress N is split in two to limit leaching (common advice, not tested here): the second ≈ ${range(second)} (about V10–V12), before tasselling.`,
        );
      }
    }
  } else if (profile.topDress === 'tobacco-before-topping') {
    const window = { fromDay: stageLengthsDays.initial, toDay: lastUsefulDay };
    topDresses.push(window);
    explanation.push(
      `N top-dress ≈ ${range(window)}, an estimate: finish it by the 8–12 leaf stage (Zimbabwe Tobacco Research Board advice, as reported in the press).`,
    );
  } else if (profile.topDress === 'generic-early-vegetative') {
    const window = { fromDay: stageLengthsDays.initial, toDay: Math.min(stageLengthsDays.initial + 14, lastUsefulDay) };
    topDresses.push(window);
    explanation.push(
      `N top-dress in early vegetative growth ≈ ${range(window)}, an estimate (the end of the FAO-56 initial stage plus two weeks).`,
    );
  }
  return { basal, topDresses, lateSeasonStartDay, lateSeasonLabel: profile.lateSeasonLabel, explanation };
}

/** Whether a window lies ahead, is open now, has passed but is still worth catching up (before the cut-off), or is missed. */
export function eventTiming(window: DayWindow, daysAfterPlanting: number | null, lateSeasonStartDay: number): EventTiming {
  if (daysAfterPlanting === null || daysAfterPlanting < window.fromDay) return 'upcoming';
  if (daysAfterPlanting >= lateSeasonStartDay) return 'missed';
  if (daysAfterPlanting <= window.toDay) return 'due-now';
  return 'late';
}

/**
 * What goes on at planting: all the P₂O₅ and K₂O still needed and `plantingNitrogenShare` of the N — unless the
 * basal window has passed, when the N is left for the top-dress (and all of it stays basal if the crop has no top-dress).
 */
export function basalNutrientTargets(
  stillNeeded: NutrientAmounts,
  plantingNitrogenShare: number,
  timeline: FertilizerTimeline,
  daysAfterPlanting: number | null,
): NutrientAmounts {
  const basalWindowOpen = daysAfterPlanting === null || daysAfterPlanting <= timeline.basal.toDay;
  const share = timeline.topDresses.length === 0 ? 1 : basalWindowOpen ? plantingNitrogenShare : 0;
  return {
    nitrogenKgPerHa: roundKg(stillNeeded.nitrogenKgPerHa * share),
    phosphateKgPerHa: stillNeeded.phosphateKgPerHa,
    potashKgPerHa: stillNeeded.potashKgPerHa,
  };
}

export interface TopDressSplit {
  /** 1 for the first top-dress, 2 for the second (sand). */
  number: 1 | 2;
  window: DayWindow;
  nitrogenKgPerHa: number;
}

/**
 * Divides the top-dress N equally among the top-dress windows. Once the second window (sand) has opened, the
 * first is folded into it, so N the farmer has not yet applied is never planned for a day already gone.
 */
export function topDressSplits(nitrogenKgPerHa: number, timeline: FertilizerTimeline, daysAfterPlanting: number | null): TopDressSplit[] {
  if (nitrogenKgPerHa <= 0 || timeline.topDresses.length === 0) return [];
  const [first, second] = timeline.topDresses;
  if (!first) return [];
  if (!second) return [{ number: 1, window: first, nitrogenKgPerHa: roundKg(nitrogenKgPerHa) }];
  if (daysAfterPlanting !== null && daysAfterPlanting >= second.fromDay)
    return [{ number: 2, window: second, nitrogenKgPerHa: roundKg(nitrogenKgPerHa) }];
  const half = roundKg(nitrogenKgPerHa / 2);
  return [
    { number: 1, window: first, nitrogenKgPerHa: half },
    { number: 2, window: second, nitrogenKgPerHa: roundKg(nitrogenKgPerHa - half) },
  ];
}
