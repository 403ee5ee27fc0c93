import {
  ALERT_CATEGORY_OF_RULE,
  continueEpisodes,
  evaluateFieldAlerts,
  isEscalation,
  type Alert,
  type AlertEvidence,
  type AlertRuleId,
  type AlertSeverity,
  type FieldAlertInputs,
  type StoredEpisode,
} from '@murimi/core';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { loadAlertFields, loadFieldAlertInputs, type AlertField, type AlertServiceContext } from './alert-inputs.ts';
import { alertNotifyJob } from './alert-notify.job.ts';

/** Fields evaluated between two turns of the event loop: about 10 ms of rules, so a request never waits longer. */
export const FIELDS_BETWEEN_YIELDS = 50;

/** Alert rows written per statement: a batch of 500 fields rarely has more, and a statement stays well under limits. */
const ROWS_PER_STATEMENT = 500;

/**
 * How long after its end an alert may still be continued by an episode found again: a forecast that drops a storm
 * one run and brings it back the next is the same storm.
 */
const CONTINUE_ENDED_WITHIN_MS = 3 * 86_400_000;

export interface AlertEvaluationOutcome {
  fields: number;
  /** Alerts seen in this evaluation (new and continuing). */
  alerts: number;
  /** Alerts new in this evaluation: each person is told of these by their channels. */
  created: string[];
  /** Alerts whose episode got worse (a higher severity): unread and open again, and told again. */
  escalated: string[];
  /** Fields whose rules failed (bad data): logged and skipped, their alerts left as they were. */
  failed: number;
  /** Open alerts whose condition no longer holds. */
  ended: number;
}

/**
 * Evaluates every rule on these fields and stores the outcome: a new episode becomes an alert (and its people are
 * told, by the `alert-notify` job queued in the same transaction); an episode already alerted keeps its one alert,
 * its figures brought up to date, even when the forecast moves its first day; one that got worse is told again; an
 * open alert whose rule ran and no longer finds its episode is ended. Run by the scheduled batches and after each
 * new analysis of a field; running it twice changes nothing the second time.
 */
export async function evaluateAlerts(
  ctx: AlertServiceContext & { queue: Pick<JobQueue, 'send'> },
  fieldIds: readonly string[],
): Promise<AlertEvaluationOutcome> {
  const fields = await loadAlertFields(ctx, fieldIds);
  const inputs = await loadFieldAlertInputs(ctx, fields);
  const fieldsById = new Map(fields.map((field) => [field.id, field]));
  const evaluations: FieldEvaluation[] = [];
  let failed = 0;
  for (const [index, input] of inputs.entries()) {
    try {
      evaluations.push({ input, field: fieldsById.get(input.fieldId)!, ...evaluateFieldAlerts(input) });
    } catch (error) {
      // One field's bad data (a threshold out of range) must not keep the batch's other fields from their alerts.
      failed++;
      ctx.log.error({ err: error, fieldId: input.fieldId }, 'alert rules failed for a field; it is skipped');
    }
    // A batch runs in the server's own process: let requests in between fields (a field's rules take ~0.2 ms).
    if (index % FIELDS_BETWEEN_YIELDS === FIELDS_BETWEEN_YIELDS - 1) await yieldToRequests();
  }
  const stored = await loadRecentAlerts(
    ctx,
    evaluations.map((evaluation) => evaluation.field.id),
  );
  const storedByField = new Map<string, StoredAlert[]>();
  for (const alert of stored) storedByField.set(alert.fieldId, [...(storedByField.get(alert.fieldId) ?? []), alert]);
  for (const evaluation of evaluations) {
    evaluation.alerts = continueEpisodes(evaluation.alerts, storedByField.get(evaluation.field.id) ?? []);
  }
  return { ...(await storeEvaluations(ctx, evaluations, stored)), failed };
}

/** An alert already stored, as continuing and escalating need it. */
interface StoredAlert extends StoredEpisode {
  id: string;
  severity: AlertSeverity;
}

/** The fields' alerts that are open or ended in the last days: the episodes an alert found now may continue. */
async function loadRecentAlerts(ctx: AlertServiceContext, fieldIds: readonly string[]): Promise<StoredAlert[]> {
  if (fieldIds.length === 0) return [];
  const endedSince = new Date(ctx.now().getTime() - CONTINUE_ENDED_WITHIN_MS);
  const rows = await ctx.database.db
    .selectFrom('alerts')
    .select(['id', 'fieldId', 'ruleId', 'episodeKey', 'severity', 'alertDate', sql<AlertEvidence['dates']>`evidence->'dates'`.as('dates')])
    .where('fieldId', 'in', [...fieldIds])
    .where((eb) => eb.or([eb('endedAt', 'is', null), eb('endedAt', '>', endedSince)]))
    .execute();
  return rows.map((row) => ({ ...row, ruleId: row.ruleId as AlertRuleId, date: row.alertDate, dates: row.dates ?? [] }));
}

interface FieldEvaluation {
  input: FieldAlertInputs;
  field: AlertField;
  alerts: Alert[];
  evaluatedRules: AlertRuleId[];
}

async function storeEvaluations(
  ctx: AlertServiceContext & { queue: Pick<JobQueue, 'send'> },
  evaluations: readonly FieldEvaluation[],
  stored: readonly StoredAlert[],
): Promise<Omit<AlertEvaluationOutcome, 'failed'>> {
  const now = ctx.now();
  const rows = evaluations.flatMap(({ input, field, alerts }) =>
    alerts.map((alert) => ({
      orgId: field.orgId,
      fieldId: field.id,
      ruleId: alert.ruleId,
      category: ALERT_CATEGORY_OF_RULE[alert.ruleId],
      severity: alert.severity,
      episodeKey: alert.episodeKey,
      messageKey: alert.messageKey,
      actionKey: alert.actionKey,
      params: JSON.stringify(alert.params),
      evidence: JSON.stringify(alert.evidence),
      alertDate: alert.date,
      fieldToday: input.today,
      simulated: alert.evidence.simulated === true,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const evaluatedPairs = evaluations.flatMap(({ field, evaluatedRules }) =>
    evaluatedRules.map((ruleId) => ({ fieldId: field.id, ruleId })),
  );
  const currentKeys = rows.map((row) => row.episodeKey);
  const storedByKey = new Map(stored.map((alert) => [alert.episodeKey, alert]));
  const escalated = rows.flatMap((row) => {
    const before = storedByKey.get(row.episodeKey);
    return before && isEscalation(before.severity, row.severity) ? [before.id] : [];
  });

  return ctx.database.db.transaction().execute(async (tx) => {
    const created: string[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const stored = await tx
        .insertInto('alerts')
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflict((conflict) =>
          conflict.columns(['orgId', 'episodeKey']).doUpdateSet((eb) => ({
            severity: eb.ref('excluded.severity'),
            messageKey: eb.ref('excluded.messageKey'),
            actionKey: eb.ref('excluded.actionKey'),
            params: eb.ref('excluded.params'),
            evidence: eb.ref('excluded.evidence'),
            alertDate: eb.ref('excluded.alertDate'),
            fieldToday: eb.ref('excluded.fieldToday'),
            simulated: eb.ref('excluded.simulated'),
            updatedAt: eb.ref('excluded.updatedAt'),
            // A forecast that brings an episode back makes its alert current again (it is still one alert).
            endedAt: null,
          })),
        )
        // xmax is 0 on a row this statement inserted, and the updating transaction's id on one it updated.
        .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
        .execute();
      created.push(...stored.filter((row) => row.inserted).map((row) => row.id));
    }
    const ended = await endAlertsNoLongerFound(tx, evaluatedPairs, currentKeys, now);
    await rememberWeatherRuns(tx, evaluations);
    if (escalated.length > 0) {
      // Worse than what everyone read, snoozed or resolved: it is open and unread for them again.
      await tx.deleteFrom('alertReads').where('alertId', 'in', escalated).execute();
      await tx.updateTable('alerts').set({ resolvedAt: null, resolvedBy: null }).where('id', 'in', escalated).execute();
    }
    const toTell = [...created, ...escalated];
    for (let start = 0; start < toTell.length; start += 100) {
      await ctx.queue.send(alertNotifyJob, { alertIds: toTell.slice(start, start + 100) }, { executor: tx });
    }
    return { fields: evaluations.length, alerts: rows.length, created, escalated, ended };
  });
}

/**
 * Each field whose weather and pest rules ran remembers its today, in the transaction that stored what they found: the
 * next run tells a pest generation reached after it, and none before (a crash before the commit leaves the day as it
 * was, so nothing is lost). A day never moves back.
 */
async function rememberWeatherRuns(tx: Kysely<DB>, evaluations: readonly FieldEvaluation[]): Promise<void> {
  const runs = evaluations
    .filter(({ input }) => input.weather !== null)
    .map(({ field, input }) => ({ fieldId: field.id, weatherRulesRanOn: input.today }));
  for (let start = 0; start < runs.length; start += ROWS_PER_STATEMENT) {
    await tx
      .insertInto('fieldAlertRuns')
      .values(runs.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((conflict) =>
        conflict
          .column('fieldId')
          .doUpdateSet({ weatherRulesRanOn: sql<string>`greatest(field_alert_runs.weather_rules_ran_on, excluded.weather_rules_ran_on)` }),
      )
      .execute();
  }
}

/**
 * Ends the open alerts of the (field, rule) pairs that ran whose episode is not among those just found: the episode
 * is over, or the forecast no longer holds it. One statement for the whole batch.
 */
async function endAlertsNoLongerFound(
  tx: Kysely<DB>,
  evaluated: readonly { fieldId: string; ruleId: AlertRuleId }[],
  currentKeys: readonly string[],
  now: Date,
): Promise<number> {
  if (evaluated.length === 0) return 0;
  const result = await sql`
    update alerts set ended_at = ${now}, updated_at = ${now}
    where ended_at is null
      and (field_id, rule_id) in (
        select * from unnest(${evaluated.map((pair) => pair.fieldId)}::uuid[], ${evaluated.map((pair) => pair.ruleId)}::text[])
      )
      and not (episode_key = any(${[...currentKeys]}::text[]))
  `.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}
