// The "max" metadata: the smaller sets can check that a number is valid but not whether it is a mobile, a landline
// or a premium-rate line, which decides whether we may text a code to it (about 73 KB more than "min").
import { parsePhoneNumberFromString, type CountryCode, type NumberType } from 'libphonenumber-js/max';

/**
 * A phone number as a person types it ("0771 234 567", "+263 77 123 4567", "263771234567"), read for their country when
 * it has no country code; null when it is not a valid number there. libphonenumber-js carries Google's numbering
 * plans, which change as carriers open new ranges: a hand-written rule per country would go stale.
 */
function readPhoneNumber(input: string, country: string) {
  const digitsOnly = input.replace(/[^\d+]/g, '');
  // "263771234567" without the plus is common on forms; try it as international when it starts with a country code.
  const candidates = digitsOnly.startsWith('+') || digitsOnly.startsWith('00') ? [input] : [input, `+${digitsOnly}`];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, country.toUpperCase() as CountryCode);
    if (parsed?.isValid()) return parsed;
  }
  return null;
}

/** Number types an SMS reaches: a mobile, or a range where the numbering plan does not tell mobiles from landlines. */
const TEXTABLE_TYPES = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** What a number that may not get our SMS is, in words: "a premium-rate number". */
const NUMBER_TYPE_WORDS: Partial<Record<NonNullable<NumberType>, string>> = {
  FIXED_LINE: 'a landline',
  PREMIUM_RATE: 'a premium-rate number',
  TOLL_FREE: 'a toll-free number',
  SHARED_COST: 'a shared-cost number',
  VOIP: 'an internet (VoIP) number',
  PERSONAL_NUMBER: 'a personal forwarding number',
  PAGER: 'a pager number',
  UAN: 'a company number',
  VOICEMAIL: 'a voicemail number',
};

export type TextableNumber =
  | { ok: true; phone: string; country: string }
  | { ok: false; problem: 'unreadable' }
  | { ok: false; problem: 'country'; phone: string; country: string | null }
  | { ok: false; problem: 'type'; phone: string; country: string | null; typeWords: string };

/**
 * A number we may text a code to: readable for the person's country, in one of `allowedCountries` (ISO 3166 codes),
 * and a mobile (not a landline, a premium-rate or toll-free line, or any other range where an SMS costs without
 * reaching a phone). Otherwise what is wrong with it.
 */
export function textableNumber(input: string, personCountry: string, allowedCountries: readonly string[]): TextableNumber {
  const parsed = readPhoneNumber(input, personCountry);
  if (!parsed) return { ok: false, problem: 'unreadable' };
  const country = parsed.country ?? null;
  if (country === null || !allowedCountries.includes(country)) return { ok: false, problem: 'country', phone: parsed.number, country };
  const type = parsed.getType();
  if (!type || !TEXTABLE_TYPES.has(type)) {
    const typeWords = (type && NUMBER_TYPE_WORDS[type]) ?? 'a number we cannot tell is a mobile';
    return { ok: false, problem: 'type', phone: parsed.number, country, typeWords };
  }
  return { ok: true, phone: parsed.number, country };
}

/** An inbound sender's number as providers give it ("+263771234567", "263771234567"), in E.164 if it reads as one. */
export function senderE164(from: string): string | null {
  const trimmed = from.trim();
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed.replace(/^00/, '')}`);
  return parsed?.isValid() ? parsed.number : null;
}
