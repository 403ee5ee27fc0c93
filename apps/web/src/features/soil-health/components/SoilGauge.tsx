import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { RatingBadge } from '../../soil-tests/components/RatingBadge.tsx';
import type { GaugeBand, SoilGaugeModel, SoilLevel } from '../soil-gauges.ts';

/** The band tints follow the rating badges (low/acidic amber, medium/optimal green, high/alkaline blue); the value's band is deeper. */
const bandTint: Record<SoilLevel, { current: string; other: string }> = {
  low: { current: 'bg-amber-200 text-amber-950', other: 'bg-amber-50 text-amber-900' },
  acidic: { current: 'bg-amber-200 text-amber-950', other: 'bg-amber-50 text-amber-900' },
  medium: { current: 'bg-leaf-200 text-leaf-900', other: 'bg-leaf-50 text-leaf-900' },
  optimal: { current: 'bg-leaf-200 text-leaf-900', other: 'bg-leaf-50 text-leaf-900' },
  high: { current: 'bg-sky-200 text-sky-950', other: 'bg-sky-50 text-sky-900' },
  alkaline: { current: 'bg-sky-200 text-sky-950', other: 'bg-sky-50 text-sky-900' },
};

const digitsOf = (gauge: Pick<SoilGaugeModel, 'reading'>) => (gauge.reading === 'ph' ? 1 : 2);

const share = (band: GaugeBand, scale: { min: number; max: number }) => ((band.to - band.from) / (scale.max - scale.min)) * 100;

/**
 * One reading of the latest soil test: its value with its unit, core's rating in words, and (when the guide
 * bands it) a bar of the low / medium / high bands with a mark at the value; screen readers get the same as a
 * meter with its value in words.
 */
export function SoilGauge({ gauge, sampleDate, meaning }: { gauge: SoilGaugeModel; sampleDate: string; meaning: string | null }) {
  const { t } = useTranslation('app');
  const nameId = useId();
  const name = t(`soilHealth.readings.${gauge.reading}`);
  const digits = digitsOf(gauge);
  const amount = (value: number) =>
    gauge.unit ? t('soilHealth.valueWithUnit', { value: formatNumber(value, digits), unit: gauge.unit }) : formatNumber(value, digits);

  const rangeOf = (band: GaugeBand, index: number, count: number) => {
    if (index === 0) return t('soilHealth.bandRange.below', { value: amount(band.to) });
    if (index === count - 1) return t('soilHealth.bandRange.above', { value: amount(band.from) });
    return t('soilHealth.bandRange.between', { from: formatNumber(band.from, digits), to: amount(band.to) });
  };

  const { bands, scale, position, value, level } = gauge;
  const drawn = bands && scale && position !== null && value !== null && level;
  const currentBand = drawn ? bands.findIndex((band) => band.level === level) : -1;

  return (
    <li className="flex flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm" data-testid={`soil-gauge-${gauge.reading}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={nameId} className="font-semibold text-stone-900">
          {name}
        </h3>
        {level && <RatingBadge level={level} />}
      </div>
      <p className="mt-1 text-2xl font-bold text-stone-900 tabular-nums" data-testid="soil-gauge-value">
        {value === null ? '—' : amount(value)}
      </p>
      {drawn ? (
        <div className="mt-3">
          <div
            role="meter"
            aria-labelledby={nameId}
            aria-valuemin={scale.min}
            aria-valuemax={scale.max}
            aria-valuenow={value}
            aria-valuetext={t('soilHealth.gaugeText', {
              value: amount(value),
              level: `${t(`ratings.${level}`)} (${rangeOf(bands[currentBand]!, currentBand, bands.length)})`,
              date: formatDate(sampleDate),
            })}
            className="relative"
          >
            <div className="flex h-9 overflow-hidden rounded-md border border-stone-300">
              {bands.map((band) => (
                <div
                  key={band.level}
                  style={{ width: `${share(band, scale)}%` }}
                  className={`flex min-w-0 items-center justify-center overflow-hidden px-1 text-xs font-semibold whitespace-nowrap ${
                    band.level === level ? bandTint[band.level].current : bandTint[band.level].other
                  }`}
                >
                  {t(`ratings.${band.level}`)}
                </div>
              ))}
            </div>
            <div
              className="absolute -top-1.5 h-12 w-1.5 -translate-x-1/2 rounded-full border border-white bg-stone-900 shadow"
              style={{ left: `${Math.min(100, Math.max(0, position * 100))}%` }}
              data-testid="soil-gauge-mark"
              data-position={position.toFixed(4)}
            />
          </div>
          <ul
            aria-label={t('soilHealth.bandsOf', { reading: name })}
            className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-700"
          >
            {bands.map((band, index) => (
              <li key={band.level}>
                <span className={band.level === level ? 'font-semibold text-stone-900' : undefined}>{t(`ratings.${band.level}`)}</span>{' '}
                {rangeOf(band, index, bands.length)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        gauge.unrated && <p className="mt-1 text-sm text-stone-700">{t(`soilHealth.unrated.${gauge.unrated}`)}</p>
      )}
      {meaning && <p className="mt-3 border-t border-stone-100 pt-2 text-stone-800">{meaning}</p>}
    </li>
  );
}
