import { findCropType } from '@murimi/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { applicationsApi, cropTypesApi, farmsApi, fieldsApi, queryKeys, soilTestsApi } from '../../lib/api/resources.ts';

/** The signed-in screens read their records through these hooks, so every screen shares one cache entry per list. */
export const useFarms = () => useQuery({ queryKey: queryKeys.farms, queryFn: farmsApi.list });
export const useFarm = (id: string) => useQuery({ queryKey: queryKeys.farm(id), queryFn: () => farmsApi.get(id) });
/** Every field without its boundary: lists, selectors, names. */
export const useFields = () => useQuery({ queryKey: queryKeys.fields, queryFn: () => fieldsApi.list() });
/** Every field with the boundary simplified for the overview map. */
export const useFieldsOnMap = () => useQuery({ queryKey: queryKeys.fieldsOnMap, queryFn: fieldsApi.listForMap });
export const useFarmFields = (farmId: string) =>
  useQuery({ queryKey: queryKeys.fieldsOfFarm(farmId), queryFn: () => fieldsApi.list(farmId) });
/** One field with its full boundary. */
export const useField = (id: string) => useQuery({ queryKey: queryKeys.field(id), queryFn: () => fieldsApi.get(id) });
export const useSoilTests = (fieldId?: string) =>
  useQuery({ queryKey: queryKeys.soilTests(fieldId), queryFn: () => soilTestsApi.list(fieldId) });
export const useApplications = (fieldId?: string) =>
  useQuery({ queryKey: queryKeys.applications(fieldId), queryFn: () => applicationsApi.list(fieldId) });
/** The crop catalogue changes only with a release: fetched once per visit. */
export const useCropTypes = () => useQuery({ queryKey: queryKeys.cropTypes, queryFn: cropTypesApi.list, staleTime: Infinity });

/** Crop id → display name; falls back to the catalogue bundled with core while the list loads. */
export function useCropName(): (cropId: string | null) => string | null {
  const { data } = useCropTypes();
  return useMemo(() => {
    const names = new Map((data ?? []).map((crop) => [crop.id, crop.name]));
    return (cropId) => (cropId ? (names.get(cropId) ?? findCropType(cropId)?.name ?? cropId) : null);
  }, [data]);
}

/** Field id → name, for lists of soil tests and applications. */
export function useFieldNames(): Map<string, string> {
  const { data } = useFields();
  return useMemo(() => new Map((data ?? []).map((field) => [field.id, field.name])), [data]);
}

/** What to refresh after each kind of change (the farm list carries field counts and hectares). */
export const invalidate = {
  farms: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.farms }),
  fields: (client: QueryClient) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.fields }),
      client.invalidateQueries({ queryKey: ['field'] }),
      client.invalidateQueries({ queryKey: queryKeys.farms }),
    ]),
  /** A deleted field takes its soil tests and applications with it. */
  fieldRemoved: (client: QueryClient, fieldId: string) => {
    // Marked stale but not refetched: the screen showing them is closing, and asking again would only answer 404.
    for (const queryKey of [queryKeys.field(fieldId), queryKeys.soilTests(fieldId), queryKeys.applications(fieldId)]) {
      void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
    }
    return Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.fields }),
      client.invalidateQueries({ queryKey: queryKeys.farms }),
      client.invalidateQueries({ queryKey: queryKeys.soilTests() }),
      client.invalidateQueries({ queryKey: queryKeys.applications() }),
    ]);
  },
  soilTests: (client: QueryClient) => client.invalidateQueries({ queryKey: ['soil-tests'] }),
  applications: (client: QueryClient) => client.invalidateQueries({ queryKey: ['fertilizer-applications'] }),
};
