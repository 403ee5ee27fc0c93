import { farmUpdateSchema, type Farm } from '@murimi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Card, EmptyState, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { formatArea, useAreaUnit } from '../../features/records/area-unit.ts';
import { invalidate, useFarm, useFarmFields } from '../../features/records/use-records.ts';
import { showToast } from '../../features/toasts/toast-store.ts';
import { farmsApi, queryKeys } from '../../lib/api/resources.ts';
import { validate } from '../../lib/form-errors.ts';
import { ConfirmDialog } from './components/ConfirmDialog.tsx';
import { countryName } from './components/CountrySelect.tsx';
import { farmBody, farmInputs, farmValuesOf, type FarmValues } from './components/farm-form.ts';
import { FarmInputs } from './components/FarmInputs.tsx';
import { FieldRows } from './components/FieldRows.tsx';
import { formatTimestamp } from './components/format.ts';
import { DetailActions, EditCard, RecordDetail } from './components/RecordDetail.tsx';
import { Facts, LoadError, MissingRecord } from './components/States.tsx';
import { useConfirmDelete } from './components/use-confirm-delete.ts';
import { useSaveForm } from '../../lib/use-save-form.ts';

function EditFarm({ farm, onDone }: { farm: Farm; onDone: () => void }) {
  const { t } = useTranslation('app');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FarmValues>(() => farmValuesOf(farm));
  const { errors, formError, busy, save } = useSaveForm(farmInputs);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = farmBody(values);
    await save(validate(farmUpdateSchema, body), async () => {
      queryClient.setQueryData(queryKeys.farm(farm.id), await farmsApi.update(farm.id, body));
      await invalidate.farms(queryClient);
      showToast(t('farmDetail.saved'), { type: 'success' });
      onDone();
    });
  }

  return (
    <EditCard title={t('farmDetail.editTitle')} formError={formError} busy={busy} onSubmit={submit} onCancel={onDone}>
      <FarmInputs values={values} errors={errors} onChange={setValues} />
    </EditCard>
  );
}

function FarmFields({ farm }: { farm: Farm }) {
  const { t } = useTranslation('app');
  const fields = useFarmFields(farm.id);
  if (fields.isPending) return <Spinner label={t('states.loadingFields')} />;
  if (fields.isError) return <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  if (fields.data.length === 0) {
    return (
      <EmptyState
        title={t('farmDetail.noFieldsTitle')}
        message={t('farmDetail.noFields')}
        action={<ButtonLink to={`/create-farm-field?farmId=${farm.id}`}>{t('farmDetail.addField')}</ButtonLink>}
      />
    );
  }
  return <FieldRows fields={fields.data} />;
}

function FarmView({ farm }: { farm: Farm }) {
  const { t } = useTranslation('app');
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unit = useAreaUnit();
  const [editing, setEditing] = useState(false);
  const remove = useConfirmDelete(
    (f: Farm) => farmsApi.remove(f.id),
    async (f) => {
      showToast(t('farmDetail.deleted', { name: f.name }), { type: 'success' });
      await navigate('/dashboard');
      // Stale, not refetched: this screen is closing, and asking again would only answer 404.
      void queryClient.invalidateQueries({ queryKey: queryKeys.farm(f.id), exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.farms, exact: true });
    },
  );
  const country = countryName(farm.country, (code) => tAuth(`countries.${code}`));
  const place = [farm.location, farm.district, country].filter(Boolean).join(', ');
  return (
    <>
      <PageHeader
        title={farm.name}
        subtitle={place || undefined}
        actions={<ButtonLink to={`/create-farm-field?farmId=${farm.id}`}>{t('farmDetail.addField')}</ButtonLink>}
      />
      <div className="flex flex-col gap-6">
        {editing ? (
          <EditFarm farm={farm} onDone={() => setEditing(false)} />
        ) : (
          <Card title={t('farmDetail.facts')}>
            <Facts
              items={[
                { label: t('farm.location'), value: farm.location ?? '—' },
                { label: t('farm.district'), value: farm.district ?? '—' },
                { label: t('farm.country'), value: country ?? '—' },
                { label: t('farmDetail.fieldCount'), value: String(farm.fieldCount) },
                { label: t('farmDetail.totalArea'), value: formatArea(farm.totalHectares, unit) },
                { label: t('fieldDetail.lastModified'), value: formatTimestamp(farm.lastModified) },
                { label: t('farm.notes'), value: farm.notes ?? '—' },
              ]}
            />
            <DetailActions
              editLabel={t('farmDetail.edit')}
              deleteLabel={t('farmDetail.delete')}
              onEdit={() => setEditing(true)}
              onDelete={() => remove.ask(farm)}
            />
          </Card>
        )}
        <Card title={t('farmDetail.fields')}>
          <FarmFields farm={farm} />
        </Card>
      </div>
      <ConfirmDialog
        {...remove.dialog}
        title={t('farmDetail.deleteTitle', { name: farm.name })}
        message={t('farmDetail.deleteMessage')}
        confirmLabel={t('farmDetail.deleteConfirm')}
      />
    </>
  );
}

/** Farm detail (/farms/:farmId): its facts and fields, edit, and delete once it has no fields. */
export default function FarmDetailPage() {
  const { t } = useTranslation('app');
  const { farmId = '' } = useParams();
  const farm = useFarm(farmId);
  usePageTitle(farm.data?.name ?? t('farmDetail.title'));
  return (
    <RecordDetail
      query={farm}
      title={t('farmDetail.title')}
      loadingLabel={t('states.loadingFarm')}
      missing={
        <MissingRecord
          title={t('farmDetail.notFoundTitle')}
          message={t('farmDetail.notFound')}
          action={<ButtonLink to="/dashboard">{t('actions.toDashboard')}</ButtonLink>}
        />
      }
    >
      {(data) => <FarmView farm={data} />}
    </RecordDetail>
  );
}
