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
import { membershipsReadingFields, withinReach } from '../../policy/policy.ts';

/** The person a verified number belongs to, and their preferences; null for a number nobody verified. */
export interface SmsPerson {
  userId: string;
  name: string;
  phone: string;
  preferences: NotificationPreferences;
  /** YYYY-MM-DD in their time zone. */
  today: string;
}

export async function personByPhone(ctx: ServiceContext, phone: string): Promise<SmsPerson | null> {
  const person = await ctx.database.db
    .selectFrom('users')
    .select(['users.id', 'users.name', 'users.country', 'users.notificationPreferences'])
    .where('users.smsPhone', '=', phone)
    .where('users.smsPhoneVerifiedAt', 'is not', null)
    .executeTakeFirst();
  if (!person) return null;
  const preferences = preferencesOf(person);
  return {
    userId: person.id,
    name: person.name,
    phone,
    preferences,
    today: localTimeIn(ctx.now(), preferences.timeZone).date,
  };
}

/** A field as SMS and USSD number it, with the organisation it belongs to. */
export interface NumberedField {
  id: string;
  name: string;
  orgId: string;
  farmId: string;
  farmName: string;
}

/**
 * The fields a person reaches in every organisation they belong to, in the order SMS and USSD number them (1 is the
 * first): organisation by organisation in the order they joined, farm by farm, each by name, then id. A farmer in a programme gets
 * their own farms' fields there, a funder none. With fields in two organisations or more, each name says whose.
 */
export async function numberedFields(ctx: ServiceContext, person: Pick<SmsPerson, 'userId'>): Promise<NumberedField[]> {
  const db = ctx.database.db;
  const parts: (NumberedField & { organisation: string })[][] = [];
  for (const actor of await membershipsReadingFields(db, person.userId)) {
    const fields = await db
      .selectFrom('fields')
      .innerJoin('farms', 'farms.id', 'fields.farmId')
      .select(['fields.id', 'fields.name', 'fields.orgId', 'fields.farmId', 'farms.name as farmName'])
      .where('fields.orgId', '=', actor.orgId)
      .where(withinReach(db, actor, 'fields.read', { farmIdColumn: 'fields.farmId' }))
      .orderBy('farms.name')
      .orderBy('farms.id')
      .orderBy('fields.name')
      .orderBy('fields.id')
      .execute();
    if (fields.length > 0) parts.push(fields.map((field) => ({ ...field, organisation: actor.organisation })));
  }
  return parts
    .flat()
    .map(({ organisation, ...field }) => (parts.length > 1 ? { ...field, name: `${organisation}: ${field.name}` } : field));
}

/**
 * What STATUS says of each field, from what is stored (the latest completed health and irrigation analyses and the
 * open alerts that may be sent: none made from simulated data), so the answer is quick, needs no outside service, and
 * agrees with the app.
 */
export async function fieldStatuses(
  ctx: ServiceContext,
  person: SmsPerson,
  fields: readonly NumberedField[],
): Promise<(FieldStatusFacts & { id: string })[]> {
  if (fields.length === 0) return [];
  const ids = fields.map((field) => field.id);
  const orgIds = [...new Set(fields.map((field) => field.orgId))];
  const latest = await ctx.database.db
    .selectFrom('analyses')
    .distinctOn(['fieldId', 'type'])
    .select(['fieldId', 'type', 'result'])
    .where('orgId', 'in', orgIds)
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
    .where('orgId', 'in', orgIds)
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
