import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { selectField, useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFields } from '../../features/fields/api/fields.ts';
import { FieldSelect } from '../../features/fields/components/FieldSelect.tsx';
import { NoFieldsYet } from '../../features/fields/components/NoFieldsYet.tsx';
import { AnalysisHistory } from '../../features/reports/components/AnalysisHistory.tsx';
import { FieldComparison } from '../../features/reports/components/FieldComparison.tsx';
import { ManagementZonesPanel } from '../../features/reports/components/ManagementZonesPanel.tsx';
import { SeasonSummary } from '../../features/reports/components/SeasonSummary.tsx';
import { PdfReports } from '../../features/reports/components/PdfReports.tsx';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import { usePageTitle } from '../../lib/page-title.ts';

const views = ['history', 'season', 'zones', 'compare', 'pdf'] as const;
type View = (typeof views)[number];

/**
 * Reports & Analytics (/reports; "Crop Analysis" at /analysis): a field's past analyses, its season so far, its
 * management zones with the prescription download, and the fields of a farm side by side.
 */
export default function ReportsPage({ title }: { title: string }) {
  const { t } = useTranslation('app');
  usePageTitle(title);
  const fields = useFields();
  const config = useQuery(publicConfigQuery());
  const selectedId = useSelectedFieldId(fields.data);
  const [view, setView] = useState<View>('history');
  const list = [...(fields.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const field = list.find((candidate) => candidate.id === selectedId);

  let content;
  if (fields.isError) content = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (config.isError) content = <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  else if (fields.isPending || config.isPending) content = <Spinner label={t('states.loadingFields')} />;
  else if (list.length === 0) content = <NoFieldsYet />;
  else
    content = (
      <>
        <nav aria-label={t('reports.tabs.label')} className="mb-4 flex flex-wrap gap-2">
          {views.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
                view === option ? 'border-leaf-800 bg-leaf-800 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50'
              }`}
            >
              {t(`reports.tabs.${option}`)}
            </button>
          ))}
        </nav>
        {view !== 'compare' && view !== 'pdf' && (
          <div className="mb-4 max-w-md">
            <FieldSelect label={t('reports.fieldLabel')} fields={list} value={field?.id ?? ''} onChange={(id) => selectField(id || null)} />
          </div>
        )}
        {view === 'pdf' ? (
          <PdfReports />
        ) : view === 'compare' ? (
          <FieldComparison fields={list} />
        ) : !field ? (
          <Spinner label={t('states.loadingField')} />
        ) : view === 'history' ? (
          <AnalysisHistory key={field.id} fieldId={field.id} />
        ) : view === 'season' ? (
          <SeasonSummary key={field.id} fieldId={field.id} />
        ) : (
          <ManagementZonesPanel key={field.id} field={field} basemap={config.data.basemap} />
        )}
      </>
    );

  return (
    <Page>
      <PageHeader title={title} subtitle={t('reports.subtitle')} />
      {content}
    </Page>
  );
}
