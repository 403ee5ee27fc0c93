import { ACRES_PER_HECTARE, fieldUpdateSchema, type Field } from '@murimi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Card, PageHeader } from '../../components/ui/layout.tsx';
import { selectField, useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import {
  invalidate,
  useApplications,
  useCropName,
  useFarms,
  useField,
  useFields,
  useSoilTests,
} from '../../features/records/use-records.ts';
import { showToast } from '../../features/toasts/toast-store.ts';
import { fieldsApi, queryKeys } from '../../lib/api/resources.ts';
import { validate } from '../../lib/form-errors.ts';
import { ConfirmDialog } from './components/ConfirmDialog.tsx';
import { fieldDetailInputs, fieldDetailsBody, fieldDetailsOf, type FieldDetailsValues } from './components/field-details.ts';
import { FieldDetailsInputs } from './components/FieldDetailsInputs.tsx';
import { formatDate, formatNumber, formatTimestamp } from './components/format.ts';
import { DetailActions, EditCard, RecordDetail } from './components/RecordDetail.tsx';
import { ApplicationList, SoilTestList } from './components/RecordLists.tsx';
import { Facts, LoadedList, MissingRecord } from './components/States.tsx';
import { useConfirmDelete } from './components/use-confirm-delete.ts';
import { useDeleteRecord } from './components/use-delete-record.ts';
import { useSaveForm } from '../../lib/use-save-form.ts';

/** "Round field, radius 80 m" or "Polygon, 6 corners", from the stored GeoJSON. */
function useBoundaryText(boundary: unknown): string {
  const { t } = useTranslation('app');
  const shape = boundary as { type?: string; properties?: { radius?: number }; coordinates?: unknown[][] } | null;
  if (shape?.type === 'Point') return t('fieldDetail.boundaryCircle', { radius: formatNumber(shape.properties?.radius ?? null, 0) });
  if (shape?.type === 'Polygon') return t('fieldDetail.boundaryPolygon', { count: Math.max(0, (shape.coordinates?.[0]?.length ?? 1) - 1) });
  return '—';
}

function FieldFacts({ field }: { field: Field }) {
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
          value: t('fieldDetail.size', {
            hectares: formatNumber(field.size_hectares, 2),
            acres: formatNumber(field.size_hectares * ACRES_PER_HECTARE, 2),
          }),
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
        { label: t('fieldDetail.lastModified'), value: formatTimestamp(field.lastModified) },
      ]}
    />
  );
}

function EditField({ field, onDone }: { field: Field; onDone: () => void }) {
  const { t } = useTranslation('app');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FieldDetailsValues>(() => fieldDetailsOf(field));
  const { errors, formError, busy, save } = useSaveForm(fieldDetailInputs);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = fieldDetailsBody(values, true);
    await save(validate(fieldUpdateSchema, body), async () => {
      const updated = await fieldsApi.update(field.id, body);
      queryClient.setQueryData(queryKeys.field(field.id), updated);
      await invalidate.fields(queryClient);
      showToast(t('fieldDetail.saved'), { type: 'success' });
      onDone();
    });
  }

  return (
    <EditCard title={t('fieldDetail.editTitle')} formError={formError} busy={busy} onSubmit={submit} onCancel={onDone}>
      <FieldDetailsInputs values={values} errors={errors} onChange={setValues} withActualHarvest />
      <p className="text-sm text-stone-600">{t('fieldDetail.boundaryLater')}</p>
    </EditCard>
  );
}

/** The field's soil tests and fertilizer applications, each deletable after a question. */
function FieldRecords({ field }: { field: Field }) {
  const { t } = useTranslation('app');
  const tests = useSoilTests(field.id);
  const applications = useApplications(field.id);
  const deleteTest = useDeleteRecord('soilTest');
  const deleteApplication = useDeleteRecord('application');
  return (
    <>
      <Card title={t('fieldDetail.soilTests')}>
        <LoadedList query={tests} loadingLabel={t('states.loadingSoilTests')} empty={t('fieldDetail.noSoilTests')}>
          {(data) => <SoilTestList tests={data} onDelete={deleteTest.ask} />}
        </LoadedList>
      </Card>
      <Card title={t('fieldDetail.applications')}>
        <LoadedList query={applications} loadingLabel={t('states.loadingApplications')} empty={t('fieldDetail.noApplications')}>
          {(data) => <ApplicationList applications={data} onDelete={deleteApplication.ask} />}
        </LoadedList>
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

function FieldView({ field }: { field: Field }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cropName = useCropName();
  const farmName = useFarms().data?.find((f) => f.id === field.farmId)?.name;
  const selectedId = useSelectedFieldId(useFields().data);
  const [editing, setEditing] = useState(false);
  const returnTo = { returnTo: `/fields/${field.id}` };
  const remove = useConfirmDelete(
    (f: Field) => fieldsApi.remove(f.id),
    async (f) => {
      if (selectedId === f.id) selectField(null);
      showToast(t('fieldDetail.deleted', { name: f.name }), { type: 'success' });
      await navigate('/fields');
      await invalidate.fieldRemoved(queryClient, f.id);
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
        {editing ? (
          <EditField field={field} onDone={() => setEditing(false)} />
        ) : (
          <Card title={t('fieldDetail.facts')}>
            <FieldFacts field={field} />
            <DetailActions
              editLabel={t('fieldDetail.edit')}
              deleteLabel={t('fieldDetail.delete')}
              onEdit={() => setEditing(true)}
              onDelete={() => remove.ask(field)}
            />
          </Card>
        )}
        <FieldRecords field={field} />
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

/** Field detail (/fields/:fieldId): facts, soil tests, applications, edit and delete. */
export default function FieldDetailPage() {
  const { t } = useTranslation('app');
  const { fieldId = '' } = useParams();
  const field = useField(fieldId);
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
