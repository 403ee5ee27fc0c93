import type { AlertItem } from '@murimi/core';

export const FIELD_ID = '5f0c7a52-3f4e-4b8a-9c1d-2e3f4a5b6c7d';

/** A field as `GET /api/fields` lists it, enough for the alert filters' field select. */
export const fieldSummary = {
  id: FIELD_ID,
  name: 'Vlei soybean',
  farmId: '0b3c5d7e-1f2a-4b6c-8d0e-2f4a6b8c0d1e',
  size_hectares: 8,
};

let counter = 0;

/** An alert as the API answers it (a soybean rust warning on two humid days), with `changes` over it. */
export function makeAlert(changes: Partial<AlertItem> = {}): AlertItem {
  counter += 1;
  return {
    id: `a0000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    fieldId: FIELD_ID,
    fieldName: 'Vlei soybean',
    ruleId: 'soybean-rust',
    category: 'pest',
    severity: 'warning',
    title: 'Soybean rust',
    message: 'Soybean rust weather: about 7.3 h of leaf wetness at 22.2 °C on Sat 28 Nov.',
    action: 'Check lower leaves for rust pustules over the next one to two weeks.',
    evidence: {
      values: [
        { name: 'leafWetnessHours', label: 'Hours of leaf wetness', value: 7.3, text: '7.3 h', unit: 'h', date: '2026-11-28' },
        { name: 'leafWetnessHours', label: 'Hours of leaf wetness', value: 7, text: '7 h', unit: 'h', date: '2026-11-29' },
        { name: 'infectionHours', label: 'Hours of wetness that infect', value: 6, text: '6 h', unit: 'h', date: null },
      ],
      dates: ['2026-11-28', '2026-11-29'],
      source: 'Marchetti, Melching & Bromfield (1976), Phytopathology 66:461',
      dataSource: 'simulated weather',
      caveats: ['Daily data: leaf wetness estimated from the day’s highest and lowest humidity.'],
    },
    date: '2026-11-28',
    daysAhead: 1,
    simulated: true,
    createdAt: '2026-11-27T23:51:35.516Z',
    updatedAt: '2026-11-27T23:51:39.707Z',
    endedAt: null,
    resolvedAt: null,
    read: false,
    snoozedUntil: null,
    ...changes,
  };
}

/** One page of `GET /api/alerts`. */
export const alertPage = (data: AlertItem[], nextCursor: string | null = null) => ({
  status: 200,
  body: { data, page: { limit: 20, nextCursor } },
});
