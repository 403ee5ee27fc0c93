import { DEFAULT_NOTIFICATION_PREFERENCES, notificationPreferencesSchema } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { formValuesOf, preferencesOf, timeZoneChoices } from './preferences-form.ts';

describe('the alert settings form', () => {
  it('gives back the preferences it was made from, whole', () => {
    expect(preferencesOf(formValuesOf(DEFAULT_NOTIFICATION_PREFERENCES))).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('sends quiet hours as null when off, and keeps the hours for switching them on again', () => {
    const values = { ...formValuesOf(DEFAULT_NOTIFICATION_PREFERENCES), quietHoursOn: false, quietFrom: '22:00' };
    expect(preferencesOf(values).quietHours).toBeNull();
    expect(preferencesOf({ ...values, quietHoursOn: true }).quietHours).toEqual({ from: '22:00', to: '06:00' });
    const none = formValuesOf({ ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: null });
    expect(none.quietHoursOn).toBe(false);
    expect([none.quietFrom, none.quietTo]).toEqual(['21:00', '06:00']);
  });

  it('reads the SMS count as a number, so the schema says what is wrong with one that is not', () => {
    const values = formValuesOf(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(preferencesOf({ ...values, smsPerDay: ' 8 ' }).smsPerDay).toBe(8);
    expect(notificationPreferencesSchema.safeParse(preferencesOf({ ...values, smsPerDay: '2.5' })).success).toBe(false);
    expect(preferencesOf({ ...values, smsPerDay: '' }).smsPerDay).toBeNaN();
  });

  it('offers the served countries’ time zones, and keeps another current one', () => {
    expect(timeZoneChoices('Africa/Harare')).toContainEqual({ zone: 'Africa/Harare', country: 'ZW' });
    expect(timeZoneChoices('Africa/Harare').some((choice) => choice.country === null)).toBe(false);
    expect(timeZoneChoices('Europe/Lisbon')[0]).toEqual({ zone: 'Europe/Lisbon', country: null });
  });
});
