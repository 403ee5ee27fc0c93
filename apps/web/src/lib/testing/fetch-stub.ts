import { vi } from 'vitest';

/** One request the code under test sent, with its JSON body read. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Route = (request: SentRequest) => Answer | undefined;

/**
 * Stands in for the network only (the global `fetch`), so a component test runs our real API client, mutation
 * defaults and query cache. `answer` says what the server would answer; a request it leaves unanswered gets 404.
 * Returns the requests sent, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function stubServer(answer: Route): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        path: url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      sent.push(request);
      const { status, body } = (await answer(request)) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** A list answer of one page, as the API's list routes give it. */
export const onePage = (data: unknown[]) => ({ status: 200, body: { data, page: { nextCursor: null } } });
