import { measureFieldBoundary, type FieldBoundary } from '@murimi/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMeasuredHectares } from '../../../lib/format.ts';
import { useFarms } from '../../farms/api/farms.ts';
import { useCropName } from '../../fields/crop-names.ts';
import { FIELD_KEYS } from '../sync-actions.ts';

type FieldKey = (typeof FIELD_KEYS)[number];
const isFieldKey = (key: string): key is FieldKey => (FIELD_KEYS as readonly string[]).includes(key);
const DATE_KEYS: ReadonlySet<string> = new Set(['plantingDate', 'expectedHarvestDate', 'actualHarvestDate']);

/** The changed keys in reading order: the known ones first, any other after them as they came. */
export function orderedKeys(changes: Record<string, unknown>): string[] {
  const keys = Object.keys(changes);
  return [...FIELD_KEYS.filter((key) => keys.includes(key)), ...keys.filter((key) => !isFieldKey(key))];
}

/** The area of a boundary, hectares, or null when it is no boundary core can measure. */
function boundaryHectares(value: unknown): number | null {
  if (!value || typeof value !== 'object') return null;
  try {
    const check = measureFieldBoundary(value as FieldBoundary);
    return check.ok ? check.value.areaHectares : null;
  } catch {
    return null;
  }
}

export interface ConflictWording {
  /** The key in a farmer's words ("Planting date"). */
  label: (key: string) => string;
  /** A value as the farmer reads it; `side` says whose it is, since a boundary is worded as changed or as it stands. */
  value: (key: string, value: unknown, side: 'mine' | 'server', serverRecord?: Record<string, unknown>) => string;
}

/** Labels and values of a field's keys: names of farms and crops, dates, hectares, "boundary changed". */
export function useConflictWording(): ConflictWording {
  const { t } = useTranslation();
  const { t: tApp } = useTranslation('app');
  const farms = useFarms();
  const cropName = useCropName();
  const farmNames = useMemo(() => new Map((farms.data ?? []).map((farm) => [farm.id, farm.name])), [farms.data]);
  return {
    label: (key) => (isFieldKey(key) ? t(`sync.conflict.keys.${key}`) : key),
    value: (key, value, side, serverRecord) => {
      if (key === 'boundary') {
        const measured = boundaryHectares(value);
        const serverArea = typeof serverRecord?.size_hectares === 'number' ? serverRecord.size_hectares : null;
        if (side === 'mine')
          return measured === null
            ? t('sync.conflict.boundaryChanged')
            : t('sync.conflict.boundaryChangedArea', { area: formatMeasuredHectares(measured) });
        const area = measured ?? serverArea;
        return area === null ? t('sync.conflict.boundaryChanged') : t('sync.conflict.boundaryArea', { area: formatMeasuredHectares(area) });
      }
      if (value === null || value === undefined || value === '') return t('sync.conflict.notSet');
      if (DATE_KEYS.has(key) && typeof value === 'string') return formatDate(value);
      if (key === 'farmId' && typeof value === 'string') return farmNames.get(value) ?? value;
      if (key === 'cropType' && typeof value === 'string') return cropName(value) ?? value;
      if (key === 'soilTexture' && typeof value === 'string')
        return tApp(`soilTextures.${value}` as 'soilTextures.loam', { defaultValue: value });
      if (typeof value === 'boolean') return value ? t('sync.conflict.yes') : t('sync.conflict.no');
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value as string | number);
    },
  };
}
