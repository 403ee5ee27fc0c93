import {
  alertEmail,
  alertQuietHoursEnd,
  alertSms,
  channelCarries,
  localTimeIn,
  type AlertEvidence,
  type AlertRuleId,
  type AlertSeverity,
  type NotificationPreferences,
} from '@murimi/core';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ServiceContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import type { JobDefinition, JobQueue } from '../../jobs/job-queue.ts';
import { queueEmail, sendEmailJob } from '../../mail/mailer.ts';
import { CONTACT_COLUMNS, preferencesOf } from '../notifications/notification-preferences.ts';
import { queueSms } from '../sms/sms-outbox.ts';
import { isOpenAlert, mayBeSentAlert } from './alerts.service.ts';
import { fieldsInReach, reachOf, type Actor } from '../../policy/policy.ts';

export type NotifyContext = ServiceContext & { queue: Pick<JobQueue, 'send'> };

interface NotifiedAlert {
  id: string;
  orgId: string;
  fieldId: string;
  fieldName: string;
  ruleId: AlertRuleId;
  category: 'weather' | 'crop' | 'pest';
  severity: AlertSeverity;
  messageKey: string;
  actionKey: string;
  params: Record<string, string | number>;
  evidence: AlertEvidence;
  date: string;
  simulated: boolean;
}

export interface NotifyOutcome {
  emails: number;
  sms: number;
}

/**
 * The alerts of a member's organisation on fields they reach: a farmer is told of their own farms, an agronomist of
 * their groups', a funder of none (the policy's `fields.read`).
 */
async function alertsInReach(db: Kysely<DB>, member: Actor, alerts: NotifiedAlert[]): Promise<NotifiedAlert[]> {
  const ofOrganisation = alerts.filter((alert) => alert.orgId === member.orgId);
  const reach = reachOf(member, 'fields.read');
  if (reach === 'none' || ofOrganisation.length === 0) return [];
  if (reach === 'organisation') return ofOrganisation;
  const reached = await fieldsInReach(db, member, 'fields.read')!
    .where(
      'fields.id',
      'in',
      ofOrganisation.map((alert) => alert.fieldId),
    )
    .execute();
  const ids = new Set(reached.map((field) => field.id));
  return ofOrganisation.filter((alert) => ids.has(alert.fieldId));
}

/**
 * Tells each member of the alerts' organisations of the new alerts by the channels their preferences choose for the
 * alert's category and severity: one e-mail per person with all of them (to a confirmed address), one SMS per alert
 * (to a verified number, through the outbox's quiet hours, STOP list and daily limit). In the app an alert is there
 * for everyone at once. `alert_notifications` remembers who was told what, by which channel and at which severity, so
 * a retried job tells nobody twice and an alert that got worse is told once more. Alerts that ended or were resolved
 * before this ran are not sent, nor are alerts made from simulated weather or imagery: those are for trying the
 * product, and live in the app only, labelled "Simulated".
 */
export async function notifyAlerts(ctx: NotifyContext, alertIds: readonly string[]): Promise<NotifyOutcome> {
  const db = ctx.database.db;
  if (alertIds.length === 0) return { emails: 0, sms: 0 };
  const alerts: NotifiedAlert[] = (
    await db
      .selectFrom('alerts')
      .innerJoin('fields', 'fields.id', 'alerts.fieldId')
      .select([
        'alerts.id',
        'alerts.orgId',
        'alerts.fieldId',
        'fields.name as fieldName',
        'alerts.ruleId',
        'alerts.category',
        'alerts.severity',
        'alerts.messageKey',
        'alerts.actionKey',
        'alerts.params',
        'alerts.evidence',
        'alerts.alertDate',
        'alerts.simulated',
      ])
      .where('alerts.id', 'in', alertIds)
      .where(isOpenAlert)
      .where(mayBeSentAlert)
      .execute()
  ).map((row) => ({ ...row, ruleId: row.ruleId as AlertRuleId, evidence: row.evidence as AlertEvidence, date: row.alertDate }));
  if (alerts.length === 0) return { emails: 0, sms: 0 };

  const members = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(['memberships.orgId', 'memberships.role', 'users.id', ...CONTACT_COLUMNS])
    .where('memberships.orgId', 'in', [...new Set(alerts.map((alert) => alert.orgId))])
    .execute();

  const outcome: NotifyOutcome = { emails: 0, sms: 0 };
  for (const member of members) {
    const preferences = preferencesOf(member);
    const theirs = await alertsInReach(db, { userId: member.id, orgId: member.orgId, role: member.role }, alerts);
    const byEmail = member.emailVerifiedAt ? theirs.filter((alert) => carries(preferences, 'email', alert)) : [];
    const bySms = member.smsPhone && member.smsPhoneVerifiedAt ? theirs.filter((alert) => carries(preferences, 'sms', alert)) : [];
    if (byEmail.length === 0 && bySms.length === 0) continue;
    await db.transaction().execute(async (tx) => {
      const claim = async (list: NotifiedAlert[], channel: 'email' | 'sms') => {
        if (list.length === 0) return [];
        const claimed = await tx
          .insertInto('alertNotifications')
          .values(list.map((alert) => ({ alertId: alert.id, userId: member.id, channel, severity: alert.severity })))
          .onConflict((conflict) => conflict.doNothing())
          .returning('alertId')
          .execute();
        const ids = new Set(claimed.map((row) => row.alertId));
        return list.filter((alert) => ids.has(alert.id));
      };
      const newByEmail = await claim(byEmail, 'email');
      const newBySms = await claim(bySms, 'sms');
      if (newByEmail.length > 0) {
        const email = alertEmail({
          alerts: newByEmail.map((alert) => ({ alert, fieldName: alert.fieldName })),
          language: preferences.language,
          productName: ctx.config.productName,
          alertsUrl: `${ctx.config.publicUrl}/alerts`,
          settingsUrl: `${ctx.config.publicUrl}/settings#alerts`,
        });
        const startAfter = alertQuietHoursEnd(ctx.now(), preferences, newByEmail) ?? undefined;
        await queueEmail(
          ctx,
          { to: member.email, ...email },
          (outboxId) => ctx.queue.send(sendEmailJob, { outboxId }, { executor: tx, startAfter }),
          tx,
        );
        outcome.emails++;
      }
      const today = localTimeIn(ctx.now(), preferences.timeZone).date;
      for (const alert of newBySms) {
        const body = alertSms({
          alert,
          fieldName: alert.fieldName,
          language: preferences.language,
          today,
          productName: ctx.config.productName,
        });
        const about = { alertId: alert.id, alertSeverity: alert.severity, alertCategory: alert.category };
        await queueSms(ctx, { userId: member.id, to: member.smsPhone!, body, purpose: 'alert', ...about, preferences }, tx);
        outcome.sms++;
      }
    });
  }
  return outcome;
}

function carries(preferences: NotificationPreferences, channel: 'email' | 'sms', alert: NotifiedAlert): boolean {
  return channelCarries(preferences.channels[channel][alert.category], alert.severity);
}

const payload = z.object({ alertIds: z.array(z.uuid()).min(1).max(100) });

/** Sent with the alerts it names, in the transaction that stored them. */
export const alertNotifyJob: JobDefinition<typeof payload> = {
  name: 'alert-notify',
  payload,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
  async handle({ alertIds }, context) {
    const outcome = await notifyAlerts(context, alertIds);
    context.log.info({ alerts: alertIds.length, ...outcome }, 'alerts sent to their people');
  },
};
