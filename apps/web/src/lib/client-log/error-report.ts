import { errorCategory, isCriticalFailure, type ErrorCategory, type FailureSource, type LogSeverity } from '@murimi/core';
import type { ClientLogger } from './client-logger.ts';

/** Spec §9: the error queue keeps at most 100 reports; the oldest go first. */
export const ERROR_QUEUE_MAX = 100;

/** Spec §3 "Client error report". */
export interface ClientErrorReport {
  id: string;
  timestamp: string;
  category: ErrorCategory;
  type: string;
  message: string;
  status?: number;
  endpoint?: string;
  method?: string;
  url: string;
  userAgent: string;
  environment: string;
  context?: Record<string, string>;
  stack?: string;
}

/** Where a failed call went, when the failure is a call's. */
export interface FailedCall {
  method: string;
  endpoint: string;
  status: number;
}

/** A page's address as it may be reported: no query or fragment (a reset link's token lives there). */
export const pageAddress = (href: string) => href.split(/[?#]/)[0]!;

/**
 * The browser's error reports (spec §3, §8): each failure sorted into its category, kept in a queue of at most 100,
 * and logged: critical failures (script errors, unhandled rejections, auth errors, 500/502/503/504) as CRITICAL,
 * which the logger sends at once; a lost connection, refused input or another 4xx as WARNING, waiting for the next
 * batch; the rest (another 5xx) as ERROR.
 */
export class ErrorReporter {
  private readonly queue: ClientErrorReport[] = [];

  constructor(
    private readonly logger: Pick<ClientLogger, 'log'>,
    private readonly environment: () => { url: string; userAgent: string; environment: string },
  ) {}

  get reports(): readonly ClientErrorReport[] {
    return this.queue;
  }

  report(error: unknown, source: FailureSource, call?: FailedCall, context?: Record<string, string>): ClientErrorReport {
    const facts = failureFacts(error);
    const status = call?.status ?? facts.status;
    const category = errorCategory({ status, type: facts.type, message: facts.message });
    const where = this.environment();
    const report: ClientErrorReport = {
      id: crypto.randomUUID(),
      timestamp: new Date().toISOString(),
      category,
      type: facts.type,
      message: facts.message,
      ...(status !== undefined && { status }),
      ...(call && { endpoint: pageAddress(call.endpoint), method: call.method }),
      url: pageAddress(where.url),
      userAgent: where.userAgent,
      environment: where.environment,
      ...(context && { context }),
      ...(facts.stack && { stack: facts.stack }),
    };
    this.queue.push(report);
    if (this.queue.length > ERROR_QUEUE_MAX) this.queue.splice(0, this.queue.length - ERROR_QUEUE_MAX);
    this.logger.log(severityOf(source, category, status), `${facts.type}: ${facts.message}`, {
      labels: { category, source, ...context },
      extra: {
        reportId: report.id,
        ...(status !== undefined && { status }),
        ...(call && { endpoint: report.endpoint, method: call.method }),
      },
      ...(facts.stack && { stack: facts.stack }),
    });
    return report;
  }
}

function severityOf(source: FailureSource, category: ErrorCategory, status: number | undefined): LogSeverity {
  if (isCriticalFailure(source, category, status)) return 'CRITICAL';
  // A lost connection, refused input, a record gone or a limit: the app answers them on screen; the log keeps count.
  if (category === 'network' || category === 'validation' || (status !== undefined && status < 500)) return 'WARNING';
  return 'ERROR';
}

/** Type, message, status and stack of whatever was thrown (an Error, an ApiError, a string, anything). */
function failureFacts(error: unknown): { type: string; message: string; status?: number; stack?: string } {
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return {
      type: error.name || 'Error',
      message: error.message || '(no message)',
      ...(typeof status === 'number' && { status }),
      ...(error.stack && { stack: error.stack }),
    };
  }
  if (typeof error === 'string') return { type: 'Unknown', message: error };
  try {
    return { type: 'Unknown', message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { type: 'Unknown', message: Object.prototype.toString.call(error) };
  }
}
