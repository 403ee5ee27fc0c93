import { alertCategories, alertSeverities, type AlertItem } from '@murimi/core';

export type AlertCategory = AlertItem['category'];
export type AlertSeverity = AlertItem['severity'];

/** Open (not resolved; what the screen shows first), resolved, or every alert. */
export const alertStatuses = ['open', 'resolved', 'all'] as const;
export type AlertStatus = (typeof alertStatuses)[number];

/** What the alerts screen shows: the filters of `GET /api/alerts`, kept in the address so a link and Back keep them. */
export interface AlertFilters {
  fieldId: string | null;
  category: AlertCategory | null;
  severity: AlertSeverity | null;
  unreadOnly: boolean;
  status: AlertStatus;
}

export const NO_ALERT_FILTERS: AlertFilters = { fieldId: null, category: null, severity: null, unreadOnly: false, status: 'open' };

const oneOf = <V extends string>(values: readonly V[], value: string | null): V | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as V) : null;

/** The filters an address asks for; a value the API would refuse (a typo in a shared link) counts as no filter. */
export function filtersFromSearch(search: URLSearchParams): AlertFilters {
  const fieldId = search.get('fieldId');
  return {
    fieldId: fieldId && /^[0-9a-f-]{36}$/i.test(fieldId) ? fieldId : null,
    category: oneOf(alertCategories, search.get('category')),
    severity: oneOf(alertSeverities, search.get('severity')),
    unreadOnly: search.get('unread') === 'true',
    status: oneOf(alertStatuses, search.get('status')) ?? 'open',
  };
}

/** The address's search part for `filters`: only what differs from the screen's defaults, so a plain link stays plain. */
export function searchOfFilters(filters: AlertFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.fieldId) search.set('fieldId', filters.fieldId);
  if (filters.category) search.set('category', filters.category);
  if (filters.severity) search.set('severity', filters.severity);
  if (filters.unreadOnly) search.set('unread', 'true');
  if (filters.status !== 'open') search.set('status', filters.status);
  return search;
}

/** Whether anything narrows the list beyond its defaults (open alerts of every field and kind). */
export const hasFilters = (filters: AlertFilters): boolean => searchOfFilters(filters).size > 0;

/** The query of one page of `GET /api/alerts` for `filters`: the status always, the other filters when set. */
export function alertListQueryString(filters: AlertFilters, limit: number, cursor: string | null): string {
  const search = searchOfFilters(filters);
  search.set('status', filters.status);
  search.set('limit', String(limit));
  if (cursor) search.set('cursor', cursor);
  return search.toString();
}
