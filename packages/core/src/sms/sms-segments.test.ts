import { describe, expect, it } from 'vitest';
import { isGsm7, SMS_MULTIPART_GSM7, SMS_MULTIPART_UCS2, SMS_SINGLE_PART_GSM7, SMS_SINGLE_PART_UCS2, smsSegments } from './sms-segments.ts';

const gsmText = (length: number) => 'a'.repeat(length);
// Shona and Ndebele are written in the Latin alphabet; Cyrillic stands in here for any text outside GSM-7.
const ucs2Text = (length: number) => 'ж'.repeat(length);

describe('GSM-7 alphabet', () => {
  it('holds the whole default alphabet and its extension table', () => {
    const basic =
      '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
    expect(isGsm7(basic)).toBe(true);
    expect(smsSegments(basic)).toMatchObject({ encoding: 'GSM-7', units: basic.length });
    expect(isGsm7('^{}\\[~]|€\f')).toBe(true);
    expect(smsSegments('^{}\\[~]|€\f').units).toBe(20);
  });

  it('leaves out look-alikes that phones type: em dash, curly quotes, ç, the escape itself', () => {
    for (const character of ['—', '’', '“', 'ç', 'â', '\u001b', '\t', '😀']) expect(isGsm7(`Mvura ${character}`)).toBe(false);
  });

  it('sends an alert with an em dash as UCS-2, and the same with a hyphen as GSM-7', () => {
    expect(smsSegments('Murimi: Kwacha 3 — heavy rain 60mm Thu')).toEqual({ encoding: 'UCS-2', units: 38, parts: 1, unitsPerPart: 70 });
    expect(smsSegments('Murimi: Kwacha 3 - heavy rain 60mm Thu')).toEqual({ encoding: 'GSM-7', units: 38, parts: 1, unitsPerPart: 160 });
  });
});

describe('SMS parts', () => {
  it('uses the 3GPP sizes: 160 and 153 septets, 70 and 67 code units', () => {
    expect([SMS_SINGLE_PART_GSM7, SMS_MULTIPART_GSM7, SMS_SINGLE_PART_UCS2, SMS_MULTIPART_UCS2]).toEqual([160, 153, 70, 67]);
  });

  it('counts an empty text as one part', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, parts: 1, unitsPerPart: 160 });
  });

  it.each([
    ['GSM-7', 160, 1, 160],
    ['GSM-7', 161, 2, 153],
    ['GSM-7', 306, 2, 153],
    ['GSM-7', 307, 3, 153],
    ['GSM-7', 459, 3, 153],
    ['GSM-7', 460, 4, 153],
    ['UCS-2', 70, 1, 70],
    ['UCS-2', 71, 2, 67],
    ['UCS-2', 134, 2, 67],
    ['UCS-2', 135, 3, 67],
  ] as const)('sends %s text of %i characters as %i part(s) of %i units', (encoding, length, parts, unitsPerPart) => {
    const text = encoding === 'GSM-7' ? gsmText(length) : ucs2Text(length);
    expect(smsSegments(text)).toEqual({ encoding, units: length, parts, unitsPerPart });
  });

  it('counts an extension character as two septets', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ units: 160, parts: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ units: 162, parts: 2 });
  });

  it('never splits an extension character across two parts', () => {
    // 152 + € (2) + 152 = 306 septets, which would fit two parts of 153; but the € cannot start in the first part's
    // last septet, so it opens the second, which then overflows into a third.
    const euroAtTheSplit = `${gsmText(152)}€${gsmText(152)}`;
    expect(smsSegments(euroAtTheSplit)).toEqual({ encoding: 'GSM-7', units: 306, parts: 3, unitsPerPart: 153 });
    // One septet earlier, the € fills the first part exactly.
    expect(smsSegments(`${gsmText(151)}€${gsmText(153)}`)).toMatchObject({ units: 306, parts: 2 });
  });

  it('counts an emoji as two UTF-16 units and keeps its halves in one part', () => {
    expect(smsSegments('Rain 😀')).toEqual({ encoding: 'UCS-2', units: 7, parts: 1, unitsPerPart: 70 });
    expect(smsSegments('😀'.repeat(35))).toMatchObject({ units: 70, parts: 1 });
    // 66 units, then an emoji that does not fit the first part's last unit.
    expect(smsSegments(`${ucs2Text(66)}😀${ucs2Text(66)}`)).toMatchObject({ units: 134, parts: 3 });
    expect(smsSegments(`${ucs2Text(65)}😀${ucs2Text(67)}`)).toMatchObject({ units: 134, parts: 2 });
  });

  it('counts one character outside GSM-7 against the whole message', () => {
    expect(smsSegments(`${gsmText(100)}—`)).toEqual({ encoding: 'UCS-2', units: 101, parts: 2, unitsPerPart: 67 });
  });
});
