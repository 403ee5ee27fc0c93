import type { AlertItem } from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { useSession } from '../../auth/use-session.ts';
import type { AlertFilters } from '../alert-filters.ts';

/**
 * Every alerts read starts with `alerts`, so one invalidation refreshes the lists, each alert and the badge. (The shell
 * imports this module for the badge and the writes; the list's query is in `alert-list.ts`, with the screen.)
 */
export const alertKeys = {
  all: ['alerts'] as const,
  lists: ['alerts', 'list'] as const,
  list: (filters: AlertFilters) => ['alerts', 'list', filters] as const,
  one: (id: string) => ['alerts', 'one', id] as const,
  unreadCount: ['alerts', 'unread-count'] as const,
};

/** The badge is asked again every minute while the app is open and signed in (and when the window gets focus). */
export const UNREAD_POLL_MS = 60_000;

/** One alert, worded in the person's language, with their read and snooze state. */
export const alertQuery = (id: string) =>
  queryOptions({ queryKey: alertKeys.one(id), queryFn: async () => (await api.get<{ data: AlertItem }>(`/api/alerts/${id}`)).data });

/** Open, unread, not snoozed alerts of the kinds the person sees in the app: the number on the Alerts badge. */
export const unreadAlertCountQuery = () =>
  queryOptions({
    queryKey: alertKeys.unreadCount,
    queryFn: async () => (await api.get<{ data: { unread: number } }>('/api/alerts/unread-count')).data.unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
  });

export const useAlert = (id: string) => useQuery(alertQuery(id));

/** The badge's number while someone is signed in (0 until known); the shell asks for it, the alerts screen is not loaded. */
export function useUnreadAlertCount(): number {
  const signedIn = useSession().status === 'signed-in';
  return useQuery({ ...unreadAlertCountQuery(), enabled: signedIn }).data ?? 0;
}

export const alertMutationKeys = {
  read: ['alerts', 'read'] as const,
  snooze: ['alerts', 'snooze'] as const,
  resolve: ['alerts', 'resolve'] as const,
};

export interface AlertReadChange {
  id: string;
  read: boolean;
}
export interface AlertSnooze {
  id: string;
  /** ISO date and time with the offset of the person's time zone, at most 30 days ahead. */
  until: string;
}
export interface AlertResolveChange {
  id: string;
  resolved: boolean;
}

/**
 * The alert writes, registered once on the query client by key (see `registerFarmMutations`). They need the network
 * (a person's read state is no use queued for later); each answer is the alert as it is now, and the lists and the
 * badge are asked again.
 */
export function registerAlertMutations(client: QueryClient): void {
  const settle = (alert: AlertItem) => {
    client.setQueryData(alertKeys.one(alert.id), alert);
    return client.invalidateQueries({ queryKey: alertKeys.all, predicate: (query) => query.queryKey[1] !== 'one' });
  };
  client.setMutationDefaults(alertMutationKeys.read, {
    mutationFn: async ({ id, read }: AlertReadChange) => (await api.post<{ data: AlertItem }>(`/api/alerts/${id}/read`, { read })).data,
    onSuccess: settle,
  });
  client.setMutationDefaults(alertMutationKeys.snooze, {
    mutationFn: async ({ id, until }: AlertSnooze) => (await api.post<{ data: AlertItem }>(`/api/alerts/${id}/snooze`, { until })).data,
    onSuccess: settle,
  });
  client.setMutationDefaults(alertMutationKeys.resolve, {
    mutationFn: async ({ id, resolved }: AlertResolveChange) =>
      (await api.post<{ data: AlertItem }>(`/api/alerts/${id}/resolve`, { resolved })).data,
    onSuccess: settle,
  });
}

export const useMarkAlertRead = () => useMutation<AlertItem, Error, AlertReadChange>({ mutationKey: alertMutationKeys.read });
export const useSnoozeAlert = () => useMutation<AlertItem, Error, AlertSnooze>({ mutationKey: alertMutationKeys.snooze });
export const useResolveAlert = () => useMutation<AlertItem, Error, AlertResolveChange>({ mutationKey: alertMutationKeys.resolve });
