import i18next, { formatLocaleOf } from './i18n.ts';

/**
 * Numbers, dates and prices as the person's language writes them: every formatter here takes the locale from the
 * chosen language (i18next), never a fixed one, and is made once per locale and style.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The locale numbers and dates are written in: the chosen language's. */
export const formatLocale = () => formatLocaleOf(i18next.language);

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, options: object, make: (locale: string) => F): F {
  const locale = formatLocale();
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

const numberFormat = (options: Intl.NumberFormatOptions) => cached('number', options, (locale) => new Intl.NumberFormat(locale, options));
const dateFormat = (options: Intl.DateTimeFormatOptions) => cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
const MOMENT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
const SHORT_MOMENT: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };

/** A calendar day (YYYY-MM-DD, no time zone), e.g. "15 Nov 2026" in English. */
export function formatDate(day: string | null | undefined): string {
  if (!day) return '—';
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dateFormat(DAY).format(date);
}

/** A moment (ISO timestamp) in the person's own time zone, e.g. "15 Nov 2026, 14:05" in English. */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(MOMENT).format(date);
}

/** A day of this season by its weekday (YYYY-MM-DD, no time zone), e.g. "Thu 28 Nov" in English. */
export function formatShortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dateFormat(SHORT_DAY).format(date);
}

/** A moment of the coming days in the person's own time zone, by its weekday, e.g. "Sun 29 Nov, 06:00" in English. */
export function formatShortMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(SHORT_MOMENT).format(date);
}

/** Today on this device's calendar, as YYYY-MM-DD. */
export function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A measured value, at most `digits` decimals; "—" when not measured. */
export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat({ maximumFractionDigits: digits }).format(value);
}

/** A value with exactly `digits` decimals (areas in a list line up: "3.0 ha", "12.5 ha"). */
export function formatFixed(value: number, digits: number): string {
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/**
 * A measured field area as core's messages write it (`formatHectares`): two decimals below 10 ha ("0.30"), whole
 * hectares above ("12,000"), in the reader's number format.
 */
export function formatMeasuredHectares(hectares: number): string {
  return hectares < 10 ? formatFixed(hectares, 2) : formatFixed(Math.round(hectares), 0);
}

/** "$12.50": a price in US dollars with cents; the dollar sign whatever the language. */
export function formatUsd(value: number): string {
  return numberFormat({ style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(value);
}

/** "$10", but "$0.50": whole dollars without cents, other amounts with them. */
export function formatUsdShort(value: number): string {
  if (!Number.isInteger(value)) return formatUsd(value);
  return numberFormat({ style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(value);
}

const listFormats = new Map<string, Intl.ListFormat>();

/** Names joined as the language joins them: "Rain and Mean temperature", "A, B and C" in English. */
export function formatList(items: string[]): string {
  const locale = formatLocaleOf(i18next.language);
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'conjunction' });
    listFormats.set(locale, format);
  }
  return format.format(items);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
/** Steps from seconds up: each unit is used until the next one fits (60 s → 1 min, 60 min → 1 h, 24 h → 1 day). */
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/**
 * How long ago (or ahead) a moment is from `nowMs`, in the language's words: "2 hr. ago", "yesterday", "just now"
 * being "now" in English. Both moments in milliseconds since 1970.
 */
export function formatRelativeTime(thenMs: number, nowMs = Date.now()): string {
  const locale = formatLocaleOf(i18next.language);
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    relativeFormats.set(locale, format);
  }
  let amount = (thenMs - nowMs) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
