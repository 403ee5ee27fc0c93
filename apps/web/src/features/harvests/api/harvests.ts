import type { Harvest, HarvestCreateInput } from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { listAllPages } from '../../../lib/api/list-pages.ts';

/** Harvests of one field, or of every field (`all`); all of them start with `harvests`. */
export const harvestKeys = {
  all: ['harvests'] as const,
  list: (fieldId?: string) => ['harvests', fieldId ?? 'all'] as const,
};

/** Harvests newest first (the server's order), each beside its season's latest yield estimate when there is one. */
export const harvestsQuery = (fieldId?: string) =>
  queryOptions({ queryKey: harvestKeys.list(fieldId), queryFn: () => listAllPages<Harvest>('/api/harvests', { fieldId }) });

export const useHarvests = (fieldId?: string) => useQuery(harvestsQuery(fieldId));

export const harvestMutationKeys = {
  create: ['harvests', 'create'] as const,
  remove: ['harvests', 'delete'] as const,
};

/**
 * The harvest writes, registered once on the query client by key. A harvest is shown beside the yield estimate from
 * the harvest list, which the server compares with the season's latest estimate as it answers: refreshing the lists
 * refreshes what the season summary shows.
 */
export function registerHarvestMutations(client: QueryClient): void {
  const refresh = () => client.invalidateQueries({ queryKey: harvestKeys.all });
  client.setMutationDefaults(harvestMutationKeys.create, {
    mutationFn: async (input: HarvestCreateInput) => (await api.post<{ data: Harvest }>('/api/harvests', input)).data,
    onSuccess: refresh,
  });
  client.setMutationDefaults(harvestMutationKeys.remove, {
    mutationFn: (id: string) => api.delete(`/api/harvests/${id}`),
    onSuccess: refresh,
  });
}

/** Records a harvest; the input carries its client id, so a retried save records it once. */
export const useCreateHarvest = () => useMutation<Harvest, Error, HarvestCreateInput>({ mutationKey: harvestMutationKeys.create });
export const useDeleteHarvest = () => useMutation<void, Error, string>({ mutationKey: harvestMutationKeys.remove });
