import { createHash, randomInt } from 'node:crypto';
import { notificationText, type NotificationPreferences, type RecentSms } from '@murimi/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import type { SmsConfig } from '../../config.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
import { maskedPhoneNumber } from '../../integrations/sms/sms-provider.ts';
import { countAttempt, type CountedAttempt, type WindowLimit } from '../auth/auth-limits.ts';
import { incrementCounter } from '../metrics/metric-counters.ts';
import { queueSms } from '../sms/sms-outbox.ts';
import { preferencesOf, reviewedLanguages } from './notification-preferences.ts';
import { textableNumber } from './phone-numbers.ts';

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

/** The number farmers text (STOP, START) when the provider sends from one; null for a sender name or a service id. */
export function smsServiceNumber(sms: SmsConfig): string | null {
  const sender =
    sms.provider === 'twilio' ? sms.twilio?.from : sms.provider === 'africastalking' ? sms.africasTalking?.senderId : undefined;
  return sender && /^\+?\d{3,15}$/.test(sender) ? sender : null;
}

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
    .where('failedAttempts', '<', MAX_CODE_FAILURES)
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
export async function requestSmsPhoneCode(ctx: AppContext, userId: string, phoneInput: string, log: FastifyBaseLogger) {
  const user = await loadUser(ctx, userId);
  const { phone, country } = textablePhone(ctx.config.sms, phoneInput, user.country);
  if (user.smsPhone === phone && user.smsPhoneVerifiedAt) throw AppError.invalid('phone', 'This number is already verified.');
  if (!ctx.config.sms.provider) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'This server cannot send SMS yet (no SMS provider is set up), so numbers cannot be verified.',
    );
  }
  // The outbox sends nothing to a number that texted STOP, the code included: say so rather than send nothing.
  const stopped = await ctx.database.db.selectFrom('smsOptOuts').select('phone').where('phone', '=', phone).executeTakeFirst();
  if (stopped) {
    const serviceNumber = smsServiceNumber(ctx.config.sms);
    const message =
      `This number texted STOP to ${ctx.config.productName}, so no SMS reaches it, not even the code. ` +
      `Text START to ${serviceNumber ?? 'the number our SMS come from'} first, then ask for the code again.`;
    throw new AppError('CONFLICT', message, [{ path: 'phone', message }]);
  }
  await countAttempt(ctx, CODE_REQUEST_LIMIT, `user:${userId}`);
  await countAttempt(ctx, CODE_REQUEST_LIMIT, `phone:${phone}`);
  await countCappedCode(ctx, { userId, phone, country }, log);
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

/** The number (E.164) and its country, if a code may be texted to it; a 400 saying what is wrong with it otherwise. */
export function textablePhone(sms: SmsConfig, phoneInput: string, personCountry: string): { phone: string; country: string } {
  const number = textableNumber(phoneInput, personCountry, sms.allowedCountries);
  if (number.ok) return number;
  if (number.problem === 'unreadable') {
    throw AppError.invalid(
      'phone',
      `This is not a mobile number we can read for your country (${personCountry}); include the country code, e.g. +263 77 123 4567.`,
    );
  }
  if (number.problem === 'country') {
    const where = number.country ? `a number in ${countryName(number.country)}` : 'not a number of any one country';
    throw AppError.invalid(
      'phone',
      `This server sends SMS only to mobile numbers in ${listed(sms.allowedCountries.map(countryName))}; this is ${where}.`,
    );
  }
  throw AppError.invalid('phone', `This is ${number.typeWords}, not a mobile number: the code comes by SMS, so use a mobile number.`);
}

const regionNames = new Intl.DisplayNames('en', { type: 'region' });
const countryName = (code: string) => regionNames.of(code) ?? code;

const listed = (names: readonly string[]) => new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(names);

/**
 * The caps that bound what SMS codes can cost: per account a day, and across the whole service an hour (an attack
 * with many accounts). Counted in the database, so every process sees every code; a cap that bites is logged (the
 * number masked) and counted in `murimi_sms_code_caps_reached_total`.
 */
async function countCappedCode(ctx: AppContext, code: { userId: string; phone: string; country: string }, log: FastifyBaseLogger) {
  const { codesPerAccountPerDay, codesPerHour } = ctx.config.sms;
  const caps: [cap: string, limit: WindowLimit, subject: string][] = [
    [
      'account-day',
      {
        kind: 'sms-code-account-day',
        limit: codesPerAccountPerDay,
        windowMs: 24 * 3600_000,
        message: `You have asked for ${codesPerAccountPerDay} codes in the last 24 hours, the most we send. Please try again tomorrow.`,
      },
      `user:${code.userId}`,
    ],
    [
      'service-hour',
      {
        kind: 'sms-code-service-hour',
        limit: codesPerHour,
        windowMs: 3600_000,
        message: 'We are sending too many codes right now. Please try again in an hour.',
      },
      'service',
    ],
  ];
  const counted: CountedAttempt[] = [];
  for (const [cap, limit, subject] of caps) {
    try {
      counted.push(await countAttempt(ctx, limit, subject));
    } catch (error) {
      await Promise.all(counted.map((attempt) => attempt.withdraw()));
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        log.warn(
          { userId: code.userId, country: code.country, cap, limit: limit.limit, to: maskedPhoneNumber(code.phone) },
          'SMS code refused: a cap was reached',
        );
        await incrementCounter(ctx, 'murimi_sms_code_caps_reached_total', { cap });
      }
      throw error;
    }
  }
}

/**
 * Checks the code; the right one makes the number the person's SMS number. A number verified by someone else before
 * moves to whoever proved they hold it now.
 *
 * Guesses sent at once must not get more than `MAX_CODE_FAILURES` between them, so the code is never read and then
 * judged: a wrong code is counted by one conditional update (which PostgreSQL applies to the row one at a time), and
 * the right one claims the code by a conditional delete. Both require fewer than `MAX_CODE_FAILURES` failures, so once
 * the last failure is recorded even the right code is refused until a new one is asked for.
 */
export async function verifySmsPhone(ctx: AppContext, userId: string, code: string) {
  const db = ctx.database.db;
  const now = ctx.now();
  const guessHash = codeHash(userId, code);
  // The person's code while it can still be used: not expired, and fewer wrong guesses than allowed.
  const usableCode = (eb: ExpressionBuilder<DB, 'smsPhoneCodes'>) =>
    eb.and([eb('userId', '=', userId), eb('expiresAt', '>', now), eb('failedAttempts', '<', MAX_CODE_FAILURES)]);
  const wrongGuess = await db
    .updateTable('smsPhoneCodes')
    .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1) }))
    .where(usableCode)
    .where('codeHash', '!=', guessHash)
    .returning('failedAttempts')
    .executeTakeFirst();
  if (wrongGuess) {
    if (wrongGuess.failedAttempts >= MAX_CODE_FAILURES) {
      throw AppError.invalid('code', 'That code is wrong, and too many wrong codes were tried. Ask for a new one.');
    }
    throw AppError.invalid('code', 'That code is wrong. Check the SMS and try again.');
  }
  // Not counted as wrong: the right code, or no code that can still be used.
  let verified: boolean;
  try {
    verified = await db.transaction().execute(async (tx) => {
      const claimed = await tx
        .deleteFrom('smsPhoneCodes')
        .where(usableCode)
        .where('codeHash', '=', guessHash)
        .returning('phone')
        .executeTakeFirst();
      if (!claimed) return false;
      await tx
        .updateTable('users')
        .set({ smsPhone: null, smsPhoneVerifiedAt: null })
        .where('smsPhone', '=', claimed.phone)
        .where('id', '!=', userId)
        .execute();
      await tx
        .updateTable('users')
        .set({ smsPhone: claimed.phone, smsPhoneVerifiedAt: now, updatedAt: now })
        .where('id', '=', userId)
        .execute();
      return true;
    });
  } catch (error) {
    // Two accounts verifying one number at the same moment: neither saw the other's uncommitted number, and the
    // unique index lets the first through. The loser's code is kept (its transaction rolled back), so typing it
    // again moves the number to this account by the rule above.
    if (isUniqueViolation(error, 'users_sms_phone_idx')) {
      throw new AppError('CONFLICT', 'Another account was verifying this number at the same moment. Enter the code again.', [
        { path: 'code', message: 'Another account was verifying this number at the same moment.' },
      ]);
    }
    throw error;
  }
  if (!verified) {
    const pending = await db
      .selectFrom('smsPhoneCodes')
      .select(['expiresAt', 'failedAttempts'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (pending && pending.expiresAt > now && pending.failedAttempts >= MAX_CODE_FAILURES) {
      throw AppError.invalid('code', 'Too many wrong codes were tried, so this code no longer works. Ask for a new one.');
    }
    throw AppError.invalid('code', 'This code has expired or was never sent. Ask for a new one.');
  }
  return getNotificationSettings(ctx, userId);
}

/** How many of a person's latest SMS they see: the last few days of a farmer's alerts, replies and codes. */
const RECENT_SMS = 10;

/** `GET /api/me/sms-messages`: the person's latest SMS, newest first, whatever became of them. */
export async function recentSmsMessages(ctx: AppContext, userId: string): Promise<RecentSms[]> {
  const rows = await ctx.database.db
    .selectFrom('smsOutbox')
    .select(['id', 'purpose', 'status', 'body', 'repeatOf', 'createdAt', 'sentAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_SMS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    purpose: row.purpose,
    status: row.status,
    body: row.body,
    repeat: row.repeatOf !== null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
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
