import { setTimeout as sleep } from 'node:timers/promises';
import { OutsideRequestError, sendOutsideRequest, type OutsideAnswer, type PolygonBoundary, type RequestPace } from '@murimi/core';
import { z } from 'zod';
import type { BandName, StacSource } from './sources.ts';
import { parseStacItem, type SkippedStacItem, type StacItem } from './stac-item.ts';

export interface SceneSearch {
  /** The area to search, WGS84 (a circular field first becomes a polygon with `boundaryAsPolygon`). */
  intersects: PolygonBoundary;
  /** First day, `YYYY-MM-DD`, UTC, inclusive. */
  from: string;
  /** Last day, `YYYY-MM-DD`, UTC, inclusive. */
  to: string;
  /** Overrides the source's `maxCloudCoverPct` for this search. */
  maxCloudCoverPct?: number;
}

export interface StacLogEvent {
  level: 'warn' | 'info';
  message: string;
  context: Record<string, unknown>;
}

export interface StacRequestOptions {
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Time allowed for one attempt, answer included; default 30 s. */
  timeoutMs?: number;
  /**
   * Further attempts after a timeout, a network error, a 429 or a 5xx; default 3 (waits of 0.5 s, 1 s, 2 s, each less
   * a random share of up to half, or what a `Retry-After` asks, up to 30 s).
   */
  retries?: number;
  /** Waits between attempts; defaults to a timer. */
  delay?: (ms: number) => Promise<void>;
  log?: (event: StacLogEvent) => void;
  /** The catalogue's pace: each request, a page or a retry, waits for its slot (`RequestPace`). */
  pace?: RequestPace;
  /**
   * The caller's reason to stop (a cancelled analysis): the request in flight is dropped, no retry or further page
   * follows, and the search rejects with the signal's reason, never as a `StacError`.
   */
  signal?: AbortSignal;
}

/** How `searchScenes` pages and retries; `SceneSearchOptions` adds the shared cache the field readers use. */
export interface StacSearchOptions extends StacRequestOptions {
  /** Most scenes to collect (kept and skipped together) before paging stops; default 1000. */
  maxItems?: number;
}

export interface SceneSearchResult<B extends BandName> {
  /** Scenes in time order, each id once. */
  items: StacItem<B>[];
  skipped: SkippedStacItem[];
  pageCount: number;
  /**
   * Why paging stopped: the catalogue had no further page, `maxItems` was reached, or the server offered a page
   * already read (same request, or nothing new on it), which would otherwise go on forever.
   */
  stoppedBy: 'last-page' | 'max-items' | 'repeated-page';
}

export type StacErrorKind = 'timeout' | 'http' | 'network' | 'invalid-response';

/** A STAC API that could not be reached or did not answer usefully, after the retries that made sense. */
export class StacError extends Error {
  override readonly name = 'StacError';
  readonly kind: StacErrorKind;
  readonly url: string;
  /** HTTP status of the last answer; null when none came (timeout, network). */
  readonly status: number | null;
  readonly attempts: number;

  constructor(details: { kind: StacErrorKind; url: string; status: number | null; attempts: number; message: string; cause?: unknown }) {
    super(details.message, { cause: details.cause });
    this.kind = details.kind;
    this.url = details.url;
    this.status = details.status;
    this.attempts = details.attempts;
  }
}

const defaultTimeoutMs = 30_000;
const defaultRetries = 3;
const defaultMaxItems = 1_000;
const firstBackoffMs = 500;
/** A Retry-After longer than this is not waited for in full: the job is better off failing and running later. */
const maxRetryAfterMs = 30_000;
const pageLimit = 100;

/**
 * Finds the scenes of `source` over a field between two days: `POST {stacUrl}/search` with the source's
 * collection and cloud filter, following `next` links until the last page or `maxItems`.
 * Items without a wanted band or a CRS come back in `skipped` with the reason.
 * Throws `StacError` when the API cannot be reached or answers with an error or something that is not STAC.
 */
export async function searchScenes<B extends BandName>(
  source: StacSource<B>,
  search: SceneSearch,
  options: StacSearchOptions = {},
): Promise<SceneSearchResult<B>> {
  const settings = requestSettings(options);
  const maxItems = Math.max(1, options.maxItems ?? defaultMaxItems);
  const searchBody: JsonObject = {
    collections: [source.collection],
    intersects: search.intersects,
    datetime: datetimeRange(search.from, search.to),
    query: { 'eo:cloud_cover': { lt: search.maxCloudCoverPct ?? source.maxCloudCoverPct } },
    limit: Math.min(pageLimit, maxItems),
  };

  const itemsById = new Map<string, StacItem<B>>();
  const skipped: SkippedStacItem[] = [];
  const seenIds = new Set<string>();
  const requested = new Set<string>();
  let request: PageRequest = { method: 'POST', url: `${source.stacUrl.replace(/\/+$/, '')}/search`, body: searchBody, headers: {} };
  let collected = 0;
  let pageCount = 0;

  for (;;) {
    requested.add(requestSignature(request));
    const page = readSearchPage(await requestJson(request, settings), request);
    pageCount += 1;

    let newOnPage = 0;
    let leftOnPage = false;
    for (const feature of page.features) {
      if (collected >= maxItems) {
        leftOnPage = true;
        break;
      }
      const parsed = parseStacItem(feature, source.assetKeys, request.url);
      const id = parsed.ok ? parsed.item.id : parsed.skipped.id;
      if (id !== null && seenIds.has(id)) continue;
      if (id !== null) seenIds.add(id);
      if (parsed.ok) itemsById.set(parsed.item.id, parsed.item);
      else skipped.push(parsed.skipped);
      newOnPage += 1;
      collected += 1;
    }

    // A page with nothing new, or a next link to a request already made, would repeat forever; an empty page
    // ends the search even when it still offers a next link.
    const { next } = page;
    if (next !== null && newOnPage > 0 && collected < maxItems && !requested.has(requestSignature(next))) {
      request = next;
      continue;
    }

    let stoppedBy: SceneSearchResult<B>['stoppedBy'] = 'last-page';
    if (collected >= maxItems && (next !== null || leftOnPage)) {
      stoppedBy = 'max-items';
      settings.log?.({ level: 'info', message: `STAC search stopped at ${maxItems} items`, context: { url: request.url, pageCount } });
    } else if (next !== null && page.features.length > 0) {
      stoppedBy = 'repeated-page';
      settings.log?.({
        level: 'warn',
        message: 'STAC API offered a page already read; paging stopped there',
        context: { url: request.url, nextUrl: next.url, pageCount },
      });
    }
    const items = [...itemsById.values()].sort((a, b) => a.datetime.getTime() - b.datetime.getTime() || a.id.localeCompare(b.id));
    return { items, skipped, pageCount, stoppedBy };
  }
}

/** `2024-01-01`, `2024-03-31` → `2024-01-01T00:00:00Z/2024-03-31T23:59:59Z`, both days whole. */
function datetimeRange(from: string, to: string): string {
  for (const day of [from, to]) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
      throw new RangeError(`A search day must be YYYY-MM-DD, not "${day}".`);
    }
  }
  if (from > to) throw new RangeError(`The search starts (${from}) after it ends (${to}).`);
  return `${from}T00:00:00Z/${to}T23:59:59Z`;
}

type JsonObject = Record<string, unknown>;

interface PageRequest {
  method: 'GET' | 'POST';
  url: string;
  body: JsonObject | null;
  /** Headers a `next` link asked for, on top of the usual ones. */
  headers: Record<string, string>;
}

interface SearchPage {
  features: unknown[];
  next: PageRequest | null;
}

function requestSignature(request: PageRequest): string {
  return `${request.method} ${request.url} ${JSON.stringify(request.body)}`;
}

const searchPageSchema = z.object({
  features: z.array(z.unknown()),
  links: z.array(z.unknown()).optional(),
});

// STAC API Item Search: a `next` link is a GET of `href` unless it says POST, with `body` replacing the previous
// body, or merged into it when `merge` is true.
const nextLinkSchema = z.object({
  rel: z.literal('next'),
  href: z.string().min(1),
  method: z
    .string()
    .transform((method) => method.toUpperCase())
    .pipe(z.enum(['GET', 'POST']))
    .optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  merge: z.boolean().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

function readSearchPage({ json, status, attempts }: JsonAnswer, request: PageRequest): SearchPage {
  const invalid = (detail: string) =>
    new StacError({
      kind: 'invalid-response',
      url: request.url,
      status,
      attempts,
      message: `STAC API answered ${request.method} ${request.url} with something that is not a STAC item collection: ${detail}.`,
    });

  const page = searchPageSchema.safeParse(json);
  if (!page.success) throw invalid(describeIssues(page.error));
  const rawNext = page.data.links?.find((link) => typeof link === 'object' && link !== null && 'rel' in link && link.rel === 'next');
  if (rawNext === undefined) return { features: page.data.features, next: null };

  const link = nextLinkSchema.safeParse(rawNext);
  if (!link.success) throw invalid(`its next link is unusable (${describeIssues(link.error)})`);
  if (!URL.canParse(link.data.href, request.url)) throw invalid(`its next link "${link.data.href}" is not a URL`);
  const url = new URL(link.data.href, request.url).href;
  const { merge = false } = link.data;

  if ((link.data.method ?? 'GET') === 'GET') {
    return { features: page.data.features, next: { method: 'GET', url, body: null, headers: link.data.headers ?? {} } };
  }
  const body = merge ? { ...request.body, ...link.data.body } : (link.data.body ?? request.body);
  const headers = merge ? { ...request.headers, ...link.data.headers } : (link.data.headers ?? {});
  return { features: page.data.features, next: { method: 'POST', url, body, headers } };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

interface RequestSettings {
  fetch: typeof fetch;
  timeoutMs: number;
  retries: number;
  delay: (ms: number) => Promise<void>;
  log: ((event: StacLogEvent) => void) | undefined;
  pace: RequestPace | undefined;
  signal: AbortSignal | undefined;
}

function requestSettings(options: StacRequestOptions): RequestSettings {
  return {
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    retries: Math.max(0, options.retries ?? defaultRetries),
    delay: options.delay ?? ((ms) => sleep(ms)),
    log: options.log,
    pace: options.pace,
    signal: options.signal,
  };
}

interface JsonAnswer {
  json: unknown;
  status: number;
  attempts: number;
}

/** Sends one request, retried by core's outside request (timeouts, network, 429, 5xx); each retry is logged. */
async function requestJson(request: PageRequest, settings: RequestSettings): Promise<JsonAnswer> {
  let answer: OutsideAnswer;
  try {
    answer = await sendOutsideRequest(
      {
        method: request.method,
        url: request.url,
        headers: {
          accept: 'application/geo+json, application/json',
          ...(request.body === null ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === null ? undefined : JSON.stringify(request.body),
      },
      {
        fetch: settings.fetch,
        sleep: settings.delay,
        now: Date.now,
        timeoutMs: settings.timeoutMs,
        retries: settings.retries,
        firstBackoffMs,
        maxRetryAfterMs,
        pace: settings.pace,
        signal: settings.signal,
        onRetry: ({ failure, waitMs }) =>
          settings.log?.({
            level: 'warn',
            message: `${failureMessage(request, failure)}; retrying in ${waitMs} ms`,
            context: {
              url: request.url,
              method: request.method,
              attempt: failure.attempts,
              status: failure.status,
              kind: stacKind(failure),
              waitMs,
            },
          }),
      },
    );
  } catch (error) {
    if (!(error instanceof OutsideRequestError)) throw error;
    // The caller's own reason (a cancelled analysis), never a StacError: nothing went wrong with the catalogue.
    if (error.kind === 'aborted') throw error.cause;
    throw new StacError({
      kind: stacKind(error),
      url: request.url,
      status: error.status,
      attempts: error.attempts,
      message: `${failureMessage(request, error)} (${attemptCount(error.attempts)}).`,
      cause: error.cause,
    });
  }

  const { response, text, attempts } = answer;
  try {
    return { json: JSON.parse(text), status: response.status, attempts };
  } catch (error) {
    const detail = text.trim() === '' ? 'an empty answer' : `"${excerpt(text)}"`;
    throw new StacError({
      kind: 'invalid-response',
      url: request.url,
      status: response.status,
      attempts,
      message: `STAC API answered ${request.method} ${request.url} with something that is not JSON: ${detail} (${attemptCount(attempts)}).`,
      cause: error,
    });
  }
}

function stacKind(failure: OutsideRequestError): StacErrorKind {
  return failure.kind === 'status' ? 'http' : failure.kind === 'timeout' ? 'timeout' : 'network';
}

function attemptCount(attempts: number): string {
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

function failureMessage(request: PageRequest, failure: OutsideRequestError): string {
  switch (failure.kind) {
    case 'timeout':
      return `STAC API did not answer ${request.method} ${request.url} within ${failure.timeoutMs} ms`;
    // An abort never gets here: it is thrown as the caller's own reason.
    case 'network':
    case 'aborted':
      return `Could not reach the STAC API at ${request.url}: ${failure.detail}`;
    case 'status': {
      const body = failure.responseText ?? '';
      return `STAC API answered ${request.method} ${request.url} with ${failure.detail}${body.trim() === '' ? '' : `: ${excerpt(body)}`}`;
    }
  }
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}
