/**
 * What every alert rule returns, and the one way the rules cut a series into episodes.
 *
 * An episode is an unbroken run of days (or of usable readings) on which a rule's condition holds. It gives one
 * alert, keyed by rule, field and the episode's first day, so a scheduler that evaluates the same field every hour
 * sends it once and sends again only for a new episode. A forecast episode whose first day moves from one forecast
 * to the next keeps its alert (`continueEpisodes`); an episode named by what it is rather than by its days (a pest
 * generation) is keyed by that name. Episodes that ended before today (or before the latest reading) raise nothing:
 * they are over, and were alerted while they lasted.
 */
import { daysBetween, utcDayNumber } from '../dates.ts';
import type { ProblemParams } from '../errors.ts';
import { ALERT_CAVEATS_EN, ALERT_MESSAGES_EN, type AlertActionKey, type AlertCaveatKey, type AlertMessageKey } from './alert-messages.ts';

export type AlertSeverity = 'info' | 'warning' | 'critical';

export type AlertRuleId =
  | 'frost'
  | 'heat'
  | 'heavy-rain'
  | 'dry-spell'
  | 'strong-wind'
  | 'ndvi-drop'
  | 'water-stress-depletion'
  | 'water-stress-ndwi'
  | 'nitrogen'
  | 'irrigation-due'
  | 'fall-armyworm'
  | 'maize-stalk-borer'
  | 'grey-leaf-spot'
  | 'soybean-rust';

/** One number behind an alert, with its unit and the day it belongs to. */
export interface EvidenceValue {
  name: string;
  value: number;
  /** `°C`, `mm`, `m/s`, `°D`, `h`, `index`, `ratio`, `days`. */
  unit: string;
  date?: string;
}

export interface AlertEvidence {
  values: EvidenceValue[];
  /** The days (or reading dates) the alert rests on, oldest first. */
  dates: string[];
  /** Where the rule and its thresholds come from. */
  source: string;
  /** Where the data came from (weather service, imagery source, water balance), as the caller names it. */
  dataSource: string;
  /** Limits a farmer should know: proxies for hourly data, unchecked constants, assumptions. */
  caveats: AlertCaveat[];
  /**
   * Made from simulated weather or imagery (the demo, or a server without a weather service): shown in the app,
   * labelled so, and never sent by SMS or e-mail. Set by `buildAlert` from the context; absent on alerts stored before.
   */
  simulated?: boolean;
}

/** A limit of an alert's evidence: an i18n key with its params, and the English default sentence. */
export interface AlertCaveat {
  key: AlertCaveatKey;
  params: ProblemParams;
  text: string;
}

export function caveat(key: AlertCaveatKey, params: ProblemParams = {}): AlertCaveat {
  return { key, params, text: fillAlertTemplate(ALERT_CAVEATS_EN[key], params) };
}

export interface Alert {
  ruleId: AlertRuleId;
  fieldId: string;
  severity: AlertSeverity;
  /** i18n key of the sentence; `ALERT_MESSAGES_EN` holds the English default. */
  messageKey: string;
  params: ProblemParams;
  /** The English default sentence with its params filled in. */
  message: string;
  /** i18n key of the suggested action; `ALERT_ACTIONS_EN` holds the English default. */
  actionKey: string;
  evidence: AlertEvidence;
  /**
   * The day the alert speaks of: the episode's first day (the first reading, for imagery), unless the rule names
   * another (a dry spell's tenth day, the first day from today that irrigation is due).
   */
  date: string;
  /** Days from today to `date`; 0 = now. */
  daysAhead: number;
  /** `ruleId:fieldId:firstDay` (or `ruleId:fieldId:episodeId`), the same for as long as the episode lasts. */
  episodeKey: string;
  /** The key names the episode's first day, which the next forecast may move (see `continueEpisodes`). */
  keyedByDay: boolean;
}

/** What every rule needs to know about the evaluation. */
export interface AlertContext {
  fieldId: string;
  /** YYYY-MM-DD, the caller's clock (core reads none). */
  today: string;
  /** The data the rule reads is simulated (see `AlertEvidence.simulated`). */
  simulated?: boolean;
}

export function episodeKeyOf(ruleId: AlertRuleId, fieldId: string, firstDayOrName: string): string {
  return `${ruleId}:${fieldId}:${firstDayOrName}`;
}

/** One run of consecutive hits: each item with what the rule found on it. */
export interface Episode<Item, Hit> {
  items: { item: Item; hit: Hit }[];
}

/**
 * Splits `items` (oldest first) into runs of consecutive hits. `hitOf` returns what the rule found on an item, or
 * null when its condition does not hold (or the item lacks the data to tell). `adjacent` says whether two
 * neighbouring items are next to each other (consecutive days); a gap ends a run.
 */
export function episodesOf<Item, Hit>(
  items: readonly Item[],
  hitOf: (item: Item, index: number) => Hit | null,
  adjacent: (previous: Item, next: Item) => boolean = () => true,
): Episode<Item, Hit>[] {
  const episodes: Episode<Item, Hit>[] = [];
  let current: Episode<Item, Hit> | null = null;
  items.forEach((item, index) => {
    const hit = hitOf(item, index);
    if (hit === null) {
      current = null;
      return;
    }
    if (current === null || !adjacent(items[index - 1]!, item)) {
      current = { items: [] };
      episodes.push(current);
    }
    current.items.push({ item, hit });
  });
  return episodes;
}

/** Dated items sorted oldest first; a malformed date is a RangeError (from `utcDayNumber`). */
export function sortedByDate<T extends { date: string }>(items: readonly T[]): T[] {
  for (const item of items) utcDayNumber(item.date);
  return [...items].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export const consecutiveDays = (previous: { date: string }, next: { date: string }): boolean => daysBetween(previous.date, next.date) === 1;

/** The alert's day (the episode's first day) and how far ahead of today it is; 0 once it has come. */
export function alertDay(firstDay: string, today: string): { date: string; daysAhead: number } {
  return { date: firstDay, daysAhead: Math.max(0, daysBetween(today, firstDay)) };
}

/** Rounded for a sentence or a chart: one decimal, or two for indices and ratios. */
export const round1 = (value: number): number => Math.round(value * 10) / 10;
export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Fills `{name}` placeholders of an English default sentence. */
export function fillAlertTemplate(template: string, params: ProblemParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Threshold defaults with a user's overrides; an override that is not a finite number is a RangeError. */
export function withOverrides<T extends Record<string, number>>(defaults: T, overrides: Partial<T> | undefined): T {
  const merged = { ...defaults };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value === undefined) continue;
    if (!(key in defaults)) throw new RangeError(`Unknown alert threshold: ${key}`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`Alert threshold ${key} must be a finite number`);
    (merged as Record<string, number>)[key] = value;
  }
  return merged;
}

export interface AlertDraft {
  ruleId: AlertRuleId;
  severity: AlertSeverity;
  messageKey: AlertMessageKey;
  params: ProblemParams;
  actionKey: AlertActionKey;
  evidence: Omit<AlertEvidence, 'simulated'>;
  /** The episode's first day. */
  firstDay: string;
  /**
   * The episode's name when a day cannot name it: a pest generation is the same generation whichever day the next
   * forecast's degree-days reach it on (`<planting date>:generation-2`).
   */
  episodeName?: string;
}

/** An alert from a rule's findings: English default sentence, day, days ahead, episode key and the data's provenance. */
export function buildAlert(context: AlertContext, draft: AlertDraft): Alert {
  return {
    ruleId: draft.ruleId,
    fieldId: context.fieldId,
    severity: draft.severity,
    messageKey: draft.messageKey,
    params: draft.params,
    message: fillAlertTemplate(ALERT_MESSAGES_EN[draft.messageKey], draft.params),
    actionKey: draft.actionKey,
    evidence: { ...draft.evidence, simulated: context.simulated === true },
    ...alertDay(draft.firstDay, context.today),
    episodeKey: episodeKeyOf(draft.ruleId, context.fieldId, draft.episodeName ?? draft.firstDay),
    keyedByDay: draft.episodeName === undefined,
  };
}
