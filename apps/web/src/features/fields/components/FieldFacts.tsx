import { ACRES_PER_HECTARE, type Field } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Facts } from '../../../components/ui/layout.tsx';
import { formatDate, formatNumber, formatTimestamp } from '../../../lib/format.ts';
import { useFarms } from '../../farms/api/farms.ts';
import { useCropName } from '../crop-names.ts';

/** "Round field, radius 80 m" or "Polygon, 6 corners", from the stored GeoJSON. */
function useBoundaryText(boundary: unknown): string {
  const { t } = useTranslation('app');
  const shape = boundary as { type?: string; properties?: { radius?: number }; coordinates?: unknown[][] } | null;
  if (shape?.type === 'Point') return t('fieldDetail.boundaryCircle', { radius: formatNumber(shape.properties?.radius ?? null, 0) });
  if (shape?.type === 'Polygon') return t('fieldDetail.boundaryPolygon', { count: Math.max(0, (shape.coordinates?.[0]?.length ?? 1) - 1) });
  return '—';
}

/** What is known of a field: farm, crop, size, dates, soil, irrigation and boundary. */
export function FieldFacts({ field }: { field: Field }) {
  const { t } = useTranslation('app');
  const cropName = useCropName();
  const farms = useFarms();
  const farm = farms.data?.find((f) => f.id === field.farmId);
  const boundary = useBoundaryText(field.boundary);
  return (
    <Facts
      items={[
        {
          label: t('field.farm'),
          value: farm ? (
            <Link to={`/farms/${farm.id}`} className="font-semibold text-leaf-800 underline">
              {farm.name}
            </Link>
          ) : (
            '—'
          ),
        },
        { label: t('field.crop'), value: cropName(field.cropType) ?? t('field.notSet') },
        { label: t('field.variety'), value: field.variety ?? t('field.notSet') },
        {
          label: t('field.size'),
          // A field made on this device is measured by the server once it has it.
          value:
            typeof field.size_hectares === 'number'
              ? t('fieldDetail.size', {
                  hectares: formatNumber(field.size_hectares, 2),
                  acres: formatNumber(field.size_hectares * ACRES_PER_HECTARE, 2),
                })
              : '—',
        },
        { label: t('field.plantingDate'), value: field.plantingDate ? formatDate(field.plantingDate) : t('field.notSet') },
        {
          label: t('field.expectedHarvestDate'),
          value: field.expectedHarvestDate ? formatDate(field.expectedHarvestDate) : t('field.notSet'),
        },
        {
          label: t('field.actualHarvestDate'),
          value: field.actualHarvestDate ? formatDate(field.actualHarvestDate) : t('field.notHarvested'),
        },
        { label: t('field.soilTexture'), value: field.soilTexture ? t(`soilTextures.${field.soilTexture}`) : t('field.notSet') },
        { label: t('field.irrigated'), value: field.irrigated ? t('field.yes') : t('field.no') },
        { label: t('fieldDetail.boundary'), value: boundary },
        { label: t('fieldDetail.lastModified'), value: field.lastModified ? formatTimestamp(field.lastModified) : '—' },
      ]}
    />
  );
}
