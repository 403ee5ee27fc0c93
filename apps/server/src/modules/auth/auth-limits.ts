import type { AppContext, ServiceContext } from '../../app-context.ts';
import type { AuthAttemptKind } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import * as repo from './auth.repository.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** At most `limit` attempts per `windowMs`; the next one waits until the oldest that counts leaves the window. */
export interface WindowLimit {
  kind: AuthAttemptKind;
  limit: number;
  windowMs: number;
  message: string;
}

/**
 * `freeFailures` failures within `windowMs` cost nothing; after that each further attempt must wait
 * `firstDelayMs × 2^(failures − freeFailures)` after the latest failure, at most `maxDelayMs`.
 */
export interface BackoffLimit {
  kind: AuthAttemptKind;
  freeFailures: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
  message: string;
}

const LOGIN_MESSAGE = 'Too many login attempts. Please wait a moment and try again.';
const REQUESTS_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/**
 * Guesses at one account, from any address, without a device token of that account. Backoff rather than a
 * lock-out: the owner can always try again after at most `maxDelayMs`, while a guesser, from however many
 * addresses, gets about 200 tries a day (under ten an hour).
 */
export const LOGIN_ACCOUNT_LIMIT: BackoffLimit = {
  kind: 'login-failure-account',
  freeFailures: 5,
  windowMs: HOUR_MS,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE_MS,
  message: LOGIN_MESSAGE,
};

/** Failures from a device the account has signed in on before count here alone (its own bucket, same rule). */
export const LOGIN_DEVICE_LIMIT: BackoffLimit = { ...LOGIN_ACCOUNT_LIMIT, kind: 'login-failure-device' };

/**
 * Failed sign-ins from one address across all accounts: one password tried on many accounts (spraying).
 * Twenty leaves room for a village sharing a carrier's address; devices with a token of their account skip it.
 */
export const LOGIN_ADDRESS_LIMIT: WindowLimit = {
  kind: 'login-failure-address',
  limit: 20,
  windowMs: 15 * MINUTE_MS,
  message: LOGIN_MESSAGE,
};

/** Wrong current passwords when changing it: a stolen session must not become a way to test passwords. */
export const PASSWORD_CHECK_LIMIT: BackoffLimit = {
  ...LOGIN_ACCOUNT_LIMIT,
  kind: 'password-check-failure',
  message: REQUESTS_MESSAGE,
};

/** Accounts one address may create per hour; more is a flood, not a co-op signing up members. */
export const REGISTRATION_LIMIT: WindowLimit = {
  kind: 'register',
  limit: 10,
  windowMs: HOUR_MS,
  message: 'Too many registration attempts. Please wait a moment and try again.',
};

/** Reset e-mails per address asked for, from anywhere: nobody's inbox is flooded. */
export const RESET_REQUEST_EMAIL_LIMIT: WindowLimit = {
  kind: 'reset-request-email',
  limit: 5,
  windowMs: HOUR_MS,
  message: REQUESTS_MESSAGE,
};

/** Reset requests per client address, across e-mails. */
export const RESET_REQUEST_ADDRESS_LIMIT: WindowLimit = {
  kind: 'reset-request-address',
  limit: 20,
  windowMs: HOUR_MS,
  message: REQUESTS_MESSAGE,
};

/** Confirmation e-mails a signed-in person may ask for again per hour. */
export const VERIFICATION_RESEND_LIMIT: WindowLimit = {
  kind: 'verification-resend',
  limit: 5,
  windowMs: HOUR_MS,
  message: REQUESTS_MESSAGE,
};

/** Confirmation or reset links that did not work, per client address (a real person fails a few times at most). */
export const LINK_FAILURE_LIMIT: WindowLimit = { kind: 'link-failure', limit: 20, windowMs: HOUR_MS, message: REQUESTS_MESSAGE };

export type AttemptLimit = WindowLimit | BackoffLimit;

/** One attempt counted against a limit. Counted before the work, so attempts running at once all see each other. */
export interface CountedAttempt {
  /** Takes the attempt back: it succeeded, and only failures count. */
  withdraw(): Promise<void>;
  /** Forgets every attempt of its kind and subject: the owner proved who they are. */
  clearAll(): Promise<void>;
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/** Counts an attempt against `limit` for `subject`, or answers 429 with `Retry-After` (and counts nothing). */
export async function countAttempt(ctx: ServiceContext, limit: AttemptLimit, subject: string): Promise<CountedAttempt> {
  const db = ctx.database.db;
  const now = ctx.now().getTime();
  const since = new Date(now - limit.windowMs);
  const id = await repo.recordAttempt(db, limit.kind, subject, new Date(now));
  let retryAt: number | null = null;
  if ('limit' in limit) {
    // Room again once the limit-th newest of the others leaves the window.
    const limiting = await repo.nthNewestAttempt(db, { kind: limit.kind, subject, since, excludeId: id }, limit.limit);
    if (limiting) retryAt = limiting.getTime() + limit.windowMs;
  } else {
    const { count, latest } = await repo.attemptSummary(db, { kind: limit.kind, subject, since, excludeId: id });
    if (latest && count >= limit.freeFailures) {
      const doublings = Math.min(count - limit.freeFailures, 20); // 2^20 × 30 s is far past any cap
      retryAt = latest.getTime() + Math.min(limit.firstDelayMs * 2 ** doublings, limit.maxDelayMs);
    }
  }
  if (retryAt !== null && retryAt > now) {
    await repo.deleteAttempt(db, id);
    throw new AppError('RATE_LIMITED', limit.message, undefined, secondsUntil(retryAt, now));
  }
  return {
    withdraw: () => repo.deleteAttempt(db, id),
    clearAll: () => repo.clearAttempts(db, limit.kind, subject),
  };
}

/** Counts one attempt against several limits, in order; refused by one, it is taken back from the others. */
export async function countAttempts(ctx: AppContext, limits: [AttemptLimit, string][]): Promise<CountedAttempt[]> {
  const counted: CountedAttempt[] = [];
  try {
    for (const [limit, subject] of limits) counted.push(await countAttempt(ctx, limit, subject));
  } catch (error) {
    await Promise.all(counted.map((attempt) => attempt.withdraw()));
    throw error;
  }
  return counted;
}
