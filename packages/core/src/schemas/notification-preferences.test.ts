import { describe, expect, it } from 'vitest';
import {
  alertQuietHoursEnd,
  DEFAULT_NOTIFICATION_PREFERENCES,
  EMPTY_QUIET_HOURS_MESSAGE,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from './alerts.ts';

// 00:20 UTC is 02:20 in Harare (UTC+2), inside the default quiet hours (21:00 to 06:00).
const night = new Date('2026-07-14T00:20:00Z');
const defaults: NotificationPreferences = DEFAULT_NOTIFICATION_PREFERENCES;

describe('quiet hours and alerts', () => {
  it('sends a killing frost first forecast at 02:20 at once: a critical alert goes through quiet hours', () => {
    expect(alertQuietHoursEnd(night, defaults, [{ category: 'weather', severity: 'critical' }])).toBeNull();
  });

  it('holds a frost warning until 06:00, unless the person lets weather warnings through', () => {
    const warning = [{ category: 'weather' as const, severity: 'warning' as const }];
    expect(alertQuietHoursEnd(night, defaults, warning)?.toISOString()).toBe('2026-07-14T04:00:00.000Z');
    const warningsThrough = { ...defaults, throughQuietHours: { ...defaults.throughQuietHours, weather: 'warning' as const } };
    expect(alertQuietHoursEnd(night, warningsThrough, warning)).toBeNull();
    // Another kind's choice does not let it through.
    const pestsThrough = { ...defaults, throughQuietHours: { ...defaults.throughQuietHours, pest: 'info' as const } };
    expect(alertQuietHoursEnd(night, pestsThrough, warning)?.toISOString()).toBe('2026-07-14T04:00:00.000Z');
  });

  it('sends a message about several alerts at once when one of them goes through', () => {
    const alerts = [
      { category: 'pest' as const, severity: 'warning' as const },
      { category: 'weather' as const, severity: 'critical' as const },
    ];
    expect(alertQuietHoursEnd(night, defaults, alerts)).toBeNull();
  });
});

describe('notification preferences', () => {
  it('refuses quiet hours from 06:00 to 06:00, which are no period at all, saying how to have none', () => {
    const parsed = notificationPreferencesSchema.safeParse({ ...defaults, quietHours: { from: '06:00', to: '06:00' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['quietHours'], message: EMPTY_QUIET_HOURS_MESSAGE })]);
    expect(notificationPreferencesSchema.safeParse({ ...defaults, quietHours: { from: '06:00', to: '06:01' } }).success).toBe(true);
  });

  it('takes preferences saved before alerts could go through quiet hours, with critical ones only', () => {
    const { throughQuietHours: _left, ...older } = defaults;
    expect(notificationPreferencesSchema.parse(older).throughQuietHours).toEqual({
      weather: 'critical',
      crop: 'critical',
      pest: 'critical',
    });
  });
});
