import { analysisStatuses, analysisTypes, type AnalysisStatus, type AnalysisType } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { SelectInput } from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatTimestamp } from '../../../lib/format.ts';
import { analysisHistoryQuery } from '../api/reports.ts';
import { analysisDay, filterHistory, statusTone } from '../history.ts';
import { AnalysisDetailView } from './AnalysisDetailView.tsx';

/** A field's past analyses, narrowed by type and status; any one opens in place with its sentence and numbers. */
export function AnalysisHistory({ fieldId }: { fieldId: string }) {
  const { t } = useTranslation('app');
  const [type, setType] = useState<AnalysisType | null>(null);
  const [status, setStatus] = useState<AnalysisStatus | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const history = useQuery(analysisHistoryQuery(fieldId, type));
  const shown = history.data ? filterHistory(history.data, { type, status }) : [];

  return (
    <section aria-labelledby="analysis-history-title">
      <h2 id="analysis-history-title" className="text-lg font-semibold text-stone-900">
        {t('reports.history.title')}
      </h2>
      <div className="mt-2 grid grid-cols-1 gap-3 sm:max-w-xl sm:grid-cols-2">
        <SelectInput
          label={t('reports.history.typeLabel')}
          value={type ?? ''}
          onChange={(event) => setType((event.target.value || null) as AnalysisType | null)}
        >
          <option value="">{t('reports.history.allTypes')}</option>
          {analysisTypes.map((option) => (
            <option key={option} value={option}>
              {t(`analysisProgress.typeNames.${option}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput
          label={t('reports.history.statusLabel')}
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || null) as AnalysisStatus | null)}
        >
          <option value="">{t('reports.history.allStatuses')}</option>
          {analysisStatuses.map((option) => (
            <option key={option} value={option}>
              {t(`reports.history.statuses.${option}`)}
            </option>
          ))}
        </SelectInput>
      </div>
      {history.isPending ? (
        <Spinner label={t('reports.history.loading')} />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <>
          <p className="mt-3 text-sm text-stone-600" role="status">
            {t('reports.history.count', { count: shown.length })}
          </p>
          {shown.length === 0 ? (
            <p className="mt-2 text-stone-700">{t('reports.history.none')}</p>
          ) : (
            <ul className="mt-2 space-y-2" data-testid="analysis-history">
              {shown.map((analysis) => {
                const typeName = t(`analysisProgress.typeNames.${analysis.type}`);
                const date = formatDate(analysisDay(analysis));
                const open = openId === analysis.id;
                return (
                  <li
                    key={analysis.id}
                    className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
                    data-analysis-id={analysis.id}
                  >
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-semibold text-stone-900">{typeName}</span>
                      <span className="text-stone-700 tabular-nums">{date}</span>
                      <Badge tone={statusTone(analysis.status)}>{t(`reports.history.statuses.${analysis.status}`)}</Badge>
                      {analysis.simulated && <Badge tone="info">{t('reports.simulated')}</Badge>}
                      <button
                        type="button"
                        aria-expanded={open}
                        aria-label={t('reports.history.openLabel', { type: typeName.toLowerCase(), date })}
                        onClick={() => setOpenId(open ? null : analysis.id)}
                        className="ml-auto min-h-11 rounded-lg border border-stone-300 px-4 text-sm font-semibold text-leaf-800 hover:bg-stone-50"
                      >
                        {open ? t('reports.history.close') : t('reports.history.open')}
                      </button>
                    </div>
                    {!open && (analysis.summary ?? analysis.error) && (
                      <p className="mt-1 line-clamp-2 text-sm text-stone-700">{analysis.summary ?? analysis.error}</p>
                    )}
                    <p className="mt-1 text-xs text-stone-600">
                      {t('reports.history.requested', { when: formatTimestamp(analysis.requested_at) })}
                    </p>
                    {open && <AnalysisDetailView analysis={analysis} />}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
