import { findCropType } from '@murimi/core';
import { useMemo } from 'react';
import { useCropTypes } from './api/fields.ts';

/**
 * Crop id → display name; falls back to the catalogue bundled with core while the list loads. Apart from the fields'
 * reads so that only the screens that name crops load the catalogue (about 50 kB of figures and sources).
 */
export function useCropName(): (cropId: string | null) => string | null {
  const { data } = useCropTypes();
  return useMemo(() => {
    const names = new Map((data ?? []).map((crop) => [crop.id, crop.name]));
    return (cropId) => (cropId ? (names.get(cropId) ?? findCropType(cropId)?.name ?? cropId) : null);
  }, [data]);
}
