/**
 * Keeps one alert for one episode while the forecast moves it. A frost forecast for Friday that the next run brings
 * forward to Thursday is the same cold night to the farmer: its first day, and with it its key, changed, but it must
 * not be told twice. Each alert found now whose key names a day is matched to an alert already stored for the same
 * field and rule whose days overlap or nearly touch its own, and takes that alert's key.
 */
import { daysBetween } from '../dates.ts';
import type { Alert, AlertRuleId, AlertSeverity } from './alert.ts';

/** An alert already stored: what matching needs of it. */
export interface StoredEpisode {
  fieldId: string;
  ruleId: AlertRuleId;
  episodeKey: string;
  /** The days its evidence rests on (YYYY-MM-DD). */
  dates: readonly string[];
  /** The day it spoke of. */
  date: string;
}

/**
 * Days that may lie between two runs of one rule and still make them one episode: a forecast commonly moves a cold
 * night or a storm by a day. Two runs with two clear days between them are two episodes.
 */
export const EPISODE_GAP_DAYS = 1;

const spanOf = (dates: readonly string[], date: string): [string, string] => {
  const all = [...dates, date].sort();
  return [all[0]!, all.at(-1)!];
};

/** Whole days between the two spans: 0 when they overlap or touch, 1 with one day between them, … */
const daysApart = ([firstA, lastA]: [string, string], [firstB, lastB]: [string, string]): number =>
  Math.max(0, daysBetween(lastA, firstB) - 1, daysBetween(lastB, firstA) - 1);

/**
 * The alerts found, with the keys of the stored episodes they continue. A stored alert is continued by at most one
 * alert found; one whose key an alert found carries as its own is kept for that alert. The closest pairs (by first
 * day) are matched first. Alerts named otherwise than by a day (pest generations) keep their keys.
 */
export function continueEpisodes(found: readonly Alert[], stored: readonly StoredEpisode[]): Alert[] {
  const foundKeys = new Set(found.map((alert) => alert.episodeKey));
  const storedByRule = new Map<string, StoredEpisode[]>();
  for (const episode of stored) {
    if (foundKeys.has(episode.episodeKey)) continue;
    const key = `${episode.fieldId}|${episode.ruleId}`;
    storedByRule.set(key, [...(storedByRule.get(key) ?? []), episode]);
  }
  const pairs: { foundIndex: number; episode: StoredEpisode; distance: number }[] = [];
  found.forEach((alert, foundIndex) => {
    if (!alert.keyedByDay) return;
    const span = spanOf(alert.evidence.dates, alert.date);
    for (const episode of storedByRule.get(`${alert.fieldId}|${alert.ruleId}`) ?? []) {
      const storedSpan = spanOf(episode.dates, episode.date);
      if (daysApart(span, storedSpan) > EPISODE_GAP_DAYS) continue;
      pairs.push({ foundIndex, episode, distance: Math.abs(daysBetween(span[0], storedSpan[0])) });
    }
  });
  pairs.sort((a, b) => a.distance - b.distance);
  const continued = new Map<number, string>();
  const taken = new Set<string>();
  for (const { foundIndex, episode } of pairs) {
    if (continued.has(foundIndex) || taken.has(episode.episodeKey)) continue;
    continued.set(foundIndex, episode.episodeKey);
    taken.add(episode.episodeKey);
  }
  return found.map((alert, index) => {
    const episodeKey = continued.get(index);
    return episodeKey === undefined ? alert : { ...alert, episodeKey };
  });
}

const SEVERITY_ORDER: Record<AlertSeverity, number> = { info: 0, warning: 1, critical: 2 };

/** The episode got worse: its people are told again, at the new severity. */
export const isEscalation = (before: AlertSeverity, now: AlertSeverity): boolean => SEVERITY_ORDER[now] > SEVERITY_ORDER[before];
