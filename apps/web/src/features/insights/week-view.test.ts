import { describe, expect, it } from 'vitest';
import { healthChange, weekHasContent } from './week-view.ts';

const health = {
  status: 'healthy' as const,
  ndvi: 0.63,
  date: '2026-11-25',
  previousNdvi: 0.58,
  previousDate: '2026-11-20',
  simulated: true,
};

describe('the week on the dashboard', () => {
  it('says how NDVI moved since the image before, to two decimals', () => {
    expect(healthChange(health)).toEqual({ change: 0.05, direction: 'up', since: '2026-11-20' });
    expect(healthChange({ ...health, previousNdvi: 0.7 })).toEqual({ change: -0.07, direction: 'down', since: '2026-11-20' });
    expect(healthChange({ ...health, previousNdvi: 0.631 })?.direction).toBe('same');
    expect(healthChange({ ...health, previousNdvi: null, previousDate: null })).toBeNull();
  });

  it('is empty without fields, actions or open alerts', () => {
    const week = { weekStart: '2026-11-23', fields: [], actions: [], openAlerts: 0, simulated: false };
    expect(weekHasContent(week)).toBe(false);
    expect(weekHasContent({ ...week, openAlerts: 2 })).toBe(true);
  });
});
