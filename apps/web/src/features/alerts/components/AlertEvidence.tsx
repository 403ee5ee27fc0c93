import type { AlertItem } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/layout.tsx';
import { formatDate, formatList } from '../../../lib/format.ts';
import { seriesSummary, TimeSeriesChart } from '../../charts/index.ts';
import { evidenceCharts, type EvidenceChart } from '../alert-view.ts';

/** The dated readings of one unit as a chart, with their summary in words for screen readers. */
function EvidenceLines({ chart }: { chart: EvidenceChart }) {
  const { t } = useTranslation('alerts');
  const { t: tApp } = useTranslation('app');
  const summary = chart.lines
    .map((line) => seriesSummary(tApp, { label: line.label, unit: line.unit, dates: chart.dates, values: line.values, digits: 2 }))
    .join(' ');
  return (
    <TimeSeriesChart
      title={t('detail.chartTitle', { labels: formatList(chart.lines.map((line) => line.label)) })}
      dates={chart.dates}
      lines={chart.lines.map(({ label, unit, values }) => ({ label, unit, values }))}
      height={160}
      summary={summary}
    />
  );
}

/** What an alert rests on: each figure with its day, the dated ones drawn, then where the rule and the data come from. */
export function AlertEvidence({ evidence }: { evidence: AlertItem['evidence'] }) {
  const { t } = useTranslation('alerts');
  const charts = evidenceCharts(evidence.values);
  return (
    <Card title={t('detail.evidence')}>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <thead className="border-b border-stone-300 text-sm text-stone-700">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('detail.figure')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t('detail.value')}
              </th>
              <th scope="col" className="py-2 pl-3 font-semibold">
                {t('detail.date')}
              </th>
            </tr>
          </thead>
          <tbody>
            {evidence.values.map((value, index) => (
              <tr key={`${value.name}-${value.date ?? ''}-${index}`} className="border-b border-stone-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal text-stone-800">
                  {value.label}
                </th>
                <td className="px-3 py-2 text-right font-semibold whitespace-nowrap text-stone-900 tabular-nums">{value.text}</td>
                <td className="py-2 pl-3 whitespace-nowrap text-stone-700">{value.date ? formatDate(value.date) : t('detail.noDate')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {charts.length > 0 && (
        <div className="mt-4 flex flex-col gap-4">
          {charts.map((chart) => (
            <EvidenceLines key={chart.unit} chart={chart} />
          ))}
        </div>
      )}
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        <div>
          <dt className="font-semibold text-stone-700">{t('detail.source')}</dt>
          <dd className="text-stone-900">{evidence.source}</dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-700">{t('detail.dataSource')}</dt>
          <dd className="text-stone-900">{evidence.dataSource}</dd>
        </div>
        {evidence.caveats.length > 0 && (
          <div>
            <dt className="font-semibold text-stone-700">{t('detail.caveats')}</dt>
            <dd>
              <ul className="list-disc pl-5 text-stone-900">
                {evidence.caveats.map((caveat) => (
                  <li key={caveat}>{caveat}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </Card>
  );
}
