import { randomUUID } from 'node:crypto';
import type { AnalysisDetail, AnalysisResult, AnalysisView } from '@murimi/core';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AnalysisTable, DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { getField } from '../fields/fields.service.ts';
import { crashHereWhenTesting } from './analysis-crash-point.ts';
import { analysisJobs, analysisLongestRunSeconds } from './analysis.jobs.ts';
import type { AnalysisOptions } from './run-analysis.ts';
import { analysisTypes, type AnalysisType } from './analysis-types.ts';

export type { AnalysisDetail, AnalysisView };

type AnalysisRow = Selectable<AnalysisTable>;

const ALREADY_RUNNING = (type: AnalysisType) =>
  `A ${type} analysis is already running for this field. Wait for it to finish, or cancel it, before starting another.`;

const STUCK_MESSAGE = (longestRunSeconds: number) =>
  `The analysis did not finish within ${Math.ceil(longestRunSeconds / 60)} minutes and was stopped. Please run it again.`;

/** Starts an analysis: the field must be the caller's (404 otherwise), and none of the type queued or running for it (409). */
export async function requestAnalysis(
  ctx: AppContext,
  orgId: string,
  userId: string,
  fieldId: string,
  type: AnalysisType,
  options: AnalysisOptions = {},
) {
  await getField(ctx, orgId, fieldId);
  const started = await enqueueAnalysis(ctx, { orgId, fieldId, type, requestedBy: userId, options });
  if (started === 'already-running') throw new AppError('CONFLICT', ALREADY_RUNNING(type));
  return started;
}

/** What storing an analysis request needs: settings, the clock and the queue (the database comes as a transaction). */
export type EnqueueContext = Pick<AppContext, 'config' | 'now'> & { queue: Pick<AppContext['queue'], 'send' | 'wake'> };

export interface EnqueueRequest {
  orgId: string;
  fieldId: string;
  type: AnalysisType;
  requestedBy: string | null;
  options?: AnalysisOptions;
  /** Types to queue once this one has ended (the automatic start's health, then the rest). */
  followUps?: readonly AnalysisType[];
}

/**
 * Stores an analysis request and sends its job, for a field already known to be the organisation's: by a person
 * (`requestAnalysis`) or by a schedule (`requestedBy` null). The row and its job are written in one transaction,
 * so a crash leaves both or neither. The unique index decides a race between two requests; a queued or running
 * row older than any analysis can take is failed first, so a stuck one never blocks the field for good.
 */
export async function enqueueAnalysis(
  ctx: EnqueueContext & Pick<AppContext, 'database'>,
  request: EnqueueRequest,
): Promise<{ id: string; jobId: string } | 'already-running'> {
  const started = await ctx.database.db.transaction().execute((trx) => enqueueAnalysisIn(trx, ctx, request));
  // Committed: a worker of this process takes it now rather than at its next poll.
  if (started !== 'already-running') ctx.queue.wake(analysisJobs[request.type]);
  return started;
}

/**
 * `enqueueAnalysis` inside a transaction the caller holds (a field's write and its first analysis commit together).
 * The caller wakes the type's queue once it has committed.
 */
export async function enqueueAnalysisIn(
  trx: Transaction<DB>,
  ctx: EnqueueContext,
  request: EnqueueRequest,
): Promise<{ id: string; jobId: string } | 'already-running'> {
  const { orgId, fieldId, type, requestedBy } = request;
  const now = ctx.now();
  const longestRunSeconds = analysisLongestRunSeconds(ctx.config);
  await trx
    .updateTable('analyses')
    .set({ status: 'failed', error: STUCK_MESSAGE(longestRunSeconds), finishedAt: now })
    .where('fieldId', '=', fieldId)
    .where('type', '=', type)
    .where('status', 'in', ['queued', 'running'])
    .where('requestedAt', '<', new Date(now.getTime() - longestRunSeconds * 1000))
    .execute();
  const jobId = randomUUID();
  const row = await trx
    .insertInto('analyses')
    .values({
      orgId,
      fieldId,
      type,
      status: 'queued',
      jobId,
      requestedBy,
      requestedAt: now,
      inputs: JSON.stringify({ options: request.options ?? {}, ...(request.followUps?.length ? { followUps: request.followUps } : {}) }),
    })
    // The partial unique index (one queued or running per field and type); its predicate is written out, not
    // bound, so PostgreSQL can match the index.
    .onConflict((conflict) =>
      conflict
        .columns(['fieldId', 'type'])
        .where(sql<boolean>`status in ('queued', 'running')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) return 'already-running';
  crashHereWhenTesting(ctx.config, 'analysis-stored');
  let sent: string | null;
  try {
    sent = await ctx.queue.send(analysisJobs[type], { analysisId: row.id }, { executor: trx, id: jobId });
  } catch {
    sent = null;
  }
  // Thrown inside the transaction: the row goes with it.
  if (sent !== jobId) throw new AppError('SERVICE_UNAVAILABLE', 'Analyses cannot be started just now. Please try again in a minute.');
  return { id: row.id, jobId };
}

/** The columns an `AnalysisView` is made of: never `result` or `inputs`, which run to megabytes. */
const VIEW_COLUMNS = [
  'id',
  'fieldId',
  'type',
  'status',
  'analysisDate',
  'requestedAt',
  'startedAt',
  'finishedAt',
  'summary',
  'simulated',
  'error',
  'stage',
  'stageAt',
] as const satisfies readonly (keyof AnalysisRow)[];

type AnalysisViewRow = Pick<AnalysisRow, (typeof VIEW_COLUMNS)[number]>;

/**
 * The newest completed analysis of each type for a field, as spec §7's latest-summaries answer holds them (the web
 * app asks every 5 s while a field is open). One query, `latestSummariesQuery`; a field that is not the caller's is
 * "not found".
 */
export async function latestSummaries(
  ctx: ServiceContext,
  orgId: string,
  fieldId: string,
): Promise<Record<AnalysisType, AnalysisView | null>> {
  const rows = await latestSummariesQuery(ctx.database.db, orgId, fieldId).execute();
  if (rows.length === 0) throw AppError.notFound('Field');
  const latest = Object.fromEntries(analysisTypes.map((type) => [type, null])) as Record<AnalysisType, AnalysisView | null>;
  // A type with no completed analysis is a row of nulls from the left join.
  for (const row of rows) if (row.id !== null) latest[row.type!] = view(row as AnalysisViewRow);
  return latest;
}

/**
 * The field, if it is the organisation's (none of its columns sent), with one row per analysis type: that type's
 * newest completed analysis by finished time, or nulls. Each type is one probe of `analyses_completed_idx` taking
 * its first entry, so the cost stays the same however long the field's history grows (`distinct on (type)` would
 * walk or sort all of it), and only the summary columns are read. No row: not the organisation's field. Exported so
 * its plan can be checked.
 */
export function latestSummariesQuery(db: Kysely<DB>, orgId: string, fieldId: string) {
  return db
    .selectFrom('fields')
    .crossJoin(sql<{ type: AnalysisType }>`unnest(${sql.val(analysisTypes)}::text[])`.as<'wanted'>(sql`wanted(type)`))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('analyses')
          .select(VIEW_COLUMNS)
          .where('analyses.orgId', '=', orgId)
          .where('analyses.fieldId', '=', fieldId)
          .whereRef('analyses.type', '=', 'wanted.type')
          // Written out, not bound, so PostgreSQL matches the partial index whatever plan it keeps.
          .where(sql<boolean>`analyses.status = 'completed'`)
          .orderBy('analyses.finishedAt', (order) => order.desc().nullsLast())
          .orderBy('analyses.id', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .select(VIEW_COLUMNS.map((column) => `latest.${column}` as const))
    .where('fields.orgId', '=', orgId)
    .where('fields.id', '=', fieldId);
}

/**
 * The analyses `latest` names for `types`, whole with their results, in one read: null for a type with none (or one
 * deleted since `latest` was read).
 */
export async function latestResults(
  ctx: ServiceContext,
  orgId: string,
  fieldId: string,
  latest: Record<AnalysisType, AnalysisView | null>,
  types: readonly AnalysisType[],
): Promise<Partial<Record<AnalysisType, AnalysisDetail<AnalysisType> | null>>> {
  const ids = types.flatMap((type) => (latest[type] ? [latest[type].id] : []));
  const rows =
    ids.length === 0
      ? []
      : await ctx.database.db
          .selectFrom('analyses')
          .selectAll()
          .where('orgId', '=', orgId)
          .where('fieldId', '=', fieldId)
          .where('id', 'in', ids)
          .execute();
  return Object.fromEntries(
    types.map((type) => {
      const row = rows.find((candidate) => candidate.id === latest[type]?.id);
      return [type, row ? detailOf(row, type) : null];
    }),
  );
}

export async function getAnalysis<Type extends AnalysisType>(
  ctx: AppContext,
  orgId: string,
  fieldId: string,
  type: Type,
  id: string,
): Promise<AnalysisDetail<Type>> {
  const row = await ctx.database.db
    .selectFrom('analyses')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('fieldId', '=', fieldId)
    .where('type', '=', type)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Analysis');
  return detailOf(row, type);
}

/** A stored analysis as the API shows one: its summary, what it was run with, and its result. */
function detailOf<Type extends AnalysisType>(row: AnalysisRow, type: Type): AnalysisDetail<Type> {
  return { ...view(row), type, inputs: row.inputs, result: row.result as AnalysisResult<Type> | null };
}

/** A field's analyses, newest first, optionally of one type: their summaries, never their results. */
export async function listAnalyses(ctx: AppContext, orgId: string, fieldId: string, type: AnalysisType | null, limit: number) {
  await getField(ctx, orgId, fieldId);
  return (await listAnalysesQuery(ctx.database.db, orgId, fieldId, type, limit).execute()).map(view);
}

/**
 * The history list's query: the summary columns only, since a health result with its zones runs to megabytes and a
 * list of 200 would read them all. Exported so what it asks for can be checked.
 */
export function listAnalysesQuery(db: Kysely<DB>, orgId: string, fieldId: string, type: AnalysisType | null, limit: number) {
  return db
    .selectFrom('analyses')
    .select(VIEW_COLUMNS)
    .where('orgId', '=', orgId)
    .where('fieldId', '=', fieldId)
    .$if(type !== null, (query) => query.where('type', '=', type!))
    .orderBy('requestedAt', 'desc')
    .limit(limit);
}

/** What cancelling answers for an analysis that has finished, or is not the caller's (spec §5). */
export const CANCEL_NOT_FOUND = 'Analysis not found or already completed';

/** Cancels a queued or running analysis; one that has finished (or is not the caller's) is "not found". */
export async function cancelAnalysis(ctx: AppContext, orgId: string, fieldId: string, type: AnalysisType, id: string): Promise<void> {
  const row = await ctx.database.db
    .updateTable('analyses')
    .set({ status: 'cancelled', finishedAt: ctx.now() })
    .where('orgId', '=', orgId)
    .where('fieldId', '=', fieldId)
    .where('type', '=', type)
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning('jobId')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', CANCEL_NOT_FOUND);
  // A job already running finds the row cancelled and stores nothing; one still queued is not started at all.
  if (row.jobId) await ctx.queue.cancel(analysisJobs[type].name, row.jobId);
}

function view(row: AnalysisViewRow): AnalysisView {
  return {
    id: row.id,
    field_id: row.fieldId,
    type: row.type,
    status: row.status,
    analysis_date: row.analysisDate,
    requested_at: row.requestedAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    summary: row.summary,
    simulated: row.simulated,
    error: row.error,
    stage: row.stage,
    stage_at: row.stageAt?.toISOString() ?? null,
  };
}
