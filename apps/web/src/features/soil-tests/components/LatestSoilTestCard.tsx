import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useSoilTests } from '../api/soil-tests.ts';

/** The dashboard's card of the newest soil test of any field, with N, P, K and pH. */
export function LatestSoilTestCard({ fieldNames }: { fieldNames: Map<string, string> }) {
  const { t } = useTranslation('app');
  const tests = useSoilTests();
  let body;
  if (tests.isPending) body = <Spinner label={t('states.loadingSoilTests')} />;
  else if (tests.isError) body = <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  else if (!tests.data[0])
    body = (
      <p className="text-stone-700">
        {t('dashboard.noSoilTests')}{' '}
        <Link to="/soil-tests/log" className="font-semibold text-leaf-800 underline">
          {t('actions.logSoilTest')}
        </Link>
      </p>
    );
  else {
    const test = tests.data[0];
    const reading = (label: string, value: number | null, unit: string) =>
      value === null ? null : `${label} ${formatNumber(value)}${unit ? ` ${unit}` : ''}`;
    const readings = [
      reading('N', test.nitrogen, test.unit),
      reading('P', test.phosphorus, test.unit),
      reading('K', test.potassium, test.unit),
      reading('pH', test.ph, ''),
    ].filter(Boolean);
    body = (
      <div>
        <p>
          <Link to={`/fields/${test.fieldId}`} className="font-semibold text-leaf-800 underline">
            {fieldNames.get(test.fieldId) ?? '—'}
          </Link>{' '}
          <span className="text-stone-700">· {formatDate(test.sampleDate)}</span>
        </p>
        <p className="mt-1 text-stone-900">{readings.join(' · ') || t('dashboard.noReadings')}</p>
        <Link to="/soil-analysis" className="mt-2 inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
          {t('dashboard.toSoilAnalysis')}
        </Link>
      </div>
    );
  }
  return <Card title={t('dashboard.latestSoilTest')}>{body}</Card>;
}
