import {
  alertQuietHoursEnd,
  localTimeIn,
  quietHoursEnd,
  type AlertCategory,
  type AlertSeverity,
  type NotificationPreferences,
} from '@murimi/core';
import { sql, type Kysely } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';
import type { DB, SmsPurpose, SmsStatus } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { storeOutboxMessage } from './sms-delivery.ts';

/**
 * Every SMS goes through the outbox: a row with its text, its parts and why it went or did not, then the `send-sms`
 * job (`sms-delivery.ts`). What is decided here, in one place: a number that sent STOP gets nothing (but the reply to
 * its START); an alert or digest waits out the person's quiet hours (`held`), but for a critical alert and those the
 * person lets through; an alert past their daily limit is not sent (`capped`), the limit counted under a lock on the
 * person so that alerts queued at once cannot all pass it. Only verified numbers reach this for alerts and digests:
 * the callers look the number up from the person's verified one.
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
  /**
   * The alert's severity and kind: a critical alert, and one the person lets through, goes in quiet hours. Read from
   * the alert (`alertId`) when not given.
   */
  alertSeverity?: AlertSeverity;
  alertCategory?: AlertCategory;
}

export type SmsQueueContext = ServiceContext & { queue: Pick<JobQueue, 'send'> };

export interface QueuedSms {
  id: string;
  status: SmsStatus;
}

/** Queues one SMS (in `executor`'s transaction when given); returns its outbox id and what became of it. */
export async function queueSms(ctx: SmsQueueContext, message: SmsToQueue, executor?: Kysely<DB>): Promise<QueuedSms> {
  // The daily limit is a count of rows: it is read and the new row written in one transaction, under the lock.
  if (!executor && message.purpose === 'alert' && message.userId) {
    return ctx.database.db.transaction().execute((tx) => queueSms(ctx, message, tx));
  }
  const db = executor ?? ctx.database.db;
  const now = ctx.now();
  const decision = await decide(db, message, now);
  const id = await storeOutboxMessage(
    ctx,
    {
      userId: message.userId,
      toPhone: message.to,
      body: message.body,
      purpose: message.purpose,
      alertId: message.alertId ?? null,
      status: decision.status,
      statusReason: decision.reason,
      sendAfter: decision.sendAfter,
    },
    executor,
  );
  return { id, status: decision.status };
}

/** Alert SMS that went or may go out today: a message whose fate is unknown counts, as it may have reached the phone. */
const COUNTED_STATUSES: SmsStatus[] = ['queued', 'held', 'sending', 'sent', 'delivered', 'uncertain'];

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
  const quietUntil =
    message.purpose === 'alert'
      ? await alertQuietUntil(db, message, preferences, now)
      : quietHoursEnd(now, preferences.quietHours, preferences.timeZone);
  if (message.purpose === 'alert' && message.userId) {
    // One person's alerts are counted one queueing at a time: the row lock holds until this transaction ends.
    await db.selectFrom('users').select('id').where('id', '=', message.userId).forUpdate().execute();
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
      // A repeat of an uncertain alert stands for the same SMS: it is not a second one against the limit.
      .where('repeatOf', 'is', null)
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

/** When an alert SMS must wait for the person's quiet hours; null when it goes now (critical, or let through). */
async function alertQuietUntil(db: Kysely<DB>, message: SmsToQueue, preferences: NotificationPreferences, now: Date): Promise<Date | null> {
  let alert = message.alertSeverity && message.alertCategory ? { severity: message.alertSeverity, category: message.alertCategory } : null;
  if (!alert && message.alertId) {
    alert = (await db.selectFrom('alerts').select(['severity', 'category']).where('id', '=', message.alertId).executeTakeFirst()) ?? null;
  }
  return alertQuietHoursEnd(now, preferences, alert ? [alert] : []);
}
