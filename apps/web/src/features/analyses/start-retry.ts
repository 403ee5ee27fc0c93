import { ApiError } from '../../lib/api/client.ts';
import { appShell } from '../../locales/en/app-shell.ts';

/**
 * Starting an analysis (spec §7, §8 "Analysis start failures"): a 400 or 404 right after a field was saved can be
 * the server not having caught up yet, so those are tried twice more, 1 s and then 2 s later; every other failure,
 * and those two once the tries are used up, ends the start with the spec's text for it.
 */

/** The waits before the second and the third try (spec §9). */
export const START_RETRY_DELAYS_MS = [1_000, 2_000] as const;

/** Why a start failed, each with its own text under `analysisProgress.startFailed`. */
export type StartFailureReason = keyof (typeof appShell)['analysisProgress']['startFailed'];

/** After a failed try: wait and try again, or give up with the reason to tell. */
export type StartDecision = { retry: true; delayMs: number } | { retry: false; reason: StartFailureReason };

/** The reason a failed start gives, from the error the call threw. */
export function startFailureReason(error: unknown): StartFailureReason {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'network';
    if (error.status === 400) return 'badRequest';
    if (error.status === 404) return 'fieldNotFound';
    // The server refuses a second run of a type while one is queued or running (spec §4).
    if (error.status === 409) return 'alreadyRunning';
    if (error.status === 408 || error.status === 504) return 'timeout';
    return 'other';
  }
  // An answer that is not JSON; a fetch that gave up waiting; a fetch that found no network.
  if (error instanceof SyntaxError) return 'badResponse';
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  if (error instanceof TypeError) return 'network';
  return 'other';
}

/**
 * What to do after try number `attempt` (1 for the first) failed with `error`: a 400 or 404 with tries left waits
 * the next delay; anything else gives up with its reason.
 */
export function decideAfterStartFailure(error: unknown, attempt: number): StartDecision {
  const reason = startFailureReason(error);
  const delayMs = START_RETRY_DELAYS_MS[attempt - 1];
  if ((reason === 'badRequest' || reason === 'fieldNotFound') && delayMs !== undefined) return { retry: true, delayMs };
  return { retry: false, reason };
}

/** A start that failed for good: `reason` picks the text the card shows; the message is that text in English. */
export class AnalysisStartError extends Error {
  constructor(
    readonly reason: StartFailureReason,
    cause: unknown,
  ) {
    super(appShell.analysisProgress.startFailed[reason], { cause });
    this.name = 'AnalysisStartError';
  }

  /** The `app` locale key of the text to show. */
  get key(): `analysisProgress.startFailed.${StartFailureReason}` {
    return `analysisProgress.startFailed.${this.reason}`;
  }
}

/** Waits `ms` milliseconds. */
export const waitMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `start` with the spec's retry rule; resolves with its answer, or rejects with an `AnalysisStartError`. */
export async function startWithRetry<T>(start: () => Promise<T>, sleep: (ms: number) => Promise<void> = waitMs): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      const decision = decideAfterStartFailure(error, attempt);
      if (!decision.retry) throw new AnalysisStartError(decision.reason, error);
      await sleep(decision.delayMs);
    }
  }
}
