import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/layout.tsx';
import { formatArea, useAreaUnit } from '../../../lib/area-unit.ts';
import { useFarms } from '../api/farms.ts';

/** The dashboard's card of the farms, each with its fields and hectares; nothing before there is a farm. */
export function FarmsCard() {
  const { t } = useTranslation('app');
  const farms = useFarms();
  const unit = useAreaUnit();
  if (!farms.data?.length) return null;
  return (
    <Card title={t('dashboard.farms')}>
      <ul className="divide-y divide-stone-200">
        {farms.data.map((farm) => (
          <li key={farm.id}>
            <Link to={`/farms/${farm.id}`} className="flex min-h-11 items-center justify-between gap-3 py-2 hover:bg-stone-50">
              <span className="font-semibold text-leaf-800">{farm.name}</span>
              <span className="text-sm whitespace-nowrap text-stone-700">
                {t('dashboard.farmSummary', { count: farm.fieldCount, area: formatArea(farm.totalHectares, unit) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
