import { CLIENT_LOG_LIMITS, type ClientLogEntry, type LogSeverity } from '@murimi/core';

/** Spec §7, §9: a batch goes every 5 s, at 10 entries, or at once on ERROR or CRITICAL. */
export const LOG_FLUSH_INTERVAL_MS = 5_000;
export const LOG_BATCH_SIZE = 10;
/** Spec §9: the buffer holds about 100 entries (offline, they wait here); the oldest go first. */
export const LOG_BUFFER_MAX = 100;
/** Spec §7: a failed flush keeps up to the last 50 entries for retry. */
export const LOG_RETRY_KEEP = 50;
/** Spec §9: the front end's fixed name and version. */
export const LOG_SERVICE = { name: 'murimi-web', version: '1.0.0' } as const;

/**
 * What became of a batch: `sent`; `dropped` (the server refused it as malformed, so sending it again cannot help);
 * `failed` (no answer, a server error or a limit: the newest 50 are kept for the next flush).
 */
export type SendResult = 'sent' | 'dropped' | 'failed';

/** How entries leave the browser: a request that can be awaited, and a beacon for a page being hidden. */
export interface LogTransport {
  send(entries: ClientLogEntry[]): Promise<SendResult>;
  beacon(entries: ClientLogEntry[]): boolean;
}

/** Feature flags from the server's public config (spec §9): error reporting on, debug logging off by default. */
export interface LogFlags {
  errorReporting: boolean;
  debugLogging: boolean;
}

/** The facts of the moment an entry is made: browser, page, person. */
export interface LogContext {
  browser?: ClientLogEntry['browser'];
  page?: ClientLogEntry['page'];
  user?: ClientLogEntry['user'];
}

export interface ClientLoggerOptions {
  transport: LogTransport;
  sessionId: string;
  now?: () => Date;
  isOnline?: () => boolean;
  context?: () => LogContext;
  flags?: LogFlags;
}

export interface LogDetails {
  labels?: Record<string, string>;
  extra?: Record<string, unknown>;
  stack?: string;
}

const URGENT: ReadonlySet<LogSeverity> = new Set(['ERROR', 'CRITICAL']);

/**
 * The browser's logger (spec §3, §7, §9). Entries wait in a bounded buffer and leave in batches; one flush at a
 * time. Clock, network state, context and transport are passed in, so the rules are tested with fake timers.
 */
export class ClientLogger {
  private buffer: ClientLogEntry[] = [];
  private flushing: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private flags: LogFlags;
  /** Entries dropped because the buffer was full (the next batch says how many). */
  private droppedCount = 0;

  constructor(private readonly options: ClientLoggerOptions) {
    this.flags = options.flags ?? { errorReporting: true, debugLogging: false };
  }

  setFlags(flags: LogFlags): void {
    this.flags = flags;
    if (!flags.errorReporting) this.buffer = [];
    if (!flags.debugLogging) this.buffer = this.buffer.filter((entry) => entry.severity !== 'DEBUG');
  }

  /** The entries waiting, oldest first (for tests and the developer pages). */
  get pending(): readonly ClientLogEntry[] {
    return this.buffer;
  }

  log(severity: LogSeverity, message: string, details: LogDetails = {}): void {
    if (!this.flags.errorReporting) return;
    if (severity === 'DEBUG' && !this.flags.debugLogging) return;
    const context = this.options.context?.() ?? {};
    const entry: ClientLogEntry = {
      timestamp: (this.options.now?.() ?? new Date()).toISOString(),
      severity,
      message: message.slice(0, CLIENT_LOG_LIMITS.messageChars) || '(no message)',
      service: { ...LOG_SERVICE },
      sessionId: this.options.sessionId,
      ...context,
      ...(details.labels && { labels: details.labels }),
      ...(details.stack && { stack: details.stack.slice(0, CLIENT_LOG_LIMITS.stackChars) }),
      ...(details.extra && { extra: boundedExtra(details.extra) }),
    };
    this.keep([entry]);
    if (URGENT.has(severity) || this.buffer.length >= LOG_BATCH_SIZE) void this.flush();
  }

  debug = (message: string, details?: LogDetails) => this.log('DEBUG', message, details);
  info = (message: string, details?: LogDetails) => this.log('INFO', message, details);
  warning = (message: string, details?: LogDetails) => this.log('WARNING', message, details);
  error = (message: string, details?: LogDetails) => this.log('ERROR', message, details);
  critical = (message: string, details?: LogDetails) => this.log('CRITICAL', message, details);

  /** Sends what waits, unless offline or a flush is under way (which sends the rest when it ends). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.buffer.length === 0 || !(this.options.isOnline?.() ?? true)) return Promise.resolve();
    const batch = this.takeBatch();
    this.flushing = this.options.transport
      .send(batch)
      .catch((): SendResult => 'failed')
      .then((result) => {
        this.flushing = null;
        // Kept for the next flush: the newest 50 of the batch, before what was logged meanwhile; retried on the timer.
        if (result === 'failed') return this.keep(batch.slice(-LOG_RETRY_KEEP), { before: true });
        // What came meanwhile and may not wait for the timer goes now.
        if (this.buffer.length >= LOG_BATCH_SIZE || this.buffer.some((entry) => URGENT.has(entry.severity))) void this.flush();
      });
    return this.flushing;
  }

  /** The page is being hidden (maybe for good): what waits goes by beacon, which the browser sends after the page is gone. */
  flushByBeacon(): void {
    if (this.buffer.length === 0 || !(this.options.isOnline?.() ?? true)) return;
    const batch = this.takeBatch();
    if (!this.options.transport.beacon(batch)) this.keep(batch, { before: true });
  }

  /** Flushes every 5 s from now on. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), LOG_FLUSH_INTERVAL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private takeBatch(): ClientLogEntry[] {
    const batch = this.buffer.splice(0, CLIENT_LOG_LIMITS.entriesPerBatch);
    if (this.droppedCount > 0 && batch.length > 0) {
      const last = batch[batch.length - 1]!;
      batch[batch.length - 1] = { ...last, labels: { ...last.labels, droppedBefore: String(this.droppedCount) } };
      this.droppedCount = 0;
    }
    return batch;
  }

  /** Adds entries (newest last), dropping the oldest beyond the buffer's bound. */
  private keep(entries: ClientLogEntry[], { before = false } = {}): void {
    const all = before ? [...entries, ...this.buffer] : [...this.buffer, ...entries];
    const over = Math.max(0, all.length - LOG_BUFFER_MAX);
    this.droppedCount += over;
    this.buffer = all.slice(over);
  }
}

/** `extra` as the server takes it: small (4,000 characters as JSON), else a note that it was too big. */
function boundedExtra(extra: Record<string, unknown>): Record<string, unknown> {
  try {
    const json = JSON.stringify(extra);
    if (json.length <= CLIENT_LOG_LIMITS.extraJsonChars) return JSON.parse(json) as Record<string, unknown>;
    return { note: `extra facts left out: ${json.length} characters as JSON` };
  } catch {
    return { note: 'extra facts left out: not JSON' };
  }
}
