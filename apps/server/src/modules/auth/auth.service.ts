import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { User, profileUpdateSchema, registerSchema } from '@murimi/core';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { queueEmail, sendEmailJob } from '../../mail/mailer.ts';
import { forgetStanding } from '../../plugins/authenticate.ts';
import { signAccessToken } from './access-token.ts';
import * as repo from './auth.repository.ts';

/** Failed sign-ins allowed per e-mail and IP address within the window before answering 429. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Accounts one IP address may create per hour; more is a flood, not a co-op signing up members. */
export const REGISTRATIONS_PER_IP_PER_HOUR = 10;
export const PASSWORD_RESETS_PER_HOUR = 5;
export const VERIFY_EMAIL_TTL_MS = 48 * 3600_000;
export const RESET_PASSWORD_TTL_MS = 3600_000;
const HOUR_MS = 3600_000;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, so not importable as a value)
const argonOptions = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// Verified when the e-mail is unknown, so a wrong address takes as long as a wrong password.
const unknownUserHash = hash('no such user', argonOptions);

export interface AuthSession {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  user: User;
}

export function presentUser(row: repo.UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    country: row.country,
    emailVerified: row.emailVerifiedAt !== null,
    organisation: { id: row.orgId, name: row.organisationName, role: row.role },
    createdAt: row.createdAt.toISOString(),
  };
}

async function openSession(ctx: AppContext, row: repo.UserRow): Promise<AuthSession> {
  const { token, expiresAt } = await signAccessToken(
    { userId: row.id, orgId: row.orgId, tokenVersion: row.tokenVersion, email: row.email, name: row.name },
    ctx.config.jwtSecret,
    ctx.config.accessTokenTtlSeconds,
    ctx.now(),
  );
  return { access_token: token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user: presentUser(row) };
}

async function loadUser(ctx: AppContext, userId: string): Promise<repo.UserRow> {
  const row = await repo.findUserWithOrganisation(ctx.database.db, { id: userId });
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
  return row;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function sendUserLink(
  ctx: AppContext,
  user: { id: string; email: string; name: string },
  purpose: 'verify-email' | 'reset-password',
) {
  const token = randomBytes(32).toString('base64url');
  const ttlMs = purpose === 'verify-email' ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
  await repo.insertUserToken(ctx.database.db, {
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now().getTime() + ttlMs),
  });
  const product = ctx.config.productName;
  const link = `${ctx.config.publicUrl}/${purpose}?token=${token}`;
  const message =
    purpose === 'verify-email'
      ? {
          subject: `Confirm your e-mail address for ${product}`,
          text: `Hello ${user.name},\n\nPlease confirm your e-mail address by opening this link within 48 hours:\n\n${link}\n\nIf you did not create a ${product} account, you can ignore this message.\n`,
        }
      : {
          subject: `Reset your ${product} password`,
          text: `Hello ${user.name},\n\nTo choose a new password, open this link within one hour:\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n`,
        };
  await queueEmail(ctx.database, { to: user.email, ...message }, (outboxId) => ctx.queue.send(sendEmailJob, { outboxId }));
}

async function enforceLimit(
  ctx: AppContext,
  kind: Parameters<typeof repo.countRecentAttempts>[1],
  subject: string,
  limit: number,
  windowMs: number,
  message: string,
) {
  const since = new Date(ctx.now().getTime() - windowMs);
  if ((await repo.countRecentAttempts(ctx.database.db, kind, subject, since)) >= limit) {
    throw new AppError('RATE_LIMITED', message);
  }
}

export async function registerAccount(ctx: AppContext, input: z.output<typeof registerSchema>, ip: string): Promise<AuthSession> {
  await enforceLimit(
    ctx,
    'register',
    ip,
    REGISTRATIONS_PER_IP_PER_HOUR,
    HOUR_MS,
    'Too many registration attempts. Please wait a moment and try again.',
  );
  await repo.recordAttempt(ctx.database.db, 'register', ip, ctx.now());
  if (await repo.emailExists(ctx.database.db, input.email)) {
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please use a different email or try logging in.');
  }
  const userId = randomUUID();
  const passwordHash = await hash(input.password, argonOptions);
  try {
    await ctx.database.db.transaction().execute((trx) =>
      repo.insertAccount(trx, {
        userId,
        orgId: randomUUID(),
        organisationName: input.name,
        email: input.email,
        passwordHash,
        name: input.name,
        phone: input.phone ?? null,
        country: input.country,
        role: 'owner',
      }),
    );
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if ((error as { code?: string }).code === '23505') {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please use a different email or try logging in.');
    }
    throw error;
  }
  const row = await loadUser(ctx, userId);
  await sendUserLink(ctx, row, 'verify-email');
  return openSession(ctx, row);
}

export async function logIn(ctx: AppContext, email: string, password: string, ip: string): Promise<AuthSession> {
  const subject = `${email}|${ip}`;
  await enforceLimit(
    ctx,
    'login-failure',
    subject,
    LOGIN_FAILURE_LIMIT,
    LOGIN_FAILURE_WINDOW_MS,
    'Too many login attempts. Please wait a moment and try again.',
  );
  const row = await repo.findUserWithOrganisation(ctx.database.db, { email });
  const passwordMatches = row ? await verify(row.passwordHash, password) : await verify(await unknownUserHash, password).then(() => false);
  if (!row || !passwordMatches) {
    await repo.recordAttempt(ctx.database.db, 'login-failure', subject, ctx.now());
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password. Please check your credentials and try again.');
  }
  await repo.clearAttempts(ctx.database.db, 'login-failure', subject);
  return openSession(ctx, row);
}

export async function logOut(ctx: AppContext, tokenId: string, expiresAt: Date): Promise<void> {
  await repo.revokeToken(ctx.database.db, tokenId, expiresAt, ctx.now());
  forgetStanding({ tokenId });
}

export async function currentUser(ctx: AppContext, userId: string): Promise<User> {
  return presentUser(await loadUser(ctx, userId));
}

export async function updateProfile(ctx: AppContext, userId: string, changes: z.output<typeof profileUpdateSchema>): Promise<User> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await repo.updateProfile(ctx.database.db, userId, defined, ctx.now());
  return currentUser(ctx, userId);
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<User> {
  const used = await repo.consumeUserToken(ctx.database.db, 'verify-email', hashToken(token), ctx.now());
  if (!used) throw new AppError('INVALID_TOKEN', 'This confirmation link is invalid, used or expired. Sign in and ask for a new one.');
  await repo.markEmailVerified(ctx.database.db, used.userId, ctx.now());
  return currentUser(ctx, used.userId);
}

export async function resendVerification(ctx: AppContext, userId: string): Promise<void> {
  const row = await loadUser(ctx, userId);
  if (row.emailVerifiedAt) return;
  await enforceLimit(
    ctx,
    'password-reset',
    `verify|${userId}`,
    PASSWORD_RESETS_PER_HOUR,
    HOUR_MS,
    'Too many requests. Please wait a moment and try again.',
  );
  await repo.recordAttempt(ctx.database.db, 'password-reset', `verify|${userId}`, ctx.now());
  await sendUserLink(ctx, row, 'verify-email');
}

/** Always answers the same way, so the form does not tell strangers which addresses have accounts. */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const subject = `${email}|${ip}`;
  await enforceLimit(
    ctx,
    'password-reset',
    subject,
    PASSWORD_RESETS_PER_HOUR,
    HOUR_MS,
    'Too many requests. Please wait a moment and try again.',
  );
  await repo.recordAttempt(ctx.database.db, 'password-reset', subject, ctx.now());
  const row = await repo.findUserWithOrganisation(ctx.database.db, { email });
  if (row) await sendUserLink(ctx, row, 'reset-password');
}

export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<AuthSession> {
  const passwordHash = await hash(newPassword, argonOptions);
  const now = ctx.now();
  const userId = await ctx.database.db.transaction().execute(async (trx) => {
    const used = await repo.consumeUserToken(trx, 'reset-password', hashToken(token), now);
    if (!used) return null;
    await repo.invalidateUserTokens(trx, used.userId, 'reset-password', now);
    await repo.replacePassword(trx, used.userId, passwordHash, now);
    // The link arrived by e-mail, so the address is proven.
    await repo.markEmailVerified(trx, used.userId, now);
    return used.userId;
  });
  if (!userId) throw new AppError('INVALID_TOKEN', 'This reset link is invalid, used or expired. Ask for a new one.');
  forgetStanding({ userId });
  return openSession(ctx, await loadUser(ctx, userId));
}

export async function changePassword(ctx: AppContext, userId: string, currentPassword: string, newPassword: string): Promise<AuthSession> {
  const row = await loadUser(ctx, userId);
  if (!(await verify(row.passwordHash, currentPassword))) {
    // 400, not 401: a 401 would sign the person out of the app (spec §4).
    throw AppError.invalid('currentPassword', 'Your current password is not correct.');
  }
  await repo.replacePassword(ctx.database.db, userId, await hash(newPassword, argonOptions), ctx.now());
  forgetStanding({ userId });
  return openSession(ctx, await loadUser(ctx, userId));
}
