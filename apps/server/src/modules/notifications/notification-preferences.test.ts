import { DEFAULT_NOTIFICATION_PREFERENCES } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { preferencesOf } from './notification-preferences.ts';

describe('a person’s saved preferences', () => {
  it('reads quiet hours saved from 06:00 to 06:00 (no period at all, now refused) as none, keeping the other choices', () => {
    const saved = { ...DEFAULT_NOTIFICATION_PREFERENCES, smsPerDay: 3, language: 'sn', quietHours: { from: '06:00', to: '06:00' } };
    expect(preferencesOf({ notificationPreferences: saved, country: 'ZW' })).toEqual({ ...saved, quietHours: null });
  });

  it('falls back to the default of one choice that no longer reads, not of them all', () => {
    const saved = { ...DEFAULT_NOTIFICATION_PREFERENCES, smsPerDay: 3, timeZone: 'Mars/Olympus' };
    expect(preferencesOf({ notificationPreferences: saved, country: 'ZM' })).toEqual({ ...saved, timeZone: 'Africa/Lusaka' });
  });

  it('takes the defaults with the country’s time zone when nothing was saved', () => {
    expect(preferencesOf({ notificationPreferences: null, country: 'MW' })).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      timeZone: 'Africa/Blantyre',
    });
  });
});
