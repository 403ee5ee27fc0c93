import type { OnboardingImport } from '@murimi/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const onboardingQuery = (id: string) =>
  queryOptions({
    queryKey: ['onboarding', id] as const,
    queryFn: async () => (await api.get<{ data: OnboardingImport }>(`/api/organisation/onboarding/${id}`)).data,
  });

/** An import's state, asked again every 1.5 s while it runs. */
export const useOnboardingImport = (id: string | null) =>
  useQuery({
    ...onboardingQuery(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'importing' ? 1500 : false),
  });

/**
 * Checking a file is a read (nothing is created) and a file is not something to keep for later; starting the import
 * needs the server's answer at once. Both are sent now or fail with the server's words.
 */
export function useCheckSpreadsheet() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (file: File) =>
      (await api.post<{ data: OnboardingImport }>(`/api/organisation/onboarding/check?fileName=${encodeURIComponent(file.name)}`, file))
        .data,
    onSuccess: (checked) => client.setQueryData(onboardingQuery(checked.id).queryKey, checked),
  });
}

export function useStartOnboarding() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, invite }: { id: string; invite: boolean }) =>
      (await api.post<{ data: OnboardingImport }>(`/api/organisation/onboarding/${id}/import`, { invite })).data,
    onSuccess: (started) => client.setQueryData(onboardingQuery(started.id).queryKey, started),
  });
}
