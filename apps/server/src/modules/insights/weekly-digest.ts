import {
  addDays,
  composeWeeklyDigest,
  healthFactsOf,
  localTimeIn,
  readAlert,
  waterGapOf,
  waterOutlookOf,
  type AlertEvidence,
  type AlertRuleId,
  type ComposedDigest,
  type DigestField,
  type HealthResult,
  type IrrigationResult,
  type NotificationPreferences,
} from '@murimi/core';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ServiceContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import type { JobContext, JobDefinition, JobQueue } from '../../jobs/job-queue.ts';
import { queueEmail, sendEmailJob } from '../../mail/mailer.ts';
import { CONTACT_COLUMNS, preferencesOf } from '../notifications/notification-preferences.ts';
import { isOpenAlert, mayBeSentAlert } from '../alerts/alerts.service.ts';
import { queueSms } from '../sms/sms-outbox.ts';
import { membershipsReadingFields, withinReach, type Actor } from '../../policy/policy.ts';

/** A digest speaks of at most this many fields (by name); a co-op's full list belongs in its reports. */
export const DIGEST_MAX_FIELDS = 30;
/** Monday, 06:00 local: the digest goes in the hour that starts then. */
const DIGEST_WEEKDAY = 1;
const DIGEST_HOUR = 6;
/** People per send job. */
const DIGESTS_PER_JOB = 200;

/** The Monday of the week `date` falls in (YYYY-MM-DD, Monday-first weeks). */
export function weekStartOf(date: string, weekday: number): string {
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Who reads a digest: the app shows every open alert (one made from simulated data says so); an e-mail or SMS
 * leaves those out, as alert messages do.
 */
export type DigestReader = 'app' | 'messages';

/**
 * The week's digest of a person's fields in their organisation, worded in their language: from each field's two
 * latest health analyses, its latest irrigation advice and its open alerts.
 */
export async function weekDigestOf(ctx: ServiceContext, who: Actor, reader: DigestReader): Promise<ComposedDigest> {
  const user = await readerOf(ctx, who.userId);
  const preferences = preferencesOf(user);
  const { fields, openAlerts } = await digestFieldsOf(ctx, who, reader, preferences, DIGEST_MAX_FIELDS);
  return composeFor(ctx, user.name, preferences, fields, openAlerts);
}

async function readerOf(ctx: ServiceContext, userId: string) {
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['name', 'country', 'notificationPreferences'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
  return user;
}

function composeFor(
  ctx: ServiceContext,
  personName: string,
  preferences: NotificationPreferences,
  fields: DigestField[],
  openAlertsOnAllFields: number,
): ComposedDigest {
  const local = localTimeIn(ctx.now(), preferences.timeZone);
  return composeWeeklyDigest({
    personName,
    language: preferences.language,
    weekStart: weekStartOf(local.date, local.weekday),
    fields,
    openAlertsOnAllFields,
    productName: ctx.config.productName,
    appUrl: `${ctx.config.publicUrl}/dashboard`,
  });
}

/**
 * One organisation's part of a digest: at most `maxFields` of the fields the person reaches there, from each field's
 * two latest health analyses, its latest irrigation advice and its open alerts, and the open alerts on all of them.
 */
async function digestFieldsOf(
  ctx: ServiceContext,
  who: Actor,
  reader: DigestReader,
  preferences: NotificationPreferences,
  maxFields: number,
): Promise<{ fields: DigestField[]; openAlerts: number }> {
  const db = ctx.database.db;
  const fields = await db
    .selectFrom('fields')
    .select(['id', 'name', 'cropType', 'plantingDate'])
    .where('orgId', '=', who.orgId)
    // A farmer's digest speaks of their farms, an agronomist's of their groups'.
    .where(withinReach(db, who, 'fields.read', { farmIdColumn: 'farmId' }))
    .orderBy('name')
    .orderBy('id')
    .limit(maxFields)
    .execute();
  const ids = fields.map((field) => field.id);
  const { openAlertsOnAllFields } = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string>().as('openAlertsOnAllFields'))
    .where('orgId', '=', who.orgId)
    .where(withinReach(db, who, 'fields.read', { fieldIdColumn: 'fieldId' }))
    .where(isOpenAlert)
    .$if(reader === 'messages', (query) => query.where(mayBeSentAlert))
    .executeTakeFirstOrThrow();
  const [health, irrigation, alerts, newestIrrigation] =
    ids.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          db
            .selectFrom((eb) =>
              eb
                .selectFrom('analyses')
                .select([
                  'fieldId',
                  'result',
                  sql<number>`row_number() over (partition by field_id order by finished_at desc)`.as('recency'),
                ])
                .where('orgId', '=', who.orgId)
                .where('fieldId', 'in', ids)
                .where('type', '=', 'health')
                .where(sql<boolean>`status = 'completed'`)
                .as('ranked'),
            )
            .select(['fieldId', 'result', 'recency'])
            .where('recency', '<=', 2)
            .execute(),
          db
            .selectFrom('analyses')
            .distinctOn('fieldId')
            .select(['fieldId', 'result', 'requestedAt'])
            .where('orgId', '=', who.orgId)
            .where('fieldId', 'in', ids)
            .where('type', '=', 'irrigation')
            .where(sql<boolean>`status = 'completed'`)
            .orderBy('fieldId')
            .orderBy('finishedAt', 'desc')
            .execute(),
          db
            .selectFrom('alerts')
            .select(['fieldId', 'ruleId', 'severity', 'messageKey', 'actionKey', 'params', 'evidence', 'alertDate', 'simulated'])
            .where('orgId', '=', who.orgId)
            .where('fieldId', 'in', ids)
            .where(isOpenAlert)
            .$if(reader === 'messages', (query) => query.where(mayBeSentAlert))
            .execute(),
          // Each field's newest irrigation analysis in any state: running or failed says why there is no advice.
          db
            .selectFrom('analyses')
            .distinctOn('fieldId')
            .select(['fieldId', 'status', 'error', 'requestedAt'])
            .where('orgId', '=', who.orgId)
            .where('fieldId', 'in', ids)
            .where('type', '=', 'irrigation')
            .orderBy('fieldId')
            .orderBy('requestedAt', 'desc')
            .execute(),
        ]);

  const latestIrrigation = (fieldId: string) => irrigation.find((row) => row.fieldId === fieldId);
  const digestFields: DigestField[] = fields.map((field) => {
    const healthOf = (recency: number) =>
      healthFactsOf(health.find((row) => row.fieldId === field.id && Number(row.recency) === recency)?.result as HealthResult | undefined);
    const previous = healthOf(2);
    return {
      id: field.id,
      name: field.name,
      health: healthOf(1),
      previousHealth: previous && { ndvi: previous.ndvi, date: previous.date },
      water: waterOutlookOf(
        latestIrrigation(field.id)?.result as IrrigationResult | undefined,
        waterGapOf(
          field,
          newestIrrigation.find((row) => row.fieldId === field.id),
          latestIrrigation(field.id),
        ),
      ),
      alerts: alerts
        .filter((alert) => alert.fieldId === field.id)
        .map((alert) => {
          const reading = readAlert(
            {
              ruleId: alert.ruleId as AlertRuleId,
              messageKey: alert.messageKey,
              actionKey: alert.actionKey,
              params: alert.params,
              evidence: alert.evidence as AlertEvidence,
            },
            preferences.language,
          );
          return {
            severity: alert.severity,
            title: reading.title,
            message: reading.message,
            action: reading.action,
            date: alert.alertDate,
            ruleId: alert.ruleId,
            simulated: alert.simulated,
          };
        }),
    };
  });
  return { fields: digestFields, openAlerts: Number(openAlertsOnAllFields) };
}

/**
 * Sends one person's digest for the week starting `weekStart`, once: by e-mail to a confirmed address and by SMS to
 * a verified number, as their preferences choose (the SMS waits out quiet hours that run past 06:00). One message for
 * all the organisations the person belongs to, their fields grouped by organisation. A person with no fields gets none.
 */
export async function sendWeeklyDigest(
  ctx: ServiceContext & { queue: Pick<JobQueue, 'send'> },
  userId: string,
  weekStart: string,
): Promise<'sent' | 'already-sent' | 'nothing-to-say'> {
  const db = ctx.database.db;
  const user = await db
    .selectFrom('users')
    .select([...CONTACT_COLUMNS, 'users.name'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return 'nothing-to-say';
  const preferences = preferencesOf(user);
  // Every organisation the person belongs to, in the order they joined; a viewer's (a funder's) holds no fields for them.
  const memberships = await membershipsReadingFields(db, userId);
  const fields: DigestField[] = [];
  let openAlerts = 0;
  for (const membership of memberships) {
    const part = await digestFieldsOf(ctx, membership, 'messages', preferences, DIGEST_MAX_FIELDS - fields.length);
    // With two organisations or more, each field says whose it is: one message, grouped by organisation.
    fields.push(
      ...(memberships.length > 1
        ? part.fields.map((field) => ({ ...field, name: `${membership.organisation}: ${field.name}` }))
        : part.fields),
    );
    openAlerts += part.openAlerts;
    if (fields.length >= DIGEST_MAX_FIELDS) break;
  }
  if (fields.length === 0) return 'nothing-to-say';
  const digest = composeFor(ctx, user.name, preferences, fields, openAlerts);
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('weeklyDigests')
      .values({ userId, weekStart, sentAt: ctx.now() })
      .onConflict((conflict) => conflict.doNothing())
      .returning('userId')
      .executeTakeFirst();
    if (!claimed) return 'already-sent';
    if (preferences.weeklyDigest.email && user.emailVerifiedAt) {
      await queueEmail(
        ctx,
        { to: user.email, subject: digest.subject, text: digest.text, html: digest.html },
        (outboxId) => ctx.queue.send(sendEmailJob, { outboxId }, { executor: tx }),
        tx,
      );
    }
    if (preferences.weeklyDigest.sms && user.smsPhone && user.smsPhoneVerifiedAt) {
      await queueSms(ctx, { userId, to: user.smsPhone, body: digest.sms, purpose: 'digest', preferences }, tx);
    }
    return 'sent';
  });
}

/** The people for whom it is now the digest hour (Monday 06:00–06:59 local) and who have not had this week's. */
export async function dueWeeklyDigests(ctx: ServiceContext): Promise<{ userId: string; weekStart: string }[]> {
  const now = ctx.now();
  const users = await ctx.database.db.selectFrom('users').select(['id', 'country', 'notificationPreferences']).execute();
  const due = users.flatMap((user) => {
    const local = localTimeIn(now, preferencesOf(user).timeZone);
    const hour = Math.floor(local.minuteOfDay / 60);
    return local.weekday === DIGEST_WEEKDAY && hour === DIGEST_HOUR ? [{ userId: user.id, weekStart: local.date }] : [];
  });
  if (due.length === 0) return [];
  const sent = await ctx.database.db
    .selectFrom('weeklyDigests')
    .select('userId')
    .where(
      'userId',
      'in',
      due.map((person) => person.userId),
    )
    .where('weekStart', 'in', [...new Set(due.map((person) => person.weekStart))])
    .execute();
  const done = new Set(sent.map((row) => row.userId));
  return due.filter((person) => !done.has(person.userId));
}

const sendPayload = z.object({
  digests: z
    .array(z.object({ userId: z.uuid(), weekStart: z.iso.date() }))
    .min(1)
    .max(DIGESTS_PER_JOB),
});
const cronPayload = z.object({}).loose();

export const weeklyDigestSendJob: JobDefinition<typeof sendPayload> = {
  name: 'weekly-digest-send',
  payload: sendPayload,
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 900,
  async handle({ digests }, context) {
    let sent = 0;
    for (const { userId, weekStart } of digests) if ((await sendWeeklyDigest(context, userId, weekStart)) === 'sent') sent++;
    context.log.info({ people: digests.length, sent }, 'weekly digests sent');
  },
};

/** Every hour: the people whose Monday 06:00 it is get their digest (southern Africa is one zone, but people travel). */
export const weeklyDigestJob: JobDefinition<typeof cronPayload> = {
  name: 'weekly-digest',
  payload: cronPayload,
  retryLimit: 1,
  retryDelaySeconds: 300,
  expireInSeconds: 600,
  cron: '5 * * * *',
  async handle(_, context: JobContext) {
    const due = await dueWeeklyDigests(context);
    for (let start = 0; start < due.length; start += DIGESTS_PER_JOB) {
      await context.queue.send(weeklyDigestSendJob, { digests: due.slice(start, start + DIGESTS_PER_JOB) });
    }
    if (due.length > 0) context.log.info({ people: due.length }, 'weekly digests due');
  },
};
