import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  isReviewedLanguage,
  NOTIFICATION_LANGUAGE_CODES,
  notificationPreferencesSchema,
  TIME_ZONE_BY_COUNTRY,
  type NotificationPreferences,
} from '@murimi/core';

/**
 * A person's preferences: what they saved, else the defaults with their country's time zone. Saved preferences that
 * no longer parse (a setting a later release renamed or now refuses) fall back to the defaults key by key rather than
 * failing, so one stale choice does not undo the others. Quiet hours saved from 06:00 to 06:00, which held nothing
 * and are now refused, read as none.
 */
export function preferencesOf(user: { notificationPreferences: unknown; country: string }): NotificationPreferences {
  const defaults: NotificationPreferences = {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    timeZone: TIME_ZONE_BY_COUNTRY[user.country] ?? DEFAULT_NOTIFICATION_PREFERENCES.timeZone,
  };
  const saved = notificationPreferencesSchema.safeParse(user.notificationPreferences);
  if (saved.success) return saved.data;
  if (typeof user.notificationPreferences !== 'object' || user.notificationPreferences === null) return defaults;
  const stored = user.notificationPreferences as Record<string, unknown>;
  const quiet = stored.quietHours as { from?: unknown; to?: unknown } | null | undefined;
  const emptyQuietHours = typeof quiet?.from === 'string' && quiet.from === quiet.to;
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof NotificationPreferences)[]) {
    const value = key === 'quietHours' && emptyQuietHours ? null : stored[key];
    if (value !== undefined && notificationPreferencesSchema.shape[key].safeParse(value).success) merged[key] = value;
  }
  const partly = notificationPreferencesSchema.safeParse(merged);
  return partly.success ? partly.data : defaults;
}

/** The languages whose texts are translated and reviewed (English always). */
export function reviewedLanguages(): NotificationPreferences['language'][] {
  return NOTIFICATION_LANGUAGE_CODES.filter(isReviewedLanguage);
}

/** What a message to a person needs of them: their addresses, whether each is proven, and their preferences. */
export const CONTACT_COLUMNS = [
  'users.email',
  'users.emailVerifiedAt',
  'users.country',
  'users.notificationPreferences',
  'users.smsPhone',
  'users.smsPhoneVerifiedAt',
] as const;
