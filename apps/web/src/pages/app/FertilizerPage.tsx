import type { FertilizerApplication, FieldSummary } from '@murimi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { Card, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError, QueryState } from '../../components/ui/QueryState.tsx';
import { useApplications, useDeleteApplication } from '../../features/fertilizer/api/applications.ts';
import { ApplicationList } from '../../features/fertilizer/components/ApplicationList.tsx';
import { FertilizerAdvice } from '../../features/fertilizer/components/FertilizerAdvice.tsx';
import { LogApplicationCard, type Prefill } from '../../features/fertilizer/components/LogApplicationCard.tsx';
import { selectField, useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFieldNames, useFields } from '../../features/fields/api/fields.ts';
import { FieldSelect } from '../../features/fields/components/FieldSelect.tsx';
import { NoFieldsYet } from '../../features/fields/components/NoFieldsYet.tsx';
import { useWithPending } from '../../features/offline/use-with-pending.ts';
import { showToast } from '../../features/toasts/toast-store.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useConfirmedMutation } from '../../lib/use-confirmed-mutation.ts';

function Applications({ fields, filter, onFilter }: { fields: FieldSummary[]; filter: string; onFilter: (fieldId: string) => void }) {
  const { t } = useTranslation('app');
  const fieldNames = useFieldNames();
  const applications = useWithPending(
    useApplications(filter || undefined),
    'fertilizerApplications',
    filter ? { fieldId: filter } : undefined,
  );
  const remove = useConfirmedMutation(
    useDeleteApplication(),
    (application: FertilizerApplication) => application.id,
    () => showToast(t('fertilizer.deleted'), { type: 'success' }),
  );
  return (
    <Card title={t('fertilizer.listTitle')}>
      <div className="mb-4 max-w-sm">
        <FieldSelect
          label={t('records.filterField')}
          allLabel={t('records.allFields')}
          fields={fields}
          value={filter}
          onChange={onFilter}
        />
      </div>
      <QueryState query={applications} loadingLabel={t('states.loadingApplications')} empty={t('fertilizer.empty')}>
        {(data) => <ApplicationList applications={data} fieldNames={filter ? undefined : fieldNames} onDelete={remove.ask} />}
      </QueryState>
      <ConfirmDialog
        {...remove.dialog}
        title={t('fertilizer.deleteTitle')}
        message={
          remove.target
            ? t('fertilizer.deleteWhich', {
                product: remove.target.product,
                date: formatDate(remove.target.applicationDate),
                name: fieldNames.get(remove.target.fieldId) ?? '',
              })
            : ''
        }
        confirmLabel={t('actions.delete')}
      />
    </Card>
  );
}

/**
 * Fertilizer management (/fertilizer, /fertilizer-management): the chosen field's advice with its reasons and a bag
 * calculator, logging an application (filled in from the advice when asked) and the applications by field.
 */
export default function FertilizerPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('fertilizer.title'));
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const fields = useFields();
  const selected = useSelectedFieldId(fields.data);
  const filter = params.get('fieldId') ?? '';
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  const list = [...(fields.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const field = list.find((candidate) => candidate.id === selected);
  let content;
  if (fields.isPending) content = <Spinner label={t('states.loadingFields')} />;
  else if (fields.isError) content = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (fields.data.length === 0) content = <NoFieldsYet />;
  else {
    const initial = fields.data.some((f) => f.id === filter) ? filter : (selected ?? '');
    content = (
      <div className="flex flex-col gap-6">
        <div className="max-w-md">
          <FieldSelect
            label={t('fertilizerAdvice.fieldLabel')}
            fields={list}
            value={field?.id ?? ''}
            onChange={(id) => selectField(id || null)}
          />
        </div>
        {field ? (
          <FertilizerAdvice
            key={field.id}
            field={field}
            onLog={(values) => setPrefill((previous) => ({ key: (previous?.key ?? 0) + 1, values }))}
          />
        ) : (
          <Spinner label={t('states.loadingField')} />
        )}
        <LogApplicationCard fields={fields.data} initialFieldId={initial} prefill={prefill} />
        <Applications
          fields={fields.data}
          filter={filter}
          onFilter={(next) => setParams(next ? { fieldId: next } : {}, { replace: true, state: location.state as unknown })}
        />
      </div>
    );
  }
  return (
    <Page>
      <PageHeader title={t('fertilizer.title')} subtitle={t('fertilizerAdvice.subtitle')} />
      {content}
    </Page>
  );
}
