import type { SoilTest } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { Card, EmptyState, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { useFieldNames, useFields } from '../../features/fields/api/fields.ts';
import { FieldSelect } from '../../features/fields/components/FieldSelect.tsx';
import { NoFieldsYet } from '../../features/fields/components/NoFieldsYet.tsx';
import { useWithPending } from '../../features/offline/use-with-pending.ts';
import { useDeleteSoilTest, useSoilTests } from '../../features/soil-tests/api/soil-tests.ts';
import { SoilTestList } from '../../features/soil-tests/components/SoilTestList.tsx';
import { showToast } from '../../features/toasts/toast-store.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useConfirmedMutation } from '../../lib/use-confirmed-mutation.ts';

/** Soil test records (/soil-tests): every test, newest first, filtered by field, with delete. */
export default function SoilTestsPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('soilTests.title'));
  const [params, setParams] = useSearchParams();
  const fieldId = params.get('fieldId') ?? '';
  const fields = useFields();
  const fieldNames = useFieldNames();
  const tests = useWithPending(useSoilTests(fieldId || undefined), 'soilTests', fieldId ? { fieldId } : undefined);
  const remove = useConfirmedMutation(
    useDeleteSoilTest(),
    (test: SoilTest) => test.id,
    () => showToast(t('soilTests.deleted'), { type: 'success' }),
  );
  const logLink = fieldId ? `/soil-tests/log?fieldId=${fieldId}` : '/soil-tests/log';
  const hasFields = (fields.data?.length ?? 0) > 0;

  let content;
  if (tests.isPending || fields.isPending) content = <Spinner label={t('states.loadingSoilTests')} />;
  else if (fields.isError) content = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (tests.isError) content = <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  else if (!hasFields) content = <NoFieldsYet />;
  else if (tests.data.length === 0)
    content = (
      <EmptyState
        title={t('soilTests.emptyTitle')}
        message={fieldId ? t('soilTests.emptyForField', { name: fieldNames.get(fieldId) ?? '' }) : t('soilTests.empty')}
        action={<ButtonLink to={logLink}>{t('actions.logSoilTest')}</ButtonLink>}
      />
    );
  else
    content = (
      <Card>
        <SoilTestList tests={tests.data} fieldNames={fieldId ? undefined : fieldNames} onDelete={remove.ask} />
      </Card>
    );

  return (
    <Page>
      <PageHeader
        title={t('soilTests.title')}
        subtitle={t('soilTests.subtitle')}
        actions={
          hasFields && (
            <>
              <ButtonLink to={logLink}>{t('actions.logSoilTest')}</ButtonLink>
              <ButtonLink to="/soil-analysis" variant="secondary">
                {t('soilTests.toAnalysis')}
              </ButtonLink>
            </>
          )
        }
      />
      {hasFields && (
        <div className="mb-4 max-w-sm">
          <FieldSelect
            label={t('records.filterField')}
            allLabel={t('records.allFields')}
            fields={fields.data ?? []}
            value={fieldId}
            onChange={(next) => setParams(next ? { fieldId: next } : {}, { replace: true })}
          />
        </div>
      )}
      {content}
      <ConfirmDialog
        {...remove.dialog}
        title={t('soilTests.deleteTitle')}
        message={
          remove.target
            ? t('soilTests.deleteWhich', { date: formatDate(remove.target.sampleDate), name: fieldNames.get(remove.target.fieldId) ?? '' })
            : ''
        }
        confirmLabel={t('actions.delete')}
      />
    </Page>
  );
}
