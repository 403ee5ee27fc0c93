import type { AlertItem, Page } from '@murimi/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { alertListQueryString, type AlertFilters } from '../alert-filters.ts';
import { alertKeys } from './alerts.ts';

/** Alerts per "Show more": a phone screen or two of cards, a few kilobytes a page. */
export const ALERTS_PAGE_SIZE = 20;

type AlertPage = { data: AlertItem[]; page: Page };

/** The alerts `filters` select, newest first, a page at a time ("Show more" asks for the next one). */
export const alertListQuery = (filters: AlertFilters) =>
  infiniteQueryOptions({
    queryKey: alertKeys.list(filters),
    queryFn: ({ pageParam }) => api.get<AlertPage>(`/api/alerts?${alertListQueryString(filters, ALERTS_PAGE_SIZE, pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.page.nextCursor,
    // The screen reads the alerts of every page loaded so far as one list.
    select: (data) => data.pages.flatMap((page) => page.data),
  });

export const useAlertList = (filters: AlertFilters) => useInfiniteQuery(alertListQuery(filters));
