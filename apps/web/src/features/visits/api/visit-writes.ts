import type { Visit, VisitCreateInput } from '@murimi/core';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { sendOrQueue } from '../../offline/sync-runtime.ts';

// The shell registers every write (app/query-client.ts): this file is only what that needs, the reads are in visits.ts.

/** The visit queue (per group) and visits (per field, or all); every key starts with `visits`. */
export const visitKeys = {
  all: ['visits'] as const,
  queue: (groupId?: string) => ['visits', 'queue', groupId ?? 'all'] as const,
  list: (fieldId?: string) => ['visits', 'list', fieldId ?? 'all'] as const,
};

export const visitMutationKeys = { create: ['visits', 'create'] as const };

/**
 * The visit write, registered once on the query client by key: sent at once when the phone is online, else kept in
 * the offline queue with its photos and sent later. A visit moves its field down the queue, so both lists refresh.
 */
export function registerVisitMutations(client: QueryClient): void {
  client.setMutationDefaults(visitMutationKeys.create, {
    mutationFn: (input: VisitCreateInput) =>
      sendOrQueue('CREATE_VISIT', { ...input }, async () => (await api.post<{ data: Visit }>('/api/visits', input)).data),
    onSuccess: () => client.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
