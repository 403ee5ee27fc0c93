import type { SoilTest } from '@murimi/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../../components/ui/Choice.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { TimeSeriesChart, seriesSummary } from '../../charts/index.ts';
import type { SoilReading } from '../soil-gauges.ts';
import { readingsWithHistory, soilHistory } from '../soil-history.ts';

/** One reading of a field's soil tests over time, chosen among those measured, with the guide's band edges as lines. */
export function SoilHistory({ tests, fieldName }: { tests: readonly SoilTest[]; fieldName: string }) {
  const { t } = useTranslation('app');
  const choices = useMemo(() => readingsWithHistory(tests), [tests]);
  const [chosen, setChosen] = useState<SoilReading>('nitrogen');
  const reading = choices.includes(chosen) ? chosen : choices[0];
  const series = useMemo(() => (reading ? soilHistory(tests, reading) : null), [tests, reading]);
  if (!reading || !series) return null;

  const name = t(`soilHealth.readings.${reading}`);
  const digits = reading === 'ph' ? 1 : 2;
  const edgeLevels = reading === 'ph' ? (['acidic', 'alkaline'] as const) : (['low', 'high'] as const);
  const thresholds = series.edges
    ? [
        {
          value: series.edges.lower,
          label: t('soilHealth.edgeLower', { level: t(`ratings.${edgeLevels[0]}`), value: formatNumber(series.edges.lower, digits) }),
        },
        {
          value: series.edges.upper,
          label: t('soilHealth.edgeUpper', { level: t(`ratings.${edgeLevels[1]}`), value: formatNumber(series.edges.upper, digits) }),
        },
      ]
    : [];

  return (
    <section aria-labelledby="soil-history-title" className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <h2 id="soil-history-title" className="text-lg font-semibold text-stone-900">
        {t('soilHealth.historyTitle')}
      </h2>
      <RadioGroup
        legend={t('soilHealth.historyChoice')}
        inline
        value={reading}
        options={choices.map((value) => ({ value, label: t(`soilHealth.readings.${value}`) }))}
        onChange={setChosen}
      />
      <TimeSeriesChart
        title={t('soilHealth.historyChart', { reading: name, field: fieldName })}
        dates={series.dates}
        lines={[{ label: name, unit: series.unit, values: series.values }]}
        thresholds={thresholds}
        summary={seriesSummary(t, { label: name, unit: series.unit, dates: series.dates, values: series.values, digits })}
      />
      {series.dates.length === 1 && <p className="text-sm text-stone-700">{t('soilHealth.historyOne')}</p>}
      {series.otherUnitCount > 0 && (
        <p className="text-sm text-stone-700">{t('soilHealth.historyOtherUnit', { count: series.otherUnitCount })}</p>
      )}
    </section>
  );
}
