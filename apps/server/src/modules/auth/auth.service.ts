import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { User, profileUpdateSchema, registerSchema } from '@murimi/core';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { queueEmail, sendEmailJob } from '../../mail/mailer.ts';
import { forgetStanding } from '../../plugins/authenticate.ts';
import { signAccessToken } from './access-token.ts';
import {
  LINK_FAILURE_LIMIT,
  LOGIN_ACCOUNT_LIMIT,
  LOGIN_ADDRESS_LIMIT,
  LOGIN_DEVICE_LIMIT,
  PASSWORD_CHECK_LIMIT,
  REGISTRATION_LIMIT,
  RESET_REQUEST_ADDRESS_LIMIT,
  RESET_REQUEST_EMAIL_LIMIT,
  VERIFICATION_RESEND_LIMIT,
  countAttempt,
  countAttempts,
  type AttemptLimit,
  type CountedAttempt,
} from './auth-limits.ts';
import type { MemberRole } from '../../db/schema.ts';
import { allowedActions } from '../../policy/policy.ts';
import { eraseAccount } from '../account/account-deletion.ts';
import * as repo from './auth.repository.ts';
import { clientAddressKey } from './client-address.ts';
import { deviceIdOf, issueDeviceToken } from './device-token.ts';
import { passwordHasher } from './password-hashing.ts';

export const VERIFY_EMAIL_TTL_MS = 48 * 3600_000;
export const RESET_PASSWORD_TTL_MS = 3600_000;
/** The longest an e-mailed link stays usable: after this an e-mail's body holds nothing worth keeping. */
export const LONGEST_LINK_TTL_MS = Math.max(VERIFY_EMAIL_TTL_MS, RESET_PASSWORD_TTL_MS);

// Verified when the e-mail is unknown, so a wrong address takes as long as a wrong password.
const unknownUserHash = passwordHasher.hash('no such user');

export interface AuthSession {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  user: User;
  /** Kept by the browser across sign-outs and sent with its next sign-in (see `device-token.ts`). */
  device_token: string;
}

export function presentUser(row: repo.UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    country: row.country,
    emailVerified: row.emailVerifiedAt !== null,
    organisation: { id: row.orgId, name: row.organisationName, role: row.role, allowed: allowedActions(row.role) },
    createdAt: row.createdAt.toISOString(),
  };
}

async function openSession(ctx: AppContext, row: repo.UserRow, deviceToken?: string): Promise<AuthSession> {
  const { token, expiresAt } = await signAccessToken(
    { userId: row.id, orgId: row.orgId, tokenVersion: row.tokenVersion, email: row.email, name: row.name },
    ctx.config.jwtSecret,
    ctx.config.accessTokenTtlSeconds,
    ctx.now(),
  );
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_at: expiresAt.toISOString(),
    user: presentUser(row),
    device_token: deviceToken ?? issueDeviceToken(row.id, ctx.config.jwtSecret),
  };
}

async function loadUser(ctx: AppContext, userId: string, orgId?: string): Promise<repo.UserRow> {
  const row = await repo.findUserWithOrganisation(ctx.database.db, { id: userId }, orgId);
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
  await queueEmail(ctx, { to: user.email, ...message }, (outboxId) => ctx.queue.send(sendEmailJob, { outboxId }));
}

/** argon2 work for counted attempts: if the work cannot run (the server is busy), the attempts do not count. */
async function notCountedIfUnrun<T>(attempts: CountedAttempt[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await Promise.all(attempts.map((attempt) => attempt.withdraw()));
    throw error;
  }
}

export async function registerAccount(ctx: AppContext, input: z.output<typeof registerSchema>, ip: string): Promise<AuthSession> {
  const attempt = await countAttempt(ctx, REGISTRATION_LIMIT, clientAddressKey(ip));
  if (await repo.emailExists(ctx.database.db, input.email)) {
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please use a different email or try logging in.');
  }
  const userId = randomUUID();
  const passwordHash = await notCountedIfUnrun([attempt], () => passwordHasher.hash(input.password));
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

/**
 * Signs in. Every attempt is counted as a failure before argon2 runs (so attempts sent at once see each other)
 * and taken back if the password is right. With a device token of this account, only that device's own
 * failures limit it; otherwise the account's failures from anywhere, and the address's failures on any account.
 */
export async function logIn(
  ctx: AppContext,
  credentials: { email: string; password: string; deviceToken?: string | undefined; organisationId?: string | undefined },
  ip: string,
): Promise<AuthSession> {
  const row = await repo.findUserWithOrganisation(ctx.database.db, { email: credentials.email });
  const deviceId = row && credentials.deviceToken ? deviceIdOf(credentials.deviceToken, row.id, ctx.config.jwtSecret) : null;
  // Unknown e-mails are counted like known ones, so a 429 says nothing about which addresses have accounts.
  const limits: [AttemptLimit, string][] = deviceId
    ? [[LOGIN_DEVICE_LIMIT, deviceId]]
    : [
        [LOGIN_ACCOUNT_LIMIT, credentials.email],
        [LOGIN_ADDRESS_LIMIT, clientAddressKey(ip)],
      ];
  const counted = await countAttempts(ctx, limits);
  const [ownFailures, addressFailures] = counted;
  const passwordMatches = await notCountedIfUnrun(counted, async () =>
    row
      ? passwordHasher.verify(row.passwordHash, credentials.password)
      : (await passwordHasher.verify(await unknownUserHash, credentials.password), false),
  );
  if (!row || !passwordMatches) {
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password. Please check your credentials and try again.');
  }
  // The right password ends this account's (or device's) backoff. The address keeps its other failures: else
  // someone spraying passwords could wipe them by signing in to an account of their own now and then.
  await ownFailures!.clearAll();
  await addressFailures?.withdraw();
  // The organisation this device chose last, if the person still belongs to it (read only after the password matched).
  const chosen = credentials.organisationId
    ? await repo.findUserWithOrganisation(ctx.database.db, { id: row.id }, credentials.organisationId)
    : undefined;
  return openSession(ctx, chosen ?? row, deviceId ? credentials.deviceToken : undefined);
}

export async function logOut(ctx: AppContext, tokenId: string, expiresAt: Date): Promise<void> {
  await repo.revokeToken(ctx.database.db, tokenId, expiresAt, ctx.now());
  forgetStanding({ tokenId });
}

/** The person with the organisation their token is for (their first when not given). */
export async function currentUser(ctx: AppContext, userId: string, orgId?: string): Promise<User> {
  return presentUser(await loadUser(ctx, userId, orgId));
}

export async function updateProfile(
  ctx: AppContext,
  actor: { userId: string; orgId: string },
  changes: z.output<typeof profileUpdateSchema>,
): Promise<User> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await repo.updateProfile(ctx.database.db, actor.userId, defined, ctx.now());
  return currentUser(ctx, actor.userId, actor.orgId);
}

/** The organisations a person belongs to, for the header's switcher. */
export async function myOrganisations(ctx: AppContext, userId: string): Promise<{ id: string; name: string; role: MemberRole }[]> {
  return repo.listMemberships(ctx.database.db, userId);
}

/**
 * A session in another organisation the person belongs to: a new token for it (the old one stays good until it
 * expires or they sign out). One they do not belong to, or were removed from, is not found.
 */
export async function switchOrganisation(ctx: AppContext, userId: string, orgId: string): Promise<AuthSession> {
  const row = await repo.findUserWithOrganisation(ctx.database.db, { id: userId }, orgId);
  if (!row) throw AppError.notFound('Organisation');
  return openSession(ctx, row);
}

export async function verifyEmail(ctx: AppContext, token: string, ip: string): Promise<User> {
  const attempt = await countAttempt(ctx, LINK_FAILURE_LIMIT, clientAddressKey(ip));
  const used = await repo.consumeUserToken(ctx.database.db, 'verify-email', hashToken(token), ctx.now());
  if (!used) throw new AppError('INVALID_TOKEN', 'This confirmation link is invalid, used or expired. Sign in and ask for a new one.');
  await attempt.withdraw();
  await repo.markEmailVerified(ctx.database.db, used.userId, ctx.now());
  return currentUser(ctx, used.userId);
}

export async function resendVerification(ctx: AppContext, userId: string): Promise<void> {
  const row = await loadUser(ctx, userId);
  if (row.emailVerifiedAt) return;
  await countAttempt(ctx, VERIFICATION_RESEND_LIMIT, userId);
  await sendUserLink(ctx, row, 'verify-email');
}

/** Always answers the same way, so the form does not tell strangers which addresses have accounts. */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await countAttempts(ctx, [
    [RESET_REQUEST_ADDRESS_LIMIT, clientAddressKey(ip)],
    [RESET_REQUEST_EMAIL_LIMIT, email],
  ]);
  const row = await repo.findUserWithOrganisation(ctx.database.db, { email });
  if (row) await sendUserLink(ctx, row, 'reset-password');
}

const invalidResetLink = () => new AppError('INVALID_TOKEN', 'This reset link is invalid, used or expired. Ask for a new one.');

/** The link is looked up (a hash and one select) before the new password is hashed: a bad link costs no argon2. */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string, ip: string): Promise<AuthSession> {
  const attempt = await countAttempt(ctx, LINK_FAILURE_LIMIT, clientAddressKey(ip));
  const tokenHash = hashToken(token);
  if (!(await repo.findUsableUserToken(ctx.database.db, 'reset-password', tokenHash, ctx.now()))) throw invalidResetLink();
  await attempt.withdraw();
  const passwordHash = await passwordHasher.hash(newPassword);
  const now = ctx.now();
  const userId = await ctx.database.db.transaction().execute(async (trx) => {
    // Used only here, with the new password: a link used meanwhile by another request finds nothing.
    const used = await repo.consumeUserToken(trx, 'reset-password', tokenHash, now);
    if (!used) return null;
    await repo.invalidateUserTokens(trx, used.userId, 'reset-password', now);
    await repo.replacePassword(trx, used.userId, passwordHash, now);
    // The link arrived by e-mail, so the address is proven.
    await repo.markEmailVerified(trx, used.userId, now);
    return used.userId;
  });
  if (!userId) throw invalidResetLink();
  forgetStanding({ userId });
  return openSession(ctx, await loadUser(ctx, userId));
}

export async function changePassword(ctx: AppContext, userId: string, currentPassword: string, newPassword: string): Promise<AuthSession> {
  const row = await loadUser(ctx, userId);
  const attempt = await countAttempt(ctx, PASSWORD_CHECK_LIMIT, userId);
  if (!(await notCountedIfUnrun([attempt], () => passwordHasher.verify(row.passwordHash, currentPassword)))) {
    // 400, not 401: a 401 would sign the person out of the app (spec §4).
    throw AppError.invalid('currentPassword', 'Your current password is not correct.');
  }
  await attempt.clearAll();
  await repo.replacePassword(ctx.database.db, userId, await passwordHasher.hash(newPassword), ctx.now());
  forgetStanding({ userId });
  return openSession(ctx, await loadUser(ctx, userId));
}

/**
 * Deletes the person's account once they give their password (see `eraseAccount`): their tokens stop at once, in
 * this process now and in others within the standing's few seconds.
 */
export async function deleteAccount(ctx: AppContext, userId: string, password: string): Promise<void> {
  const row = await loadUser(ctx, userId);
  const attempt = await countAttempt(ctx, PASSWORD_CHECK_LIMIT, userId);
  if (!(await notCountedIfUnrun([attempt], () => passwordHasher.verify(row.passwordHash, password)))) {
    throw AppError.invalid('password', 'Your password is not correct.');
  }
  await eraseAccount(ctx.database.db, userId);
  forgetStanding({ userId });
}
