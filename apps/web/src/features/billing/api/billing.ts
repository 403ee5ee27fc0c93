import type { Billing } from '@murimi/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

/** The organisation's plan, price and trial (owner and managers). */
export const billingQuery = () =>
  queryOptions({
    queryKey: ['billing'] as const,
    queryFn: async () => (await api.get<{ data: Billing }>('/api/organisation/billing')).data,
  });

export const useBilling = (enabled: boolean) => useQuery({ ...billingQuery(), enabled });
