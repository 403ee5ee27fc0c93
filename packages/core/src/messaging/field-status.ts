/**
 * A field's state in a few words, from its latest stored analyses and open alerts: what STATUS answers by SMS, what a
 * USSD screen shows, and what the weekly digest says of each field. The same facts worded for each.
 */
import type { AlertSeverity } from '../alerts/alert.ts';
import type { ProblemParams } from '../errors.ts';
import type { HealthResult } from '../analysis-results/health-result.ts';
import type { IrrigationResult } from '../analysis-results/index.ts';
import { notificationText, type NotificationLanguage } from '../notifications/languages.ts';
import { formatDayForReading, formatFigure, shortDay } from '../notifications/notification-format.ts';
import { plainSmsText } from '../notifications/sms-text.ts';

export type HealthStatus = 'healthy' | 'moderate' | 'bare-or-stressed';

export interface FieldHealthFacts {
  status: HealthStatus;
  ndvi: number;
  /** YYYY-MM-DD of the image. */
  date: string;
  simulated: boolean;
}

/** The latest clear image's health, or null when the analysis found none (or there is no analysis). */
export function healthFactsOf(result: HealthResult | null | undefined): FieldHealthFacts | null {
  if (!result || result.status === 'no-clear-image') return null;
  return { status: result.status, ndvi: result.latest.ndvi.mean, date: result.latest.date, simulated: result.simulated };
}

export type WaterOutlook =
  | { kind: 'irrigate'; depthMm: number; date: string }
  | { kind: 'postpone'; rainMm: number }
  | { kind: 'not-needed' }
  | { kind: 'stress-today' }
  | { kind: 'stress-expected'; days: number }
  | { kind: 'no-stress' }
  | { kind: 'none'; gap?: WaterGap };

/** Why a field has no water advice, when that is known: what the farmer reads instead of a guess. */
export type WaterGap =
  | { reason: 'no-crop' }
  | { reason: 'no-planting-date' }
  | { reason: 'not-run' }
  | { reason: 'running' }
  | { reason: 'failed'; error: string };

/**
 * Why a field has no (newer) water advice: its newest irrigation analysis runs or failed after the latest advice,
 * or, with no advice at all, the crop or planting date is missing or the analysis has not run. Undefined: nothing is
 * missing.
 */
export function waterGapOf(
  field: { cropType: string | null; plantingDate: string | null },
  newest: { status: string; error: string | null; requestedAt: Date } | undefined,
  latest: { requestedAt: Date } | undefined,
): WaterGap | undefined {
  if (newest && (newest.status === 'queued' || newest.status === 'running')) return { reason: 'running' };
  const newer = newest && (!latest || newest.requestedAt > latest.requestedAt);
  if (newest?.status === 'failed' && newer) return { reason: 'failed', error: newest.error ?? '' };
  if (latest) return undefined;
  if (!field.cropType) return { reason: 'no-crop' };
  if (!field.plantingDate) return { reason: 'no-planting-date' };
  return { reason: 'not-run' };
}

/**
 * The water outlook of the latest irrigation advice: when to water (irrigated fields) or when stress comes (rain-fed).
 * Without advice, `gap` says why (a failure newer than the advice is said only where there is none to show).
 */
export function waterOutlookOf(result: IrrigationResult | null | undefined, gap?: WaterGap): WaterOutlook {
  if (!result || !('advice' in result)) return gap ? { kind: 'none', gap } : { kind: 'none' };
  const advice = result.advice;
  if (advice.kind === 'irrigation-schedule') {
    if (advice.status === 'irrigate' && advice.depthMm !== null && advice.irrigationDate !== null) {
      return { kind: 'irrigate', depthMm: advice.depthMm, date: advice.irrigationDate };
    }
    if (advice.status === 'postpone') return { kind: 'postpone', rainMm: advice.rainExpectedMm ?? 0 };
    if (advice.status === 'not-needed') return { kind: 'not-needed' };
    return { kind: 'none' };
  }
  if (!advice.cropGrowing) return { kind: 'none' };
  if (advice.stressedToday) return { kind: 'stress-today' };
  if (advice.daysUntilStress !== null) return { kind: 'stress-expected', days: advice.daysUntilStress };
  return { kind: 'no-stress' };
}

const WATER_KEYS = {
  irrigate: 'irrigate',
  postpone: 'postpone',
  'not-needed': 'notNeeded',
  'stress-today': 'stressToday',
  'stress-expected': 'stressExpected',
  'no-stress': 'noStress',
  none: 'none',
} as const;

function waterParams(outlook: WaterOutlook, language: NotificationLanguage, today: string, style: 'sms' | 'digest'): ProblemParams {
  const day = (date: string) => (style === 'sms' ? shortDay(date, today, language) : formatDayForReading(date, language));
  switch (outlook.kind) {
    case 'irrigate':
      return { depthMm: formatFigure(outlook.depthMm, language), day: day(outlook.date) };
    case 'postpone':
      return { rainMm: formatFigure(Math.round(outlook.rainMm), language) };
    case 'stress-expected':
      return { days: outlook.days };
    default:
      return {};
  }
}

/** "Water: irrigate 25mm Thu" for SMS and USSD. */
export function smsWaterText(outlook: WaterOutlook, language: NotificationLanguage, today: string): string {
  return notificationText(language, `sms.water.${WATER_KEYS[outlook.kind]}`, waterParams(outlook, language, today, 'sms'));
}

const WATER_GAP_KEYS = {
  'no-crop': 'digest.water.noCrop',
  'no-planting-date': 'digest.water.noPlantingDate',
  'not-run': 'digest.water.notRun',
  running: 'digest.water.running',
  failed: 'digest.water.failed',
} as const;

/** "Irrigate 25 mm on Thu 28 Nov." for the digest; without advice, why there is none when that is known. */
export function digestWaterText(outlook: WaterOutlook, language: NotificationLanguage, today: string): string {
  if (outlook.kind === 'none' && outlook.gap) {
    const { gap } = outlook;
    return notificationText(language, WATER_GAP_KEYS[gap.reason], gap.reason === 'failed' ? { error: gap.error } : {});
  }
  return notificationText(language, `digest.water.${WATER_KEYS[outlook.kind]}`, waterParams(outlook, language, today, 'digest'));
}

/** "healthy, NDVI 0.62 (25 Nov)" for SMS and USSD. */
export function smsHealthText(health: FieldHealthFacts | null, language: NotificationLanguage, today: string): string {
  if (!health) return notificationText(language, 'sms.health.none');
  return notificationText(language, `sms.health.${health.status}`, {
    ndvi: formatFigure(Math.round(health.ndvi * 100) / 100, language),
    day: shortDay(health.date, today, language),
  });
}

/** An open alert as the next thing to do: its short SMS action. */
export interface NextAction {
  severity: AlertSeverity;
  /** The alert's short action, already worded. */
  text: string;
}

/** The most severe open alert's action comes first; none: "nothing urgent". */
export function nextActionText(actions: readonly NextAction[], language: NotificationLanguage): string {
  const rank: Record<AlertSeverity, number> = { critical: 0, warning: 1, info: 2 };
  const first = [...actions].sort((a, b) => rank[a.severity] - rank[b.severity])[0];
  return first
    ? notificationText(language, 'sms.next', { action: first.text.replace(/\.$/, '') })
    : notificationText(language, 'sms.nextNothing');
}

export interface FieldStatusFacts {
  name: string;
  health: FieldHealthFacts | null;
  water: WaterOutlook;
  actions: readonly NextAction[];
}

/** A field's name keeps at least this many characters when a status line is shortened: the farmer must know which. */
const SHORTENED_NAME_CHARACTERS = 20;

/** `text` cut to at most `maxCharacters`, its end replaced by "..." (GSM-7, unlike the one-character ellipsis). */
export function shortenedText(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  return `${text.slice(0, Math.max(0, maxCharacters - 3)).trimEnd()}...`;
}

/**
 * "Kwacha 3: healthy, NDVI 0.62 (25 Nov). Water: irrigate 25mm Thu. Next: Irrigate 25mm." in plain GSM-7 characters,
 * at most `maxCharacters` long (a USSD screen holds 182): a long field name is shortened first (to no fewer than
 * `SHORTENED_NAME_CHARACTERS`), then the next action, each ending in "...".
 */
export function fieldStatusLine(
  field: FieldStatusFacts,
  language: NotificationLanguage,
  today: string,
  maxCharacters = Number.POSITIVE_INFINITY,
): string {
  const health = smsHealthText(field.health, language, today);
  const water = smsWaterText(field.water, language, today);
  const line = (name: string, next: string) =>
    // Where the words bring two full stops at the end one is kept; the "..." of a shortened action stays whole.
    plainSmsText(notificationText(language, 'sms.statusLine', { field: name, health, water, next })).replace(/([^.])\.\.$/, '$1.');
  let name = plainSmsText(field.name);
  let next = nextActionText(field.actions, language);
  let text = line(name, next);
  const excess = () => text.length - maxCharacters;
  if (excess() > 0) {
    name = shortenedText(name, Math.max(SHORTENED_NAME_CHARACTERS, name.length - excess()));
    text = line(name, next);
  }
  if (excess() > 0) {
    next = shortenedText(next, Math.max(0, next.length - excess()));
    text = line(name, next);
  }
  return shortenedText(text, maxCharacters);
}
