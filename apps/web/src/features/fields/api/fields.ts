import {
  type CropType,
  type Field,
  type FieldCreateInput,
  type FieldUpdateInput,
  type FieldOnMap,
  type FieldMapSummary,
  type FieldSummary,
} from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api/client.ts';
import { listAllPages } from '../../../lib/api/list-pages.ts';
import { analysisKeys } from '../../analyses/api/analyses.ts';
import { refreshFarms } from '../../farms/api/farms.ts';
import { isQueued, sendOrQueue } from '../../offline/sync-runtime.ts';
import { applicationKeys } from '../../fertilizer/api/applications.ts';
import { soilTestKeys } from '../../soil-tests/api/soil-tests.ts';

/**
 * Field lists start with `fields` (so whatever refreshes the list refreshes the map too); one field with its full
 * boundary is `field`.
 */
export const fieldKeys = {
  all: ['fields'] as const,
  ofFarm: (farmId: string) => ['fields', { farmId }] as const,
  onMap: ['fields', 'map'] as const,
  mapSummary: ['fields', 'map-summary'] as const,
  one: (id: string) => ['field', id] as const,
  anyOne: ['field'] as const,
};

/** Every field without its boundary (facts, box, centroid, area): lists, selectors, names. */
export const fieldsQuery = () => queryOptions({ queryKey: fieldKeys.all, queryFn: () => listAllPages<FieldSummary>('/api/fields') });

export const farmFieldsQuery = (farmId: string) =>
  queryOptions({ queryKey: fieldKeys.ofFarm(farmId), queryFn: () => listAllPages<FieldSummary>('/api/fields', { farmId }) });

/** Every field with its boundary simplified for the overview map: Map View's outlines offline (a field pack keeps it). */
export const fieldsOnMapQuery = () =>
  queryOptions({ queryKey: fieldKeys.onMap, queryFn: () => listAllPages<FieldOnMap>('/api/fields', { view: 'map' }) });

/**
 * Map View online: how many fields, their hectares, box and crop groups, and the list's version, at which the map asks
 * for its tiles (outlines, markers, labels).
 */
export const fieldMapSummaryQuery = () =>
  queryOptions({ queryKey: fieldKeys.mapSummary, queryFn: () => api.get<FieldMapSummary>('/api/fields/map-summary') });

/** Spec §9: a field's details are read again after 5 minutes (its own writes refresh it at once). */
export const FIELD_DETAIL_STALE_MS = 5 * 60_000;

/** One field with its full boundary (to edit it). */
export const fieldQuery = (id: string) =>
  queryOptions({
    queryKey: fieldKeys.one(id),
    queryFn: async () => (await api.get<{ data: Field }>(`/api/fields/${id}`)).data,
    staleTime: FIELD_DETAIL_STALE_MS,
  });

/** The crop catalogue changes only with a release: fetched once per visit. */
export const cropTypesQuery = () =>
  queryOptions({
    queryKey: ['crop-types'] as const,
    queryFn: async () => (await api.get<{ data: CropType[] }>('/api/crop-types')).data,
    staleTime: Infinity,
  });

export const useFields = () => useQuery(fieldsQuery());
export const useFarmFields = (farmId: string) => useQuery(farmFieldsQuery(farmId));
export const useFieldsOnMap = () => useQuery(fieldsOnMapQuery());
export const useField = (id: string) => useQuery(fieldQuery(id));
export const useCropTypes = () => useQuery(cropTypesQuery());

/** Field id → name, for lists of soil tests and applications. */
export function useFieldNames(): Map<string, string> {
  const { data } = useFields();
  return useMemo(() => new Map((data ?? []).map((field) => [field.id, field.name])), [data]);
}

/** After fields change: every field list and field, and the farms (they carry field counts and hectares). */
export const refreshFields = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: fieldKeys.all }),
    client.invalidateQueries({ queryKey: fieldKeys.anyOne }),
    refreshFarms(client),
  ]);

export const fieldMutationKeys = {
  create: ['fields', 'create'] as const,
  update: ['fields', 'update'] as const,
  remove: ['fields', 'delete'] as const,
  createMany: ['fields', 'create-many'] as const,
};

/** A change to a field, based on the version the person saw (`lastModified`): the server refuses it if the field changed since. */
export interface FieldUpdate {
  id: string;
  lastModified: string;
  changes: FieldUpdateInput;
}

/**
 * The field writes, registered once on the query client by key (see `registerFarmMutations`). Each one's cache
 * refresh is part of it, so a write sent again later refreshes the same lists.
 */
export function registerFieldMutations(client: QueryClient): void {
  client.setMutationDefaults(fieldMutationKeys.create, {
    mutationFn: (input: FieldCreateInput) =>
      sendOrQueue('CREATE_FIELD', { ...input }, async () => (await api.post<{ data: Field }>('/api/fields', input)).data),
    onSuccess: () => refreshFields(client),
  });
  client.setMutationDefaults(fieldMutationKeys.update, {
    mutationFn: (update: FieldUpdate) =>
      sendOrQueue(
        'UPDATE_FIELD',
        // The field as the person saw it goes with the edit, so that it can be added again if it is deleted elsewhere meanwhile.
        { ...update, seen: client.getQueryData(fieldKeys.one(update.id)) },
        async () => (await api.put<{ data: Field }>(`/api/fields/${update.id}`, update.changes, { basedOn: update.lastModified })).data,
      ),
    onSuccess: (field: Field) => {
      // A change kept for later is not the server's field yet: the field's own entry stays the server's.
      if (!isQueued(field)) client.setQueryData(fieldKeys.one(field.id), field);
      // A new crop, planting date or boundary queues the field's analyses on the server: their cards look again.
      void client.invalidateQueries({ queryKey: analysisKeys.recent(field.id) });
      return refreshFields(client);
    },
  });
  client.setMutationDefaults(fieldMutationKeys.remove, {
    mutationFn: (id: string) => api.delete(`/api/fields/${id}`),
    onSuccess: (_answer: unknown, id: string) => {
      // A deleted field takes its soil tests and applications with it. Its own entries are marked stale but not
      // refetched: the screen showing them is closing, and asking again would only answer 404.
      for (const queryKey of [fieldKeys.one(id), soilTestKeys.list(id), applicationKeys.list(id)]) {
        void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
      }
      void client.invalidateQueries({ queryKey: fieldKeys.all });
      void refreshFarms(client);
      void client.invalidateQueries({ queryKey: soilTestKeys.list() });
      void client.invalidateQueries({ queryKey: applicationKeys.list() });
    },
  });
  client.setMutationDefaults(fieldMutationKeys.createMany, {
    // All of them, or none with a report per failing field (the error's details).
    mutationFn: async (fields: FieldCreateInput[]) => (await api.post<{ data: FieldSummary[] }>('/api/fields/bulk', { fields })).data,
    onSuccess: () => refreshFields(client),
  });
}

/** Creates a field; the input carries its client id, so a retried create makes one field. */
export const useCreateField = () => useMutation<Field, Error, FieldCreateInput>({ mutationKey: fieldMutationKeys.create });
/** Changes a field's facts or its boundary (the server keeps the boundary it replaces). */
export const useUpdateField = () => useMutation<Field, Error, FieldUpdate>({ mutationKey: fieldMutationKeys.update });
export const useDeleteField = () => useMutation<void, Error, string>({ mutationKey: fieldMutationKeys.remove });
/** Saves the fields kept from an imported file, each with its client id. */
export const useCreateFields = () => useMutation<FieldSummary[], Error, FieldCreateInput[]>({ mutationKey: fieldMutationKeys.createMany });
