import { TIME_ZONE_BY_COUNTRY, type ChannelMinimum, type NotificationPreferences, type QuietHoursMinimum } from '@murimi/core';

/** Where alerts go (the columns of the settings' matrix) and the kinds of alert (its rows). */
export const channelNames = ['inApp', 'email', 'sms'] as const;
export type ChannelName = (typeof channelNames)[number];
export const alertKinds = ['weather', 'crop', 'pest'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** The settings form as the person edits it: quiet hours kept while switched off, the SMS count as typed. */
export interface PreferencesFormValues {
  language: string;
  timeZone: string;
  quietHoursOn: boolean;
  quietFrom: string;
  quietTo: string;
  /** Per kind, the least serious alert that still goes out in quiet hours. */
  throughQuietHours: Record<AlertKind, QuietHoursMinimum>;
  smsPerDay: string;
  channels: Record<ChannelName, Record<AlertKind, ChannelMinimum>>;
  digestEmail: boolean;
  digestSms: boolean;
}

/** The quiet hours a person who switches them on starts from (the product's defaults). */
const QUIET_HOURS_START = { from: '21:00', to: '06:00' };

export function formValuesOf(preferences: NotificationPreferences): PreferencesFormValues {
  return {
    language: preferences.language,
    timeZone: preferences.timeZone,
    quietHoursOn: preferences.quietHours !== null,
    quietFrom: preferences.quietHours?.from ?? QUIET_HOURS_START.from,
    quietTo: preferences.quietHours?.to ?? QUIET_HOURS_START.to,
    throughQuietHours: { ...preferences.throughQuietHours },
    smsPerDay: String(preferences.smsPerDay),
    channels: {
      inApp: { ...preferences.channels.inApp },
      email: { ...preferences.channels.email },
      sms: { ...preferences.channels.sms },
    },
    digestEmail: preferences.weeklyDigest.email,
    digestSms: preferences.weeklyDigest.sms,
  };
}

/**
 * The whole preferences object the API takes (PUT replaces every choice), to be checked with core's schema: quiet
 * hours null when off, the SMS count a number (NaN when it is not one, so the check says what is wrong).
 */
export function preferencesOf(values: PreferencesFormValues): Record<string, unknown> {
  const count = values.smsPerDay.trim();
  return {
    language: values.language,
    timeZone: values.timeZone,
    quietHours: values.quietHoursOn ? { from: values.quietFrom, to: values.quietTo } : null,
    throughQuietHours: values.throughQuietHours,
    smsPerDay: count === '' ? Number.NaN : Number(count.replace(',', '.')),
    channels: values.channels,
    weeklyDigest: { email: values.digestEmail, sms: values.digestSms },
  };
}

/** The keys the form has an input for: a problem the server names for any of them shows beside it. */
export const preferenceInputs = [
  'language',
  'timeZone',
  'quietHours',
  'quietHours.from',
  'quietHours.to',
  ...alertKinds.map((kind) => `throughQuietHours.${kind}`),
  'smsPerDay',
  ...channelNames.flatMap((channel) => alertKinds.map((kind) => `channels.${channel}.${kind}`)),
  'weeklyDigest.email',
  'weeklyDigest.sms',
];

/**
 * The time zones offered: those of the countries the product serves first (southern and eastern Africa), each with its
 * country, and the person's current zone when it is another one (kept, not silently changed).
 */
export function timeZoneChoices(current: string): { zone: string; country: string | null }[] {
  const listed = Object.entries(TIME_ZONE_BY_COUNTRY).map(([country, zone]) => ({ zone, country }));
  return listed.some((choice) => choice.zone === current) ? listed : [{ zone: current, country: null }, ...listed];
}
