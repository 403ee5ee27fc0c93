import { lastModifiedEtag, type ApiErrorBody, type FieldProblem } from '@murimi/core';

/** A failed API call. `status` 0 means no answer reached the browser (offline, server down). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly problems: FieldProblem[] = [],
    /** The server's details as sent (e.g. each failing item of a bulk create). */
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's message for one input key, to show beside that form field. */
  problemFor(path: string): string | undefined {
    return this.problems.find((p) => p.path === path)?.message;
  }
}

/** A record that is not there for this person: 404, or 400 for an id that is not even a UUID. */
export const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

interface ClientHooks {
  token(): string | null;
  /** The person the token belongs to (its subject), or null. */
  person?(): string | null;
  /** Called once per failing request when a signed-in call answers 401 (spec §4). */
  onUnauthorized(): void;
  /** Called with each failed call (no answer: status 0), except a sign-in's or registration's refusal of what was typed. */
  onFailure?(error: ApiError, call: { method: string; endpoint: string; status: number }): void;
}

let hooks: ClientHooks = { token: () => null, onUnauthorized: () => {} };

export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

const AUTH_ENTRY_PATHS = ['/api/auth/login', '/api/auth/register'];

export interface RequestOptions {
  /** The `lastModified` of the record an update was based on: the server refuses it (409) if the record changed since. */
  basedOn?: string;
  /** Give up after this long (no answer counts as a connection failure, status 0). */
  timeoutMs?: number;
  /**
   * Send only under this person's session (a write kept offline): when someone else is signed in now, or nobody,
   * nothing is sent and the call fails with 401 `SESSION_CHANGED`.
   */
  asPerson?: string;
}

/** A request made for one person while another (or nobody) is signed in. */
export const SESSION_CHANGED_MESSAGE = 'This change was saved by someone who is not signed in now. It waits for them.';

export const CONNECTION_FAILED_MESSAGE = 'Unable to connect to the server. Please check your internet connection and try again.';

/** Sends a request with the bearer token; a failed answer becomes an ApiError with the server's message. */
async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const token = hooks.token();
  // Read together with the token, in the same turn: the request goes with the token of the person it names.
  if (options.asPerson !== undefined && (!token || hooks.person?.() !== options.asPerson)) {
    throw new ApiError(401, SESSION_CHANGED_MESSAGE, 'SESSION_CHANGED');
  }
  // A file goes as it is (boundary imports); everything else as JSON.
  const raw = body instanceof Blob;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(options.basedOn ? { 'if-match': lastModifiedEtag(options.basedOn) } : {}),
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
    });
  } catch {
    throw failed(new ApiError(0, CONNECTION_FAILED_MESSAGE), method, path);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.status === 401 && token && !AUTH_ENTRY_PATHS.includes(path)) hooks.onUnauthorized();
    const error = (payload as ApiErrorBody | undefined)?.error;
    const problems = Array.isArray(error?.details) ? (error.details as FieldProblem[]) : [];
    throw failed(new ApiError(response.status, error?.message ?? response.statusText, error?.code, problems, error?.details), method, path);
  }
  return response;
}

/** `error`, once the failure hook has heard of it. */
function failed(error: ApiError, method: string, path: string): ApiError {
  const refusedEntry = AUTH_ENTRY_PATHS.includes(path) && error.status > 0 && error.status < 500;
  if (!refusedEntry) hooks.onFailure?.(error, { method, endpoint: path, status: error.status });
  return error;
}

/** The one way the web app calls the API: JSON (or a file) in, JSON out, bearer token when signed in. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return (await apiExchange<T>(method, path, body, options)).body;
}

/** A request's answer with its status (201 made, 200 already there), for callers that tell them apart. */
export async function apiExchange<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<{ status: number; body: T }> {
  const response = await send(method, path, body, options);
  if (response.status === 204) return { status: 204, body: undefined as T };
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
}

/** A file the API sends as an attachment (boundary exports), with the name the server gave it. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await send('GET', path);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'fields';
  return { blob: await response.blob(), fileName };
}

/**
 * The bearer token as a header, for requests the app does not send itself: the map library fetching Map View's
 * field tiles from the API.
 */
export function authorizationHeader(): Record<string, string> {
  const token = hooks.token();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** A GET answer as it came, for bodies that are not JSON and headers that matter (an index image and its placement). */
export const apiResponse = (path: string): Promise<Response> => send('GET', path);

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options),
  delete: (path: string) => apiRequest<void>('DELETE', path),
};
