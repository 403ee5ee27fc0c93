import type { HealthReading } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { anomalyText, lastClearText, problemZoneFeatures, problemZoneText, signedNdvi, trendText } from './health-summary.ts';

const t = i18next.getFixedT(null, 'app');
const zone: HealthReading['problemZones'][number] = {
  polygon: {
    type: 'Polygon',
    coordinates: [
      [
        [31, -17.8],
        [31.001, -17.8],
        [31.001, -17.801],
        [31, -17.8],
      ],
    ],
  },
  areaHa: 1.234,
  shareOfField: 0.123,
  meanNdvi: 0.312,
  direction: 'north-east',
};

describe('the health check in words', () => {
  it('signs NDVI changes with a true minus and rounds to two decimals', () => {
    expect(signedNdvi(0.0349)).toBe('+0.03');
    expect(signedNdvi(-0.126)).toBe('−0.13');
    expect(signedNdvi(0.001)).toBe('0');
  });

  it('gives the trend with its NDVI change per week, or says there are too few images', () => {
    expect(trendText(t, { direction: 'declining', ndviChangePerWeek: -0.042, dates: ['2026-01-01', '2026-01-08', '2026-01-15'] })).toBe(
      'Declining: NDVI −0.04 a week over 3 images',
    );
    expect(trendText(t, { direction: 'not-enough-images', ndviChangePerWeek: null, dates: [] })).toBe(
      'Not enough clear images yet to tell',
    );
  });

  it('compares with earlier seasons, above, below or the same, and says when there is nothing to compare', () => {
    const earlier = [
      { season: '2024/25', ndvi: 0.6, date: '2025-01-10' },
      { season: '2023/24', ndvi: 0.62, date: '2024-01-10' },
    ];
    expect(anomalyText(t, { ndviDifference: -0.081, earlier, note: null })).toBe(
      'NDVI 0.08 below the mean of 2 earlier seasons at this time of year',
    );
    expect(anomalyText(t, { ndviDifference: 0.05, earlier: earlier.slice(0, 1), note: null })).toBe(
      'NDVI 0.05 above the earlier season at this time of year',
    );
    expect(anomalyText(t, { ndviDifference: 0.002, earlier, note: null })).toBe(
      'NDVI the same as the mean of 2 earlier seasons at this time of year',
    );
    expect(anomalyText(t, { ndviDifference: null, earlier: [], note: null })).toBe('No earlier seasons to compare with');
    expect(anomalyText(t, { ndviDifference: null, earlier: [], note: 'No imagery before 2024.' })).toBe('No imagery before 2024.');
  });

  it('says how long ago the last clear image was, with its date', () => {
    expect(lastClearText(t, { date: '2026-11-20', sceneId: 'x', ageDays: 5 })).toBe('5 days ago (20 Nov 2026)');
    expect(lastClearText(t, { date: '2026-11-24', sceneId: 'x', ageDays: 1 })).toBe('1 day ago (24 Nov 2026)');
    expect(lastClearText(t, { date: '2026-11-25', sceneId: 'x', ageDays: 0 })).toBe('today (25 Nov 2026)');
  });

  it('lists a problem area with its hectares, place and mean NDVI, and draws it as a polygon', () => {
    expect(problemZoneText(t, zone)).toBe('1.23 ha in the north-east: mean NDVI 0.31 (12 % of the field)');
    const features = problemZoneFeatures([zone]);
    expect(features.features).toHaveLength(1);
    expect(features.features[0]!.geometry).toBe(zone.polygon);
  });
});
