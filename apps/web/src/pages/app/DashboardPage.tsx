import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Card, EmptyState, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { useSession } from '../../features/auth/use-session.ts';
import { formatArea, useAreaUnit } from '../../features/records/area-unit.ts';
import { useApplications, useFarms, useFieldNames, useFields, useSoilTests } from '../../features/records/use-records.ts';
import { formatDate, formatNumber } from './components/format.ts';
import { LoadedList, LoadError, Page } from './components/States.tsx';

function Stat({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={`rounded-xl border border-stone-200 bg-white p-4 shadow-sm ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-stone-900 tabular-nums md:text-3xl">{value}</dd>
    </div>
  );
}

function QuickActions() {
  const { t } = useTranslation('app');
  return (
    <Card title={t('dashboard.quickActions')}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <ButtonLink to="/create-farm-field">{t('actions.fieldSetup')}</ButtonLink>
        <ButtonLink to="/soil-tests/log" variant="secondary">
          {t('actions.logSoilTest')}
        </ButtonLink>
        <ButtonLink to="/fertilizer" variant="secondary">
          {t('actions.logFertilizer')}
        </ButtonLink>
      </div>
    </Card>
  );
}

function LatestSoilTest({ fieldNames }: { fieldNames: Map<string, string> }) {
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

function RecentApplications({ fieldNames }: { fieldNames: Map<string, string> }) {
  const { t } = useTranslation('app');
  const applications = useApplications();
  return (
    <Card title={t('dashboard.recentApplications')}>
      <LoadedList query={applications} loadingLabel={t('states.loadingApplications')} empty={t('dashboard.noApplications')}>
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
      </LoadedList>
      <Link to="/fertilizer" className="mt-2 inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
        {t('dashboard.toFertilizer')}
      </Link>
    </Card>
  );
}

function Farms() {
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

/** Dashboard: farms, fields and hectares at a glance, the latest records and the next things to do. */
export default function DashboardPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('dashboard.title'));
  const session = useSession();
  const name = session.status === 'signed-in' ? session.claims.name : '';
  const farms = useFarms();
  const fields = useFields();
  const fieldNames = useFieldNames();
  const unit = useAreaUnit();

  let content;
  if (fields.isPending || farms.isPending) content = <Spinner label={t('states.loadingDashboard')} />;
  else if (fields.isError || farms.isError)
    content = (
      <LoadError
        error={fields.error ?? farms.error}
        onRetry={() => {
          if (fields.isError) void fields.refetch();
          if (farms.isError) void farms.refetch();
        }}
      />
    );
  else if (fields.data.length === 0)
    content = (
      <EmptyState
        title={t('dashboard.emptyTitle')}
        message={farms.data.length > 0 ? t('dashboard.emptyWithFarm') : t('dashboard.empty')}
        action={<ButtonLink to="/create-farm-field">{t('actions.fieldSetup')}</ButtonLink>}
      />
    );
  else {
    const hectares = fields.data.reduce((sum, field) => sum + field.size_hectares, 0);
    content = (
      <div className="flex flex-col gap-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4">
          <Stat label={t('dashboard.farmCount')} value={String(farms.data.length)} />
          <Stat label={t('dashboard.fieldCount')} value={String(fields.data.length)} />
          <Stat label={t('dashboard.totalArea')} value={formatArea(hectares, unit)} wide />
        </dl>
        <QuickActions />
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <LatestSoilTest fieldNames={fieldNames} />
          <RecentApplications fieldNames={fieldNames} />
          <Farms />
          <Card title={t('dashboard.satelliteTitle')}>
            <p className="text-stone-700">{t('dashboard.satelliteLater')}</p>
          </Card>
        </div>
      </div>
    );
  }

  return (
    <Page>
      <PageHeader title={t('dashboard.title')} subtitle={name ? t('dashboard.welcome', { name }) : undefined} />
      {content}
    </Page>
  );
}
