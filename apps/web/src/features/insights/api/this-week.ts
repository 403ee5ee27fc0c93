import type { WeekDigest } from '@murimi/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

/** The week's digest (`GET /api/insights/this-week`): what Monday's e-mail and SMS say, for the dashboard. */
export const thisWeekQuery = () =>
  queryOptions({
    // Under `alerts`: reading, snoozing or resolving an alert, or new preferences, refresh it with the alerts.
    queryKey: ['alerts', 'this-week'] as const,
    queryFn: async () => (await api.get<{ data: WeekDigest }>('/api/insights/this-week')).data,
    staleTime: 5 * 60_000,
  });

export const useThisWeek = () => useQuery(thisWeekQuery());
