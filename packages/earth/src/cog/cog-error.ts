/**
 * Why a COG could not be read:
 * - `http`: the server answered an error status (`status` says which); 403 and other 4xx are not retried.
 * - `not-found`: 404/410 from a server, or no such file on disk.
 * - `timeout`: no complete answer within the time limit, after the retries.
 * - `network`: the connection failed (DNS, refused, reset), after the retries.
 * - `truncated`: fewer bytes than asked for (a cut connection, a short range, a file shorter than its header says).
 * - `corrupt`: the bytes arrived but do not decode (bad DEFLATE stream, a tile that inflates to the wrong size).
 * - `unsupported`: a valid TIFF this reader does not handle (compression, sample layout, a server ignoring Range).
 */
export type CogErrorKind = 'http' | 'timeout' | 'network' | 'truncated' | 'corrupt' | 'unsupported' | 'not-found';

export class CogError extends Error {
  override readonly name = 'CogError';
  readonly kind: CogErrorKind;
  /** HTTP status when a server answered one. */
  readonly status: number | undefined;
  /** The URL or file path that was being read. */
  readonly url: string;

  constructor(kind: CogErrorKind, message: string, details: { url: string; status?: number; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.url = details.url;
  }

  /** Whether trying the same request again may succeed. */
  get retryable(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    // A cut connection may not recur; a 416 says the file itself is shorter than asked.
    if (this.kind === 'truncated') return this.status !== 416;
    return this.kind === 'http' && this.status !== undefined && (this.status >= 500 || this.status === 429);
  }
}
