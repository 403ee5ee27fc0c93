import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/layout.tsx';
import { formatArea, useAreaUnit } from '../../../lib/area-unit.ts';
import { useFields } from '../../fields/api/fields.ts';
import { unsentCreates, usePendingRecords } from '../../offline/pending-records.ts';
import { useFarms } from '../api/farms.ts';

/** How many fields of each farm this device made and has not sent yet, by farm id. */
function useUnsentFieldCounts(): Map<string, number> {
  const onServer = useFields().data;
  const pending = usePendingRecords('fields');
  return useMemo(() => {
    const counts = new Map<string, number>();
    for (const { record } of unsentCreates(onServer, pending)) {
      if (record.farmId) counts.set(record.farmId, (counts.get(record.farmId) ?? 0) + 1);
    }
    return counts;
  }, [onServer, pending]);
}

/**
 * The dashboard's card of the farms, each with its fields and hectares; nothing before there is a farm. Fields made on
 * this device and not sent yet are counted, as My Fields lists them, and said to be waiting; their hectares come from
 * the server once sent.
 */
export function FarmsCard() {
  const { t } = useTranslation('app');
  const farms = useFarms();
  const unit = useAreaUnit();
  const unsentFields = useUnsentFieldCounts();
  if (!farms.data?.length) return null;
  return (
    <Card title={t('dashboard.farms')}>
      <ul className="divide-y divide-stone-200">
        {farms.data.map((farm) => {
          const unsent = unsentFields.get(farm.id) ?? 0;
          return (
            <li key={farm.id}>
              <Link to={`/farms/${farm.id}`} className="flex min-h-11 items-center justify-between gap-3 py-2 hover:bg-stone-50">
                <span className="font-semibold text-leaf-800">{farm.name}</span>
                <span className="text-right text-sm text-stone-700">
                  <span className="whitespace-nowrap">
                    {t('dashboard.farmSummary', { count: farm.fieldCount + unsent, area: formatArea(farm.totalHectares, unit) })}
                  </span>
                  {unsent > 0 && <span className="block">{t('sync.waitingCount', { ns: 'common', count: unsent })}</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
