import {
  alertSmsWords,
  healthFactsOf,
  localTimeIn,
  waterOutlookOf,
  type AlertEvidence,
  type AlertRuleId,
  type AlertSeverity,
  type FieldStatusFacts,
  type HealthResult,
  type IrrigationResult,
  type NotificationPreferences,
} from '@murimi/core';
import { sql } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';
import { isOpenAlert, mayBeSentAlert } from '../alerts/alerts.service.ts';
import { preferencesOf } from '../notifications/notification-preferences.ts';

/** The person a verified number belongs to, their organisation and preferences; null for a number nobody verified. */
export interface SmsPerson {
  userId: string;
  orgId: string;
  name: string;
  phone: string;
  preferences: NotificationPreferences;
  /** YYYY-MM-DD in their time zone. */
  today: string;
}

export async function personByPhone(ctx: ServiceContext, phone: string): Promise<SmsPerson | null> {
  const person = await ctx.database.db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.userId', 'users.id')
    .select(['users.id', 'users.name', 'users.country', 'users.notificationPreferences', 'memberships.orgId'])
    .where('users.smsPhone', '=', phone)
    .where('users.smsPhoneVerifiedAt', 'is not', null)
    // A person in several organisations texts about the first they joined (the one they signed up with).
    .orderBy('memberships.createdAt')
    .executeTakeFirst();
  if (!person) return null;
  const preferences = preferencesOf(person);
  return {
    userId: person.id,
    orgId: person.orgId,
    name: person.name,
    phone,
    preferences,
    today: localTimeIn(ctx.now(), preferences.timeZone).date,
  };
}

/** The organisation's fields in the order SMS and USSD number them: by name, then id (1 is the first). */
export function numberedFields(ctx: ServiceContext, orgId: string) {
  return ctx.database.db.selectFrom('fields').select(['id', 'name']).where('orgId', '=', orgId).orderBy('name').orderBy('id').execute();
}

/**
 * What STATUS says of each field, from what is stored (the latest completed health and irrigation analyses and the
 * open alerts that may be sent: none made from simulated data), so the answer is quick, needs no outside service, and
 * agrees with the app.
 */
export async function fieldStatuses(
  ctx: ServiceContext,
  person: SmsPerson,
  fields: readonly { id: string; name: string }[],
): Promise<(FieldStatusFacts & { id: string })[]> {
  if (fields.length === 0) return [];
  const ids = fields.map((field) => field.id);
  const latest = await ctx.database.db
    .selectFrom('analyses')
    .distinctOn(['fieldId', 'type'])
    .select(['fieldId', 'type', 'result'])
    .where('orgId', '=', person.orgId)
    .where('fieldId', 'in', ids)
    .where('type', 'in', ['health', 'irrigation'])
    .where(sql<boolean>`status = 'completed'`)
    .orderBy('fieldId')
    .orderBy('type')
    .orderBy('finishedAt', 'desc')
    .execute();
  const alerts = await ctx.database.db
    .selectFrom('alerts')
    .select(['fieldId', 'ruleId', 'severity', 'messageKey', 'actionKey', 'params', 'evidence'])
    .where('orgId', '=', person.orgId)
    .where('fieldId', 'in', ids)
    .where(isOpenAlert)
    .where(mayBeSentAlert)
    .execute();
  return fields.map((field) => {
    const resultOf = (type: string) => latest.find((row) => row.fieldId === field.id && row.type === type)?.result;
    return {
      id: field.id,
      name: field.name,
      health: healthFactsOf(resultOf('health') as HealthResult | undefined),
      water: waterOutlookOf(resultOf('irrigation') as IrrigationResult | undefined),
      actions: alerts
        .filter((alert) => alert.fieldId === field.id)
        .map((alert) => ({
          severity: alert.severity as AlertSeverity,
          text: alertSmsWords(
            {
              ruleId: alert.ruleId as AlertRuleId,
              messageKey: alert.messageKey,
              actionKey: alert.actionKey,
              params: alert.params,
              evidence: alert.evidence as AlertEvidence,
            },
            person.preferences.language,
            person.today,
          ).action,
        })),
    };
  });
}
