import type { FieldScene } from './scene-choice.ts';

/** The season as the chart draws it: one value per day, in date order. */
export interface SeasonSeries {
  dates: string[];
  /** The field's mean of the index on each day; null where no scene of the day was usable. */
  mean: (number | null)[];
  p10: (number | null)[];
  p90: (number | null)[];
  /** Days with scenes but none usable: the chart marks them. */
  unusableDates: string[];
}

/**
 * One point per day for the chart: when two scenes share a day (neighbouring tiles of one pass), the usable one
 * speaks for it. `scenes` are in date order.
 */
export function seasonSeries(scenes: readonly FieldScene[]): SeasonSeries {
  const byDay = new Map<string, FieldScene>();
  for (const scene of scenes) {
    const kept = byDay.get(scene.date);
    if (!kept || (!kept.usable && scene.usable)) byDay.set(scene.date, scene);
  }
  const days = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
  const reading = (scene: FieldScene, value: number | null) => (scene.usable ? value : null);
  return {
    dates: days.map((scene) => scene.date),
    mean: days.map((scene) => reading(scene, scene.mean)),
    p10: days.map((scene) => reading(scene, scene.p10)),
    p90: days.map((scene) => reading(scene, scene.p90)),
    unusableDates: days.filter((scene) => !scene.usable).map((scene) => scene.date),
  };
}

/** The scene a chart click on `date` means: the day's usable scene, else its first; null for a day without scenes. */
export function sceneIndexOnDate(scenes: readonly FieldScene[], date: string): number | null {
  const usable = scenes.findIndex((scene) => scene.date === date && scene.usable);
  if (usable >= 0) return usable;
  const any = scenes.findIndex((scene) => scene.date === date);
  return any >= 0 ? any : null;
}
