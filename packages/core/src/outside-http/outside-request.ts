import type { RequestPace } from './request-pace.ts';
import { webPlatform, type MinimalAbortSignal, type OutsideFetch, type OutsideResponse } from './web-platform.ts';

export type { OutsideFetch, OutsideFetchInit, OutsideResponse, PlatformAbortSignal } from './web-platform.ts';

/**
 * One request to a service outside Murimi (a STAC catalogue, Open-Meteo, an SMS provider): each attempt has its
 * own timeout, and what may pass is tried again after a growing wait. Each client turns an `OutsideRequestError`
 * into its own error and log line.
 */

export interface OutsideRequest {
  /** Default GET. */
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** Text, so that a retry can send it again. */
  body?: string;
  /** Query parameters that hold secrets (an API key): masked as `***` wherever the URL is shown. */
  secretParams?: readonly string[];
}

export interface OutsideRequestOptions {
  fetch: OutsideFetch;
  /** Waits between attempts (a timer, or a test's record of the waits). */
  sleep: (ms: number) => Promise<void>;
  /** Milliseconds since 1970, to read a `Retry-After` given as a date. */
  now: () => number;
  /** Time allowed for one attempt, its answer's body included. */
  timeoutMs: number;
  /** Further attempts after a timeout, a network error, a 429 or a 5xx. */
  retries: number;
  /** The wait before the first retry; each further one doubles it. */
  firstBackoffMs: number;
  /**
   * The longest `Retry-After` waited for: a client whose caller is a person waiting wants a short one, a job a
   * longer one. A longer ask is cut to this.
   */
  maxRetryAfterMs: number;
  /** In [0, 1); defaults to `Math.random`. Tests fix it. */
  random?: () => number;
  /** The service's pace: every attempt, a retry too, waits for its slot (`RequestPace`). */
  pace?: RequestPace | undefined;
  /** The caller's reason to stop: the attempt in flight is dropped and no retry follows. */
  signal?: MinimalAbortSignal | undefined;
  /** Hears each failed attempt that will be tried again, before the wait; the client logs it. */
  onRetry?: (retry: OutsideRetry) => void;
  /**
   * Whether sending the request twice does no harm (a read; the default). A request that does something each time it
   * arrives (a POST that sends an SMS) is not: once it may have reached the service — a timeout, a connection lost
   * after it was made, a 500, 502 or 504 — it is not sent again, and the caller finds out what became of it. It is
   * tried again only when it surely was not carried out: the connection was never made, or a 429 or 503 said so.
   */
  repeatable?: boolean;
}

export interface OutsideRetry {
  /** The failure of the attempt just made, as it would have been thrown. */
  failure: OutsideRequestError;
  waitMs: number;
}

export interface OutsideAnswer {
  /** A 2xx answer; its body has been read into `text`. */
  response: OutsideResponse;
  /** Read within the attempt: an answer that stalls halfway is a timeout, and tried again like one. */
  text: string;
  attempts: number;
}

/** timeout and network: no answer came; status: an answer that is not 2xx; aborted: the caller stopped. */
export type OutsideFailureKind = 'timeout' | 'network' | 'status' | 'aborted';

/** A request that failed, after the retries that made sense. */
export class OutsideRequestError extends Error {
  override readonly name = 'OutsideRequestError';
  readonly kind: OutsideFailureKind;
  readonly method: string;
  /** The URL without its user and password, and with its secret parameters masked. */
  readonly url: string;
  /** HTTP status of the last answer; null when none came. */
  readonly status: number | null;
  /** The status's reason phrase, '' when there is none. */
  readonly statusText: string;
  /** The last answer's body, for the client's own message; null when none came. */
  readonly responseText: string | null;
  /** What went wrong, for the operator: "HTTP 503 Service Unavailable", "connect ECONNREFUSED 10.0.0.2:443". */
  readonly detail: string;
  readonly attempts: number;
  /** The per-attempt limit that a timeout ran into. */
  readonly timeoutMs: number;
  /**
   * Whether the service may have carried the request out although no usable answer came: the request may have
   * arrived (a timeout, a connection lost after it was made, a stop in the middle of an attempt) or the answer does
   * not say it was left undone (a 5xx other than 503). False for a connection never made and for refusals.
   */
  readonly mayHaveBeenCarriedOut: boolean;

  constructor(details: {
    kind: OutsideFailureKind;
    method: string;
    url: string;
    status: number | null;
    statusText: string;
    responseText: string | null;
    detail: string;
    attempts: number;
    timeoutMs: number;
    mayHaveBeenCarriedOut: boolean;
    cause?: unknown;
  }) {
    super(`${details.method} ${details.url}: ${details.detail} (${details.attempts} ${details.attempts === 1 ? 'attempt' : 'attempts'})`, {
      cause: details.cause,
    });
    this.kind = details.kind;
    this.method = details.method;
    this.url = details.url;
    this.status = details.status;
    this.statusText = details.statusText;
    this.responseText = details.responseText;
    this.detail = details.detail;
    this.attempts = details.attempts;
    this.timeoutMs = details.timeoutMs;
    this.mayHaveBeenCarriedOut = details.mayHaveBeenCarriedOut;
  }

  /** Whether a later attempt might succeed: the service was slow, unreachable, overloaded or failing. */
  get isRetryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || (this.kind === 'status' && isRetryableStatus(this.status ?? 0));
  }
}

/**
 * Sends `request`, trying again after a timeout, a network error, a 429 or a 5xx, at most `retries` times.
 * The n-th wait is `firstBackoffMs · 2ⁿ⁻¹`, less a random share of up to half (so that callers that failed
 * together do not come back together), or what a 429's or 5xx's `Retry-After` asks, up to `maxRetryAfterMs`.
 * Any other 4xx is not tried again, nor is a request that is not `repeatable` once it may have been carried out.
 * Throws `OutsideRequestError`; after an abort its kind is `aborted` and its cause the signal's reason.
 */
export async function sendOutsideRequest(request: OutsideRequest, options: OutsideRequestOptions): Promise<OutsideAnswer> {
  const service = hostOf(request.url);
  try {
    const answer = await sendWithRetries(request, options);
    for (const listener of settledListeners) listener({ service, outcome: 'answered', attempts: answer.attempts });
    return answer;
  } catch (error) {
    const failure = error instanceof OutsideRequestError ? error : undefined;
    if (failure?.kind !== 'aborted') {
      for (const listener of settledListeners) listener({ service, outcome: 'failed', attempts: failure?.attempts ?? 1 });
    }
    throw error;
  }
}

/** How one outside request ended (a caller's abort is not counted): for the server's metrics. */
export interface OutsideRequestSettled {
  /** The service's host name, e.g. `api.open-meteo.com`. */
  service: string;
  outcome: 'answered' | 'failed';
  attempts: number;
}

const settledListeners = new Set<(settled: OutsideRequestSettled) => void>();

/** Hears how every outside request of this process ends, until the returned function is called. */
export function onOutsideRequestSettled(listener: (settled: OutsideRequestSettled) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown';
  }
}

async function sendWithRetries(request: OutsideRequest, options: OutsideRequestOptions): Promise<OutsideAnswer> {
  const retries = Math.max(0, options.retries);
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    if (options.signal?.aborted) throw abortedError(request, options, attempt - 1, false);
    const paceWaitMs = options.pace?.book() ?? 0;
    if (paceWaitMs > 0) {
      try {
        await abortable(options.sleep(paceWaitMs), options.signal);
      } catch (error) {
        if (options.signal?.aborted) throw abortedError(request, options, attempt - 1, false);
        throw error;
      }
    }
    const outcome = await attemptRequest(request, options, attempt);
    if ('response' in outcome) return outcome;
    const { failure } = outcome;
    if (!failure.isRetryable || attempt > retries) throw failure;
    if (options.repeatable === false && failure.mayHaveBeenCarriedOut) throw failure;

    const backoffMs = options.firstBackoffMs * 2 ** (attempt - 1);
    const waitMs = outcome.retryAfterMs ?? Math.round(backoffMs * (1 - random() / 2));
    options.onRetry?.({ failure, waitMs });
    try {
      await abortable(options.sleep(waitMs), options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw abortedError(request, options, attempt, false);
      throw error;
    }
  }
}

/** `url` as it may be logged or shown: no user or password, each of `secretParams` masked as `***`. */
export function urlWithoutSecrets(url: string, secretParams: readonly string[] = []): string {
  let shown: InstanceType<typeof webPlatform.URL>;
  try {
    shown = new webPlatform.URL(url);
  } catch {
    // Not a URL: fetch refuses it too, and there is no query to mask.
    return url;
  }
  if (shown.username === '' && shown.password === '' && !secretParams.some((name) => shown.searchParams.has(name))) return url;
  shown.username = '';
  shown.password = '';
  for (const name of secretParams) if (shown.searchParams.has(name)) shown.searchParams.set(name, '***');
  return shown.href;
}

/** A failed attempt, with the wait its answer asked for (`Retry-After`). */
interface AttemptFailure {
  failure: OutsideRequestError;
  retryAfterMs: number | null;
}

async function attemptRequest(
  request: OutsideRequest,
  options: OutsideRequestOptions,
  attempt: number,
): Promise<OutsideAnswer | AttemptFailure> {
  const method = request.method ?? 'GET';
  const failure = (
    fields: Pick<OutsideRequestError, 'kind' | 'status' | 'statusText' | 'responseText' | 'detail' | 'mayHaveBeenCarriedOut'>,
    cause?: unknown,
    retryAfterMs: number | null = null,
  ): AttemptFailure => ({
    failure: new OutsideRequestError({
      ...fields,
      method,
      url: urlWithoutSecrets(request.url, request.secretParams),
      attempts: attempt,
      timeoutMs: options.timeoutMs,
      cause,
    }),
    retryAfterMs,
  });

  // One controller per attempt, aborted by its own timeout or by the caller (AbortSignal.any would do, but older
  // phones' browsers lack it). Its signal covers the body too, so an answer that stalls halfway also times out.
  const attemptController = new webPlatform.AbortController();
  const timeout = webPlatform.AbortSignal.timeout(options.timeoutMs);
  const onTimeout = () => attemptController.abort(timeout.reason);
  const onCallerAbort = () => attemptController.abort(options.signal?.reason);
  timeout.addEventListener('abort', onTimeout, { once: true });
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let response: OutsideResponse;
  let text: string;
  try {
    response = await options.fetch(request.url, {
      method,
      headers: request.headers ?? {},
      body: request.body,
      signal: attemptController.signal,
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) return { failure: abortedError(request, options, attempt, true), retryAfterMs: null };
    const noAnswer = { status: null, statusText: '', responseText: null };
    if (timeout.aborted) {
      // Whether the connection was even made is not known: it may have been carried out.
      const detail = `no answer within ${options.timeoutMs} ms`;
      return failure({ ...noAnswer, kind: 'timeout', detail, mayHaveBeenCarriedOut: true }, error);
    }
    const mayHaveBeenCarriedOut = !NEVER_CONNECTED_CODES.has(networkCode(error) ?? '');
    return failure({ ...noAnswer, kind: 'network', detail: networkDetail(error), mayHaveBeenCarriedOut }, error);
  } finally {
    timeout.removeEventListener('abort', onTimeout);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (response.ok) return { response, text, attempts: attempt };
  return failure(
    {
      kind: 'status',
      status: response.status,
      statusText: response.statusText,
      responseText: text,
      detail: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
      mayHaveBeenCarriedOut: response.status >= 500 && response.status !== 503,
    },
    undefined,
    isRetryableStatus(response.status) ? retryAfterMs(response.headers.get('retry-after'), options.now(), options.maxRetryAfterMs) : null,
  );
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `midAttempt`: the stop came while an attempt was in flight, which the service may have carried out. */
function abortedError(request: OutsideRequest, options: OutsideRequestOptions, attempts: number, midAttempt: boolean): OutsideRequestError {
  return new OutsideRequestError({
    kind: 'aborted',
    method: request.method ?? 'GET',
    url: urlWithoutSecrets(request.url, request.secretParams),
    status: null,
    statusText: '',
    responseText: null,
    detail: 'stopped by the caller',
    attempts,
    timeoutMs: options.timeoutMs,
    mayHaveBeenCarriedOut: midAttempt,
    cause: options.signal?.reason,
  });
}

/**
 * Socket errors that mean the connection was never made, so no byte of the request left: refused, no such host, no
 * route, or a connect that timed out (undici's own code).
 */
const NEVER_CONNECTED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The socket's error code that fetch keeps in its error's cause ("ECONNREFUSED"); null when there is none. */
function networkCode(error: unknown): string | null {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  return cause !== null && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
}

/** fetch rejects with "fetch failed"; the socket's reason ("connect ECONNREFUSED 10.0.0.2:443") is in the cause. */
function networkDetail(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const reason = cause?.message ?? (error instanceof Error ? error.message : String(error));
  const code = networkCode(error);
  return code === null || reason.includes(code) ? reason : `${code}: ${reason}`;
}

/** `Retry-After` in seconds or as an HTTP date (RFC 9110 §10.2.3), capped; null when absent or unreadable. */
function retryAfterMs(header: string | null, nowMs: number, maxMs: number): number | null {
  if (header === null) return null;
  if (/^\s*\d+\s*$/.test(header)) return Math.min(Number(header) * 1000, maxMs);
  const atMs = Date.parse(header);
  if (Number.isNaN(atMs)) return null;
  return Math.min(Math.max(0, atMs - nowMs), maxMs);
}

/** `work`, or the signal's reason as soon as it aborts (the work itself is left to finish). */
export function abortable<T>(work: Promise<T>, signal: MinimalAbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error as Error);
      },
    );
  });
}
