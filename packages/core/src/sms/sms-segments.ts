/**
 * How many SMS parts a text costs. A phone bills and delivers per part, so an alert worded a character too long, or
 * with one character outside the GSM alphabet (an em dash, a curly quote), can cost two or three times as much.
 *
 * Sources: 3GPP TS 23.038 §6.2.1 (the GSM 7-bit default alphabet and its extension table) and 3GPP TS 23.040
 * §9.2.3.24 (the user data header that a concatenated message's parts carry).
 */

/** Septets in a message of one part: 140 octets of user data hold 160 7-bit characters (3GPP TS 23.040 §9.2.3.16). */
export const SMS_SINGLE_PART_GSM7 = 160;

/** Septets in each part of a longer message: the 6-octet concatenation header (TS 23.040 §9.2.3.24.1) leaves 153. */
export const SMS_MULTIPART_GSM7 = 153;

/** UTF-16 code units in a UCS-2 message of one part: 140 octets, 2 a unit (3GPP TS 23.038 §6.2.3). */
export const SMS_SINGLE_PART_UCS2 = 70;

/** UTF-16 code units in each part of a longer UCS-2 message, after the 6-octet header. */
export const SMS_MULTIPART_UCS2 = 67;

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  /** GSM-7 when every character is in the GSM default alphabet or its extension table; UCS-2 otherwise. */
  encoding: SmsEncoding;
  /** Septets (GSM-7, an extension character counting 2) or UTF-16 code units (UCS-2, an emoji counting 2). */
  units: number;
  /** Parts the message is sent (and billed) as; at least 1, an empty text included. */
  parts: number;
  /** What one part holds in `units`: 160 or 153 septets, 70 or 67 code units. */
  unitsPerPart: number;
}

/** The default alphabet (TS 23.038 §6.2.1), one septet each; 0x1B, the escape to the extension table, is left out. */
const GSM7_BASIC_CHARACTERS = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

/** The extension table (TS 23.038 §6.2.1.1): the escape septet, then the character, so two septets each. */
const GSM7_EXTENSION_CHARACTERS = new Set('\f^{}\\[~]|€');

/** Whether every character of `text` can be sent in the GSM 7-bit alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const character of text) {
    if (!GSM7_BASIC_CHARACTERS.has(character) && !GSM7_EXTENSION_CHARACTERS.has(character)) return false;
  }
  return true;
}

/**
 * The encoding, length and number of parts of an SMS with this text (3GPP TS 23.038 and 23.040). A text that fits
 * one part (160 septets or 70 code units) is sent whole; a longer one in parts of 153 septets or 67 code units. A
 * character is never cut between two parts (an extension character's escape and septet, an emoji's surrogate pair),
 * so a part can end a unit short and a long text may need a part more than its length alone says.
 */
export function smsSegments(text: string): SmsSegments {
  const gsm7 = isGsm7(text);
  // Iterating a string yields code points: an emoji is one character of two UTF-16 units.
  const characterUnits = Array.from(text, (character) => (gsm7 ? (GSM7_EXTENSION_CHARACTERS.has(character) ? 2 : 1) : character.length));
  const units = characterUnits.reduce((sum, width) => sum + width, 0);
  const encoding: SmsEncoding = gsm7 ? 'GSM-7' : 'UCS-2';
  const singlePart = gsm7 ? SMS_SINGLE_PART_GSM7 : SMS_SINGLE_PART_UCS2;
  if (units <= singlePart) return { encoding, units, parts: 1, unitsPerPart: singlePart };

  const unitsPerPart = gsm7 ? SMS_MULTIPART_GSM7 : SMS_MULTIPART_UCS2;
  let parts = 1;
  let unitsInPart = 0;
  for (const width of characterUnits) {
    if (unitsInPart + width > unitsPerPart) {
      parts += 1;
      unitsInPart = 0;
    }
    unitsInPart += width;
  }
  return { encoding, units, parts, unitsPerPart };
}
