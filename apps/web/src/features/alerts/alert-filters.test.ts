import { describe, expect, it } from 'vitest';
import { alertListQueryString, filtersFromSearch, hasFilters, NO_ALERT_FILTERS, searchOfFilters } from './alert-filters.ts';

const fieldId = '5f0c7a52-3f4e-4b8a-9c1d-2e3f4a5b6c7d';

describe('alert filters in the address', () => {
  it('read back what they wrote, and leave a plain address plain', () => {
    const filters = { fieldId, category: 'pest', severity: 'critical', unreadOnly: true, status: 'all' } as const;
    expect(filtersFromSearch(searchOfFilters(filters))).toEqual(filters);
    expect(searchOfFilters(NO_ALERT_FILTERS).toString()).toBe('');
    expect(filtersFromSearch(new URLSearchParams())).toEqual(NO_ALERT_FILTERS);
    expect(hasFilters(NO_ALERT_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_ALERT_FILTERS, status: 'resolved' })).toBe(true);
  });

  it('ignore values the API would refuse, so a mistyped link still opens the list', () => {
    expect(filtersFromSearch(new URLSearchParams('category=pests&severity=high&status=closed&unread=yes&fieldId=12'))).toEqual(
      NO_ALERT_FILTERS,
    );
  });

  it('ask the API for the status always, the other filters when set, and the page', () => {
    expect(alertListQueryString(NO_ALERT_FILTERS, 20, null)).toBe('status=open&limit=20');
    expect(alertListQueryString({ ...NO_ALERT_FILTERS, category: 'weather', unreadOnly: true }, 20, 'abc')).toBe(
      'category=weather&unread=true&status=open&limit=20&cursor=abc',
    );
  });
});
