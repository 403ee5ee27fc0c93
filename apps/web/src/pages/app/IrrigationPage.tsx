import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { EmptyState, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { selectField, useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFields } from '../../features/fields/api/fields.ts';
import { FieldSelect } from '../../features/fields/components/FieldSelect.tsx';
import { FieldWater } from '../../features/water/components/FieldWater.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Irrigation & Weather (/irrigation, /weather): the chosen field's weather, water balance and advice, and the water log. */
export default function IrrigationPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('water.title'));
  const fields = useFields();
  const selectedId = useSelectedFieldId(fields.data);
  const list = [...(fields.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const field = list.find((candidate) => candidate.id === selectedId);

  let content;
  if (fields.isError) content = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (fields.isPending) content = <Spinner label={t('states.loadingFields')} />;
  else if (list.length === 0)
    content = (
      <EmptyState
        title={t('water.noField.title')}
        message={t('water.noField.message')}
        action={<ButtonLink to="/create-farm-field">{t('water.noField.action')}</ButtonLink>}
      />
    );
  else
    content = (
      <>
        <div className="mb-4 max-w-md">
          <FieldSelect label={t('water.fieldLabel')} fields={list} value={field?.id ?? ''} onChange={(id) => selectField(id || null)} />
        </div>
        {field ? <FieldWater key={field.id} field={field} /> : <Spinner label={t('states.loadingField')} />}
      </>
    );

  return (
    <Page>
      <PageHeader title={t('water.title')} subtitle={t('water.subtitle')} />
      {content}
    </Page>
  );
}
