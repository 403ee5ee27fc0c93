/**
 * The alerts API (`/api/alerts`), a person's alert and message preferences (`/api/me/notification-preferences`), the
 * SMS number they verify (`/api/me/sms-phone`), their organisation's alert thresholds (`/api/alert-thresholds`) and the
 * week's digest (`/api/insights/this-week`). Shared by the server and the web app.
 */
import { z } from 'zod';
import { ALERT_CATEGORIES, ALERT_RULE_IDS, type AlertCategory } from '../alerts/evaluate-field.ts';
import type { AlertSeverity } from '../alerts/alert.ts';
import { CROP_ALERT_THRESHOLDS } from '../alerts/crop-alerts.ts';
import { WEATHER_ALERT_THRESHOLDS } from '../alerts/weather-alerts.ts';
import { NOTIFICATION_LANGUAGE_CODES } from '../notifications/languages.ts';
import { quietHoursEnd } from '../notifications/local-time.ts';
import { calendarDateSchema, idSchema, pageQueryFields, pageSchema } from './common.ts';

export const alertSeverities = ['info', 'warning', 'critical'] as const satisfies readonly AlertSeverity[];
export const alertCategories = ALERT_CATEGORIES as readonly AlertCategory[] as readonly ['weather', 'crop', 'pest'];
export const alertRuleIds = ALERT_RULE_IDS as unknown as readonly [string, ...string[]];

const evidenceValueSchema = z.object({
  name: z.string(),
  /** The figure's name in the reader's language. */
  label: z.string(),
  value: z.number(),
  /** The figure with its unit, as the reader's language writes it. */
  text: z.string(),
  unit: z.string(),
  date: z.string().nullable(),
});

/** One alert as the person asking reads it: worded in their language, with their own read and snooze state. */
export const alertSchema = z.object({
  id: idSchema,
  fieldId: idSchema,
  fieldName: z.string(),
  ruleId: z.enum(alertRuleIds),
  category: z.enum(alertCategories),
  severity: z.enum(alertSeverities),
  title: z.string(),
  message: z.string(),
  action: z.string(),
  evidence: z.object({
    values: z.array(evidenceValueSchema),
    /** The days the alert rests on, oldest first. */
    dates: z.array(z.string()),
    source: z.string(),
    dataSource: z.string(),
    caveats: z.array(z.string()),
  }),
  /** The day the alert speaks of (YYYY-MM-DD) and how many days ahead of the field's today it is (0: now or past). */
  date: calendarDateSchema,
  daysAhead: z.number(),
  /** Built from simulated imagery or weather (the demo): for trying the product, not for decisions. */
  simulated: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** When the condition stopped holding (the episode ended or the forecast changed); null while it lasts. */
  endedAt: z.iso.datetime().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  read: z.boolean(),
  snoozedUntil: z.iso.datetime().nullable(),
});
export type AlertItem = z.infer<typeof alertSchema>;

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `status`: open (its condition still holds and nobody resolved it; the default), resolved, or all. */
export const alertListQuerySchema = z.strictObject({
  fieldId: idSchema.optional(),
  category: z.enum(alertCategories).optional(),
  severity: z.enum(alertSeverities).optional(),
  unread: booleanText.optional(),
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  ...pageQueryFields,
});

export const alertListSchema = z.object({ data: z.array(alertSchema), page: pageSchema });

export const unreadAlertCountSchema = z.object({ data: z.object({ unread: z.number().int().min(0) }) });

/** The longest an alert can be put aside: a snooze is for "not now", not for "never" (that is resolve). */
export const MAX_SNOOZE_DAYS = 30;

export const alertSnoozeSchema = z.strictObject({
  until: z.iso.datetime({ offset: true, message: 'until must be a date and time, e.g. 2026-11-28T06:00:00+02:00.' }),
});

// ---- preferences ------------------------------------------------------------------------------------------------

/** The least severe alert a channel carries for a category; `off` carries none. */
export const channelMinimums = ['off', 'info', 'warning', 'critical'] as const;
export type ChannelMinimum = (typeof channelMinimums)[number];

const categoryMinimumsSchema = z.strictObject({
  weather: z.enum(channelMinimums),
  crop: z.enum(channelMinimums),
  pest: z.enum(channelMinimums),
});

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day as HH:MM, e.g. 21:00.');

/** Whether the runtime knows an IANA time zone (Africa/Harare). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone.includes('/') || timeZone === 'UTC';
  } catch {
    return false;
  }
}

/** The most alert SMS a person can ask for in a day: more would be noise, and each costs the farmer's organisation. */
export const MAX_SMS_PER_DAY = 20;

/** The least severe alert of a kind that goes out even in quiet hours; critical ones always do. */
export const quietHoursMinimums = ['critical', 'warning', 'info'] as const satisfies readonly AlertSeverity[];
export type QuietHoursMinimum = (typeof quietHoursMinimums)[number];

/** Only critical alerts (a killing frost forecast at 02:20) go out in quiet hours, unless the person lets more through. */
export const DEFAULT_THROUGH_QUIET_HOURS = { weather: 'critical', crop: 'critical', pest: 'critical' } as const satisfies Record<
  AlertCategory,
  QuietHoursMinimum
>;

export const EMPTY_QUIET_HOURS_MESSAGE = 'Quiet hours must start and end at different times; to have none, turn quiet hours off.';

export const notificationPreferencesSchema = z.strictObject({
  language: z.enum(NOTIFICATION_LANGUAGE_CODES),
  timeZone: z.string().max(64).refine(isKnownTimeZone, 'Choose a time zone such as Africa/Harare.'),
  /**
   * No e-mail or SMS in these hours (local time); held until they end, but for alerts let through
   * (`throughQuietHours`). Null: any time. From 06:00 to 06:00 is no period at all, and refused.
   */
  quietHours: z
    .strictObject({ from: clockTime, to: clockTime })
    .refine((quiet) => quiet.from !== quiet.to, EMPTY_QUIET_HOURS_MESSAGE)
    .nullable(),
  /** Per kind of alert, the least severe that goes out in quiet hours anyway (default: critical only). */
  throughQuietHours: z
    .strictObject({ weather: z.enum(quietHoursMinimums), crop: z.enum(quietHoursMinimums), pest: z.enum(quietHoursMinimums) })
    .default(DEFAULT_THROUGH_QUIET_HOURS),
  /** Alert SMS in one local day; the weekly digest and replies to the farmer's own texts do not count. */
  smsPerDay: z
    .number()
    .int('A whole number of SMS, please.')
    .min(1, 'At least 1 SMS a day; turn SMS alerts off below instead.')
    .max(MAX_SMS_PER_DAY, `At most ${MAX_SMS_PER_DAY} SMS a day.`),
  channels: z.strictObject({ inApp: categoryMinimumsSchema, email: categoryMinimumsSchema, sms: categoryMinimumsSchema }),
  weeklyDigest: z.strictObject({ email: z.boolean(), sms: z.boolean() }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * A new person's preferences: every alert in the app, warnings and worse by e-mail and SMS, quiet from 21:00 to
 * 06:00 but for critical alerts, at most 5 alert SMS a day, the weekly digest by both.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  language: 'en',
  timeZone: 'Africa/Harare',
  quietHours: { from: '21:00', to: '06:00' },
  throughQuietHours: { ...DEFAULT_THROUGH_QUIET_HOURS },
  smsPerDay: 5,
  channels: {
    inApp: { weather: 'info', crop: 'info', pest: 'info' },
    email: { weather: 'warning', crop: 'warning', pest: 'warning' },
    sms: { weather: 'warning', crop: 'warning', pest: 'warning' },
  },
  weeklyDigest: { email: true, sms: true },
};

/** The time zone of each country the product serves first (all one hour band today, but not for ever). */
export const TIME_ZONE_BY_COUNTRY: Record<string, string> = {
  ZW: 'Africa/Harare',
  ZM: 'Africa/Lusaka',
  MW: 'Africa/Blantyre',
  MZ: 'Africa/Maputo',
  ZA: 'Africa/Johannesburg',
  BW: 'Africa/Gaborone',
  NA: 'Africa/Windhoek',
  LS: 'Africa/Maseru',
  SZ: 'Africa/Mbabane',
  AO: 'Africa/Luanda',
  TZ: 'Africa/Dar_es_Salaam',
  KE: 'Africa/Nairobi',
};

/** Whether a channel's minimum lets an alert of `severity` through. */
export function channelCarries(minimum: ChannelMinimum, severity: AlertSeverity): boolean {
  if (minimum === 'off') return false;
  return alertSeverities.indexOf(severity) >= alertSeverities.indexOf(minimum);
}

/**
 * When a message about these alerts must wait for the person's quiet hours to end; null when it goes now: outside
 * quiet hours, or when one of the alerts goes through them (critical ones always: a killing frost forecast at 02:20 is
 * of no use at 06:00; others as the person chose in `throughQuietHours`).
 */
export function alertQuietHoursEnd(
  instant: Date,
  preferences: Pick<NotificationPreferences, 'quietHours' | 'throughQuietHours' | 'timeZone'>,
  alerts: readonly { category: AlertCategory; severity: AlertSeverity }[],
): Date | null {
  const goesThrough = alerts.some(
    (alert) => alert.severity === 'critical' || channelCarries(preferences.throughQuietHours[alert.category], alert.severity),
  );
  return goesThrough ? null : quietHoursEnd(instant, preferences.quietHours, preferences.timeZone);
}

export const smsPhoneRequestSchema = z.strictObject({
  /** Any common way of writing it; the server reads it for the person's country and answers the E.164 form. */
  phone: z.string().trim().min(4, 'Enter the mobile number.').max(32, 'That is too long for a phone number.'),
});

export const smsPhoneVerifySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits from the SMS.'),
});

/** The SMS number of a person: verified, waiting for its code, or none; and whether it sent STOP. */
export const smsPhoneStateSchema = z.object({
  phone: z.string().nullable(),
  verified: z.boolean(),
  /** A number waiting for its code, and until when the code holds. */
  pending: z.object({ phone: z.string(), expiresAt: z.iso.datetime() }).nullable(),
  /** The number sent STOP: nothing goes to it until it sends START. */
  stopped: z.boolean(),
});

export const notificationSettingsSchema = z.object({
  data: z.object({
    preferences: notificationPreferencesSchema,
    smsPhone: smsPhoneStateSchema,
    /** Whether this server can send SMS at all (a provider is configured). */
    smsAvailable: z.boolean(),
    /** Languages whose texts are translated and reviewed; the others come in English for now. */
    reviewedLanguages: z.array(z.enum(NOTIFICATION_LANGUAGE_CODES)),
  }),
});

/**
 * What became of an SMS: waiting (queued; held for quiet hours; sending), gone (sent; delivered), uncertain (the
 * provider's answer was lost and it cannot be asked: it may or may not have reached the phone), or not sent (failed;
 * capped by the daily limit; stopped by STOP; expired with its alert; not-sent, no provider).
 */
export const smsStatuses = [
  'queued',
  'held',
  'sending',
  'sent',
  'delivered',
  'uncertain',
  'failed',
  'capped',
  'stopped',
  'expired',
  'not-sent',
] as const;

/** The latest SMS to a person (`GET /api/me/sms-messages`), newest first: what went, what did not, what may have. */
export const recentSmsSchema = z.object({
  data: z.array(
    z.object({
      id: idSchema,
      purpose: z.enum(['alert', 'verification', 'digest', 'reply', 'invitation']),
      status: z.enum(smsStatuses),
      body: z.string(),
      /** Sent once more because it is not known whether the first one went. */
      repeat: z.boolean(),
      createdAt: z.iso.datetime(),
      /** When the provider took it; null while it has not. */
      sentAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type RecentSms = z.infer<typeof recentSmsSchema>['data'][number];

// ---- thresholds -------------------------------------------------------------------------------------------------

/** The thresholds an organisation may set, with the range a plausible value keeps to. */
export const ADJUSTABLE_ALERT_THRESHOLDS = {
  frostMinTemperatureC: { default: WEATHER_ALERT_THRESHOLDS.frostMinTemperatureC, unit: '°C', min: -5, max: 8 },
  heatMaxTemperatureC: { default: WEATHER_ALERT_THRESHOLDS.heatMaxTemperatureC, unit: '°C', min: 28, max: 45 },
  heavyRainDayMm: { default: WEATHER_ALERT_THRESHOLDS.heavyRainDayMm, unit: 'mm', min: 10, max: 150 },
  heavyRainThreeDayMm: { default: WEATHER_ALERT_THRESHOLDS.heavyRainThreeDayMm, unit: 'mm', min: 20, max: 300 },
  drySpellDays: { default: WEATHER_ALERT_THRESHOLDS.drySpellDays, unit: 'days', min: 5, max: 30 },
  strongWindMPerS: { default: WEATHER_ALERT_THRESHOLDS.strongWindMPerS, unit: 'm/s', min: 5, max: 25 },
  ndviDrop: { default: CROP_ALERT_THRESHOLDS.ndviDrop, unit: 'index', min: 0.03, max: 0.4 },
  ndwiWaterStress: { default: CROP_ALERT_THRESHOLDS.ndwiWaterStress, unit: 'index', min: -0.5, max: 0.2 },
  ndreNitrogenDeficiency: { default: CROP_ALERT_THRESHOLDS.ndreNitrogenDeficiency, unit: 'index', min: 0.1, max: 0.5 },
} as const;
export type AdjustableAlertThreshold = keyof typeof ADJUSTABLE_ALERT_THRESHOLDS;

const thresholdValue = (name: AdjustableAlertThreshold) => {
  const { min, max, unit } = ADJUSTABLE_ALERT_THRESHOLDS[name];
  // A count of days is whole: a dry spell is 10 days, not 9.5.
  const whole = unit === 'days';
  const range = `${name} is ${whole ? 'a whole number ' : ''}from ${min} to ${max}${unit === 'index' ? '' : ` ${unit}`}.`;
  const value = z.number({ message: range }).min(min, range).max(max, range);
  return (whole ? value.int(range) : value).optional();
};

/** An organisation's own thresholds; a missing one is the default. */
export const alertThresholdsSchema = z.strictObject(
  Object.fromEntries(
    (Object.keys(ADJUSTABLE_ALERT_THRESHOLDS) as AdjustableAlertThreshold[]).map((name) => [name, thresholdValue(name)]),
  ) as { [K in AdjustableAlertThreshold]: ReturnType<typeof thresholdValue> },
);
export type AlertThresholds = z.infer<typeof alertThresholdsSchema>;

/**
 * A 1-day heavy-rain trigger above the 3-day one (each as set, or its default): the day's rule could then never fire
 * first, since three days holding such a day already pass the 3-day trigger. Answers the threshold to correct (the one
 * set; the 1-day one when both are) and the two values in mm, or null when they are in order.
 */
export function heavyRainTriggersOutOfOrder(
  thresholds: AlertThresholds,
): { name: 'heavyRainDayMm' | 'heavyRainThreeDayMm'; dayMm: number; threeDayMm: number } | null {
  const dayMm = thresholds.heavyRainDayMm ?? ADJUSTABLE_ALERT_THRESHOLDS.heavyRainDayMm.default;
  const threeDayMm = thresholds.heavyRainThreeDayMm ?? ADJUSTABLE_ALERT_THRESHOLDS.heavyRainThreeDayMm.default;
  if (dayMm <= threeDayMm) return null;
  return { name: thresholds.heavyRainDayMm === undefined ? 'heavyRainThreeDayMm' : 'heavyRainDayMm', dayMm, threeDayMm };
}

/**
 * What `PUT /api/alert-thresholds` takes: the thresholds, checked against each other, and whether frost, heat, heavy
 * rain and wind alerts also speak of days without a crop in the ground (off when left out).
 */
export const alertThresholdsUpdateSchema = alertThresholdsSchema
  .extend({ weatherOnFallowLand: z.boolean({ message: 'weatherOnFallowLand is true or false.' }).optional() })
  .superRefine((settings, context) => {
    const disorder = heavyRainTriggersOutOfOrder(settings);
    if (!disorder) return;
    const why = 'three days that hold such a day already reach the 3-day trigger';
    context.addIssue({
      code: 'custom',
      path: [disorder.name],
      message:
        disorder.name === 'heavyRainDayMm'
          ? `The 1-day heavy-rain trigger (${disorder.dayMm} mm) cannot be above the 3-day one (${disorder.threeDayMm} mm): ${why}.`
          : `The 3-day heavy-rain trigger (${disorder.threeDayMm} mm) cannot be below the 1-day one (${disorder.dayMm} mm, the default): ${why}.`,
    });
  });
export type AlertThresholdsUpdate = z.infer<typeof alertThresholdsUpdateSchema>;

export const alertThresholdsAnswerSchema = z.object({
  data: z.object({
    thresholds: alertThresholdsSchema,
    defaults: z.record(z.string(), z.object({ default: z.number(), unit: z.string(), min: z.number(), max: z.number() })),
    /** Frost, heat, heavy rain and wind alerts on fallow land too (off: only while a crop is in the ground). */
    weatherOnFallowLand: z.boolean(),
    /** Whether the person may change them (owner, manager, agronomist). */
    canEdit: z.boolean(),
  }),
});

// ---- the week ---------------------------------------------------------------------------------------------------

const weekFieldSchema = z.object({
  fieldId: idSchema,
  fieldName: z.string(),
  health: z
    .object({
      status: z.enum(['healthy', 'moderate', 'bare-or-stressed']),
      ndvi: z.number(),
      date: calendarDateSchema,
      previousNdvi: z.number().nullable(),
      previousDate: calendarDateSchema.nullable(),
      simulated: z.boolean(),
    })
    .nullable(),
  /** The field's water outlook from its latest irrigation analysis, in words. */
  water: z.string(),
  openAlerts: z.number().int(),
});

/** The week's digest: what the Monday e-mail and SMS say, and the dashboard's "This week" card shows. */
export const weekDigestSchema = z.object({
  data: z.object({
    weekStart: calendarDateSchema,
    fields: z.array(weekFieldSchema),
    actions: z.array(z.object({ fieldId: idSchema, fieldName: z.string(), text: z.string(), severity: z.enum(alertSeverities) })),
    openAlerts: z.number().int(),
    simulated: z.boolean(),
  }),
});
export type WeekDigest = z.infer<typeof weekDigestSchema>['data'];
