import type { Page } from '@murimi/core';
import { api } from './client.ts';

/** Items per request when the web app reads a whole list: the most the API serves in one page. */
const LIST_PAGE_SIZE = 500;

/**
 * Every item of a list, page after page (the API answers at most 500 at a time and says where the next page
 * starts). `query` holds the list's own filters.
 */
export async function listAllPages<Item>(path: string, query: Record<string, string | undefined> = {}): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(LIST_PAGE_SIZE) });
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
    if (cursor) params.set('cursor', cursor);
    const page = await api.get<{ data: Item[]; page: Page }>(`${path}?${params.toString()}`);
    items.push(...page.data);
    cursor = page.page.nextCursor;
  } while (cursor);
  return items;
}
