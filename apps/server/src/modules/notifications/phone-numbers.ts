import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * A phone number as a person types it ("0771 234 567", "+263 77 123 4567", "263771234567") in E.164
 * (+263771234567), read for their country when it has no country code; null when it is not a valid number there.
 * libphonenumber-js carries Google's numbering plans, which change as carriers open new ranges: a hand-written rule
 * per country would go stale.
 */
export function toE164(input: string, country: string): string | null {
  const digitsOnly = input.replace(/[^\d+]/g, '');
  // "263771234567" without the plus is common on forms; try it as international when it starts with a country code.
  const candidates = digitsOnly.startsWith('+') || digitsOnly.startsWith('00') ? [input] : [input, `+${digitsOnly}`];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, country.toUpperCase() as CountryCode);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}

/** An inbound sender's number as providers give it ("+263771234567", "263771234567"), in E.164 if it reads as one. */
export function senderE164(from: string): string | null {
  const trimmed = from.trim();
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed.replace(/^00/, '')}`);
  return parsed?.isValid() ? parsed.number : null;
}
