import { describe, expect, it } from 'vitest';
import { alertDay, evidenceCharts } from './alert-view.ts';

const value = (name: string, label: string, amount: number, unit: string, date: string | null) => ({
  name,
  label,
  value: amount,
  text: `${amount} ${unit}`,
  unit,
  date,
});

describe('evidence charts', () => {
  it('draw the readings that share a name over their days, one chart per unit, thresholds left to the table', () => {
    const charts = evidenceCharts([
      value('leafWetnessHours', 'Hours of leaf wetness', 7.3, 'h', '2026-11-28'),
      value('meanTemperature', 'Mean temperature', 22.2, '°C', '2026-11-28'),
      value('nightMeanTemperature', 'Mean night temperature', 20, '°C', '2026-11-28'),
      value('leafWetnessHours', 'Hours of leaf wetness', 7, 'h', '2026-11-29'),
      value('meanTemperature', 'Mean temperature', 20.7, '°C', '2026-11-29'),
      value('nightMeanTemperature', 'Mean night temperature', 18.2, '°C', '2026-11-30'),
      value('rustThreshold', 'Hours that infect', 6, 'h', null),
    ]);
    expect(charts).toEqual([
      {
        unit: 'h',
        dates: ['2026-11-28', '2026-11-29'],
        lines: [{ name: 'leafWetnessHours', label: 'Hours of leaf wetness', unit: 'h', values: [7.3, 7] }],
      },
      {
        unit: '°C',
        dates: ['2026-11-28', '2026-11-29', '2026-11-30'],
        lines: [
          { name: 'meanTemperature', label: 'Mean temperature', unit: '°C', values: [22.2, 20.7, null] },
          { name: 'nightMeanTemperature', label: 'Mean night temperature', unit: '°C', values: [20, null, 18.2] },
        ],
      },
    ]);
  });

  it('sort the images by date, write an index without a unit, and leave out a name seen on one day only', () => {
    const charts = evidenceCharts([
      value('ndvi', 'NDVI', 0.62, 'index', '2026-11-20'),
      value('ndvi', 'NDVI', 0.48, 'index', '2026-11-10'),
      value('ndvi', 'NDVI', 0.55, 'index', '2026-11-15'),
      value('rain', 'Rain', 31.9, 'mm', '2026-11-29'),
      value('ndviDrop', 'NDVI drop', 0.14, 'index', null),
    ]);
    expect(charts).toEqual([
      {
        unit: '',
        dates: ['2026-11-10', '2026-11-15', '2026-11-20'],
        lines: [{ name: 'ndvi', label: 'NDVI', unit: '', values: [0.48, 0.55, 0.62] }],
      },
    ]);
    expect(evidenceCharts([value('rain', 'Rain', 31.9, 'mm', '2026-11-29')])).toEqual([]);
  });
});

describe('the day an alert speaks of', () => {
  const today = '2026-11-27';
  it('is today, tomorrow or a day ahead as the server counts it', () => {
    expect(alertDay({ date: '2026-11-27', daysAhead: 0, endedAt: null }, today)).toEqual({ kind: 'today' });
    expect(alertDay({ date: '2026-11-28', daysAhead: 1, endedAt: null }, today)).toEqual({ kind: 'tomorrow' });
    expect(alertDay({ date: '2026-12-03', daysAhead: 6, endedAt: null }, today)).toEqual({ kind: 'on', date: '2026-12-03' });
  });

  it('is "since" the first day of a condition that still holds, and the plain day of one that is over', () => {
    expect(alertDay({ date: '2026-10-25', daysAhead: 0, endedAt: null }, today)).toEqual({ kind: 'since', date: '2026-10-25' });
    expect(alertDay({ date: '2026-10-25', daysAhead: 0, endedAt: '2026-11-02T04:00:00.000Z' }, today)).toEqual({
      kind: 'on',
      date: '2026-10-25',
    });
  });
});
