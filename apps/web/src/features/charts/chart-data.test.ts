import { describe, expect, it } from 'vitest';
import { alignedChart, bandBetween, daySeconds, nearestDate, sparklineSegments, tintOf, valueRange } from './chart-data.ts';

const dates = ['2026-01-01', '2026-01-05', '2026-01-10', '2026-01-20'];

describe('alignedChart', () => {
  it('puts the days (seconds at midnight UTC) first, then the lines, then the band high and low edges', () => {
    const chart = alignedChart(dates, [{ label: 'NDVI', unit: '', values: [0.4, null, 0.6, 0.7] }], {
      label: 'p10–p90',
      low: [0.3, null, 0.5, 0.6],
      high: [0.5, null, 0.7, 0.8],
    });
    expect(chart.data[0]).toEqual([1767225600, 1767571200, 1768003200, 1768867200]);
    expect(chart.data[1]).toEqual([0.4, null, 0.6, 0.7]);
    expect(chart.bandSeries).toEqual({ high: 2, low: 3 });
    expect(chart.data[2]).toEqual([0.5, null, 0.7, 0.8]);
    expect(chart.data[3]).toEqual([0.3, null, 0.5, 0.6]);
    expect(chart.lineSeries).toEqual([1]);
  });

  it('pads a short series with gaps and turns non-numbers into gaps, so every series has one value per day', () => {
    const chart = alignedChart(dates, [
      { label: 'a', unit: '', values: [1, Number.NaN] },
      { label: 'b', unit: '', values: [1, 2, 3, 4, 5] },
    ]);
    expect(chart.data[1]).toEqual([1, null, null, null]);
    expect(chart.data[2]).toEqual([1, 2, 3, 4]);
    expect(chart.bandSeries).toBeNull();
  });

  it('counts days in UTC whatever the time zone', () => {
    expect(daySeconds('1970-01-02')).toBe(86400);
  });
});

describe('bandBetween', () => {
  it('fills between the upper and the lower edge', () => {
    expect(bandBetween({ high: 2, low: 3 }, 'rgba(0, 0, 0, 0.1)')).toEqual({ series: [2, 3], fill: 'rgba(0, 0, 0, 0.1)' });
  });

  it('tints a colour with the same hue', () => {
    expect(tintOf('#185a2f', 0.2)).toBe('rgba(24, 90, 47, 0.2)');
  });
});

describe('nearestDate', () => {
  const values = [0.4, null, null, 0.7];

  it('picks the cursor day when it has a reading', () => {
    expect(nearestDate(dates, values, 3)).toBe('2026-01-20');
  });

  it('picks the nearest day with a reading when the cursor is over a gap, by days rather than by position', () => {
    // 5 Jan is 4 days after 1 Jan; 10 Jan is 9 days after 1 Jan and 10 days before 20 Jan.
    expect(nearestDate(dates, values, 1)).toBe('2026-01-01');
    expect(nearestDate(dates, values, 2)).toBe('2026-01-01');
    expect(nearestDate(dates, [0.4, null, null, 0.7, 0.9], 2)).toBe('2026-01-01');
    expect(nearestDate(['2026-01-01', '2026-01-15', '2026-01-16'], [0.4, null, 0.7], 1)).toBe('2026-01-16');
  });

  it('gives nothing without a cursor or without readings', () => {
    expect(nearestDate(dates, values, null)).toBeNull();
    expect(nearestDate(dates, [null, null, null, null], 1)).toBeNull();
    expect(nearestDate([], [], 0)).toBeNull();
  });
});

describe('valueRange', () => {
  const line = { label: 'NDVI', unit: '', values: [0.4, null, 0.6] };

  it('keeps the thresholds and the band in view, with room at both ends', () => {
    const [min, max] = valueRange([line], { label: 'b', low: [0.35, null, null], high: [0.65, null, null] }, [
      { value: 0.2, label: 'bare' },
    ])!;
    expect(min).toBeCloseTo(0.2 - 0.0225);
    expect(max).toBeCloseTo(0.65 + 0.0225);
  });

  it('uses the range given, and has none when nothing is measured', () => {
    expect(valueRange([line], undefined, undefined, [0, 1])).toEqual([0, 1]);
    expect(valueRange([{ label: 'x', unit: '', values: [null] }], undefined, undefined)).toBeNull();
  });

  it('opens a flat series so that its line is not on the edge', () => {
    expect(valueRange([{ label: 'x', unit: '', values: [5, 5] }], undefined, undefined)).toEqual([4.5, 5.5]);
  });
});

describe('sparklineSegments', () => {
  it('scales the readings to the box, highest at the top, and breaks the line at gaps', () => {
    expect(sparklineSegments([0, 1, null, 0.5], 36, 26)).toEqual([
      [
        [3, 23],
        [13, 3],
      ],
      [[33, 13]],
    ]);
  });

  it('draws a flat series across the middle and nothing without readings', () => {
    expect(sparklineSegments([2, 2], 20, 10)).toEqual([
      [
        [3, 5],
        [17, 5],
      ],
    ]);
    expect(sparklineSegments([null, null], 20, 10)).toEqual([]);
  });
});
