import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '../../lib/format.ts';

export interface SeriesSummaryInput {
  /** What is measured, e.g. "NDVI" or "Rain". */
  label: string;
  /** The values' unit as the reader sees it ("mm", "°C"); empty for a plain index such as NDVI. */
  unit: string;
  /** Days as YYYY-MM-DD, one per value. */
  dates: string[];
  values: (number | null)[];
  /** Decimals shown; 2 unless told. */
  digits?: number;
}

/**
 * A series in words, for screen readers and anyone who cannot read the chart: how many readings over which days,
 * the latest, the lowest and the highest with their days ("NDVI, 14 readings from 3 Jan 2026 to 28 Feb 2026:
 * latest 0.71 on 28 Feb 2026, lowest 0.38 on 12 Jan 2026, highest 0.74 on 20 Feb 2026."). Gaps (null) are not
 * readings; the first day wins a tie for lowest or highest.
 */
export function seriesSummary(t: TFunction<'app'>, { label, unit, dates, values, digits = 2 }: SeriesSummaryInput): string {
  const readings = dates.flatMap((date, index) => {
    const value = values[index];
    return typeof value === 'number' && Number.isFinite(value) ? [{ date, value }] : [];
  });
  const first = readings[0];
  const latest = readings.at(-1);
  if (!first || !latest) return t('charts.summary.empty', { label });
  const lowest = readings.reduce((low, reading) => (reading.value < low.value ? reading : low));
  const highest = readings.reduce((high, reading) => (reading.value > high.value ? reading : high));
  const amount = (value: number) =>
    unit ? t('charts.valueWithUnit', { value: formatNumber(value, digits), unit }) : formatNumber(value, digits);
  return t('charts.summary.readings', {
    count: readings.length,
    label,
    first: formatDate(first.date),
    last: formatDate(latest.date),
    latest: amount(latest.value),
    latestDate: formatDate(latest.date),
    lowest: amount(lowest.value),
    lowestDate: formatDate(lowest.date),
    highest: amount(highest.value),
    highestDate: formatDate(highest.date),
  });
}
