import { ClientLogger, type LogFlags } from './client-logger.ts';
import { ErrorReporter, pageAddress } from './error-report.ts';
import { httpLogTransport } from './log-transport.ts';

/** Spec §9: the session id is kept in session storage (one tab's visit). */
const SESSION_KEY = 'murimi.log-session';

function sessionId(): string {
  try {
    const kept = sessionStorage.getItem(SESSION_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, made);
    return made;
  } catch {
    // Storage refused (private mode, full): this page's own id.
    return crypto.randomUUID();
  }
}

const browserFacts = () => ({
  userAgent: navigator.userAgent.slice(0, 500),
  language: navigator.language.slice(0, 35),
  online: navigator.onLine,
  viewport: `${window.innerWidth}x${window.innerHeight}`,
});

const pageFacts = () => ({
  url: pageAddress(location.href),
  ...(document.referrer && { referrer: pageAddress(document.referrer) }),
  title: document.title.slice(0, 300),
});

/** Where the browser's log entries and error reports go; made by `installClientLogging`. */
export const clientLog: { logger: ClientLogger | null; errors: ErrorReporter | null } = { logger: null, errors: null };

/**
 * Starts the browser's logger and error reports (spec §3, §7, §8, §9): batches every 5 s, at once on errors, by
 * beacon as the page is hidden, again as the browser comes back online; script errors and unhandled rejections are
 * reported as critical. `token` and `person` name the signed-in person.
 */
export function installClientLogging(session: { token(): string | null; person(): string | null }): {
  logger: ClientLogger;
  errors: ErrorReporter;
} {
  const logger = new ClientLogger({
    transport: httpLogTransport(() => session.token()),
    sessionId: sessionId(),
    isOnline: () => navigator.onLine,
    context: () => {
      const person = session.person();
      return { browser: browserFacts(), page: pageFacts(), ...(person && { user: { id: person } }) };
    },
  });
  const errors = new ErrorReporter(logger, () => ({
    url: location.href,
    userAgent: navigator.userAgent,
    environment: import.meta.env.MODE,
  }));
  logger.start();
  window.addEventListener('online', () => void logger.flush());
  window.addEventListener('pagehide', () => logger.flushByBeacon());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') logger.flushByBeacon();
  });
  window.addEventListener('error', (event) => {
    // A resource that failed to load (an image) fires `error` too, without an error object: not a script error.
    if (event.error !== undefined || event.message) errors.report(event.error ?? event.message, 'script');
  });
  window.addEventListener('unhandledrejection', (event) => errors.report(event.reason, 'rejection'));
  clientLog.logger = logger;
  clientLog.errors = errors;
  return { logger, errors };
}

/** Applies the server's feature flags (its public config) once they are read. */
export function applyLogFlags(flags: LogFlags): void {
  clientLog.logger?.setFlags(flags);
}
