import type { Farm, FarmCreateInput } from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { listAllPages } from '../../../lib/api/list-pages.ts';

/** Every farm query starts with `farms`, so one invalidation refreshes the list and each farm. */
export const farmKeys = {
  all: ['farms'] as const,
  one: (id: string) => ['farms', id] as const,
};

/** The farms with their field counts and hectares. */
export const farmsQuery = () => queryOptions({ queryKey: farmKeys.all, queryFn: () => listAllPages<Farm>('/api/farms') });

export const farmQuery = (id: string) =>
  queryOptions({ queryKey: farmKeys.one(id), queryFn: async () => (await api.get<{ data: Farm }>(`/api/farms/${id}`)).data });

export const useFarms = () => useQuery(farmsQuery());
export const useFarm = (id: string) => useQuery(farmQuery(id));

/** The farm list refreshes whenever fields change too: it carries each farm's field count and hectares. */
export const refreshFarms = (client: QueryClient) => client.invalidateQueries({ queryKey: farmKeys.all });

export const farmMutationKeys = {
  create: ['farms', 'create'] as const,
  update: ['farms', 'update'] as const,
  remove: ['farms', 'delete'] as const,
};

export interface FarmUpdate {
  id: string;
  changes: Partial<FarmCreateInput>;
}

/**
 * The farm writes, registered once on the query client by key: what a write does lives here, not in the screen
 * that started it, so a write paused offline can be stored and sent again later by its key alone.
 */
export function registerFarmMutations(client: QueryClient): void {
  client.setMutationDefaults(farmMutationKeys.create, {
    mutationFn: async (input: FarmCreateInput) => (await api.post<{ data: Farm }>('/api/farms', input)).data,
    // Not waited for: the field created next in Field Setup needs the farm saved, not the list refreshed.
    onSuccess: () => void refreshFarms(client),
  });
  client.setMutationDefaults(farmMutationKeys.update, {
    mutationFn: async ({ id, changes }: FarmUpdate) => (await api.put<{ data: Farm }>(`/api/farms/${id}`, changes)).data,
    onSuccess: (farm: Farm) => {
      client.setQueryData(farmKeys.one(farm.id), farm);
      return refreshFarms(client);
    },
  });
  client.setMutationDefaults(farmMutationKeys.remove, {
    mutationFn: (id: string) => api.delete(`/api/farms/${id}`),
    onSuccess: (_answer: unknown, id: string) => {
      // Stale, not refetched: the screen showing it is closing, and asking again would only answer 404.
      void client.invalidateQueries({ queryKey: farmKeys.one(id), exact: true, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: farmKeys.all, exact: true });
    },
  });
}

/** Creates a farm; the input carries its client id, so a retried create makes one farm. */
export const useCreateFarm = () => useMutation<Farm, Error, FarmCreateInput>({ mutationKey: farmMutationKeys.create });
export const useUpdateFarm = () => useMutation<Farm, Error, FarmUpdate>({ mutationKey: farmMutationKeys.update });
/** Deletes a farm by id; the server refuses (409) while it has fields. */
export const useDeleteFarm = () => useMutation<void, Error, string>({ mutationKey: farmMutationKeys.remove });
