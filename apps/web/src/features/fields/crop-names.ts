import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCropTypes } from './api/fields.ts';

/**
 * The names in the crop catalogue bundled with core, for while the server's list is missing (still loading, or offline
 * on a device that never read it). Its code is fetched only then: the catalogue's figures and sources are about 8 kB
 * compressed that the screens naming crops would otherwise all carry.
 */
const bundledCropNamesQuery = () =>
  queryOptions({
    queryKey: ['crop-types', 'bundled-names'] as const,
    queryFn: async () => (await import('./bundled-crop-names.ts')).bundledCropNames(),
    staleTime: Infinity,
    // The code is on the device already; nothing to keep.
    meta: { keepOffline: false },
  });

/** Crop id → display name: the server's list, else the bundled catalogue's, else the id itself while they load. */
export function useCropName(): (cropId: string | null) => string | null {
  const { data } = useCropTypes();
  const bundled = useQuery({ ...bundledCropNamesQuery(), enabled: data === undefined });
  return useMemo(() => {
    const names = data ? new Map(data.map((crop) => [crop.id, crop.name])) : (bundled.data ?? new Map<string, string>());
    return (cropId) => (cropId ? (names.get(cropId) ?? cropId) : null);
  }, [data, bundled.data]);
}
