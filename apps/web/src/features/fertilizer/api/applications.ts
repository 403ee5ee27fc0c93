import type { FertilizerApplication, FertilizerApplicationCreateInput } from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { listAllPages } from '../../../lib/api/list-pages.ts';
import { sendOrQueue } from '../../offline/sync-runtime.ts';

/** Fertilizer applications of one field, or of every field (`all`); all of them start with `fertilizer-applications`. */
export const applicationKeys = {
  all: ['fertilizer-applications'] as const,
  list: (fieldId?: string) => ['fertilizer-applications', fieldId ?? 'all'] as const,
};

/** Applications newest first (the server's order), with the nutrients each delivered. */
export const applicationsQuery = (fieldId?: string) =>
  queryOptions({
    queryKey: applicationKeys.list(fieldId),
    queryFn: () => listAllPages<FertilizerApplication>('/api/fertilizer-applications', { fieldId }),
  });

export const useApplications = (fieldId?: string) => useQuery(applicationsQuery(fieldId));

export const applicationMutationKeys = {
  create: ['fertilizer-applications', 'create'] as const,
  remove: ['fertilizer-applications', 'delete'] as const,
};

/** The fertilizer application writes, registered once on the query client by key (see `registerFarmMutations`). */
export function registerApplicationMutations(client: QueryClient): void {
  const refresh = () => client.invalidateQueries({ queryKey: applicationKeys.all });
  client.setMutationDefaults(applicationMutationKeys.create, {
    mutationFn: (input: FertilizerApplicationCreateInput) =>
      sendOrQueue(
        'CREATE_FERTILIZER_APPLICATION',
        { ...input },
        async () => (await api.post<{ data: FertilizerApplication }>('/api/fertilizer-applications', input)).data,
      ),
    onSuccess: refresh,
  });
  client.setMutationDefaults(applicationMutationKeys.remove, {
    mutationFn: (id: string) => api.delete(`/api/fertilizer-applications/${id}`),
    onSuccess: refresh,
  });
}

/** Logs an application; the input carries its client id, so a retried save logs it once. */
export const useCreateApplication = () =>
  useMutation<FertilizerApplication, Error, FertilizerApplicationCreateInput>({ mutationKey: applicationMutationKeys.create });
export const useDeleteApplication = () => useMutation<void, Error, string>({ mutationKey: applicationMutationKeys.remove });
