import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a page's `next` link leads on: a GET of a URL, or a POST whose body replaces or merges into the last one. */
export type FakeNextLink = { page: number; method: 'GET' } | { page: number; method: 'POST'; merge: boolean };

/** One page of `/search`: its features, and where its `next` link points (none on the last page). */
export interface FakeStacPage {
  features: unknown[];
  next?: FakeNextLink;
}

/** A request as the server received it; `body` is parsed JSON, or the raw text when it is not JSON, or null. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A string or bytes are sent as they are; anything else as JSON. */
  body?: unknown;
}

export type FakeRoute = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeStacServer {
  /** e.g. `http://127.0.0.1:41234`; a STAC API root, `/search` below it. */
  url: string;
  requests: RecordedRequest[];
  setPages(pages: FakeStacPage[]): void;
  /** Serves `path` (any method) with `handler`, e.g. a collection or a file of a local catalogue. */
  route(path: string, handler: FakeRoute): void;
  /** The next `count` requests are answered with `status` and nothing else. */
  failNext(count: number, status: number, options?: { retryAfterSeconds?: number; body?: string }): void;
  /** The next request is answered after `ms`; `Infinity` means never. */
  delayNext(ms: number): void;
  /** The next request is answered 200 with a body that is not JSON. */
  invalidJsonNext(): void;
  /** Forgets requests, faults, pages and routes. */
  reset(): void;
  close(): Promise<void>;
}

type Fault =
  { kind: 'status'; status: number; retryAfterSeconds?: number; body?: string } | { kind: 'delay'; ms: number } | { kind: 'invalid-json' };

/**
 * A STAC API on 127.0.0.1 for tests: `/search` serves the given pages, following tokens in `next` links
 * (`?token=page-N` for GET, `{"token":"page-N"}` for POST); faults queued with `failNext`, `delayNext` and
 * `invalidJsonNext` apply to the next requests in turn, whatever their path.
 */
export async function startFakeStacServer(pages: FakeStacPage[] = []): Promise<FakeStacServer> {
  let currentPages = pages;
  const routes = new Map<string, FakeRoute>();
  const faults: Fault[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing).catch((error: unknown) => {
      if (!outgoing.headersSent) send(outgoing, { status: 500, body: { code: 'FakeServerError', description: String(error) } });
    });
  });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const request = await recordRequest(incoming);
    requests.push(request);

    const fault = faults.shift();
    if (fault?.kind === 'status') {
      const headers: Record<string, string> =
        fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
      send(outgoing, { status: fault.status, headers, body: fault.body ?? '' });
      return;
    }
    if (fault?.kind === 'invalid-json') {
      send(outgoing, {
        status: 200,
        headers: { 'content-type': 'application/geo+json' },
        body: '{"type":"FeatureCollection","features":[',
      });
      return;
    }
    if (fault?.kind === 'delay') {
      if (fault.ms === Number.POSITIVE_INFINITY) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, fault.ms);
        timers.add(timer);
      });
    }

    const route = routes.get(request.path);
    if (route) send(outgoing, await route(request));
    else if (request.path === '/search') send(outgoing, searchPage(request));
    else send(outgoing, { status: 404, body: { code: 'NotFound', description: `No route ${request.path}` } });
  }

  function searchPage(request: RecordedRequest): FakeResponse {
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    const token = request.method === 'GET' ? request.query.token : body.token;
    const index = token === undefined ? 0 : Number(/^page-(\d+)$/.exec(String(token))?.[1] ?? Number.NaN);
    const page = currentPages[index];
    if (page === undefined) return { status: 400, body: { code: 'BadRequest', description: `Unknown page token ${String(token)}` } };

    const links: unknown[] = [];
    if (page.next?.method === 'GET') {
      links.push({ rel: 'next', type: 'application/geo+json', method: 'GET', href: `${url}/search?token=page-${page.next.page}` });
    } else if (page.next?.method === 'POST') {
      const nextToken = `page-${page.next.page}`;
      links.push({
        rel: 'next',
        type: 'application/geo+json',
        method: 'POST',
        href: `${url}/search`,
        body: page.next.merge ? { token: nextToken } : { ...body, token: nextToken },
        merge: page.next.merge,
      });
    }
    return {
      headers: { 'content-type': 'application/geo+json' },
      body: { type: 'FeatureCollection', features: page.features, links, numberReturned: page.features.length },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    setPages: (next) => {
      currentPages = next;
    },
    route: (path, handler) => {
      routes.set(path, handler);
    },
    failNext: (count, status, options = {}) => {
      for (let i = 0; i < count; i += 1) faults.push({ kind: 'status', status, ...options });
    },
    delayNext: (ms) => {
      faults.push({ kind: 'delay', ms });
    },
    invalidJsonNext: () => {
      faults.push({ kind: 'invalid-json' });
    },
    reset: () => {
      requests.length = 0;
      faults.length = 0;
      currentPages = [];
      routes.clear();
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      // Requests held open on purpose (delayNext(Infinity)) would keep close() waiting forever.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function recordRequest(incoming: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const requestUrl = new URL(incoming.url ?? '/', 'http://127.0.0.1');
  return { method: incoming.method ?? 'GET', path: requestUrl.pathname, query: Object.fromEntries(requestUrl.searchParams), body };
}

function send(outgoing: ServerResponse, response: FakeResponse): void {
  const { status = 200, headers = {}, body = '' } = response;
  const isRaw = typeof body === 'string' || body instanceof Uint8Array;
  const payload = isRaw ? body : JSON.stringify(body);
  outgoing.writeHead(status, { ...(isRaw ? {} : { 'content-type': 'application/json' }), ...headers });
  outgoing.end(payload);
}
