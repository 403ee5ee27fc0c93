import { describe, expect, it } from 'vitest';
import { badgeText, bottomNavEntries, breadcrumbsFor, entriesFor, sidebarEntries } from './navigation.ts';

describe('breadcrumbs (spec §2.4)', () => {
  it('are hidden for one segment or fewer', () => {
    expect(breadcrumbsFor('/')).toEqual([]);
    expect(breadcrumbsFor('/fields')).toEqual([]);
  });

  it('name an alert "Details" under Alerts', () => {
    expect(breadcrumbsFor('/alerts/a0000000-0000-4000-8000-000000000001').map((c) => c.label)).toEqual(['Dashboard', 'Alerts', 'Details']);
  });

  it('start with Dashboard and use known labels, the last one not a link', () => {
    expect(breadcrumbsFor('/soil-tests/log')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Soil Test Records', to: '/soil-tests' },
      { label: 'Log Soil Test', to: null },
    ]);
    expect(breadcrumbsFor('/fields/import').map((c) => c.label)).toEqual(['Dashboard', 'My Fields', 'Import fields']);
    // A path of its own: "log" under the visit queue is a visit, not a soil test.
    expect(breadcrumbsFor('/visits/log').map((c) => c.label)).toEqual(['Dashboard', 'Visit queue', 'Log a visit']);
  });

  it('collapse past four items to the first, an ellipsis and the last two', () => {
    expect(breadcrumbsFor('/fields/a/b/c').map((c) => c.label)).toEqual(['Dashboard', '…', 'Details', 'Details']);
    expect(breadcrumbsFor('/fields/a/b').map((c) => c.label)).toEqual(['Dashboard', 'My Fields', 'Details', 'Details']);
  });
});

describe('navigation by role', () => {
  it("offers a funder (who reads no field) the dashboard and settings, not the field screens' empty pages", () => {
    const funder = ['account.self', 'programme.read'];
    expect(entriesFor(sidebarEntries, funder).map((e) => e.to)).toEqual(['/dashboard', '/settings']);
    expect(entriesFor(bottomNavEntries, funder).map((e) => e.to)).toEqual(['/dashboard']);
  });

  it('offers an agronomist every screen, and everyone every screen while their role is not known yet', () => {
    const agronomist = ['account.self', 'fields.read', 'fields.write', 'records.write', 'reports.read', 'reports.write'];
    expect(entriesFor(sidebarEntries, agronomist)).toEqual(sidebarEntries);
    expect(entriesFor(sidebarEntries, undefined)).toEqual(sidebarEntries);
  });
});

describe('bottom navigation', () => {
  it('has four screens, Alerts among them, which fit a phone beside "More"', () => {
    expect(bottomNavEntries.map((e) => e.to)).toEqual(['/dashboard', '/alerts', '/fields', '/crop-health']);
  });

  it('leaves no screen out: what the bar lacks is in the menu, and Settings is there once', () => {
    const menu = sidebarEntries.map((e) => e.to);
    expect(bottomNavEntries.filter((e) => !menu.includes(e.to))).toEqual([]);
    expect(menu.filter((to) => to === '/settings')).toHaveLength(1);
  });

  it('caps badges at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
