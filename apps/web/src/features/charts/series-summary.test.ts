import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { seriesSummary } from './series-summary.ts';

const t = i18next.getFixedT('en', 'app');

describe('seriesSummary', () => {
  it('names the count, the span, the latest, the lowest and the highest reading with their days', () => {
    const text = seriesSummary(t, {
      label: 'NDVI',
      unit: '',
      dates: ['2026-01-03', '2026-01-12', '2026-01-20', '2026-02-20', '2026-02-28'],
      values: [0.52, 0.38, null, 0.74, 0.712],
    });
    expect(text).toBe(
      'NDVI, 4 readings from 3 Jan 2026 to 28 Feb 2026: latest 0.71 on 28 Feb 2026, lowest 0.38 on 12 Jan 2026, highest 0.74 on 20 Feb 2026.',
    );
  });

  it('puts the unit after each value and honours the decimals asked for', () => {
    const text = seriesSummary(t, { label: 'Rain', unit: 'mm', dates: ['2026-01-01', '2026-01-02'], values: [12.46, 0], digits: 1 });
    expect(text).toBe(
      'Rain, 2 readings from 1 Jan 2026 to 2 Jan 2026: latest 0 mm on 2 Jan 2026, lowest 0 mm on 2 Jan 2026, highest 12.5 mm on 1 Jan 2026.',
    );
  });

  it('says a single reading once, and that there are none when every value is a gap', () => {
    expect(seriesSummary(t, { label: 'NDVI', unit: '', dates: ['2026-03-05', '2026-03-10'], values: [null, 0.6] })).toBe(
      'NDVI, 1 reading on 10 Mar 2026: 0.6.',
    );
    expect(seriesSummary(t, { label: 'NDVI', unit: '', dates: ['2026-03-05'], values: [null] })).toBe('NDVI: no readings yet.');
    expect(seriesSummary(t, { label: 'NDVI', unit: '', dates: [], values: [] })).toBe('NDVI: no readings yet.');
  });

  it('keeps the first day when the lowest value comes twice', () => {
    const text = seriesSummary(t, { label: 'NDVI', unit: '', dates: ['2026-01-01', '2026-01-02', '2026-01-03'], values: [0.3, 0.5, 0.3] });
    expect(text).toContain('lowest 0.3 on 1 Jan 2026');
  });
});
