import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/layout.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useApplications } from '../api/applications.ts';

/** The dashboard's card of the five newest fertilizer applications, with what each delivered. */
export function RecentApplicationsCard({ fieldNames }: { fieldNames: Map<string, string> }) {
  const { t } = useTranslation('app');
  const applications = useApplications();
  return (
    <Card title={t('dashboard.recentApplications')}>
      <QueryState query={applications} loadingLabel={t('states.loadingApplications')} empty={t('dashboard.noApplications')}>
        {(data) => (
          <ul className="divide-y divide-stone-200">
            {data.slice(0, 5).map((a) => (
              <li key={a.id} className="py-2">
                <p className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-semibold text-stone-900">{a.product}</span>
                  <span className="text-stone-700">{formatDate(a.applicationDate)}</span>
                </p>
                <p className="text-sm text-stone-700">
                  <Link to={`/fields/${a.fieldId}`} className="text-leaf-800 underline">
                    {fieldNames.get(a.fieldId) ?? '—'}
                  </Link>
                  {' · '}
                  {t('dashboard.applicationNutrients', {
                    n: formatNumber(a.nitrogenKgPerHa, 1),
                    p: formatNumber(a.phosphateKgPerHa, 1),
                    k: formatNumber(a.potashKgPerHa, 1),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Link to="/fertilizer" className="mt-2 inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
        {t('dashboard.toFertilizer')}
      </Link>
    </Card>
  );
}
