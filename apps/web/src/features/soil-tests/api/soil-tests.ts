import type { SoilTest, SoilTestCreateInput } from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { listAllPages } from '../../../lib/api/list-pages.ts';
import { sendOrQueue } from '../../offline/sync-runtime.ts';

/** Soil tests of one field, or of every field (`all`); all of them start with `soil-tests`. */
export const soilTestKeys = {
  all: ['soil-tests'] as const,
  list: (fieldId?: string) => ['soil-tests', fieldId ?? 'all'] as const,
};

/** Soil tests newest first (the server's order), of one field or of all. */
export const soilTestsQuery = (fieldId?: string) =>
  queryOptions({ queryKey: soilTestKeys.list(fieldId), queryFn: () => listAllPages<SoilTest>('/api/soil-tests', { fieldId }) });

export const useSoilTests = (fieldId?: string) => useQuery(soilTestsQuery(fieldId));

export const soilTestMutationKeys = {
  create: ['soil-tests', 'create'] as const,
  remove: ['soil-tests', 'delete'] as const,
};

/** The soil test writes, registered once on the query client by key (see `registerFarmMutations`). */
export function registerSoilTestMutations(client: QueryClient): void {
  const refresh = () => client.invalidateQueries({ queryKey: soilTestKeys.all });
  client.setMutationDefaults(soilTestMutationKeys.create, {
    mutationFn: (input: SoilTestCreateInput) =>
      sendOrQueue('CREATE_SOIL_TEST', { ...input }, async () => (await api.post<{ data: SoilTest }>('/api/soil-tests', input)).data),
    onSuccess: refresh,
  });
  client.setMutationDefaults(soilTestMutationKeys.remove, {
    mutationFn: (id: string) => api.delete(`/api/soil-tests/${id}`),
    onSuccess: refresh,
  });
}

/** Logs a soil test; the input carries its client id, so a retried save logs it once. */
export const useCreateSoilTest = () => useMutation<SoilTest, Error, SoilTestCreateInput>({ mutationKey: soilTestMutationKeys.create });
export const useDeleteSoilTest = () => useMutation<void, Error, string>({ mutationKey: soilTestMutationKeys.remove });
