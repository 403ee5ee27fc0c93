import { createHash } from 'node:crypto';
import {
  MAX_IRRIGATION_DEPTH_MM,
  MAX_RAIN_READING_MM,
  notificationText,
  type NotificationLanguage,
  type RecordedWaterKind,
} from '@murimi/core';
import type { ServiceContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { enqueueAnalysis } from '../analysis/analysis.service.ts';
import { createIrrigationEvent } from '../water-records/irrigation-events.service.ts';
import { createRainReading } from '../water-records/rain-readings.service.ts';

/** The most each kind of record may hold, mm: the same limits the app's forms keep. */
export const MAX_PHONE_WATER_MM: Record<RecordedWaterKind, number> = { irrigation: MAX_IRRIGATION_DEPTH_MM, rain: MAX_RAIN_READING_MM };

/**
 * What to send for an amount that cannot be logged: the range, and an example. Irrigation of 0 mm is no irrigation,
 * so its range starts above 0; a gauge may read 0.
 */
export function amountHelp(language: NotificationLanguage, product: string, water: RecordedWaterKind, example: string): string {
  const maxMm = MAX_PHONE_WATER_MM[water];
  return water === 'irrigation'
    ? notificationText(language, 'sms.irrigationOutOfRange', { product, maxMm, example })
    : notificationText(language, 'sms.amountOutOfRange', { product, kind: notificationText(language, 'sms.kind.rain'), maxMm, example });
}

export type PhoneWaterOutcome =
  { logged: true } | { logged: false; reason: 'already-read'; amountMm: number } | { logged: false; reason: string };

/**
 * A record's id from the message that asked for it (the SMS's or USSD session's own id): a message handled twice (a
 * provider sending its webhook again, a job retried) finds the record it made the first time.
 */
export function recordIdFrom(messageKey: string): string {
  const hex = createHash('sha256').update(`phone-water:${messageKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Logs water a farmer sent by SMS or USSD on one of their fields, dated their today, through the same services as
 * the app (the same checks: a date inside the season, one gauge reading a day), and queues new irrigation advice,
 * whose completion also runs the field's alert rules again. The irrigation method is not asked on a phone: the
 * field's last one is kept (the balance does not read it).
 */
export async function logWaterByPhone(
  ctx: ServiceContext & { queue: Pick<JobQueue, 'send' | 'wake'> },
  request: { orgId: string; userId: string; fieldId: string; water: RecordedWaterKind; amountMm: number; date: string; messageKey: string },
): Promise<PhoneWaterOutcome> {
  const id = recordIdFrom(request.messageKey);
  try {
    if (request.water === 'irrigation') {
      const last = await ctx.database.db
        .selectFrom('irrigationEvents')
        .select('method')
        .where('orgId', '=', request.orgId)
        .where('fieldId', '=', request.fieldId)
        .orderBy('irrigationDate', 'desc')
        .executeTakeFirst();
      await createIrrigationEvent(ctx, request.orgId, {
        id,
        fieldId: request.fieldId,
        irrigationDate: request.date,
        depthMm: request.amountMm,
        method: last?.method ?? 'furrow',
        notes: last ? 'Sent by phone.' : 'Sent by phone; the method was not given (furrow assumed).',
      });
    } else {
      await createRainReading(ctx, request.orgId, {
        id,
        fieldId: request.fieldId,
        readingDate: request.date,
        rainMm: request.amountMm,
        notes: 'Sent by phone.',
      });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'CONFLICT' && request.water === 'rain') {
      const reading = await ctx.database.db
        .selectFrom('rainReadings')
        .select('rainMm')
        .where('orgId', '=', request.orgId)
        .where('fieldId', '=', request.fieldId)
        .where('readingDate', '=', request.date)
        .executeTakeFirst();
      if (reading) return { logged: false, reason: 'already-read', amountMm: reading.rainMm };
    }
    return { logged: false, reason: error.message };
  }
  await enqueueAnalysis(ctx, { orgId: request.orgId, fieldId: request.fieldId, type: 'irrigation', requestedBy: request.userId });
  return { logged: true };
}
