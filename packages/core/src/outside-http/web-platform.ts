/**
 * The few pieces of the web platform (Node ≥ 20 and browsers both have them) that the outside request uses.
 * Core is compiled without DOM or Node types, so that nothing else in it can reach for the network or the file
 * system; these types say exactly what is used, and nothing more.
 */

/** What this module needs of an abort signal. */
export interface MinimalAbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * The platform's own `AbortSignal` where the program knows it (the server, the imagery engine, the web app), so
 * that their `fetch` can be passed in as it is; this module's minimal one where it does not (core on its own).
 */
export type PlatformAbortSignal = typeof globalThis extends { AbortSignal: { prototype: infer Signal } } ? Signal : MinimalAbortSignal;

/** What is sent: the body is text (JSON, form data), never a stream, so it can be sent again on a retry. */
export interface OutsideFetchInit {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: PlatformAbortSignal;
}

/** The parts of a fetch `Response` this module reads. */
export interface OutsideResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** `globalThis.fetch`, or a test's stand-in. */
export type OutsideFetch = (url: string, init: OutsideFetchInit) => Promise<OutsideResponse>;

interface AbortPlatform {
  AbortController: new () => { readonly signal: PlatformAbortSignal & MinimalAbortSignal; abort(reason?: unknown): void };
  AbortSignal: { timeout(ms: number): MinimalAbortSignal };
  URL: new (url: string) => {
    href: string;
    username: string;
    password: string;
    readonly searchParams: { has(name: string): boolean; set(name: string, value: string): void };
  };
}

/** The platform's constructors, typed as above; they exist wherever `fetch` does. */
export const webPlatform = globalThis as unknown as AbortPlatform;
