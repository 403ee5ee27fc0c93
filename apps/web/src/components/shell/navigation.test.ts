import { describe, expect, it } from 'vitest';
import { badgeText, bottomNavEntries, breadcrumbsFor } from './navigation.ts';

describe('breadcrumbs (spec §2.4)', () => {
  it('are hidden for one segment or fewer', () => {
    expect(breadcrumbsFor('/')).toEqual([]);
    expect(breadcrumbsFor('/fields')).toEqual([]);
  });

  it('start with Dashboard and use known labels, the last one not a link', () => {
    expect(breadcrumbsFor('/soil-tests/log')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Soil Test Records', to: '/soil-tests' },
      { label: 'Log Soil Test', to: null },
    ]);
    expect(breadcrumbsFor('/fields/import').map((c) => c.label)).toEqual(['Dashboard', 'My Fields', 'Import fields']);
  });

  it('collapse past four items to the first, an ellipsis and the last two', () => {
    expect(breadcrumbsFor('/fields/a/b/c').map((c) => c.label)).toEqual(['Dashboard', '…', 'Details', 'Details']);
    expect(breadcrumbsFor('/fields/a/b').map((c) => c.label)).toEqual(['Dashboard', 'My Fields', 'Details', 'Details']);
  });
});

describe('bottom navigation', () => {
  it('has the ten entries of the spec', () => {
    expect(bottomNavEntries.map((e) => e.to)).toEqual([
      '/dashboard',
      '/fields',
      '/create-farm-field',
      '/map',
      '/crop-health',
      '/fertilizer',
      '/soil-analysis',
      '/weather',
      '/reports',
      '/settings',
    ]);
  });

  it('caps badges at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
