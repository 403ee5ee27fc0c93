import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAllPages } from './list-pages.ts';

afterEach(() => vi.unstubAllGlobals());

describe('listAllPages', () => {
  it('follows the next cursor until the last page, with the most items a page holds and the filters kept', async () => {
    const pages: Record<string, { data: number[]; page: { limit: number; nextCursor: string | null } }> = {
      '': { data: [1, 2], page: { limit: 500, nextCursor: 'c1' } },
      c1: { data: [3, 4], page: { limit: 500, nextCursor: 'c2+/=' } },
      'c2+/=': { data: [5], page: { limit: 500, nextCursor: null } },
    };
    const asked: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        const query = new URL(path, 'http://localhost').searchParams;
        asked.push(query);
        return new Response(JSON.stringify(pages[query.get('cursor') ?? '']), { headers: { 'content-type': 'application/json' } });
      }),
    );
    expect(await listAllPages<number>('/api/soil-tests', { fieldId: 'f1', view: undefined })).toEqual([1, 2, 3, 4, 5]);
    expect(asked.map((query) => query.get('cursor'))).toEqual([null, 'c1', 'c2+/=']);
    expect(asked.every((query) => query.get('limit') === '500' && query.get('fieldId') === 'f1' && !query.has('view'))).toBe(true);
  });
});
