import type { AlertThresholds, AlertThresholdsUpdate, NotificationPreferences, RecentSms } from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client.ts';
import { alertKeys } from '../../alerts/api/alerts.ts';

/** The SMS number of the person: verified, waiting for its code, or none; and whether it sent STOP. */
export interface SmsPhoneState {
  phone: string | null;
  verified: boolean;
  pending: { phone: string; expiresAt: string } | null;
  stopped: boolean;
}

/** `GET /api/me/notification-preferences`: the person's choices and what the server can do with them. */
export interface NotificationSettings {
  preferences: NotificationPreferences;
  smsPhone: SmsPhoneState;
  /** Whether this server can send SMS at all (a provider is set up). */
  smsAvailable: boolean;
  /** Languages whose texts are translated and reviewed; the others come in English for now. */
  reviewedLanguages: NotificationPreferences['language'][];
}

/**
 * The organisation's alert thresholds (`GET /api/alert-thresholds`): its own values, the defaults and ranges, whether
 * weather alerts speak of fallow land too, and who may edit.
 */
export interface AlertThresholdSettings {
  thresholds: AlertThresholds;
  defaults: Record<string, { default: number; unit: string; min: number; max: number }>;
  weatherOnFallowLand: boolean;
  canEdit: boolean;
}

export const notificationKeys = {
  settings: ['notification-settings'] as const,
  recentSms: ['notification-settings', 'recent-sms'] as const,
  thresholds: ['alert-thresholds'] as const,
};

/** Read once in a while: the person changes them here, and each change answers the new settings. */
const SETTINGS_STALE_MS = 5 * 60_000;

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: async () => (await api.get<{ data: NotificationSettings }>('/api/me/notification-preferences')).data,
    staleTime: SETTINGS_STALE_MS,
  });

export const alertThresholdsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.thresholds,
    queryFn: async () => (await api.get<{ data: AlertThresholdSettings }>('/api/alert-thresholds')).data,
    staleTime: SETTINGS_STALE_MS,
  });

/** The person's latest SMS: read when the settings open and every minute while they stay open (a code on its way). */
export const recentSmsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.recentSms,
    queryFn: async () => (await api.get<{ data: RecentSms[] }>('/api/me/sms-messages')).data,
    refetchInterval: 60_000,
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQuery());
export const useRecentSms = () => useQuery(recentSmsQuery());
export const useAlertThresholds = () => useQuery(alertThresholdsQuery());

export const notificationMutationKeys = {
  preferences: ['notification-settings', 'preferences'] as const,
  requestSmsCode: ['notification-settings', 'sms-phone'] as const,
  verifySmsPhone: ['notification-settings', 'sms-phone-verify'] as const,
  removeSmsPhone: ['notification-settings', 'sms-phone-remove'] as const,
  thresholds: ['alert-thresholds', 'update'] as const,
};

/**
 * The settings writes, registered once on the query client by key (see `registerFarmMutations`). Each answers the
 * whole settings, which replace the kept ones. They need the network: a code sent by SMS is no use queued.
 */
export function registerNotificationMutations(client: QueryClient): void {
  const keep = (settings: NotificationSettings) => client.setQueryData(notificationKeys.settings, settings);
  const settings = async (request: Promise<{ data: NotificationSettings }>) => (await request).data;
  client.setMutationDefaults(notificationMutationKeys.preferences, {
    mutationFn: (preferences: NotificationPreferences) =>
      settings(api.put<{ data: NotificationSettings }>('/api/me/notification-preferences', preferences)),
    onSuccess: (answer: NotificationSettings) => {
      keep(answer);
      // The in-app choices decide which alerts the list and the badge show, and the language how they are worded.
      return client.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
  client.setMutationDefaults(notificationMutationKeys.requestSmsCode, {
    mutationFn: ({ phone }: { phone: string }) => settings(api.post<{ data: NotificationSettings }>('/api/me/sms-phone', { phone })),
    onSuccess: (answer: NotificationSettings) => {
      keep(answer);
      // The code's SMS is now among the recent ones.
      return client.invalidateQueries({ queryKey: notificationKeys.recentSms });
    },
  });
  client.setMutationDefaults(notificationMutationKeys.verifySmsPhone, {
    mutationFn: ({ code }: { code: string }) => settings(api.post<{ data: NotificationSettings }>('/api/me/sms-phone/verify', { code })),
    onSuccess: keep,
  });
  client.setMutationDefaults(notificationMutationKeys.removeSmsPhone, {
    mutationFn: () => settings(apiRequest<{ data: NotificationSettings }>('DELETE', '/api/me/sms-phone')),
    onSuccess: keep,
  });
  client.setMutationDefaults(notificationMutationKeys.thresholds, {
    mutationFn: async (update: AlertThresholdsUpdate) =>
      (await api.put<{ data: AlertThresholdSettings }>('/api/alert-thresholds', update)).data,
    onSuccess: (answer: AlertThresholdSettings) => client.setQueryData(notificationKeys.thresholds, answer),
  });
}

export const useSavePreferences = () =>
  useMutation<NotificationSettings, Error, NotificationPreferences>({ mutationKey: notificationMutationKeys.preferences });
export const useRequestSmsCode = () =>
  useMutation<NotificationSettings, Error, { phone: string }>({ mutationKey: notificationMutationKeys.requestSmsCode });
export const useVerifySmsPhone = () =>
  useMutation<NotificationSettings, Error, { code: string }>({ mutationKey: notificationMutationKeys.verifySmsPhone });
export const useRemoveSmsPhone = () =>
  useMutation<NotificationSettings, Error, void>({ mutationKey: notificationMutationKeys.removeSmsPhone });
export const useSaveAlertThresholds = () =>
  useMutation<AlertThresholdSettings, Error, AlertThresholdsUpdate>({ mutationKey: notificationMutationKeys.thresholds });
