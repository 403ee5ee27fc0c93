import type { SoilTest } from '@murimi/core';

/** A soil test record as the server sends it, for tests: the demo pivot's readings unless told. */
export const soilTest = (overrides: Partial<SoilTest> = {}): SoilTest => ({
  id: 't1',
  fieldId: 'f1',
  nitrogen: 24,
  phosphorus: 21,
  potassium: 160,
  unit: 'ppm',
  ph: 6.2,
  organicMatter: null,
  ec: null,
  sampleDate: '2026-10-01',
  depthCm: 20,
  lab: null,
  notes: null,
  createdAt: '2026-10-02T08:00:00Z',
  lastModified: '2026-10-02T08:00:00Z',
  ...overrides,
});
