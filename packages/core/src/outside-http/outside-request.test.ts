// The tests talk to a real HTTP server; the module itself uses no Node API.
/// <reference types="node" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OutsideRequestError,
  sendOutsideRequest,
  urlWithoutSecrets,
  type OutsideRequestOptions,
  type OutsideRetry,
} from './outside-request.ts';
import { RequestPace } from './request-pace.ts';

/** How the server answers one request; requests beyond the script get 200 "ok". */
type Answer =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Headers never sent. */
  | 'stall'
  /** Headers and the start of the body sent, then nothing. */
  | 'stall-in-body'
  /** The request read whole, then the connection closed without a word. */
  | 'drop';

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const script: Answer[] = [];
const seen: SeenRequest[] = [];
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
    answer(script.shift() ?? { status: 200, body: 'ok' }, response);
  });
});

function answer(scripted: Answer, response: ServerResponse): void {
  if (scripted === 'stall') return;
  if (scripted === 'drop') {
    response.socket?.destroy();
    return;
  }
  if (scripted === 'stall-in-body') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"features":[');
    return;
  }
  response.writeHead(scripted.status, scripted.headers);
  response.end(scripted.body ?? '');
}

let baseUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let waits: number[];
let retries: OutsideRetry[];
const nowMs = Date.parse('2026-01-20T08:30:00Z');

beforeEach(() => {
  script.length = 0;
  seen.length = 0;
  waits = [];
  retries = [];
});

function options(overrides: Partial<OutsideRequestOptions> = {}): OutsideRequestOptions {
  return {
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    now: () => nowMs,
    timeoutMs: 2_000,
    retries: 3,
    firstBackoffMs: 500,
    maxRetryAfterMs: 30_000,
    random: () => 0,
    onRetry: (retry) => retries.push(retry),
    ...overrides,
  };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error as OutsideRequestError,
  );

describe('sendOutsideRequest: what it sends and gives back', () => {
  it('sends the method, headers and body, and gives back the 2xx answer with its body read', async () => {
    script.push({ status: 201, body: '{"id":"message-1"}', headers: { 'content-type': 'application/json' } });

    const answer = await sendOutsideRequest(
      { method: 'POST', url: `${baseUrl}/messages`, headers: { 'content-type': 'application/json' }, body: '{"to":"+263771234567"}' },
      options(),
    );

    expect(answer).toMatchObject({ text: '{"id":"message-1"}', attempts: 1 });
    expect(answer.response.status).toBe(201);
    expect(answer.response.headers.get('content-type')).toBe('application/json');
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', url: '/messages', body: '{"to":"+263771234567"}' })]);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(waits).toEqual([]);
  });
});

describe('sendOutsideRequest: the pace', () => {
  it('waits for a slot before each attempt, retries too, once the burst is spent', async () => {
    const pace = new RequestPace(60, 2, { now: () => nowMs });
    await sendOutsideRequest({ url: `${baseUrl}/first` }, options({ pace }));
    await sendOutsideRequest({ url: `${baseUrl}/second` }, options({ pace }));
    expect(waits).toEqual([]);
    script.push({ status: 503 });
    await sendOutsideRequest({ url: `${baseUrl}/third` }, options({ pace }));
    // The third request's slot is 1 s on (60 a minute); its retry waits the backoff and then the next slot.
    expect(waits).toEqual([1_000, 500, 2_000]);
    expect(seen.map((request) => request.url)).toEqual(['/first', '/second', '/third', '/third']);
  });

  it('stops waiting for its slot when the caller gives up, and sends nothing', async () => {
    const pace = new RequestPace(1, 1, { now: () => nowMs });
    pace.book();
    const controller = new AbortController();
    const failure = failureOf(
      sendOutsideRequest(
        { url: `${baseUrl}/paced` },
        options({ pace, signal: controller.signal, sleep: () => new Promise((resolve) => setTimeout(resolve, 60_000)) }),
      ),
    );
    controller.abort(new Error('cancelled'));
    expect((await failure).kind).toBe('aborted');
    expect(seen).toEqual([]);
  });
});

describe('sendOutsideRequest: retries', () => {
  it('tries a 503 again after the first backoff and gives back the 200 that follows', async () => {
    script.push({ status: 503, body: 'overloaded' });

    const answer = await sendOutsideRequest({ url: `${baseUrl}/search` }, options());

    expect(answer).toMatchObject({ text: 'ok', attempts: 2 });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([500]);
    expect(retries).toHaveLength(1);
    expect(retries[0]!.waitMs).toBe(500);
    expect(retries[0]!.failure).toMatchObject({ kind: 'status', status: 503, responseText: 'overloaded', attempts: 1 });
  });

  it('doubles the wait after each failure, less a random share of up to half', async () => {
    script.push({ status: 500 }, { status: 502 }, { status: 504 });
    const shares = [0, 0.5, 0.999];

    await sendOutsideRequest({ url: `${baseUrl}/search` }, options({ random: () => shares.shift()! }));

    expect(waits).toEqual([500, 750, 1001]);
  });

  it('gives up after the retries with the last status, its body and the number of attempts', async () => {
    script.push(...Array.from({ length: 3 }, () => ({ status: 500, body: '{"description":"opensearch unavailable"}' })));

    const error = await failureOf(sendOutsideRequest({ method: 'POST', url: `${baseUrl}/search`, body: '{}' }, options({ retries: 2 })));

    expect(error).toBeInstanceOf(OutsideRequestError);
    expect(error).toMatchObject({
      kind: 'status',
      status: 500,
      statusText: 'Internal Server Error',
      responseText: '{"description":"opensearch unavailable"}',
      detail: 'HTTP 500 Internal Server Error',
      attempts: 3,
      url: `${baseUrl}/search`,
      method: 'POST',
    });
    expect(error.message).toBe(`POST ${baseUrl}/search: HTTP 500 Internal Server Error (3 attempts)`);
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
  });

  it.each([400, 401, 404, 409, 422])('does not try a %i again', async (status) => {
    script.push({ status, body: 'no such thing' });

    const error = await failureOf(sendOutsideRequest({ url: `${baseUrl}/collections/nothing` }, options()));

    expect(error).toMatchObject({ kind: 'status', status, attempts: 1, responseText: 'no such thing', isRetryable: false });
    expect(error.message).toMatch(/\(1 attempt\)$/);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe('sendOutsideRequest: Retry-After', () => {
  it('waits what a 429 asks in seconds, up to the cap', async () => {
    script.push({ status: 429, headers: { 'retry-after': '7' } }, { status: 429, headers: { 'retry-after': '3600' } });

    const answer = await sendOutsideRequest({ url: `${baseUrl}/search` }, options());

    expect(answer.attempts).toBe(3);
    expect(waits).toEqual([7_000, 30_000]);
    expect(retries.map((retry) => retry.failure.status)).toEqual([429, 429]);
  });

  it('reads a Retry-After given as a date against the clock', async () => {
    const inTwelveSeconds = new Date(nowMs + 12_000).toUTCString();
    script.push({ status: 503, headers: { 'retry-after': inTwelveSeconds } }, { status: 429, headers: { 'retry-after': 'soon' } });

    await sendOutsideRequest({ url: `${baseUrl}/search` }, options());

    // The unreadable one falls back to the backoff of the second retry.
    expect(waits).toEqual([12_000, 1_000]);
  });
});

describe('sendOutsideRequest: timeouts and the network', () => {
  it('times out an attempt that gets no answer, and gives up after the retries', async () => {
    script.push('stall', 'stall');

    const error = await failureOf(sendOutsideRequest({ url: `${baseUrl}/search` }, options({ timeoutMs: 100, retries: 1 })));

    expect(error).toMatchObject({ kind: 'timeout', status: null, responseText: null, attempts: 2, timeoutMs: 100 });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([500]);
    expect(retries[0]!.failure).toMatchObject({ kind: 'timeout', attempts: 1 });
  });

  it('times out an answer that stalls halfway through its body, and tries it again', async () => {
    script.push('stall-in-body');

    const answer = await sendOutsideRequest({ url: `${baseUrl}/search` }, options({ timeoutMs: 100 }));

    expect(answer).toMatchObject({ text: 'ok', attempts: 2 });
    expect(retries[0]!.failure.kind).toBe('timeout');
  });

  it('reports a service that cannot be reached as a network failure, after the retries', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/search`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await failureOf(sendOutsideRequest({ url: closedUrl }, options({ retries: 1 })));

    expect(error).toMatchObject({ kind: 'network', status: null, attempts: 2 });
    expect(error.detail).toMatch(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(waits).toEqual([500]);
  });
});

describe('sendOutsideRequest: a request not safe to repeat (an SMS sent)', () => {
  const post = (url = `${baseUrl}/messages`) => ({ method: 'POST', url, body: 'To=%2B263771234567&Body=Frost' });

  it('is not sent again after a timeout: the service may have carried it out', async () => {
    script.push('stall');

    const error = await failureOf(sendOutsideRequest(post(), options({ timeoutMs: 100, repeatable: false })));

    expect(error).toMatchObject({ kind: 'timeout', attempts: 1, mayHaveBeenCarriedOut: true });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('is not sent again after the connection dropped once the request was read', async () => {
    script.push('drop');

    const error = await failureOf(sendOutsideRequest(post(), options({ repeatable: false })));

    expect(error).toMatchObject({ kind: 'network', attempts: 1, mayHaveBeenCarriedOut: true });
    expect(seen).toHaveLength(1);
  });

  it.each([500, 502, 504])('is not sent again after a %i, which does not say the request was left undone', async (status) => {
    script.push({ status });

    const error = await failureOf(sendOutsideRequest(post(), options({ repeatable: false })));

    expect(error).toMatchObject({ kind: 'status', status, attempts: 1, mayHaveBeenCarriedOut: true });
    expect(seen).toHaveLength(1);
  });

  it('is sent again after a 429 or a 503: the service said it did not take it', async () => {
    script.push({ status: 429 }, { status: 503 });

    const answer = await sendOutsideRequest(post(), options({ repeatable: false }));

    expect(answer.attempts).toBe(3);
    expect(seen).toHaveLength(3);
  });

  it('is sent again when the connection was refused: it never left', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/messages`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await failureOf(sendOutsideRequest(post(closedUrl), options({ retries: 2, repeatable: false })));

    expect(error).toMatchObject({ kind: 'network', attempts: 3, mayHaveBeenCarriedOut: false });
    expect(waits).toEqual([500, 1000]);
  });

  it('is tried again by default (a read) after a timeout', async () => {
    script.push('stall');

    const answer = await sendOutsideRequest({ url: `${baseUrl}/search` }, options({ timeoutMs: 100 }));

    expect(answer.attempts).toBe(2);
  });
});

describe('sendOutsideRequest: the caller stops', () => {
  it('drops the attempt in flight at once and tries nothing more', async () => {
    script.push('stall');
    const stop = new AbortController();
    const reason = new Error('the analysis was cancelled');
    const started = performance.now();
    setTimeout(() => stop.abort(reason), 50);

    const error = await failureOf(sendOutsideRequest({ url: `${baseUrl}/search` }, options({ signal: stop.signal })));

    expect(error).toMatchObject({ kind: 'aborted', attempts: 1, isRetryable: false });
    expect(error.cause).toBe(reason);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('stops during the wait between attempts', async () => {
    script.push({ status: 503 });
    const stop = new AbortController();
    const reason = new Error('the analysis was cancelled');
    const waitForever = (ms: number) => {
      waits.push(ms);
      setTimeout(() => stop.abort(reason), 10);
      return new Promise<void>(() => {});
    };

    const error = await failureOf(sendOutsideRequest({ url: `${baseUrl}/search` }, options({ signal: stop.signal, sleep: waitForever })));

    expect(error).toMatchObject({ kind: 'aborted', attempts: 1 });
    expect(error.cause).toBe(reason);
    expect(seen).toHaveLength(1);
  });

  it('sends nothing when the caller has already stopped', async () => {
    const stop = new AbortController();
    stop.abort(new Error('cancelled'));

    const error = await failureOf(sendOutsideRequest({ url: `${baseUrl}/search` }, options({ signal: stop.signal })));

    expect(error).toMatchObject({ kind: 'aborted', attempts: 0 });
    expect(seen).toHaveLength(0);
  });
});

describe('URLs without secrets', () => {
  it('masks the secret query parameters in errors and retries, and sends them', async () => {
    script.push({ status: 503 }, { status: 401 });
    const url = `${baseUrl}/v1/forecast?latitude=-17.8&apikey=secret-key-123`;

    const error = await failureOf(sendOutsideRequest({ url, secretParams: ['apikey'] }, options()));

    const shown = `${baseUrl}/v1/forecast?latitude=-17.8&apikey=***`;
    expect(error.url).toBe(shown);
    expect(retries[0]!.failure.url).toBe(shown);
    expect(error.message).not.toContain('secret-key-123');
    expect(seen[0]!.url).toBe('/v1/forecast?latitude=-17.8&apikey=secret-key-123');
  });

  it('drops a user and password written into the URL', () => {
    expect(urlWithoutSecrets('https://ops:s3cret@sms.example.org/send?to=1&key=k', ['key'])).toBe(
      'https://sms.example.org/send?to=1&key=***',
    );
  });

  it('leaves a URL without secrets as it was written', () => {
    expect(urlWithoutSecrets('https://earth-search.aws.element84.com/v1/search', ['apikey'])).toBe(
      'https://earth-search.aws.element84.com/v1/search',
    );
    expect(urlWithoutSecrets('not a url')).toBe('not a url');
  });
});
