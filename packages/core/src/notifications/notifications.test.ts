import { describe, expect, it } from 'vitest';
import type { AlertEvidence } from '../alerts/alert.ts';
import { smsSegments } from '../sms/sms-segments.ts';
import { alertEmail } from './alert-email.ts';
import { alertSms, readAlert, type AlertWording } from './alert-texts.ts';
import { isReviewedLanguage, NOTIFICATION_LANGUAGE_CODES, notificationText } from './languages.ts';
import { localTimeIn, quietHoursEnd } from './local-time.ts';
import { formatDayForReading, presentParams, shortDay } from './notification-format.ts';
import { plainSmsText } from './sms-text.ts';
import { NOTIFICATION_TEXTS_EN } from './texts-en.ts';

const evidence: AlertEvidence = {
  values: [
    { name: 'rain', value: 60, unit: 'mm', date: '2026-11-28' },
    { name: 'heavyRainDayThreshold', value: 25, unit: 'mm' },
  ],
  dates: ['2026-11-28'],
  source: 'Product alert rule: 25 mm in a day or 50 mm over three days',
  dataSource: 'Open-Meteo',
  caveats: [{ key: 'alerts.caveats.missingTemperatureDays', params: { days: 2 }, text: '2 day(s) without temperatures…' }],
};
const heavyRain: AlertWording = {
  ruleId: 'heavy-rain',
  messageKey: 'alerts.heavyRain',
  actionKey: 'alerts.actions.prepareForHeavyRain',
  params: { rainMm: 60, date: '2026-11-28', threeDayRainMm: 66 },
  evidence,
};

describe('languages', () => {
  it('has English complete and the other four registered, falling back to English until reviewed', () => {
    expect(NOTIFICATION_LANGUAGE_CODES).toEqual(['en', 'sn', 'nd', 'ny', 'pt']);
    expect(NOTIFICATION_LANGUAGE_CODES.filter(isReviewedLanguage)).toEqual(['en']);
    for (const language of NOTIFICATION_LANGUAGE_CODES) {
      expect(notificationText(language, 'sms.stopped', { product: 'Murimi' })).toBe(
        'Murimi: you will get no more SMS from us. Send START to get them again.',
      );
    }
  });

  it('has every SMS text in GSM-7 with its placeholders filled by short values: one SMS each where the format allows', () => {
    for (const [key, text] of Object.entries(NOTIFICATION_TEXTS_EN)) {
      if (!key.startsWith('sms.') && !key.startsWith('ussd.')) continue;
      expect(smsSegments(text).encoding, key).toBe('GSM-7');
    }
  });
});

describe('dates and figures', () => {
  it('writes English days one way everywhere, whatever the runtime’s CLDR says', () => {
    expect(formatDayForReading('2026-09-15', 'en')).toBe('Tue 15 Sep');
    expect(formatDayForReading('2026-11-28', 'sn')).toBe('Sat 28 Nov'); // untranslated: English
    expect(shortDay('2026-11-27', '2026-11-27', 'en')).toBe('today');
    expect(shortDay('2026-11-28', '2026-11-27', 'en')).toBe('tomorrow');
    expect(shortDay('2026-12-01', '2026-11-27', 'en')).toBe('Tue');
    expect(shortDay('2026-12-04', '2026-11-27', 'en')).toBe('4 Dec');
    expect(shortDay('2026-11-20', '2026-11-27', 'en')).toBe('20 Nov');
  });

  it('presents params: dates as days, with short forms for SMS, numbers in the locale', () => {
    expect(presentParams({ rainMm: 1234.5, date: '2026-11-28', beforeDate: '2026-11-20', note: 'x' }, 'en', '2026-11-27')).toEqual({
      rainMm: '1,234.5',
      date: 'Sat 28 Nov',
      day: 'tomorrow',
      beforeDate: 'Fri 20 Nov',
      beforeDay: '20 Nov',
      note: 'x',
    });
  });
});

describe('an alert in words', () => {
  it('reads for a screen: title, sentence, action, labelled figures with units, source and caveats', () => {
    const reading = readAlert(heavyRain, 'en');
    expect(reading.title).toBe('Heavy rain');
    expect(reading.message).toBe('Heavy rain: 60 mm on Sat 28 Nov, 66 mm over three days.');
    expect(reading.action).toBe('Clear drains, and hold fertilizer and spraying until the rain has passed.');
    expect(reading.evidence.values).toEqual([
      { name: 'rain', label: 'Rain', value: 60, text: '60 mm', unit: 'mm', date: '2026-11-28' },
      { name: 'heavyRainDayThreshold', label: 'Heavy rain in a day', value: 25, text: '25 mm', unit: 'mm', date: null },
    ]);
    expect(reading.evidence.source).toBe('Product alert rule: 25 mm in a day or 50 mm over three days');
    expect(reading.evidence.caveats).toEqual(['2 day(s) without temperatures counted as 0 degree-days: the date may come later.']);
  });

  it('is one GSM-7 SMS for a basic phone, cutting a long field name rather than sending two', () => {
    const sms = (fieldName: string) =>
      alertSms({ alert: heavyRain, fieldName, language: 'en', today: '2026-11-27', productName: 'Murimi' });
    expect(sms('Kwacha 3')).toBe('Murimi: Kwacha 3 - heavy rain 60mm tomorrow. Delay urea and spraying, clear drains. Reply STOP to end.');
    const long = sms('The big irrigated block beside the river near the old dip tank and the school, planted by the co-operative');
    expect(smsSegments(long)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    expect(long).toMatch(/^Murimi: The big irrigated block .*\. - heavy rain 60mm tomorrow\. .* Reply STOP to end\.$/);
    expect(long.length).toBe(160);
    // A dash from a word processor in the name is made plain rather than turning the SMS into UCS-2 (70 characters).
    expect(smsSegments(sms('Munda wa chibage — Ñamatanda')).encoding).toBe('GSM-7');
  });

  it('says "(repeat)" when sent once more, still in one SMS', () => {
    const repeat = (fieldName: string) =>
      alertSms({ alert: heavyRain, fieldName, language: 'en', today: '2026-11-27', productName: 'Murimi', repeat: true });
    expect(repeat('Kwacha 3')).toBe(
      'Murimi (repeat): Kwacha 3 - heavy rain 60mm tomorrow. Delay urea and spraying, clear drains. Reply STOP to end.',
    );
    expect(smsSegments(repeat('The big irrigated block beside the river near the old dip tank'))).toMatchObject({ parts: 1 });
  });

  it('keeps typographic characters out of SMS', () => {
    expect(plainSmsText('Frost – 1.5 °C on ‘Thu’… ≥ 2')).toBe("Frost - 1.5C on 'Thu'... >= 2");
  });

  it('is one e-mail for several alerts, in text and HTML with the HTML escaped', () => {
    const email = alertEmail({
      alerts: [
        { alert: { ...heavyRain, severity: 'warning', date: '2026-11-28', simulated: true }, fieldName: 'Kwacha <3>' },
        { alert: { ...heavyRain, severity: 'critical', date: '2026-11-28', simulated: false }, fieldName: 'Block B' },
      ],
      language: 'en',
      productName: 'Murimi',
      alertsUrl: 'https://murimi.example.org/alerts',
      settingsUrl: 'https://murimi.example.org/settings#alerts',
    });
    expect(email.subject).toBe('Murimi: 2 new alerts on your fields');
    expect(email.text).toContain('Warning - Kwacha <3> - Heavy rain (Sat 28 Nov)\nHeavy rain: 60 mm on Sat 28 Nov, 66 mm over three days.');
    expect(email.text).toContain('Simulated data: for trying the product, not for decisions.');
    expect(email.html).toContain('Kwacha &lt;3&gt;');
    expect(email.html).not.toContain('Kwacha <3>');
  });
});

describe('local time and quiet hours', () => {
  // 18:30 UTC is 20:30 in Harare (UTC+2).
  const evening = new Date('2026-11-27T18:30:00Z');

  it('reads the local date, weekday and minute in a time zone', () => {
    expect(localTimeIn(evening, 'Africa/Harare')).toEqual({ date: '2026-11-27', weekday: 5, minuteOfDay: 20 * 60 + 30 });
    expect(localTimeIn(new Date('2026-11-29T22:30:00Z'), 'Africa/Harare')).toMatchObject({ date: '2026-11-30', weekday: 1 });
  });

  it('holds until the end of quiet hours that cross midnight, and not outside them', () => {
    const quiet = { from: '20:00', to: '06:00' };
    expect(quietHoursEnd(evening, quiet, 'Africa/Harare')?.toISOString()).toBe('2026-11-28T04:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-11-28T01:00:00Z'), quiet, 'Africa/Harare')?.toISOString()).toBe('2026-11-28T04:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-11-28T04:00:00Z'), quiet, 'Africa/Harare')).toBeNull();
    expect(quietHoursEnd(evening, { from: '21:00', to: '06:00' }, 'Africa/Harare')).toBeNull();
    expect(quietHoursEnd(evening, { from: '12:00', to: '21:00' }, 'Africa/Harare')?.toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(quietHoursEnd(evening, null, 'Africa/Harare')).toBeNull();
  });
});
