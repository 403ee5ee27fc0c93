import type { HealthReading } from '@murimi/core';
import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '../../lib/format.ts';

/** An NDVI difference with its sign and a true minus: "+0.04", "−0.12", "0". */
export function signedNdvi(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  if (rounded === 0) return formatNumber(0, 2);
  return `${rounded > 0 ? '+' : '−'}${formatNumber(Math.abs(rounded), 2)}`;
}

/** The trend in words with the NDVI change per week, e.g. "Declining: NDVI −0.03 a week". */
export function trendText(t: TFunction<'app'>, trend: HealthReading['trend']): string {
  if (trend.direction === 'not-enough-images' || trend.ndviChangePerWeek === null) return t('cropHealth.health.trend.not-enough-images');
  return t(`cropHealth.health.trend.${trend.direction}`, { change: signedNdvi(trend.ndviChangePerWeek), count: trend.dates.length });
}

/**
 * How the latest NDVI compares with earlier seasons at the same time of year; differences under 0.005 read as the
 * same, and no earlier season says so (with the analysis's own note when it gave one).
 */
export function anomalyText(t: TFunction<'app'>, anomaly: HealthReading['anomaly']): string {
  const count = anomaly.earlier.length;
  if (anomaly.ndviDifference === null || count === 0) return anomaly.note ?? t('cropHealth.health.anomaly.none');
  const difference = anomaly.ndviDifference;
  if (Math.abs(difference) < 0.005) return t('cropHealth.health.anomaly.same', { count });
  return t(difference > 0 ? 'cropHealth.health.anomaly.above' : 'cropHealth.health.anomaly.below', {
    difference: formatNumber(Math.abs(difference), 2),
    count,
  });
}

/** "3 days ago (12 Nov 2026)"; "today" for an image of today. */
export function lastClearText(t: TFunction<'app'>, lastClear: HealthReading['lastClearImage']): string {
  const count = Math.max(0, Math.round(lastClear.ageDays));
  return count === 0
    ? t('cropHealth.health.lastClearToday', { date: formatDate(lastClear.date) })
    : t('cropHealth.health.lastClear', { count, date: formatDate(lastClear.date) });
}

/** One problem area: its size in hectares, where it lies and its mean NDVI. */
export function problemZoneText(t: TFunction<'app'>, zone: HealthReading['problemZones'][number]): string {
  return t('cropHealth.health.zones.item', {
    area: formatNumber(zone.areaHa, zone.areaHa < 10 ? 2 : 1),
    direction: t(`cropHealth.health.directions.${zone.direction}`),
    ndvi: zone.meanNdvi === null ? '—' : formatNumber(zone.meanNdvi, 2),
    share: formatNumber(zone.shareOfField * 100, 0),
  });
}

/** The problem areas as one GeoJSON collection for the map's line layer. */
export function problemZoneFeatures(zones: HealthReading['problemZones']) {
  return {
    type: 'FeatureCollection' as const,
    features: zones.map((zone, i) => ({
      type: 'Feature' as const,
      id: i,
      geometry: zone.polygon,
      properties: { areaHa: zone.areaHa, direction: zone.direction },
    })),
  };
}
