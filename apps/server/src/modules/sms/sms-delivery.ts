import { randomUUID } from 'node:crypto';
import { alertSms, localTimeIn, smsSegments, type AlertEvidence, type AlertRuleId } from '@murimi/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ServiceContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import type { DB, SmsPurpose, SmsStatus } from '../../db/schema.ts';
import { smsProviderFor } from '../../integrations/sms/sms-providers.ts';
import { maskedPhoneNumber, SMS_SEND_ATTEMPTS, SmsSendError, type SmsProvider } from '../../integrations/sms/sms-provider.ts';
import type { JobDefinition, JobQueue } from '../../jobs/job-queue.ts';
import { crashHereWhenTesting } from '../analysis/analysis-crash-point.ts';
import { CONTACT_COLUMNS, preferencesOf } from '../notifications/notification-preferences.ts';

/**
 * Handing a queued SMS to the provider, once. A message goes `queued`/`held` → `sending` by one conditional update
 * that sets a lease (who, until when): a second runner of the same job, or a job pg-boss retried because it ran past
 * its expiry, finds it taken and sends nothing. The provider is called under the lease and the message marked by its
 * holder only.
 *
 * When the provider's answer is lost (a timeout, the connection cut, a crash between its "accepted" and our mark), the
 * message is never sent again blindly: once its lease has passed, the next runner asks the provider. Twilio lists the
 * messages it took by recipient: found → `sent` with its id; not found a minute after the first try (its list shows a
 * message as soon as it is created, a minute leaves room for lag) → sent again. Africa's Talking cannot be asked →
 * `uncertain`, shown as such to the person; a critical alert found uncertain is sent once more, saying "(repeat)".
 */

/** Room in a lease beyond the attempts themselves: the waits between them and a `Retry-After` or two. */
const LEASE_MARGIN_MS = 15_000;
/** A send stops this long before its lease ends, so nobody sends under a lease another runner may have taken. */
const LEASE_SAFETY_MS = 5_000;
/** How long after a message was first handed over a provider's list is taken to show it if it took it. */
export const PROVIDER_LIST_SETTLE_MS = 60_000;
/** A provider that could not be asked is asked again after this long. */
const LOOKUP_RETRY_MS = 60_000;
/** Messages whose lease passed, checked on after each maintenance pass. */
const RECOVERY_BATCH = 100;

/** How long one runner may hold a message: every attempt to its timeout, and a margin. Past it, another checks on it. */
export function smsLeaseMs(config: Pick<Config, 'sms'>): number {
  return SMS_SEND_ATTEMPTS * config.sms.timeoutMs + LEASE_MARGIN_MS;
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
  queue: Pick<JobQueue, 'send'>;
  /** Whether this is the job's last try: an unavailable provider then fails the message for good. */
  isLastAttempt: boolean;
  /** Tests pass a provider on a fake server; otherwise the configured one. */
  provider?: SmsProvider | null;
}

/** One message as the outbox keeps it; the text's encoding and parts are counted here. */
export interface OutboxMessage {
  userId: string | null;
  toPhone: string;
  body: string;
  purpose: SmsPurpose;
  alertId: string | null;
  status: SmsStatus;
  statusReason: string | null;
  sendAfter: Date | null;
  repeatOf?: string | null;
}

/**
 * Stores one message (in `executor`'s transaction when given) and, when it is to go (`queued`, or `held` until
 * `sendAfter`), its `send-sms` job in the same transaction. Returns its outbox id.
 */
export async function storeOutboxMessage(
  ctx: ServiceContext & { queue: Pick<JobQueue, 'send'> },
  message: OutboxMessage,
  executor?: Kysely<DB>,
): Promise<string> {
  const db = executor ?? ctx.database.db;
  const now = ctx.now();
  const id = randomUUID();
  const segments = smsSegments(message.body);
  await db
    .insertInto('smsOutbox')
    .values({
      id,
      ...message,
      encoding: segments.encoding,
      parts: segments.parts,
      repeatOf: message.repeatOf ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  if (message.status === 'queued' || message.status === 'held') {
    await ctx.queue.send(sendSmsJob, { outboxId: id }, { executor, startAfter: message.sendAfter ?? undefined });
  }
  return id;
}

type OutboxRow = NonNullable<Awaited<ReturnType<typeof loadMessage>>>;

function loadMessage(ctx: ServiceContext, outboxId: string) {
  return ctx.database.db.selectFrom('smsOutbox').selectAll().where('id', '=', outboxId).executeTakeFirst();
}

/**
 * Hands one queued message to the provider and records what happened, or checks on one whose runner's lease passed.
 * An alert that ended or was resolved while the message was held is not sent (`expired`); a number that sent STOP
 * since is not either. A refusal (bad number, blacklisted) fails it at once; a provider surely not reached throws, so
 * the job tries again later, until its last try. Returns the message's status now.
 */
export async function deliverSms(ctx: DeliveryContext, outboxId: string): Promise<SmsStatus | null> {
  const db = ctx.database.db;
  const message = await loadMessage(ctx, outboxId);
  if (!message) return null;
  if (message.status === 'sending') {
    if (message.leaseUntil && message.leaseUntil > ctx.now()) return 'sending';
    return checkOnSending(ctx, message);
  }
  if (message.status !== 'queued' && message.status !== 'held') return message.status;

  // Conditional on the status read, so a runner that claimed it meanwhile is never overwritten.
  const settle = (status: SmsStatus, statusReason: string) =>
    db
      .updateTable('smsOutbox')
      .set({ status, statusReason, updatedAt: ctx.now() })
      .where('id', '=', outboxId)
      .where('status', '=', message.status)
      .execute()
      .then(() => status);
  const notToGo = await whyNotToSend(ctx, message);
  if (notToGo) return settle(notToGo.status, notToGo.reason);
  const provider = ctx.provider === undefined ? providerFor(ctx.config, ctx.log) : ctx.provider;
  if (!provider) {
    ctx.log.info(aboutMessage(message), 'SMS not sent: no SMS_PROVIDER is set, so it stays in the outbox');
    return settle('not-sent', 'No SMS provider is configured (SMS_PROVIDER).');
  }
  const leaseOwner = await claim(ctx, message, provider.name);
  if (!leaseOwner) return (await loadMessage(ctx, outboxId))?.status ?? null;
  return handOver(ctx, message, leaseOwner, provider);
}

/**
 * Why a message must not go now, or null: its alert ended or was resolved, or the number sent STOP (a reply goes
 * anyway unless it was held: the answer to START itself). Asked before every hand-over, a resend included.
 */
async function whyNotToSend(ctx: ServiceContext, message: OutboxRow): Promise<{ status: 'expired' | 'stopped'; reason: string } | null> {
  const db = ctx.database.db;
  if (message.alertId) {
    const alert = await db.selectFrom('alerts').select(['endedAt', 'resolvedAt']).where('id', '=', message.alertId).executeTakeFirst();
    if (!alert || alert.endedAt || alert.resolvedAt)
      return { status: 'expired', reason: 'The alert ended or was resolved before it could be sent.' };
  }
  if (message.status === 'held' || message.purpose !== 'reply') {
    const stopped = await db.selectFrom('smsOptOuts').select('phone').where('phone', '=', message.toPhone).executeTakeFirst();
    if (stopped) return { status: 'stopped', reason: 'The number sent STOP.' };
  }
  return null;
}

/**
 * Takes the message for this runner: `sending`, with a lease, in one conditional update that only one runner can win
 * (from queued or held, or from sending whose lease has passed). Null when another runner won.
 */
async function claim(ctx: DeliveryContext, message: OutboxRow, providerName: string | null): Promise<string | null> {
  const now = ctx.now();
  const leaseOwner = randomUUID();
  const claimed = await ctx.database.db
    .updateTable('smsOutbox')
    .set((eb) => ({
      status: 'sending',
      leaseOwner,
      leaseUntil: new Date(now.getTime() + smsLeaseMs(ctx.config)),
      provider: providerName,
      firstAttemptAt: eb.fn.coalesce('firstAttemptAt', eb.val(now)),
      updatedAt: now,
    }))
    .where('id', '=', message.id)
    .where((eb) =>
      message.status === 'sending'
        ? eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<=', now)])
        : eb('status', 'in', ['queued', 'held']),
    )
    .returning('id')
    .executeTakeFirst();
  return claimed ? leaseOwner : null;
}

/** Marks the message as its lease's holder only: a runner whose lease another took changes nothing. */
async function markAsHolder(
  ctx: DeliveryContext,
  message: OutboxRow,
  leaseOwner: string,
  status: SmsStatus,
  fields: Partial<{ statusReason: string | null; providerMessageId: string; sentAt: Date; leaseUntil: Date }> = {},
): Promise<SmsStatus> {
  const stillSending = status === 'sending';
  const marked = await ctx.database.db
    .updateTable('smsOutbox')
    .set({ status, updatedAt: ctx.now(), leaseOwner: null, ...(stillSending ? {} : { leaseUntil: null }), ...fields })
    .where('id', '=', message.id)
    .where('status', '=', 'sending')
    .where('leaseOwner', '=', leaseOwner)
    .returning('id')
    .executeTakeFirst();
  if (marked) return status;
  ctx.log.error({ ...aboutMessage(message), status }, 'SMS lease was taken by another runner before this one could mark it');
  return (await loadMessage(ctx, message.id))?.status ?? status;
}

/** Sends under the lease, and records what the provider said. */
async function handOver(ctx: DeliveryContext, message: OutboxRow, leaseOwner: string, provider: SmsProvider): Promise<SmsStatus> {
  const db = ctx.database.db;
  await db
    .updateTable('smsOutbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', message.id)
    .execute();
  const about = { ...aboutMessage(message), provider: provider.name };
  try {
    const sent = await provider.send(
      { to: message.toPhone, body: message.body, reference: message.id },
      { statusCallbackUrl: statusCallbackUrl(ctx.config, provider), signal: AbortSignal.timeout(smsLeaseMs(ctx.config) - LEASE_SAFETY_MS) },
    );
    crashHereWhenTesting(ctx.config, 'sms-accepted');
    return await markAsHolder(ctx, message, leaseOwner, 'sent', {
      providerMessageId: sent.providerMessageId,
      sentAt: ctx.now(),
      statusReason: null,
    });
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    const reason = error.message.slice(0, 500);
    if (error.kind === 'unknown') {
      ctx.log.warn({ ...about, reason }, 'SMS outcome unknown: the provider is asked before anything is sent again');
      return provider.findSent
        ? markAsHolder(ctx, message, leaseOwner, 'sending', {
            statusReason: `${reason}. Checking with the provider before sending again.`,
            leaseUntil: new Date(ctx.now().getTime() + PROVIDER_LIST_SETTLE_MS),
          })
        : markUncertain(ctx, message, leaseOwner, reason);
    }
    if (error.kind === 'rejected' || ctx.isLastAttempt) {
      ctx.log.warn({ ...about, reason: error.message, code: error.providerCode }, 'SMS failed');
      return markAsHolder(ctx, message, leaseOwner, 'failed', { statusReason: reason });
    }
    // Surely not taken: back in the queue for the job's next try.
    await markAsHolder(ctx, message, leaseOwner, 'queued', { statusReason: reason });
    throw error;
  }
}

/**
 * A message left `sending` past its lease: its runner died, or the provider's answer was lost. The provider is asked
 * where it can be; otherwise the message is uncertain.
 */
async function checkOnSending(ctx: DeliveryContext, message: OutboxRow): Promise<SmsStatus> {
  const configured = ctx.provider === undefined ? providerFor(ctx.config, ctx.log) : ctx.provider;
  // Asked of the provider it went to; a provider changed since cannot say.
  const provider = configured && configured.name === message.provider ? configured : null;
  const leaseOwner = await claim(ctx, message, message.provider);
  if (!leaseOwner) return (await loadMessage(ctx, message.id))?.status ?? 'sending';
  const about = { ...aboutMessage(message), provider: message.provider };
  if (!provider?.findSent) {
    return markUncertain(
      ctx,
      message,
      leaseOwner,
      `${providerName(message.provider)} did not say whether it took the message, and cannot be asked`,
    );
  }
  const since = message.firstAttemptAt ?? message.createdAt;
  let found;
  try {
    found = await provider.findSent({ to: message.toPhone, body: message.body, reference: message.id }, since);
  } catch (error) {
    if (!(error instanceof SmsSendError)) throw error;
    ctx.log.warn({ ...about, reason: error.message }, 'SMS outcome unknown, and the provider could not be asked; asking again later');
    return markAsHolder(ctx, message, leaseOwner, 'sending', {
      leaseUntil: new Date(ctx.now().getTime() + LOOKUP_RETRY_MS),
    });
  }
  if (found) {
    ctx.log.info({ ...about, providerMessageId: found.providerMessageId }, 'SMS found at the provider: it was sent');
    return markAsHolder(ctx, message, leaseOwner, 'sent', {
      providerMessageId: found.providerMessageId,
      sentAt: ctx.now(),
      statusReason: null,
    });
  }
  const settledAt = since.getTime() + PROVIDER_LIST_SETTLE_MS;
  if (ctx.now().getTime() < settledAt) return markAsHolder(ctx, message, leaseOwner, 'sending', { leaseUntil: new Date(settledAt) });
  const notToGo = await whyNotToSend(ctx, message);
  if (notToGo) return markAsHolder(ctx, message, leaseOwner, notToGo.status, { statusReason: notToGo.reason });
  ctx.log.info(about, 'SMS not found at the provider a minute after it was handed over: it was not taken, so it is sent again');
  return handOver(ctx, message, leaseOwner, provider);
}

const providerName = (name: string | null) =>
  name === 'twilio' ? 'Twilio' : name === 'africastalking' ? "Africa's Talking" : 'The provider';

/** Uncertain: it may or may not have gone. A critical alert is sent once more, saying so; a repeat is not repeated. */
async function markUncertain(ctx: DeliveryContext, message: OutboxRow, leaseOwner: string, reason: string): Promise<SmsStatus> {
  ctx.log.warn({ ...aboutMessage(message), reason }, 'SMS uncertain: it may or may not have reached the phone');
  const status = await markAsHolder(ctx, message, leaseOwner, 'uncertain', {
    statusReason: `${reason}. It may or may not have reached the phone.`,
  });
  if (status === 'uncertain' && message.purpose === 'alert' && message.alertId && message.repeatOf === null && message.userId) {
    await repeatCriticalAlert(ctx, message);
  }
  return status;
}

async function repeatCriticalAlert(ctx: DeliveryContext, message: OutboxRow): Promise<void> {
  const db = ctx.database.db;
  const alert = await db
    .selectFrom('alerts')
    .innerJoin('fields', 'fields.id', 'alerts.fieldId')
    .select([
      'alerts.severity',
      'alerts.ruleId',
      'alerts.messageKey',
      'alerts.actionKey',
      'alerts.params',
      'alerts.evidence',
      'fields.name',
    ])
    .where('alerts.id', '=', message.alertId!)
    .where('alerts.endedAt', 'is', null)
    .where('alerts.resolvedAt', 'is', null)
    .executeTakeFirst();
  if (alert?.severity !== 'critical') return;
  const person = await db.selectFrom('users').select(CONTACT_COLUMNS).where('id', '=', message.userId!).executeTakeFirst();
  if (!person) return;
  const preferences = preferencesOf(person);
  const body = alertSms({
    alert: {
      ruleId: alert.ruleId as AlertRuleId,
      messageKey: alert.messageKey,
      actionKey: alert.actionKey,
      params: alert.params,
      evidence: alert.evidence as AlertEvidence,
    },
    fieldName: alert.name,
    language: preferences.language,
    today: localTimeIn(ctx.now(), preferences.timeZone).date,
    productName: ctx.config.productName,
    repeat: true,
  });
  // Critical: through quiet hours; a repeat stands for the same SMS, so no daily limit; STOP is looked at when it goes.
  const repeatId = await storeOutboxMessage(ctx, {
    userId: message.userId,
    toPhone: message.toPhone,
    body,
    purpose: 'alert',
    alertId: message.alertId,
    status: 'queued',
    statusReason: null,
    sendAfter: null,
    repeatOf: message.id,
  });
  ctx.log.info({ ...aboutMessage(message), repeatId }, 'critical alert SMS sent once more, marked as a repeat');
}

function aboutMessage(message: Pick<OutboxRow, 'id' | 'purpose' | 'toPhone'>) {
  return { outboxId: message.id, purpose: message.purpose, to: maskedPhoneNumber(message.toPhone) };
}

const payload = z.object({ outboxId: z.uuid() });

export const sendSmsJob: JobDefinition<typeof payload> = {
  name: 'send-sms',
  payload,
  // On top of the provider client's own quick retries: a provider down for a while is tried again over ~30 minutes.
  retryLimit: 4,
  retryDelaySeconds: 60,
  // One message takes at most its lease (the send is stopped before it ends); the rest is a few queries.
  expireInSeconds: (config) => Math.ceil(smsLeaseMs(config) / 1000) + 15,
  concurrency: 2,
  async handle({ outboxId }, context) {
    await deliverSms({ ...context, isLastAttempt: context.attempt.isLast }, outboxId);
  },
};

/**
 * After each maintenance pass: every message left `sending` past its lease (its runner died, or the provider's answer
 * was lost) gets a `send-sms` job that checks on it, at most one a minute each.
 */
export const smsRecoveryJob: JobDefinition<z.ZodObject> = {
  name: 'sms-recovery',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 120,
  afterMaintenance: true,
  async handle(_, context) {
    const overdue = await context.database.db
      .selectFrom('smsOutbox')
      .select('id')
      .where('status', '=', 'sending')
      .where('leaseUntil', '<=', context.now())
      .orderBy('leaseUntil')
      .limit(RECOVERY_BATCH)
      .execute();
    for (const { id } of overdue) {
      await context.queue.send(sendSmsJob, { outboxId: id }, { singleton: { key: `check:${id}`, seconds: 60 } });
    }
    if (overdue.length > 0) context.log.info({ messages: overdue.length }, 'SMS left sending past their lease: checking on them');
  },
};
