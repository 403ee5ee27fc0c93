import { CONNECTION_RESTORED_MESSAGE, healthCheckMessage } from '@murimi/core';

/** Spec §9 "Health check": every 30 s. */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;
/** Spec §9: after a failure the check is tried again after 5 s, doubled per failure, at most 30 s … */
export const HEALTH_RETRY_FIRST_MS = 5_000;
export const HEALTH_RETRY_MAX_MS = 30_000;
/** … only while fewer than 3 checks in a row have failed; from then on, the usual interval. */
export const HEALTH_AUTO_RETRY_BELOW_FAILURES = 3;
/** Spec §9: the error toast after 3 failures in a row, at most once per 60 s, shown 8 s; the success toast 3 s. */
export const HEALTH_TOAST_AFTER_FAILURES = 3;
export const HEALTH_ERROR_TOAST_EVERY_MS = 60_000;
export const HEALTH_ERROR_TOAST_MS = 8_000;
export const HEALTH_RESTORED_TOAST_MS = 3_000;
/** Spec §9 "Logging": the endpoint test's time-out, 10 s; no answer by then is a failed check. */
export const HEALTH_CHECK_TIMEOUT_MS = 10_000;

/** Spec §3 "Connection status". */
export interface ConnectionStatus {
  connected: boolean;
  /** When the last check ended (ms since the epoch), or null before the first. */
  lastCheck: number | null;
  /** The last answered check's round trip, ms. */
  responseTime: number | null;
  /** The health monitor's sentence for the last failure (spec §8), or null while connected. */
  error: string | null;
  consecutiveFailures: number;
}

/** One check's outcome: the status (0: no answer) and, for a failed one, its message. */
export interface HealthCheckResult {
  status: number;
  message?: string;
  /** No answer within `HEALTH_CHECK_TIMEOUT_MS`: a failed check, and as slow a round trip as there is. */
  timedOut?: boolean;
}

export interface HealthMonitorOptions {
  check: () => Promise<HealthCheckResult>;
  toast: (message: string, options: { type: 'error' | 'success'; duration: number }) => void;
  now?: () => number;
  /** Whether the device has a network at all; without one the offline banner speaks and nothing is checked. */
  isOnline?: () => boolean;
  /** Where failures and recoveries are logged (the operator sees how often farms lose the server). */
  log?: (severity: 'INFO' | 'WARNING', message: string, details: { labels: Record<string, string> }) => void;
}

/** Spec §9 "Uptime figure": 100 when connected, else 100 less 10 per failure in a row (never below 0). */
export function uptimePercent(status: Pick<ConnectionStatus, 'connected' | 'consecutiveFailures'>): number {
  return status.connected ? 100 : Math.max(0, 100 - 10 * status.consecutiveFailures);
}

/** The wait before the next check (spec §9): the retry delay while auto-retry lasts, else the usual interval. */
export function nextCheckDelayMs(consecutiveFailures: number): number {
  if (consecutiveFailures === 0 || consecutiveFailures >= HEALTH_AUTO_RETRY_BELOW_FAILURES) return HEALTH_CHECK_INTERVAL_MS;
  return Math.min(HEALTH_RETRY_FIRST_MS * 2 ** (consecutiveFailures - 1), HEALTH_RETRY_MAX_MS);
}

/**
 * The connection health monitor (spec §4, §8, §9): one poller of `GET /api/health` for the whole app, whose state the
 * offline indicator and the slow-connection banner read too. Listeners hear of every check.
 */
export class HealthMonitor {
  private state: ConnectionStatus = { connected: true, lastCheck: null, responseTime: null, error: null, consecutiveFailures: 0 };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private checking = false;
  private errorToastShown = false;
  private lastErrorToastAt = -Infinity;
  /** Round trips of the last few answered checks, oldest first (the slow-connection rule reads them). */
  roundTripsMs: number[] = [];

  constructor(private readonly options: HealthMonitorOptions) {}

  get status(): ConnectionStatus {
    return this.state;
  }

  get uptime(): number {
    return uptimePercent(this.state);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Checks now, then on the schedule. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.checkNow();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One check, its outcome told to listeners and by toast as the rules say, then the next one scheduled. */
  async checkNow(): Promise<void> {
    if (this.checking) return;
    clearTimeout(this.timer);
    const now = this.options.now ?? Date.now;
    if (this.options.isOnline?.() === false) return this.schedule(HEALTH_CHECK_INTERVAL_MS);
    const started = now();
    let result: HealthCheckResult;
    this.checking = true;
    try {
      result = await this.options.check();
    } catch (error) {
      result = { status: 0, message: error instanceof Error ? error.message : undefined };
    } finally {
      this.checking = false;
    }
    const ended = now();
    if (result.timedOut) this.roundTripsMs = [...this.roundTripsMs, HEALTH_CHECK_TIMEOUT_MS].slice(-5);
    if (result.status >= 200 && result.status < 300) this.succeeded(ended, ended - started);
    else this.failed(ended, result);
    for (const listener of this.listeners) listener();
    this.schedule(nextCheckDelayMs(this.state.consecutiveFailures));
  }

  private succeeded(at: number, responseTime: number): void {
    this.roundTripsMs = [...this.roundTripsMs, responseTime].slice(-5);
    const failuresBefore = this.state.consecutiveFailures;
    this.state = { connected: true, lastCheck: at, responseTime, error: null, consecutiveFailures: 0 };
    if (failuresBefore > 0) {
      this.options.log?.('INFO', `Connection restored after ${failuresBefore} failed health checks`, {
        labels: { monitor: 'health' },
      });
    }
    if (this.errorToastShown) {
      this.errorToastShown = false;
      this.options.toast(CONNECTION_RESTORED_MESSAGE, { type: 'success', duration: HEALTH_RESTORED_TOAST_MS });
    }
  }

  private failed(at: number, result: HealthCheckResult): void {
    const consecutiveFailures = this.state.consecutiveFailures + 1;
    const error = healthCheckMessage(result.status, result.message);
    this.state = { ...this.state, connected: false, lastCheck: at, error, consecutiveFailures };
    this.options.log?.('WARNING', `Health check failed (${result.status || 'no answer'}): ${error}`, {
      labels: { monitor: 'health', consecutiveFailures: String(consecutiveFailures) },
    });
    if (consecutiveFailures >= HEALTH_TOAST_AFTER_FAILURES && at - this.lastErrorToastAt >= HEALTH_ERROR_TOAST_EVERY_MS) {
      this.lastErrorToastAt = at;
      this.errorToastShown = true;
      this.options.toast(error, { type: 'error', duration: HEALTH_ERROR_TOAST_MS });
    }
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => void this.checkNow(), delayMs);
  }
}

/** `GET /api/health` as the monitor checks it: never from a cache, given up after 10 s. */
export async function checkServerHealth(): Promise<HealthCheckResult> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS) });
    if (response.ok) return { status: response.status };
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
    return { status: response.status, message: body?.error?.message };
  } catch (error) {
    return { status: 0, timedOut: error instanceof DOMException && error.name === 'TimeoutError' };
  }
}
