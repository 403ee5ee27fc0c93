import { randomUUID } from 'node:crypto';
import { localTimeIn, quietHoursEnd, smsSegments, type NotificationPreferences } from '@murimi/core';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { ServiceContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import type { DB, SmsPurpose, SmsStatus } from '../../db/schema.ts';
import { smsProviderFor } from '../../integrations/sms/sms-providers.ts';
import { SmsSendError, type SmsProvider } from '../../integrations/sms/sms-provider.ts';
import type { JobDefinition, JobQueue } from '../../jobs/job-queue.ts';

/**
 * Every SMS goes through the outbox: a row with its text, its parts and why it went or did not, then the `send-sms`
 * job. What is decided here, in one place: a number that sent STOP gets nothing (but the reply to its START); an
 * alert or digest waits out the person's quiet hours (`held`) and an alert past their daily limit is not sent
 * (`capped`). Only verified numbers reach this for alerts and digests: the callers look the number up from the
 * person's verified one.
 */
export interface SmsToQueue {
  userId: string | null;
  /** E.164. */
  to: string;
  body: string;
  purpose: SmsPurpose;
  alertId?: string | null;
  /** The person's preferences: their quiet hours and daily limit apply to alerts and digests. */
  preferences?: NotificationPreferences;
}

export type SmsQueueContext = ServiceContext & { queue: Pick<JobQueue, 'send'> };

export interface QueuedSms {
  id: string;
  status: SmsStatus;
}

/** Queues one SMS (in `executor`'s transaction when given); returns its outbox id and what became of it. */
export async function queueSms(ctx: SmsQueueContext, message: SmsToQueue, executor?: Kysely<DB>): Promise<QueuedSms> {
  const db = executor ?? ctx.database.db;
  const now = ctx.now();
  const id = randomUUID();
  const decision = await decide(db, message, now);
  const segments = smsSegments(message.body);
  await db
    .insertInto('smsOutbox')
    .values({
      id,
      userId: message.userId,
      toPhone: message.to,
      body: message.body,
      encoding: segments.encoding,
      parts: segments.parts,
      purpose: message.purpose,
      alertId: message.alertId ?? null,
      status: decision.status,
      statusReason: decision.reason,
      sendAfter: decision.sendAfter,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  if (decision.status === 'queued' || decision.status === 'held') {
    await ctx.queue.send(sendSmsJob, { outboxId: id }, { executor, startAfter: decision.sendAfter ?? undefined });
  }
  return { id, status: decision.status };
}

const COUNTED_STATUSES: SmsStatus[] = ['queued', 'held', 'sent', 'delivered'];

/** The start of the local day holding `instant` in `timeZone`, and of the next (to the minute). */
function localDayOf(instant: Date, timeZone: string): { start: Date; end: Date } {
  const startOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000 - localTimeIn(at, timeZone).minuteOfDay * 60_000);
  const start = startOf(instant);
  // Noon of the next day is in the next day whatever a clock change did to this one.
  return { start, end: startOf(new Date(start.getTime() + 36 * 3600_000)) };
}

async function decide(
  db: Kysely<DB>,
  message: SmsToQueue,
  now: Date,
): Promise<{ status: SmsStatus; reason: string | null; sendAfter: Date | null }> {
  const stopped = await db.selectFrom('smsOptOuts').select('phone').where('phone', '=', message.to).executeTakeFirst();
  if (stopped) return { status: 'stopped', reason: 'The number sent STOP.', sendAfter: null };
  const preferences = message.preferences;
  if (!preferences || (message.purpose !== 'alert' && message.purpose !== 'digest'))
    return { status: 'queued', reason: null, sendAfter: null };
  const quietUntil = quietHoursEnd(now, preferences.quietHours, preferences.timeZone);
  if (message.purpose === 'alert' && message.userId) {
    // The limit is of SMS a day on the person's phone: an alert held overnight counts on the morning it is sent, so
    // the count is of alerts going out on the day this one would (its own quiet hours' end, or now).
    const sendDay = localDayOf(quietUntil ?? now, preferences.timeZone);
    const sendsAt = sql<Date>`coalesce(send_after, created_at)`;
    const { count } = await db
      .selectFrom('smsOutbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('userId', '=', message.userId)
      .where('purpose', '=', 'alert')
      .where('status', 'in', COUNTED_STATUSES)
      .where(sendsAt, '>=', sendDay.start)
      .where(sendsAt, '<', sendDay.end)
      .executeTakeFirstOrThrow();
    if (Number(count) >= preferences.smsPerDay) {
      return { status: 'capped', reason: `The person's limit of ${preferences.smsPerDay} alert SMS a day was reached.`, sendAfter: null };
    }
  }
  if (quietUntil) return { status: 'held', reason: 'Quiet hours: held until they end.', sendAfter: quietUntil };
  return { status: 'queued', reason: null, sendAfter: null };
}

const providers = new Map<Config['sms'], SmsProvider | null>();

/** The process's provider for these settings (one adapter, reused). */
function providerFor(config: Config, log: FastifyBaseLogger): SmsProvider | null {
  if (!providers.has(config.sms)) providers.set(config.sms, smsProviderFor(config.sms, { log }));
  return providers.get(config.sms)!;
}

/** The URL a provider that takes one per message (Twilio) posts this message's delivery statuses to. */
export function statusCallbackUrl(config: Config, provider: SmsProvider): string | undefined {
  return provider.name === 'twilio' ? `${config.publicUrl}/api/sms/twilio/status` : undefined;
}

export interface DeliveryContext extends ServiceContext {
  log: FastifyBaseLogger;
  /** Whether this is the job's last try: an unavailable provider then fails the message for good. */
  isLastAttempt: boolean;
  /** Tests pass a provider on a fake server; otherwise the configured one. */
  provider?: SmsProvider | null;
}

/**
 * Hands one queued message to the provider and records what happened. An alert that ended or was resolved while the
 * message was held is not sent (`expired`); a number that sent STOP since is not either. A refusal (bad number,
 * blacklisted) fails it at once; an unavailable provider throws, so the job tries again later, until its last try.
 */
export async function deliverSms(ctx: DeliveryContext, outboxId: string): Promise<SmsStatus | null> {
  const db = ctx.database.db;
  const message = await db.selectFrom('smsOutbox').selectAll().where('id', '=', outboxId).executeTakeFirst();
  if (!message || (message.status !== 'queued' && message.status !== 'held')) return message?.status ?? null;
  const record = (
    status: SmsStatus,
    fields: Partial<{ statusReason: string | null; provider: string; providerMessageId: string; sentAt: Date }> = {},
  ) =>
    db
      .updateTable('smsOutbox')
      .set({ status, updatedAt: ctx.now(), ...fields })
      .where('id', '=', outboxId)
      .execute()
      .then(() => status);
  const about = { outboxId, purpose: message.purpose, to: `…${message.toPhone.slice(-3)}` };

  if (message.alertId) {
    const alert = await db.selectFrom('alerts').select(['endedAt', 'resolvedAt']).where('id', '=', message.alertId).executeTakeFirst();
    if (!alert || alert.endedAt || alert.resolvedAt)
      return record('expired', { statusReason: 'The alert ended or was resolved before it could be sent.' });
  }
  if (message.status === 'held' || message.purpose !== 'reply') {
    const stopped = await db.selectFrom('smsOptOuts').select('phone').where('phone', '=', message.toPhone).executeTakeFirst();
    if (stopped) return record('stopped', { statusReason: 'The number sent STOP.' });
  }
  const provider = ctx.provider === undefined ? providerFor(ctx.config, ctx.log) : ctx.provider;
  if (!provider) {
    ctx.log.info(about, 'SMS not sent: no SMS_PROVIDER is set, so it stays in the outbox');
    return record('not-sent', { statusReason: 'No SMS provider is configured (SMS_PROVIDER).' });
  }
  await db
    .updateTable('smsOutbox')
    .set({ attempts: message.attempts + 1 })
    .where('id', '=', outboxId)
    .execute();
  try {
    const sent = await provider.send(
      { to: message.toPhone, body: message.body, reference: outboxId },
      { statusCallbackUrl: statusCallbackUrl(ctx.config, provider) },
    );
    return record('sent', { provider: provider.name, providerMessageId: sent.providerMessageId, sentAt: ctx.now(), statusReason: null });
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    if (error.kind === 'rejected' || ctx.isLastAttempt) {
      ctx.log.warn({ ...about, provider: provider.name, reason: error.message, code: error.providerCode }, 'SMS failed');
      return record('failed', { provider: provider.name, statusReason: error.message.slice(0, 500) });
    }
    await record(message.status, { statusReason: error.message.slice(0, 500) });
    throw error;
  }
}

const payload = z.object({ outboxId: z.uuid() });

export const sendSmsJob: JobDefinition<typeof payload> = {
  name: 'send-sms',
  payload,
  // On top of the provider client's own quick retries: a provider down for a while is tried again over ~30 minutes.
  retryLimit: 4,
  retryDelaySeconds: 60,
  expireInSeconds: 120,
  concurrency: 2,
  async handle({ outboxId }, context) {
    await deliverSms({ ...context, isLastAttempt: context.attempt.isLast }, outboxId);
  },
};
