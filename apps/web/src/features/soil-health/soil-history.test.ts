import { describe, expect, it } from 'vitest';
import { soilTest } from './soil-test-fixture.ts';
import { readingsWithHistory, soilHistory } from './soil-history.ts';

// Newest first, as the server sends them.
const tests = [
  soilTest({ id: 'c', sampleDate: '2026-10-01', nitrogen: 24, organicMatter: 2.1 }),
  soilTest({ id: 'b2', sampleDate: '2025-09-03', nitrogen: 14 }),
  soilTest({ id: 'b1', sampleDate: '2025-09-03', nitrogen: 11 }),
  soilTest({ id: 'x', sampleDate: '2025-03-01', nitrogen: 0.1, unit: '%' }),
  soilTest({ id: 'a', sampleDate: '2024-08-20', nitrogen: null, ph: 5.4 }),
];

describe('soil history', () => {
  it('lists one reading oldest to newest, the newer record winning a shared sample day', () => {
    const series = soilHistory(tests, 'nitrogen');
    expect(series.dates).toEqual(['2025-09-03', '2026-10-01']);
    expect(series.values).toEqual([14, 24]);
    expect(series.unit).toBe('ppm');
    expect(series.edges).toEqual({ lower: 20, upper: 40 });
  });

  it('keeps the line in one unit and counts the tests left off for another', () => {
    expect(soilHistory(tests, 'nitrogen').otherUnitCount).toBe(1);
    const inPercent = soilHistory([tests[3]!, tests[0]!], 'nitrogen');
    expect(inPercent).toMatchObject({ unit: '%', values: [0.1], edges: null, otherUnitCount: 1 });
  });

  it('draws the optimal pH edges and no edges for organic matter', () => {
    expect(soilHistory(tests, 'ph')).toMatchObject({
      dates: ['2024-08-20', '2025-03-01', '2025-09-03', '2026-10-01'],
      edges: { lower: 6, upper: 7 },
    });
    expect(soilHistory(tests, 'organicMatter')).toMatchObject({ values: [2.1], unit: '%', edges: null });
  });

  it('offers only the readings some test measured', () => {
    expect(readingsWithHistory(tests)).toEqual(['nitrogen', 'phosphorus', 'potassium', 'ph', 'organicMatter']);
    expect(readingsWithHistory([])).toEqual([]);
  });
});
