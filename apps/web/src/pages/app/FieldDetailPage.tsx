import { PdfReports } from '../../features/reports/components/PdfReports.tsx';
import type { FertilizerApplication, Field, SoilTest } from '@murimi/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { DetailActions } from '../../components/ui/FormActions.tsx';
import { Card, MissingRecord, PageHeader } from '../../components/ui/layout.tsx';
import { QueryState, RecordDetail } from '../../components/ui/QueryState.tsx';
import { FieldAnalysisSummaries } from '../../features/analyses/components/FieldAnalysisSummaries.tsx';
import { useFarms } from '../../features/farms/api/farms.ts';
import { useApplications, useDeleteApplication } from '../../features/fertilizer/api/applications.ts';
import { ApplicationList } from '../../features/fertilizer/components/ApplicationList.tsx';
import { selectField, useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useDeleteField, useField, useFields } from '../../features/fields/api/fields.ts';
import { useCropName } from '../../features/fields/crop-names.ts';
import { EditFieldForm } from '../../features/fields/components/EditFieldForm.tsx';
import { FieldFacts } from '../../features/fields/components/FieldFacts.tsx';
import { SyncStateBadge } from '../../features/offline/components/SyncStateBadge.tsx';
import { noneOnServer, useWithPending, useWithPendingRecord, type WithDeviceCopy } from '../../features/offline/use-with-pending.ts';
import { useDeleteSoilTest, useSoilTests } from '../../features/soil-tests/api/soil-tests.ts';
import { SoilTestList } from '../../features/soil-tests/components/SoilTestList.tsx';
import { showToast } from '../../features/toasts/toast-store.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useConfirmedMutation } from '../../lib/use-confirmed-mutation.ts';
import { RecordHistory } from '../../features/members/components/RecordHistory.tsx';
import { FieldVisits } from '../../features/visits/components/FieldVisits.tsx';

/**
 * The field's soil tests and fertilizer applications, each deletable after a question. A field the server does not
 * have yet has only those logged on this device.
 */
function FieldRecords({ field }: { field: WithDeviceCopy<Field> }) {
  const { t } = useTranslation('app');
  const onServer = <T,>(query: UseQueryResult<T[]>) => (field.onlyOnThisDevice ? noneOnServer(query) : query);
  const tests = useWithPending(onServer(useSoilTests(field.id)), 'soilTests', { fieldId: field.id });
  const applications = useWithPending(onServer(useApplications(field.id)), 'fertilizerApplications', { fieldId: field.id });
  const deleteTest = useConfirmedMutation(
    useDeleteSoilTest(),
    (test: SoilTest) => test.id,
    () => showToast(t('soilTests.deleted'), { type: 'success' }),
  );
  const deleteApplication = useConfirmedMutation(
    useDeleteApplication(),
    (application: FertilizerApplication) => application.id,
    () => showToast(t('fertilizer.deleted'), { type: 'success' }),
  );
  return (
    <>
      <Card title={t('fieldDetail.soilTests')}>
        <QueryState query={tests} loadingLabel={t('states.loadingSoilTests')} empty={t('fieldDetail.noSoilTests')}>
          {(data) => <SoilTestList tests={data} onDelete={deleteTest.ask} />}
        </QueryState>
      </Card>
      <Card title={t('fieldDetail.applications')}>
        <QueryState query={applications} loadingLabel={t('states.loadingApplications')} empty={t('fieldDetail.noApplications')}>
          {(data) => <ApplicationList applications={data} onDelete={deleteApplication.ask} />}
        </QueryState>
      </Card>
      <ConfirmDialog
        {...deleteTest.dialog}
        title={t('soilTests.deleteTitle')}
        message={t('soilTests.deleteMessage')}
        confirmLabel={t('actions.delete')}
      />
      <ConfirmDialog
        {...deleteApplication.dialog}
        title={t('fertilizer.deleteTitle')}
        message={t('fertilizer.deleteMessage')}
        confirmLabel={t('actions.delete')}
      />
    </>
  );
}

/**
 * A field made on this device and not sent yet shows what its form gave, marked as waiting: no analyses (the server
 * runs them on fields it has), no edit or delete (its sending would have to be undone, which the sync panel offers).
 */
function FieldView({ field }: { field: WithDeviceCopy<Field> }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const cropName = useCropName();
  const farmName = useFarms().data?.find((f) => f.id === field.farmId)?.name;
  const selectedId = useSelectedFieldId(useFields().data);
  const [editing, setEditing] = useState(false);
  const returnTo = { returnTo: `/fields/${field.id}` };
  const remove = useConfirmedMutation(
    useDeleteField(),
    (f: Field) => f.id,
    (f) => {
      if (selectedId === f.id) selectField(null);
      showToast(t('fieldDetail.deleted', { name: f.name }), { type: 'success' });
      return navigate('/fields');
    },
  );
  return (
    <>
      <PageHeader
        title={field.name}
        subtitle={[farmName, cropName(field.cropType)].filter(Boolean).join(' · ') || undefined}
        actions={
          <>
            <ButtonLink to={`/soil-tests/log?fieldId=${field.id}`} state={returnTo}>
              {t('actions.logSoilTest')}
            </ButtonLink>
            <ButtonLink to={`/fertilizer?fieldId=${field.id}`} state={returnTo} variant="secondary">
              {t('actions.logFertilizer')}
            </ButtonLink>
          </>
        }
      />
      <div className="flex flex-col gap-6">
        {field.syncState && (
          <p className="-mt-3">
            <SyncStateBadge state={field.syncState} />
          </p>
        )}
        {editing ? (
          <EditFieldForm field={field} onDone={() => setEditing(false)} />
        ) : (
          <Card title={t('fieldDetail.facts')}>
            <FieldFacts field={field} />
            {!field.onlyOnThisDevice && (
              <DetailActions
                editLabel={t('fieldDetail.edit')}
                deleteLabel={t('fieldDetail.delete')}
                onEdit={() => setEditing(true)}
                onDelete={() => remove.ask(field)}
              />
            )}
          </Card>
        )}
        {!field.onlyOnThisDevice && (
          <FieldAnalysisSummaries field={{ id: field.id, name: field.name, cropType: field.cropType, plantingDate: field.plantingDate }} />
        )}
        {!field.onlyOnThisDevice && <PdfReports request={{ kind: 'field', fieldId: field.id }} />}
        <FieldRecords field={field} />
        <FieldVisits fieldId={field.id} onlyOnThisDevice={field.onlyOnThisDevice ?? false} />
        {!field.onlyOnThisDevice && <RecordHistory recordId={field.id} />}
      </div>
      <ConfirmDialog
        {...remove.dialog}
        title={t('fieldDetail.deleteTitle', { name: field.name })}
        message={t('fieldDetail.deleteMessage')}
        confirmLabel={t('fieldDetail.deleteConfirm')}
      />
    </>
  );
}

/** Field detail (/fields/:fieldId): facts, the latest of each analysis, soil tests, applications, edit and delete. */
export default function FieldDetailPage() {
  const { t } = useTranslation('app');
  const { fieldId = '' } = useParams();
  const field = useWithPendingRecord(useField(fieldId), 'fields', fieldId);
  usePageTitle(field.data?.name ?? t('fieldDetail.title'));
  return (
    <RecordDetail
      query={field}
      title={t('fieldDetail.title')}
      loadingLabel={t('states.loadingField')}
      missing={
        <MissingRecord
          title={t('fieldDetail.notFoundTitle')}
          message={t('fieldDetail.notFound')}
          action={<ButtonLink to="/fields">{t('actions.toMyFields')}</ButtonLink>}
        />
      }
    >
      {(data) => <FieldView field={data} />}
    </RecordDetail>
  );
}
