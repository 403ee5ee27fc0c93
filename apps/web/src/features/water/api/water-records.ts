import type {
  IrrigationEvent,
  IrrigationEventCreateInput,
  IrrigationEventUpdateInput,
  RainReading,
  RainReadingCreateInput,
  RainReadingUpdateInput,
} from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { listAllPages } from '../../../lib/api/list-pages.ts';
import { sendOrQueue } from '../../offline/sync-runtime.ts';

/** Irrigation events of one field, or of every field (`all`); all of them start with `irrigation-events`. */
export const irrigationEventKeys = {
  all: ['irrigation-events'] as const,
  list: (fieldId?: string) => ['irrigation-events', fieldId ?? 'all'] as const,
};

/** Rain-gauge readings of one field, or of every field (`all`); all of them start with `rain-readings`. */
export const rainReadingKeys = {
  all: ['rain-readings'] as const,
  list: (fieldId?: string) => ['rain-readings', fieldId ?? 'all'] as const,
};

/** Irrigations latest first (the server's order), each with the depth given and the depth the water balance counts. */
export const irrigationEventsQuery = (fieldId?: string) =>
  queryOptions({
    queryKey: irrigationEventKeys.list(fieldId),
    queryFn: () => listAllPages<IrrigationEvent>('/api/irrigation-events', { fieldId }),
  });

/** Gauge readings latest day first (the server's order). */
export const rainReadingsQuery = (fieldId?: string) =>
  queryOptions({
    queryKey: rainReadingKeys.list(fieldId),
    queryFn: () => listAllPages<RainReading>('/api/rain-readings', { fieldId }),
  });

export const useIrrigationEvents = (fieldId?: string) => useQuery(irrigationEventsQuery(fieldId));
export const useRainReadings = (fieldId?: string) => useQuery(rainReadingsQuery(fieldId));

export const irrigationEventMutationKeys = {
  create: ['irrigation-events', 'create'] as const,
  update: ['irrigation-events', 'update'] as const,
  remove: ['irrigation-events', 'delete'] as const,
};

export const rainReadingMutationKeys = {
  create: ['rain-readings', 'create'] as const,
  update: ['rain-readings', 'update'] as const,
  remove: ['rain-readings', 'delete'] as const,
};

/** The irrigation event writes, registered once on the query client by key (see `registerFarmMutations`). */
export function registerIrrigationEventMutations(client: QueryClient): void {
  const refresh = () => client.invalidateQueries({ queryKey: irrigationEventKeys.all });
  client.setMutationDefaults(irrigationEventMutationKeys.create, {
    mutationFn: (input: IrrigationEventCreateInput) =>
      sendOrQueue(
        'CREATE_IRRIGATION_EVENT',
        { ...input },
        async () => (await api.post<{ data: IrrigationEvent }>('/api/irrigation-events', input)).data,
      ),
    onSuccess: refresh,
  });
  client.setMutationDefaults(irrigationEventMutationKeys.update, {
    mutationFn: async ({ id, changes }: { id: string; changes: IrrigationEventUpdateInput }) =>
      (await api.put<{ data: IrrigationEvent }>(`/api/irrigation-events/${id}`, changes)).data,
    onSuccess: refresh,
  });
  client.setMutationDefaults(irrigationEventMutationKeys.remove, {
    mutationFn: (id: string) => api.delete(`/api/irrigation-events/${id}`),
    onSuccess: refresh,
  });
}

/** The rain-gauge reading writes, registered once on the query client by key (see `registerFarmMutations`). */
export function registerRainReadingMutations(client: QueryClient): void {
  const refresh = () => client.invalidateQueries({ queryKey: rainReadingKeys.all });
  client.setMutationDefaults(rainReadingMutationKeys.create, {
    mutationFn: (input: RainReadingCreateInput) =>
      sendOrQueue(
        'CREATE_RAIN_READING',
        { ...input },
        async () => (await api.post<{ data: RainReading }>('/api/rain-readings', input)).data,
      ),
    onSuccess: refresh,
  });
  client.setMutationDefaults(rainReadingMutationKeys.update, {
    mutationFn: async ({ id, changes }: { id: string; changes: RainReadingUpdateInput }) =>
      (await api.put<{ data: RainReading }>(`/api/rain-readings/${id}`, changes)).data,
    onSuccess: refresh,
  });
  client.setMutationDefaults(rainReadingMutationKeys.remove, {
    mutationFn: (id: string) => api.delete(`/api/rain-readings/${id}`),
    onSuccess: refresh,
  });
}

/** Logs an irrigation (a depth in mm or a volume in m³); the input carries its client id, so a retried save logs it once. */
export const useCreateIrrigationEvent = () =>
  useMutation<IrrigationEvent, Error, IrrigationEventCreateInput>({ mutationKey: irrigationEventMutationKeys.create });
export const useUpdateIrrigationEvent = () =>
  useMutation<IrrigationEvent, Error, { id: string; changes: IrrigationEventUpdateInput }>({
    mutationKey: irrigationEventMutationKeys.update,
  });
export const useDeleteIrrigationEvent = () => useMutation<void, Error, string>({ mutationKey: irrigationEventMutationKeys.remove });

/** Logs a gauge reading; the input carries its client id, so a retried save logs it once. */
export const useCreateRainReading = () =>
  useMutation<RainReading, Error, RainReadingCreateInput>({ mutationKey: rainReadingMutationKeys.create });
export const useUpdateRainReading = () =>
  useMutation<RainReading, Error, { id: string; changes: RainReadingUpdateInput }>({ mutationKey: rainReadingMutationKeys.update });
export const useDeleteRainReading = () => useMutation<void, Error, string>({ mutationKey: rainReadingMutationKeys.remove });
