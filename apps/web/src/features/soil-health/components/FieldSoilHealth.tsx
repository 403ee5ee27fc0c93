import type { FieldSummary } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { EmptyState, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { useSoilTests } from '../../soil-tests/api/soil-tests.ts';
import { SoilGauges } from './SoilGauges.tsx';
import { SoilHistory } from './SoilHistory.tsx';

/** A link to the soil test form for this field, coming back here once it is saved. */
function LogSoilTestLink({ fieldId, label, primary }: { fieldId: string; label: string; primary: boolean }) {
  return (
    <ButtonLink
      to={`/soil-tests/log?fieldId=${encodeURIComponent(fieldId)}`}
      state={{ returnTo: '/soil-analysis' }}
      variant={primary ? 'primary' : 'secondary'}
    >
      {label}
    </ButtonLink>
  );
}

/** One field's soil health: its latest soil test as gauges with what they mean for the crop, and the tests over time. */
export function FieldSoilHealth({ field }: { field: FieldSummary }) {
  const { t } = useTranslation('app');
  const tests = useSoilTests(field.id);

  if (tests.isPending) return <Spinner label={t('soilHealth.loading')} />;
  if (tests.isError) return <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  // The server sends a field's tests newest first.
  const latest = tests.data[0];
  if (!latest)
    return (
      <EmptyState
        title={t('soilHealth.noTest.title', { name: field.name })}
        message={t('soilHealth.noTest.message')}
        action={<LogSoilTestLink fieldId={field.id} label={t('soilHealth.logTest')} primary />}
      />
    );
  return (
    <div className="space-y-6">
      <SoilGauges test={latest} cropType={field.cropType} />
      <div className="flex flex-wrap gap-2">
        <LogSoilTestLink fieldId={field.id} label={t('soilHealth.logNewer')} primary />
        <ButtonLink to="/soil-tests" variant="secondary">
          {t('soilHealth.allTests')}
        </ButtonLink>
      </div>
      <SoilHistory tests={tests.data} fieldName={field.name} />
    </div>
  );
}
