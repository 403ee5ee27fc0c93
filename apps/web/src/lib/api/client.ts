import type { ApiErrorBody, FieldProblem } from '@murimi/core';

/** A failed API call. `status` 0 means no answer reached the browser (offline, server down). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's message for one input key, to show beside that form field. */
  problemFor(path: string): string | undefined {
    return this.problems.find((p) => p.path === path)?.message;
  }
}

interface ClientHooks {
  token(): string | null;
  /** Called once per failing request when a signed-in call answers 401 (spec §4). */
  onUnauthorized(): void;
}

let hooks: ClientHooks = { token: () => null, onUnauthorized: () => {} };

export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

const AUTH_ENTRY_PATHS = ['/api/auth/login', '/api/auth/register'];

/** The one way the web app calls the API: JSON in and out, bearer token when signed in. */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = hooks.token();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Unable to connect to the server. Please check your internet connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && token && !AUTH_ENTRY_PATHS.includes(path)) hooks.onUnauthorized();
    const error = (payload as ApiErrorBody | undefined)?.error;
    const problems = Array.isArray(error?.details) ? (error.details as FieldProblem[]) : [];
    throw new ApiError(response.status, error?.message ?? response.statusText, error?.code, problems);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  delete: (path: string) => apiRequest<void>('DELETE', path),
};
