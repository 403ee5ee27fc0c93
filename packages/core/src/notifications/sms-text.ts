/**
 * Text for a basic phone. A message in the GSM-7 alphabet carries 160 characters; one character outside it (an em
 * dash, a degree sign, curly quotes from a word processor) turns the whole message into UCS-2 and cuts that to 70,
 * so a three-line alert would cost three SMS. Typographic characters become their plain look-alikes first.
 */

const PLAIN_LOOK_ALIKES: [RegExp, string][] = [
  [/[\u2012-\u2015\u2212]/g, '-'], // figure, en and em dashes, the minus sign
  [/[\u2018\u2019\u201A\u2032]/g, "'"],
  [/[\u201C\u201D\u201E\u2033]/g, '"'],
  [/\u2026/g, '...'],
  [/\s?°\s?C\b/g, 'C'],
  [/°/g, ' deg'],
  [/≥/g, '>='],
  [/≤/g, '<='],
  [/×/g, 'x'],
  [/[\u00A0\u2009\u202F]/g, ' '], // no-break and thin spaces
];

/** `text` with typographic characters replaced by GSM-7 ones; anything else (names in other scripts) is left. */
export function plainSmsText(text: string): string {
  return PLAIN_LOOK_ALIKES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}
