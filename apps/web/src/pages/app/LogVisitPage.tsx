import { useNavigate, useSearchParams } from 'react-router';
import { SelectInput } from '../../components/ui/form.tsx';
import { Card, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { useFields } from '../../features/fields/api/fields.ts';
import { VisitForm } from '../../features/visits/components/VisitForm.tsx';
import { useVisitTexts } from '../../features/visits/visits-texts.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useReturnTo } from '../../lib/return-to.ts';

/**
 * Log a visit (/visits/log?fieldId=…): the field chosen in the queue or on the field's page, or picked here; after
 * saving, back to where it was opened from (the queue by default).
 */
export default function LogVisitPage() {
  const { t } = useVisitTexts();
  usePageTitle(t('form.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const fieldId = params.get('fieldId') ?? '';
  const fields = useFields();
  const returnTo = useReturnTo('/visits');

  if (fields.isPending) return <Spinner label={t('queue.loading')} />;
  if (fields.isError) return <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  const field = fields.data.find((candidate) => candidate.id === fieldId);
  return (
    <Page narrow>
      <PageHeader title={t('form.title')} subtitle={field ? t('form.subtitle', { field: field.name }) : undefined} />
      <Card>
        <div className="flex flex-col gap-4">
          <SelectInput
            label={t('form.field')}
            value={field ? field.id : ''}
            onChange={(event) =>
              setParams(event.target.value ? { fieldId: event.target.value } : {}, { replace: true, state: { returnTo: returnTo.path } })
            }
          >
            <option value="">{t('form.chooseField')}</option>
            {fields.data.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </SelectInput>
          {field && <VisitForm key={field.id} fieldId={field.id} onSaved={() => void navigate(returnTo.path)} />}
        </div>
      </Card>
    </Page>
  );
}
