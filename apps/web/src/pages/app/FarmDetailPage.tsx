import { PdfReports } from '../../features/reports/components/PdfReports.tsx';
import type { Farm } from '@murimi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { countryName } from '../../components/ui/CountrySelect.tsx';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { DetailActions } from '../../components/ui/FormActions.tsx';
import { Card, EmptyState, Facts, MissingRecord, PageHeader } from '../../components/ui/layout.tsx';
import { QueryState, RecordDetail } from '../../components/ui/QueryState.tsx';
import { useDeleteFarm, useFarm } from '../../features/farms/api/farms.ts';
import { EditFarmForm } from '../../features/farms/components/EditFarmForm.tsx';
import { FarmPackCard } from '../../features/field-packs/components/FarmPackCard.tsx';
import { useFarmFields } from '../../features/fields/api/fields.ts';
import { FieldRows } from '../../features/fields/components/FieldRows.tsx';
import { useWithPending } from '../../features/offline/use-with-pending.ts';
import { showToast } from '../../features/toasts/toast-store.ts';
import { formatArea, useAreaUnit } from '../../lib/area-unit.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useConfirmedMutation } from '../../lib/use-confirmed-mutation.ts';
import { FarmAssignment } from '../../features/members/components/FarmAssignment.tsx';
import { RecordHistory } from '../../features/members/components/RecordHistory.tsx';

/** The farm's fields, with those made on this device and not sent yet (marked), as My Fields lists them. */
function FarmFields({ farm }: { farm: Farm }) {
  const { t } = useTranslation('app');
  return (
    <QueryState
      query={useWithPending(useFarmFields(farm.id), 'fields', { farmId: farm.id })}
      loadingLabel={t('states.loadingFields')}
      empty={
        <EmptyState
          title={t('farmDetail.noFieldsTitle')}
          message={t('farmDetail.noFields')}
          action={<ButtonLink to={`/create-farm-field?farmId=${farm.id}`}>{t('farmDetail.addField')}</ButtonLink>}
        />
      }
    >
      {(fields) => <FieldRows fields={fields} />}
    </QueryState>
  );
}

function FarmView({ farm }: { farm: Farm }) {
  const { t } = useTranslation('app');
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const unit = useAreaUnit();
  const [editing, setEditing] = useState(false);
  const remove = useConfirmedMutation(
    useDeleteFarm(),
    (f: Farm) => f.id,
    (f) => {
      showToast(t('farmDetail.deleted', { name: f.name }), { type: 'success' });
      return navigate('/dashboard');
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
          <EditFarmForm farm={farm} onDone={() => setEditing(false)} />
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
        <PdfReports request={{ kind: 'farm', farmId: farm.id }} />
        <FarmAssignment farm={farm} />
        <RecordHistory recordId={farm.id} />
        <FarmPackCard farm={farm} />
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

/** Farm detail (/farms/:farmId): its facts and fields, its offline pack, edit, and delete once it has no fields. */
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
