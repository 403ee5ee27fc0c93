import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { legendClasses, legendGradient, legendOf, noReadingColour, type ClassRange, type CropHealthIndex } from '../index-legend.ts';

/**
 * The map's colours: the ramp from low to high, each class drawn over its own range of that ramp at the spec's
 * thresholds, and the grey of no reading.
 */
export function IndexLegend({ index }: { index: CropHealthIndex }) {
  const { t } = useTranslation('app');
  const legend = legendOf(index);
  const name = t(`cropHealth.indices.${index}`);
  const unit = t(`cropHealth.indexUnits.${index}`);
  const number = (value: number) => formatNumber(value, 2);
  const rangeText = (range: ClassRange) =>
    range.kind === 'between'
      ? t('cropHealth.legend.between', { from: number(range.from), to: number(range.to) })
      : t(`cropHealth.legend.${range.kind}`, { value: number(range.value) });
  const titleId = `legend-${index}`;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="font-semibold text-stone-900">
        {t('cropHealth.legend.title', { index: name })}
        {unit && <span className="font-normal text-stone-700"> ({t('cropHealth.legend.unit', { unit })})</span>}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t(`cropHealth.indexHints.${index}`)}</p>
      <div aria-hidden className="mt-3 h-3 rounded" style={{ background: legendGradient(legend) }} />
      <div aria-hidden className="mt-1 flex justify-between text-xs text-stone-700">
        <span>
          {t('cropHealth.legend.low')} {number(legend.stops[0]!.value)}
        </span>
        <span>
          {number(legend.stops.at(-1)!.value)} {t('cropHealth.legend.high')}
        </span>
      </div>
      <ul className="mt-3 space-y-1.5 text-sm text-stone-900">
        {legendClasses(legend).map((band) => (
          <li key={band.key} className="flex items-center gap-2">
            <span aria-hidden className="h-4 w-10 shrink-0 rounded-sm border border-stone-300" style={{ background: band.swatch }} />
            <span>
              <span className="font-medium">{t(`cropHealth.classes.${band.key}` as 'cropHealth.classes.healthy')}</span>{' '}
              <span className="text-stone-700">{rangeText(band.range)}</span>
            </span>
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span aria-hidden className="h-4 w-10 shrink-0 rounded-sm border border-stone-300" style={{ background: noReadingColour }} />
          <span>{t('cropHealth.legend.noReading')}</span>
        </li>
      </ul>
    </section>
  );
}
