import type { FieldSummary } from '@murimi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge.tsx';
import { SelectInput } from '../../../components/ui/form.tsx';
import { formatDate, formatFixed, formatNumber } from '../../../lib/format.ts';
import { useLatestResult } from '../../analyses/api/latest-results.ts';
import { fertilizerHeadline, healthHeadline, waterHeadline, yieldHeadline } from '../../analyses/components/result-headlines.ts';
import { useFarms } from '../../farms/api/farms.ts';
import { useCropName } from '../../fields/crop-names.ts';

/** A cell's figure, or what stands in for it while it loads or when the field has no such analysis. */
function Cell({ state, children }: { state: 'loading' | 'error' | 'none' | 'ready'; children: () => string | null }) {
  const { t } = useTranslation('app');
  if (state === 'loading') return <td className="px-3 py-2 text-stone-500">…</td>;
  const text = state === 'ready' ? children() : null;
  return (
    <td className="px-3 py-2 tabular-nums">
      {text ?? (
        <span className="text-stone-600">
          {state === 'error' ? t('states.loadFailed') : state === 'ready' ? t('reports.compare.unavailable') : t('reports.compare.noneRun')}
        </span>
      )}
    </td>
  );
}

function FieldRow({ field }: { field: FieldSummary }) {
  const { t } = useTranslation('app');
  const cropName = useCropName();
  const health = useLatestResult(field.id, 'health');
  const estimate = useLatestResult(field.id, 'yield');
  const water = useLatestResult(field.id, 'irrigation');
  const fertilizer = useLatestResult(field.id, 'fertilizer');
  return (
    <tr className="border-t border-stone-200" data-field-id={field.id}>
      <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-semibold text-stone-900">
        <Link to={`/fields/${field.id}`} className="text-leaf-800 underline">
          {field.name}
        </Link>
        {[health, estimate, water, fertilizer].some((latest) => latest.summary?.simulated) && (
          <span className="mt-1 block">
            <Badge tone="info">{t('reports.simulated')}</Badge>
          </span>
        )}
      </th>
      <td className="px-3 py-2">{cropName(field.cropType) ?? t('reports.compare.none')}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatFixed(field.size_hectares, 1)} ha</td>
      <Cell state={health.state}>
        {() => {
          const headline = healthHeadline(health.result!);
          return headline.kind === 'reading'
            ? `${t(`dashboard.health.status.${headline.status}`)}, NDVI ${formatFixed(headline.ndvi, 2)}`
            : null;
        }}
      </Cell>
      <Cell state={estimate.state}>
        {() => {
          const headline = yieldHeadline(estimate.result!);
          return headline.kind === 'estimate'
            ? `${t('reports.detail.tPerHa', { value: formatNumber(headline.expectedTPerHa, 1) })} (${formatNumber(headline.lowTPerHa, 1)}–${formatNumber(headline.highTPerHa, 1)})`
            : null;
        }}
      </Cell>
      <Cell state={water.state}>
        {() => {
          const headline = waterHeadline(water.result!);
          if (headline.kind === 'needs-field-details') return null;
          if (headline.kind === 'rain-fed') return t('reports.compare.rainFed');
          return headline.irrigationDate && headline.depthMm !== null
            ? t('reports.compare.irrigateOn', { date: formatDate(headline.irrigationDate), depth: formatNumber(headline.depthMm, 0) })
            : t('reports.compare.noIrrigation');
        }}
      </Cell>
      <Cell state={fertilizer.state}>
        {() => {
          const headline = fertilizerHeadline(fertilizer.result!);
          return headline.kind === 'advice' ? t('reports.detail.kgPerHa', { value: formatNumber(headline.stillNeeded.nitrogen, 0) }) : null;
        }}
      </Cell>
    </tr>
  );
}

/** The fields of one farm side by side: crop, area, and each field's latest health, yield, water and nitrogen. */
export function FieldComparison({ fields }: { fields: FieldSummary[] }) {
  const { t } = useTranslation('app');
  const farms = useFarms();
  const farmList = (farms.data ?? []).filter((farm) => fields.some((field) => field.farmId === farm.id));
  const [chosen, setChosen] = useState<string | null>(null);
  const farm = farmList.find((candidate) => candidate.id === chosen) ?? farmList[0];
  if (!farm) return <p className="text-stone-700">{farms.isPending ? '…' : t('reports.compare.noFarms')}</p>;
  const rows = fields.filter((field) => field.farmId === farm.id);

  return (
    <section aria-labelledby="compare-title">
      <h2 id="compare-title" className="text-lg font-semibold text-stone-900">
        {t('reports.compare.title')}
      </h2>
      {farmList.length > 1 && (
        <div className="mt-2 max-w-md">
          <SelectInput label={t('reports.compare.farmLabel')} value={farm.id} onChange={(event) => setChosen(event.target.value)}>
            {farmList.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </SelectInput>
        </div>
      )}
      <p className="mt-3 text-sm text-stone-700">{t('reports.compare.caption', { farm: farm.name })}</p>
      <div className="mt-2 overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
        <table className="w-full min-w-[48rem] text-sm" data-testid="field-comparison">
          <caption className="sr-only">{t('reports.compare.caption', { farm: farm.name })}</caption>
          <thead className="bg-stone-50 text-left text-stone-700">
            <tr>
              {(['field', 'crop', 'area', 'health', 'yield', 'water', 'nitrogen'] as const).map((column) => (
                <th key={column} scope="col" className={`px-3 py-2 font-medium ${column === 'field' ? 'sticky left-0 bg-stone-50' : ''}`}>
                  {t(`reports.compare.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((field) => (
              <FieldRow key={field.id} field={field} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-stone-600">{t('reports.compare.simulatedNote')}</p>
    </section>
  );
}
