/**
 * The words a farmer can text: STATUS (STATUS 2 for the second field), IRR 25 (25 mm of irrigation; IRR 25 2 on the
 * second field), RAIN 12 (a gauge reading), HELP, STOP and START (by the text's first word: "Stop please"), and a
 * bare number answering our question "which field?". Anything else is `unknown` and gets the help text, never an
 * error. Case, spacing, "mm" and a decimal comma are all forgiven: texts come from keypads of every kind.
 */

export type RecordedWaterKind = 'irrigation' | 'rain';

export type SmsCommand =
  | { kind: 'status'; fieldNumber: number | null }
  | { kind: 'log-water'; water: RecordedWaterKind; amountMm: number; fieldNumber: number | null }
  /** IRR or RAIN without a readable amount: the reply says how to write it. */
  | { kind: 'bad-amount'; water: RecordedWaterKind }
  /** A bare number: the answer to a question we asked (which field). */
  | { kind: 'answer'; number: number }
  | { kind: 'help' }
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'unknown' };

/**
 * Opt-out and opt-in words the carriers and SMS providers honour (Twilio's standard list; REVOKE and OPT OUT are among
 * the words of the US FCC's 2024 consent rule, 47 CFR 64.1200(a)(10); Africa's Talking uses STOP for premium and bulk
 * SMS). We honour them ourselves too: a number that sent
 * one gets nothing until it sends START. They count as the text's first word, whatever follows ("Stop please",
 * "STOP ALL"): a person who wants no more SMS should not have to guess the one exact form.
 */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'SUBSCRIBE', 'OPTIN']);
const STATUS_WORDS = new Set(['STATUS', 'STAT', 'STATE']);
const IRRIGATION_WORDS = new Set(['IRR', 'IRRIGATION', 'IRRIGATE', 'WATER']);
const RAIN_WORDS = new Set(['RAIN', 'RAINFALL', 'GAUGE']);
const HELP_WORDS = new Set(['HELP', 'INFO', 'MENU', '?']);

const withoutPunctuation = (word: string) => word.replace(/[-,;:.!]/g, '');

/** A whole number from 1 to 999 (a field's place in the list). */
const fieldNumberOf = (word: string | undefined): number | null => (word !== undefined && /^\d{1,3}$/.test(word) ? Number(word) : null);

/** "25", "25mm", "12,5", "12.5MM" → mm; anything else null. */
function amountOf(word: string | undefined): number | null {
  const match = word === undefined ? null : /^(\d{1,4}(?:[.,]\d{1,2})?)(?:MM)?$/.exec(word);
  return match ? Number(match[1]!.replace(',', '.')) : null;
}

export function parseSmsCommand(text: string): SmsCommand {
  // "IRR 25 mm 2" and "IRR25": a unit on its own is joined to the number, a keyword glued to its number is parted.
  const words = text
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '')
    .replace(/(\d)\s+MM\b/g, '$1MM')
    .replace(/^([A-Z]+)(\d)/, '$1 $2')
    .split(/\s+/)
    .filter(Boolean);
  const [keyword, first, second, ...rest] = words;
  if (keyword === undefined) return { kind: 'unknown' };
  // "Stop, please" and "opt out" too: the first word without its punctuation, or the first two run together.
  const firstWord = withoutPunctuation(keyword);
  const firstTwoWords = firstWord + withoutPunctuation(first ?? '');
  if (STOP_WORDS.has(firstWord) || STOP_WORDS.has(firstTwoWords)) return { kind: 'stop' };
  if (START_WORDS.has(firstWord) || START_WORDS.has(firstTwoWords)) return { kind: 'start' };
  if (HELP_WORDS.has(keyword) && words.length === 1) return { kind: 'help' };
  if (STATUS_WORDS.has(keyword) && second === undefined) {
    if (first === undefined) return { kind: 'status', fieldNumber: null };
    const fieldNumber = fieldNumberOf(first);
    return fieldNumber === null ? { kind: 'unknown' } : { kind: 'status', fieldNumber };
  }
  const water: RecordedWaterKind | null = IRRIGATION_WORDS.has(keyword) ? 'irrigation' : RAIN_WORDS.has(keyword) ? 'rain' : null;
  if (water) {
    const amountMm = amountOf(first);
    if (amountMm === null || rest.length > 0) return { kind: 'bad-amount', water };
    if (second === undefined) return { kind: 'log-water', water, amountMm, fieldNumber: null };
    const fieldNumber = fieldNumberOf(second);
    return fieldNumber === null ? { kind: 'bad-amount', water } : { kind: 'log-water', water, amountMm, fieldNumber };
  }
  const answer = words.length === 1 ? fieldNumberOf(keyword) : null;
  return answer === null ? { kind: 'unknown' } : { kind: 'answer', number: answer };
}
