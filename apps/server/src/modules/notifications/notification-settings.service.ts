import { createHash, randomInt } from 'node:crypto';
import { notificationText, type NotificationPreferences } from '@murimi/core';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { countAttempt, type WindowLimit } from '../auth/auth-limits.ts';
import { queueSms } from '../sms/sms-outbox.ts';
import { preferencesOf, reviewedLanguages } from './notification-preferences.ts';
import { toE164 } from './phone-numbers.ts';

/** A code is good for 10 minutes: long enough for a slow network's SMS, short enough not to be worth guessing. */
export const SMS_CODE_TTL_MINUTES = 10;
/** Wrong codes before the code is void and a new one must be asked for (6 digits: 5 guesses in a million). */
const MAX_CODE_FAILURES = 5;

/** Codes a person may ask for per hour, and a number may receive: each costs an SMS, and nobody's phone is flooded. */
const CODE_REQUEST_LIMIT: WindowLimit = {
  kind: 'sms-phone-code',
  limit: 5,
  windowMs: 3600_000,
  message: 'Too many codes asked for. Please wait a while and try again.',
};

const codeHash = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

async function loadUser(ctx: AppContext, userId: string) {
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'country', 'notificationPreferences', 'smsPhone', 'smsPhoneVerifiedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
  return user;
}

async function smsPhoneState(ctx: AppContext, user: Awaited<ReturnType<typeof loadUser>>) {
  const pending = await ctx.database.db
    .selectFrom('smsPhoneCodes')
    .select(['phone', 'expiresAt'])
    .where('userId', '=', user.id)
    .where('expiresAt', '>', ctx.now())
    .executeTakeFirst();
  const verified = user.smsPhone !== null && user.smsPhoneVerifiedAt !== null;
  const stopped = verified
    ? (await ctx.database.db.selectFrom('smsOptOuts').select('phone').where('phone', '=', user.smsPhone!).executeTakeFirst()) !== undefined
    : false;
  return {
    phone: verified ? user.smsPhone : null,
    verified,
    pending: pending ? { phone: pending.phone, expiresAt: pending.expiresAt.toISOString() } : null,
    stopped,
  };
}

/** `GET /api/me/notification-preferences`: the preferences, the SMS number's state and what the server can send. */
export async function getNotificationSettings(ctx: AppContext, userId: string) {
  const user = await loadUser(ctx, userId);
  return {
    preferences: preferencesOf(user),
    smsPhone: await smsPhoneState(ctx, user),
    smsAvailable: ctx.config.sms.provider !== null,
    reviewedLanguages: reviewedLanguages(),
  };
}

export async function updateNotificationPreferences(ctx: AppContext, userId: string, preferences: NotificationPreferences) {
  await ctx.database.db
    .updateTable('users')
    .set({ notificationPreferences: JSON.stringify(preferences), updatedAt: ctx.now() })
    .where('id', '=', userId)
    .execute();
  return getNotificationSettings(ctx, userId);
}

/**
 * Sends a 6-digit code to the number the person gives (read for their country, kept in E.164). Nothing is sent to a
 * number for alerts before its code comes back: the code is the only SMS an unverified number gets.
 */
export async function requestSmsPhoneCode(ctx: AppContext, userId: string, phoneInput: string) {
  const user = await loadUser(ctx, userId);
  const phone = toE164(phoneInput, user.country);
  if (!phone)
    throw AppError.invalid(
      'phone',
      `This is not a mobile number we can read for your country (${user.country}); include the country code, e.g. +263 77 123 4567.`,
    );
  if (user.smsPhone === phone && user.smsPhoneVerifiedAt) throw AppError.invalid('phone', 'This number is already verified.');
  if (!ctx.config.sms.provider) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'This server cannot send SMS yet (no SMS provider is set up), so numbers cannot be verified.',
    );
  }
  await countAttempt(ctx, CODE_REQUEST_LIMIT, `user:${userId}`);
  await countAttempt(ctx, CODE_REQUEST_LIMIT, `phone:${phone}`);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.now();
  const preferences = preferencesOf(user);
  await ctx.database.db.transaction().execute(async (tx) => {
    const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000);
    await tx
      .insertInto('smsPhoneCodes')
      .values({ userId, phone, codeHash: codeHash(userId, code), expiresAt, createdAt: now })
      .onConflict((conflict) =>
        conflict.column('userId').doUpdateSet({ phone, codeHash: codeHash(userId, code), expiresAt, failedAttempts: 0 }),
      )
      .execute();
    const body = notificationText(preferences.language, 'sms.verificationCode', {
      product: ctx.config.productName,
      code,
      minutes: SMS_CODE_TTL_MINUTES,
    });
    await queueSms(ctx, { userId, to: phone, body, purpose: 'verification' }, tx);
  });
  return getNotificationSettings(ctx, userId);
}

/**
 * Checks the code; the right one makes the number the person's SMS number. A number verified by someone else before
 * moves to whoever proved they hold it now.
 */
export async function verifySmsPhone(ctx: AppContext, userId: string, code: string) {
  const db = ctx.database.db;
  const pending = await db.selectFrom('smsPhoneCodes').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!pending || pending.expiresAt <= ctx.now()) {
    throw AppError.invalid('code', 'This code has expired or was never sent. Ask for a new one.');
  }
  if (pending.codeHash !== codeHash(userId, code)) {
    const failures = pending.failedAttempts + 1;
    if (failures >= MAX_CODE_FAILURES) {
      await db.deleteFrom('smsPhoneCodes').where('userId', '=', userId).execute();
      throw AppError.invalid('code', 'That code is wrong, and too many wrong codes were tried. Ask for a new one.');
    }
    await db.updateTable('smsPhoneCodes').set({ failedAttempts: failures }).where('userId', '=', userId).execute();
    throw AppError.invalid('code', 'That code is wrong. Check the SMS and try again.');
  }
  const now = ctx.now();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ smsPhone: null, smsPhoneVerifiedAt: null })
      .where('smsPhone', '=', pending.phone)
      .where('id', '!=', userId)
      .execute();
    await tx
      .updateTable('users')
      .set({ smsPhone: pending.phone, smsPhoneVerifiedAt: now, updatedAt: now })
      .where('id', '=', userId)
      .execute();
    await tx.deleteFrom('smsPhoneCodes').where('userId', '=', userId).execute();
  });
  return getNotificationSettings(ctx, userId);
}

/** Forgets the person's SMS number (and any code waiting): nothing more goes to it. */
export async function removeSmsPhone(ctx: AppContext, userId: string) {
  await ctx.database.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ smsPhone: null, smsPhoneVerifiedAt: null, updatedAt: ctx.now() })
      .where('id', '=', userId)
      .execute();
    await tx.deleteFrom('smsPhoneCodes').where('userId', '=', userId).execute();
  });
  return getNotificationSettings(ctx, userId);
}
