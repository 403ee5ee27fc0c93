import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { ErrorBoundary, PartBoundary, PartFailed } from '../../components/ui/ErrorBoundary.tsx';
import { Card, EmptyState, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { ApiError } from '../../lib/api/client.ts';
import { useSession } from '../../features/auth/use-session.ts';
import { FieldAnalysisTiles } from '../../features/analyses/components/AnalysisTiles.tsx';
import { FarmHealthTotalsTile } from '../../features/analyses/components/FarmHealthTotalsTile.tsx';
import { RunAnalysisTile } from '../../features/analyses/components/RunAnalysisTile.tsx';
import { useFarms } from '../../features/farms/api/farms.ts';
import { FarmsCard } from '../../features/farms/components/FarmsCard.tsx';
import { RecentApplicationsCard } from '../../features/fertilizer/components/RecentApplicationsCard.tsx';
import { useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFieldNames, useFields } from '../../features/fields/api/fields.ts';
import { ThisWeekCard } from '../../features/insights/components/ThisWeekCard.tsx';
import { useWithPending } from '../../features/offline/use-with-pending.ts';
import { LatestSoilTestCard } from '../../features/soil-tests/components/LatestSoilTestCard.tsx';
import { formatArea, useAreaUnit } from '../../lib/area-unit.ts';
import { usePageTitle } from '../../lib/page-title.ts';

/** A figure of the farm; `note` under it says what it holds besides the server's records. */
function Stat({ label, value, note, wide = false }: { label: string; value: () => string; note?: string; wide?: boolean }) {
  const tile = `rounded-xl border border-stone-200 bg-white p-4 shadow-sm ${wide ? 'col-span-2 sm:col-span-1' : ''}`;
  // A tile that cannot work out its figure says so in its own place; the other tiles stay.
  return (
    <ErrorBoundary
      name={`The dashboard tile "${label}"`}
      fallback={(_error, reset) => (
        <div className={tile}>
          <dt className="text-sm font-medium text-stone-600">{label}</dt>
          <dd className="mt-1">
            <PartFailed onRetry={reset} />
          </dd>
        </div>
      )}
    >
      <div className={tile}>
        <dt className="text-sm font-medium text-stone-600">{label}</dt>
        <StatValue value={value} />
        {note && <dd className="text-sm text-stone-700">{note}</dd>}
      </div>
    </ErrorBoundary>
  );
}

/** The figure is worked out while rendering, inside the tile's boundary. */
function StatValue({ value }: { value: () => string }) {
  return <dd className="mt-1 text-2xl font-bold text-stone-900 tabular-nums md:text-3xl">{value()}</dd>;
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

/**
 * Dashboard: the week (fields' health and water, actions, open alerts), the selected field's latest analyses as tiles, the farm's fields by crop health, a run control, farms,
 * fields and hectares, the latest records and the next things to do.
 */
const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

export default function DashboardPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('dashboard.title'));
  const session = useSession();
  const name = session.status === 'signed-in' ? session.claims.name : '';
  const farms = useFarms();
  const fields = useFields();
  // Counted as My Fields lists them: with the fields made on this device and not sent yet.
  const listedFields = useWithPending(fields, 'fields').data ?? [];
  const fieldNames = useFieldNames();
  const unit = useAreaUnit();
  const selectedId = useSelectedFieldId(fields.data);

  let content;
  if (fields.isPending || farms.isPending) content = <Spinner label={t('states.loadingDashboard')} />;
  // A viewer (a funder) reads no farm: their role sees a programme's totals only.
  else if (isForbidden(farms.error))
    content = (
      <EmptyState
        title={t('dashboard.viewerTitle')}
        message={t('dashboard.viewer')}
        action={<ButtonLink to="/programme">{t('dashboard.viewerAction')}</ButtonLink>}
      />
    );
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
  else if (fields.data.length === 0 && listedFields.length > 0)
    content = (
      <EmptyState
        title={t('dashboard.waitingTitle', { count: listedFields.length })}
        message={t('dashboard.waitingMessage', { count: listedFields.length })}
        action={
          <ButtonLink to={`/fields/${listedFields[0]!.id}`}>{t('dashboard.openWaitingField', { field: listedFields[0]!.name })}</ButtonLink>
        }
      />
    );
  else if (fields.data.length === 0)
    content = (
      <EmptyState
        title={t('dashboard.emptyTitle')}
        message={farms.data.length > 0 ? t('dashboard.emptyWithFarm') : t('dashboard.empty')}
        action={
          <ButtonLink to="/create-farm-field">{farms.data.length > 0 ? t('dashboard.drawField') : t('actions.fieldSetup')}</ButtonLink>
        }
      />
    );
  else {
    const farmList = farms.data;
    const fieldList = fields.data;
    const selected = fieldList.find((field) => field.id === selectedId) ?? fieldList[0]!;
    content = (
      <div className="flex flex-col gap-6">
        <PartBoundary name="The week's card" title={t('dashboard.thisWeek')}>
          <ThisWeekCard />
        </PartBoundary>
        <section aria-labelledby="dashboard-field-tiles" className="flex flex-col gap-3">
          <h2 id="dashboard-field-tiles" className="text-lg font-semibold text-stone-900">
            {t('dashboard.atAGlance', { field: selected.name })}
          </h2>
          <PartBoundary name="The selected field's analysis tiles" title={t('dashboard.atAGlance', { field: selected.name })}>
            <FieldAnalysisTiles
              field={{ id: selected.id, name: selected.name, cropType: selected.cropType, plantingDate: selected.plantingDate }}
            />
          </PartBoundary>
        </section>
        <PartBoundary name="The farm health totals" title={t('dashboard.totals.title')}>
          <FarmHealthTotalsTile />
        </PartBoundary>
        <PartBoundary name="The run-analysis control" title={t('dashboard.run.title')}>
          <RunAnalysisTile key={selected.id} fields={fieldList} selectedFieldId={selected.id} />
        </PartBoundary>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4">
          <Stat label={t('dashboard.farmCount')} value={() => String(farmList.length)} />
          <Stat
            label={t('dashboard.fieldCount')}
            value={() => String(listedFields.length)}
            note={
              listedFields.length > fieldList.length
                ? t('sync.waitingCount', { ns: 'common', count: listedFields.length - fieldList.length })
                : undefined
            }
          />
          <Stat
            label={t('dashboard.totalArea')}
            value={() =>
              formatArea(
                fieldList.reduce((sum, field) => sum + field.size_hectares, 0),
                unit,
              )
            }
            wide
          />
        </dl>
        <PartBoundary name="The dashboard's quick actions" title={t('dashboard.quickActions')}>
          <QuickActions />
        </PartBoundary>
        {/* Each card fails alone: one that cannot show its records leaves the others working. */}
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <PartBoundary name="The latest soil test card" title={t('dashboard.latestSoilTest')}>
            <LatestSoilTestCard fieldNames={fieldNames} />
          </PartBoundary>
          <PartBoundary name="The recent applications card" title={t('dashboard.recentApplications')}>
            <RecentApplicationsCard fieldNames={fieldNames} />
          </PartBoundary>
          <PartBoundary name="The farms card" title={t('dashboard.farms')}>
            <FarmsCard />
          </PartBoundary>
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
