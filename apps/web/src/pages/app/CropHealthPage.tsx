import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { EmptyState, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { FieldCropHealth } from '../../features/crop-health/components/FieldCropHealth.tsx';
import { selectField, useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFields } from '../../features/fields/api/fields.ts';
import { FieldSelect } from '../../features/fields/components/FieldSelect.tsx';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import { usePageTitle } from '../../lib/page-title.ts';

/** Crop Health (/crop-health): the chosen field's satellite index maps through the season and its latest health check. */
export default function CropHealthPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('cropHealth.title'));
  const fields = useFields();
  const config = useQuery(publicConfigQuery());
  const selectedId = useSelectedFieldId(fields.data);
  const list = [...(fields.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const field = list.find((candidate) => candidate.id === selectedId);

  let content;
  // What is held shows whatever the last request did (offline it fails).
  if (fields.data === undefined && fields.isError) content = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (config.data === undefined && config.isError) content = <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  else if (fields.data === undefined || config.data === undefined) content = <Spinner label={t('states.loadingFields')} />;
  else if (list.length === 0)
    content = (
      <EmptyState
        title={t('cropHealth.noField.title')}
        message={t('cropHealth.noField.message')}
        action={<ButtonLink to="/create-farm-field">{t('cropHealth.noField.action')}</ButtonLink>}
      />
    );
  else
    content = (
      <>
        <div className="mb-4 max-w-md">
          <FieldSelect
            label={t('cropHealth.fieldLabel')}
            fields={list}
            value={field?.id ?? ''}
            onChange={(id) => selectField(id || null)}
          />
        </div>
        {field ? (
          <FieldCropHealth key={field.id} field={field} basemap={config.data.basemap} />
        ) : (
          <Spinner label={t('states.loadingField')} />
        )}
      </>
    );

  return (
    <Page>
      <PageHeader title={t('cropHealth.title')} subtitle={t('cropHealth.subtitle')} />
      {content}
    </Page>
  );
}
