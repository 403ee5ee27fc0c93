import { open } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { CogError } from './cog-error.ts';
import { RequestLimiter, sharedRequestLimiter } from './request-limiter.ts';
import { TileCache } from './tile-cache.ts';

/** Byte ranges of one file, local or remote. */
export interface ByteSource {
  /** URL or file path, as given. */
  readonly location: string;
  /** Exactly `length` bytes from `offset`; anything shorter is a `CogError` of kind 'truncated'. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Up to `length` bytes from `offset`: fewer only where the file ends. */
  readUpTo(offset: number, length: number): Promise<Uint8Array>;
}

export interface HttpByteSourceOptions {
  /** Fetched ranges are kept here and read from here first. */
  cache?: TileCache;
  fetch?: typeof fetch;
  /** Shared by every source that should count against the same cap; default: the process-wide one (8). */
  limiter?: RequestLimiter;
  /** Per request, from sending it to the last byte of the body. */
  timeoutMs?: number;
  /** Further attempts after a network error, a timeout, a cut body, 429 or 5xx. */
  retries?: number;
  /** Wait before the first retry, doubled before each next one (with up to 50 % random reduction). */
  retryDelayMs?: number;
  /**
   * The caller's reason to stop (a cancelled analysis): once aborted, a request in flight is dropped, a retry is
   * not waited for and no request is sent; the read rejects with the signal's reason, never as a `CogError`.
   */
  signal?: AbortSignal;
}

export const defaultHttpTimeoutMs = 30_000;
export const defaultHttpRetries = 3;
export const defaultRetryDelayMs = 250;

/** Reads byte ranges over HTTP `Range` requests, through the cache when there is one. */
export class HttpByteSource implements ByteSource {
  readonly location: string;
  private readonly cache: TileCache | undefined;
  private readonly fetchFn: typeof fetch;
  private readonly limiter: RequestLimiter;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly signal: AbortSignal | undefined;

  constructor(url: string, options: HttpByteSourceOptions = {}) {
    this.location = url;
    this.cache = options.cache;
    this.fetchFn = options.fetch ?? fetch;
    this.limiter = options.limiter ?? sharedRequestLimiter;
    this.timeoutMs = options.timeoutMs ?? defaultHttpTimeoutMs;
    this.retries = options.retries ?? defaultHttpRetries;
    this.retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
    this.signal = options.signal;
  }

  read(offset: number, length: number): Promise<Uint8Array> {
    return this.readRange(offset, length, false);
  }

  readUpTo(offset: number, length: number): Promise<Uint8Array> {
    return this.readRange(offset, length, true);
  }

  private async readRange(offset: number, length: number, shortAtEnd: boolean): Promise<Uint8Array> {
    if (length <= 0) return new Uint8Array(0);
    this.signal?.throwIfAborted();
    const key = TileCache.keyFor(this.location, offset, length);
    const cached = await this.cache?.get(key);
    if (cached && (cached.byteLength === length || shortAtEnd)) return cached;
    const bytes = await this.fetchWithRetries(offset, length, shortAtEnd);
    // The cache only saves time: a full disk must not fail the read that has its bytes already.
    await this.cache?.put(key, bytes).catch(() => undefined);
    return bytes;
  }

  private async fetchWithRetries(offset: number, length: number, shortAtEnd: boolean): Promise<Uint8Array> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.limiter.run(() => this.fetchOnce(offset, length, shortAtEnd));
      } catch (error) {
        if (!(error instanceof CogError) || !error.retryable) throw error;
        if (attempt >= this.retries) {
          throw new CogError(error.kind, `${error.message} (${attempt + 1} attempts)`, {
            url: this.location,
            status: error.status,
            cause: error,
          });
        }
        const delayMs = this.retryDelayMs * 2 ** attempt * (1 - Math.random() / 2);
        // Stopped while waiting: the caller's reason, not the timer's own AbortError.
        await sleep(delayMs, undefined, { signal: this.signal }).catch(() => this.signal?.throwIfAborted());
      }
    }
  }

  private async fetchOnce(offset: number, length: number, shortAtEnd: boolean): Promise<Uint8Array> {
    const url = this.location;
    const range = `bytes=${offset}-${offset + length - 1}`;
    // A request that waited for its turn in the limiter is not sent once the caller has stopped.
    this.signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = this.signal ? AbortSignal.any([timeout, this.signal]) : timeout;
    let response: Response;
    try {
      response = await this.fetchFn(url, { headers: { Range: range }, signal });
    } catch (error) {
      this.signal?.throwIfAborted();
      throw failedRequest(error, timeout, url, range, this.timeoutMs);
    }
    const { status } = response;
    if (status === 404 || status === 410) {
      await response.body?.cancel();
      throw new CogError('not-found', `${url} answered ${status} (no such file)`, { url, status });
    }
    if (status === 416) {
      await response.body?.cancel();
      if (shortAtEnd) return new Uint8Array(0);
      throw new CogError('truncated', `${url} answered 416 for ${range}: the file is shorter than its TIFF header says`, { url, status });
    }
    let expectedBodyBytes: number;
    let fileBytes: number | undefined;
    if (status === 206) {
      const answered = parseContentRange(response.headers.get('content-range'));
      if (answered && answered.start !== offset) {
        await response.body?.cancel();
        throw new CogError('unsupported', `${url} answered bytes ${answered.start}-${answered.end} for ${range}`, { url, status });
      }
      expectedBodyBytes = answered ? answered.end - answered.start + 1 : length;
      fileBytes = answered?.total;
    } else if (status === 200) {
      // A server that ignores Range sends the whole file: fine for a header read that covers it, never for a tile.
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (offset !== 0 || !(declared <= length)) {
        await response.body?.cancel();
        throw new CogError('unsupported', `${url} ignores Range requests (answered 200 to ${range})`, { url, status });
      }
      expectedBodyBytes = declared;
      fileBytes = declared;
    } else {
      await response.body?.cancel();
      throw new CogError('http', `${url} answered ${status} for ${range}`, { url, status });
    }
    let body: ArrayBuffer;
    try {
      body = await response.arrayBuffer();
    } catch (error) {
      this.signal?.throwIfAborted();
      if (isTimeout(timeout))
        throw new CogError('timeout', `${url}: ${range} not received within ${this.timeoutMs} ms`, { url, status, cause: error });
      throw new CogError('truncated', `${url}: connection closed before the end of ${range}`, { url, status, cause: error });
    }
    const received = Math.min(body.byteLength, length);
    const endsFile = fileBytes !== undefined && offset + received >= fileBytes;
    if (body.byteLength < expectedBodyBytes || (received < length && !(shortAtEnd && (endsFile || fileBytes === undefined)))) {
      throw new CogError('truncated', `${url}: ${received} of ${length} bytes received for ${range}`, { url, status });
    }
    return new Uint8Array(body, 0, received);
  }
}

/** Reads byte ranges of a local file; each read opens and closes the file, so nothing needs closing. */
export class FileByteSource implements ByteSource {
  readonly location: string;

  constructor(filePath: string) {
    this.location = filePath;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    const bytes = await this.readUpTo(offset, length);
    if (bytes.byteLength < length) {
      throw new CogError(
        'truncated',
        `${this.location}: ${bytes.byteLength} of ${length} bytes at ${offset} (the file is shorter than its TIFF header says)`,
        {
          url: this.location,
        },
      );
    }
    return bytes;
  }

  async readUpTo(offset: number, length: number): Promise<Uint8Array> {
    let handle;
    try {
      handle = await open(this.location, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new CogError('not-found', `${this.location}: no such file`, { url: this.location, cause: error });
      throw error;
    }
    try {
      const bytes = new Uint8Array(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(bytes, filled, length - filled, offset + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled === length ? bytes : bytes.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }
}

function isTimeout(signal: AbortSignal): boolean {
  return signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError';
}

function failedRequest(error: unknown, signal: AbortSignal, url: string, range: string, timeoutMs: number): CogError {
  if (isTimeout(signal)) return new CogError('timeout', `${url}: no answer to ${range} within ${timeoutMs} ms`, { url, cause: error });
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message;
  return new CogError('network', `${url}: request for ${range} failed (${reason})`, { url, cause: error });
}

function parseContentRange(header: string | null): { start: number; end: number; total: number | undefined } | undefined {
  const match = header === null ? null : /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim());
  if (!match) return undefined;
  return { start: Number(match[1]), end: Number(match[2]), total: match[3] === '*' ? undefined : Number(match[3]) };
}
