import {
  alertSeverities,
  channelCarries,
  daysBetween,
  localTimeIn,
  MAX_SNOOZE_DAYS,
  readAlert,
  type alertListQuerySchema,
  type AlertEvidence,
  type AlertItem,
  type AlertRuleId,
  type NotificationPreferences,
} from '@murimi/core';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { decodeCursor, pageOf, timeIdKey, type ListPage } from '../../db/list-pages.ts';
import type { AlertTable, DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireField } from '../fields/fields.service.ts';
import { preferencesOf } from '../notifications/notification-preferences.ts';
import { withinReach, type Actor } from '../../policy/policy.ts';

/** Who is asking: alerts are the organisation's; read and snooze are the person's own. */
/** Who reads alerts: each person has their own read and snooze state, and sees the alerts of the fields they reach. */
export type AlertReader = Actor;

type AlertListQuery = z.output<typeof alertListQuerySchema>;

type AlertRow = Selectable<AlertTable> & { fieldName: string; readAt: Date | null; snoozedUntil: Date | null };

async function readerPreferences(ctx: ServiceContext, userId: string): Promise<NotificationPreferences> {
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['notificationPreferences', 'country'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
  return preferencesOf(user);
}

/**
 * The (category, severity) pairs the person's in-app choice lets through: the badge counts those. The list shows
 * every alert (Settings says so): choosing not to be called by the badge for a kind is not hiding it.
 */
function shownInApp(preferences: NotificationPreferences) {
  return (eb: ExpressionBuilder<DB & { alerts: AlertTable }, 'alerts'>) =>
    eb.or(
      (['weather', 'crop', 'pest'] as const).flatMap((category) => {
        const severities = alertSeverities.filter((severity) => channelCarries(preferences.channels.inApp[category], severity));
        return severities.length === 0 ? [] : [eb.and([eb('alerts.category', '=', category), eb('alerts.severity', 'in', severities)])];
      }),
    );
}

/**
 * An open alert still needs someone: its condition holds (not ended) and nobody resolved it. The list's "Open", the
 * badge, the dashboard's week and the SMS STATUS all count these.
 */
export const isOpenAlert = (eb: ExpressionBuilder<DB & { alerts: AlertTable }, 'alerts'>) =>
  eb.and([eb('alerts.resolvedAt', 'is', null), eb('alerts.endedAt', 'is', null)]);

/**
 * An alert that may be told outside the app (SMS, e-mail, the digest, a STATUS reply): one made from simulated
 * weather or imagery is for trying the product, so it stays in the app, labelled.
 */
export const mayBeSentAlert = (eb: ExpressionBuilder<DB & { alerts: AlertTable }, 'alerts'>) => eb('alerts.simulated', '=', false);

function baseQuery(ctx: ServiceContext, reader: AlertReader) {
  return ctx.database.db
    .selectFrom('alerts')
    .innerJoin('fields', 'fields.id', 'alerts.fieldId')
    .leftJoin('alertReads', (join) => join.onRef('alertReads.alertId', '=', 'alerts.id').on('alertReads.userId', '=', reader.userId))
    .where('alerts.orgId', '=', reader.orgId)
    .where(withinReach(ctx.database.db, reader, 'fields.read', { farmIdColumn: 'fields.farmId' }));
}

function present(row: AlertRow, preferences: NotificationPreferences, now: Date): AlertItem {
  const evidence = row.evidence as AlertEvidence;
  const reading = readAlert(
    { ruleId: row.ruleId as AlertRuleId, messageKey: row.messageKey, actionKey: row.actionKey, params: row.params, evidence },
    preferences.language,
  );
  const today = localTimeIn(now, preferences.timeZone).date;
  return {
    id: row.id,
    fieldId: row.fieldId,
    fieldName: row.fieldName,
    ruleId: row.ruleId,
    category: row.category,
    severity: row.severity,
    title: reading.title,
    message: reading.message,
    action: reading.action,
    evidence: { ...reading.evidence, dates: evidence.dates },
    date: row.alertDate,
    daysAhead: Math.max(0, daysBetween(today, row.alertDate)),
    simulated: row.simulated,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    read: row.readAt !== null,
    snoozedUntil: row.snoozedUntil && row.snoozedUntil > now ? row.snoozedUntil.toISOString() : null,
  };
}

const alertColumns = [
  'alerts.id' as const,
  'fields.name as fieldName' as const,
  'alertReads.readAt' as const,
  'alertReads.snoozedUntil' as const,
];

/** A page of the organisation's alerts, newest first, worded in the person's language with their read state. */
export async function listAlerts(ctx: ServiceContext, reader: AlertReader, query: AlertListQuery): Promise<ListPage<AlertItem>> {
  const preferences = await readerPreferences(ctx, reader.userId);
  const after = decodeCursor(query.cursor, timeIdKey);
  // Another organisation's field is not found, as in every list filtered by field.
  if (query.fieldId) await requireField(ctx, reader.orgId, query.fieldId);
  let select = baseQuery(ctx, reader).selectAll('alerts').select(alertColumns);
  if (query.fieldId) select = select.where('alerts.fieldId', '=', query.fieldId);
  if (query.category) select = select.where('alerts.category', '=', query.category);
  if (query.severity) select = select.where('alerts.severity', '=', query.severity);
  if (query.unread === true) select = select.where('alertReads.readAt', 'is', null);
  if (query.unread === false) select = select.where('alertReads.readAt', 'is not', null);
  if (query.status === 'open') select = select.where(isOpenAlert);
  if (query.status === 'resolved') select = select.where('alerts.resolvedAt', 'is not', null);
  if (after) {
    select = select.where(
      sql<boolean>`(date_trunc('milliseconds', alerts.created_at), alerts.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
    );
  }
  const rows = await select
    .orderBy(sql`date_trunc('milliseconds', alerts.created_at)`, 'desc')
    .orderBy('alerts.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const now = ctx.now();
  return pageOf(
    rows as AlertRow[],
    query.limit,
    (row) => [row.createdAt.toISOString(), row.id],
    (row) => present(row, preferences, now),
  );
}

async function findAlert(ctx: AppContext, reader: AlertReader, id: string): Promise<AlertRow> {
  const row = await baseQuery(ctx, reader).selectAll('alerts').select(alertColumns).where('alerts.id', '=', id).executeTakeFirst();
  // Another organisation's alert is not found, like every owned record.
  if (!row) throw AppError.notFound('Alert');
  return row as AlertRow;
}

export async function getAlert(ctx: AppContext, reader: AlertReader, id: string): Promise<AlertItem> {
  const [row, preferences] = await Promise.all([findAlert(ctx, reader, id), readerPreferences(ctx, reader.userId)]);
  return present(row, preferences, ctx.now());
}

/** Open, unread and not snoozed alerts of the kinds the person sees in the app: the bottom bar's and sidebar's badge. */
export async function unreadAlertCount(ctx: AppContext, reader: AlertReader): Promise<number> {
  const preferences = await readerPreferences(ctx, reader.userId);
  const { count } = await baseQuery(ctx, reader)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(shownInApp(preferences))
    .where(isOpenAlert)
    .where('alertReads.readAt', 'is', null)
    .where((eb) => eb.or([eb('alertReads.snoozedUntil', 'is', null), eb('alertReads.snoozedUntil', '<=', ctx.now())]))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Sets the person's own state of an alert (read, snoozed), creating it the first time. */
async function setReaderState(
  ctx: AppContext,
  reader: AlertReader,
  id: string,
  state: { readAt?: Date | null; snoozedUntil?: Date | null },
): Promise<AlertItem> {
  await findAlert(ctx, reader, id);
  await ctx.database.db
    .insertInto('alertReads')
    .values({ alertId: id, userId: reader.userId, readAt: state.readAt ?? null, snoozedUntil: state.snoozedUntil ?? null })
    .onConflict((conflict) => conflict.columns(['alertId', 'userId']).doUpdateSet(state))
    .execute();
  return getAlert(ctx, reader, id);
}

export function markAlertRead(ctx: AppContext, reader: AlertReader, id: string, read: boolean): Promise<AlertItem> {
  return setReaderState(ctx, reader, id, { readAt: read ? ctx.now() : null });
}

/**
 * Puts an alert aside until `until` (at most 30 days ahead): it leaves the badge until then and comes back as it was
 * (unread, if it was) when the snooze ends.
 */
export function snoozeAlert(ctx: AppContext, reader: AlertReader, id: string, until: Date): Promise<AlertItem> {
  const now = ctx.now();
  if (until.getTime() <= now.getTime()) throw AppError.invalid('until', 'Snooze until a time in the future.');
  if (until.getTime() > now.getTime() + MAX_SNOOZE_DAYS * 86_400_000) {
    throw AppError.invalid('until', `Snooze for at most ${MAX_SNOOZE_DAYS} days; resolve an alert that needs nothing more.`);
  }
  return setReaderState(ctx, reader, id, { snoozedUntil: until });
}

/** Marks the alert dealt with, for everyone in the organisation; `resolved: false` opens it again. */
export async function resolveAlert(ctx: AppContext, reader: AlertReader, id: string, resolved: boolean): Promise<AlertItem> {
  await findAlert(ctx, reader, id);
  await ctx.database.db
    .updateTable('alerts')
    .set(resolved ? { resolvedAt: ctx.now(), resolvedBy: reader.userId } : { resolvedAt: null, resolvedBy: null })
    .where('id', '=', id)
    .where('orgId', '=', reader.orgId)
    .execute();
  return getAlert(ctx, reader, id);
}
