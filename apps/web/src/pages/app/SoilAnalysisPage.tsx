import type { SoilTest } from '@murimi/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFields } from '../../features/fields/api/fields.ts';
import { NoFieldsYet } from '../../features/fields/components/NoFieldsYet.tsx';
import { useSoilTests } from '../../features/soil-tests/api/soil-tests.ts';
import { FieldSoil, SoilRatingLegend } from '../../features/soil-tests/components/SoilRatings.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Soil analysis (/soil-analysis, "Soil Health" on phones): each field's latest soil test, rated by the guide thresholds. */
export default function SoilAnalysisPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('soilAnalysis.title'));
  const fields = useFields();
  const tests = useSoilTests();
  const selectedId = useSelectedFieldId(fields.data);

  const rows = useMemo(() => {
    // The server sends tests newest first, so the first one met per field is its latest.
    const latest = new Map<string, SoilTest>();
    for (const test of tests.data ?? []) if (!latest.has(test.fieldId)) latest.set(test.fieldId, test);
    const sorted = [...(fields.data ?? [])].sort(
      (a, b) => Number(b.id === selectedId) - Number(a.id === selectedId) || a.name.localeCompare(b.name),
    );
    return sorted.map((field) => ({ field, test: latest.get(field.id) }));
  }, [fields.data, tests.data, selectedId]);

  let content;
  if (fields.isPending || tests.isPending) content = <Spinner label={t('states.loadingSoilTests')} />;
  else if (fields.isError) content = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (tests.isError) content = <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  else if (rows.length === 0) content = <NoFieldsYet />;
  else
    content = (
      <>
        <div className="mb-6 grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
          {rows.map(({ field, test }) => (
            <FieldSoil key={field.id} field={field} test={test} selected={field.id === selectedId} />
          ))}
        </div>
        <SoilRatingLegend />
      </>
    );

  return (
    <Page>
      <PageHeader
        title={t('soilAnalysis.title')}
        subtitle={t('soilAnalysis.subtitle')}
        actions={
          <ButtonLink to="/soil-tests" variant="secondary">
            {t('soilAnalysis.allRecords')}
          </ButtonLink>
        }
      />
      {content}
    </Page>
  );
}
