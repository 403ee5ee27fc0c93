import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Report, ReportRequest } from '@murimi/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { authorize, withinReach, type Actor } from '../../policy/policy.ts';
import { writeProgrammeReportJob } from './programme-pack.ts';
import { farmReportFacts, fieldReportFacts } from './report-facts.ts';
import { reportExtension, reportFile, reportRequester, reportsDir, type ReportRow } from './report-files.ts';
import { writeReportPdf } from './report-pdf.ts';

const DAY_MS = 86_400_000;

function present(row: ReportRow, now: Date): Report {
  return {
    id: row.id,
    kind: row.kind,
    fieldId: row.fieldId,
    farmId: row.farmId,
    groupId: row.groupId,
    title: row.title,
    // Past its days a report is expired at once, before the daily prune deletes its file.
    status: row.status === 'done' && row.expiresAt <= now ? 'expired' : row.status,
    stage: row.stage,
    farmsDone: row.farmsDone,
    farmsTotal: row.farmsTotal,
    error: row.error,
    fileBytes: row.fileBytes,
    simulated: row.simulated,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The reports `actor` reaches: their organisation's, of the farms they read. */
function reportsInReach(ctx: ServiceContext, actor: Actor) {
  return ctx.database.db
    .selectFrom('reports')
    .selectAll()
    .where('orgId', '=', actor.orgId)
    .where(withinReach(ctx.database.db, actor, 'reports.read', { farmIdColumn: 'farmId' }));
}

/**
 * The field, farm or programme a report is asked of, with its title; 404 unless the person keeps its records, and a
 * programme's pack for its managers alone.
 */
async function reportSubject(
  ctx: ServiceContext,
  actor: Actor,
  request: ReportRequest,
): Promise<{ fieldId: string | null; farmId: string | null; groupId: string | null; title: string }> {
  const db = ctx.database.db;
  if (request.kind === 'programme') {
    authorize(actor, 'reports.programme');
    const organisation = await db.selectFrom('organisations').select('name').where('id', '=', actor.orgId).executeTakeFirstOrThrow();
    if (!request.groupId) return { fieldId: null, farmId: null, groupId: null, title: `Programme pack: ${organisation.name}` };
    const group = await db
      .selectFrom('farmGroups')
      .select(['id', 'name'])
      .where('orgId', '=', actor.orgId)
      .where('id', '=', request.groupId)
      .executeTakeFirst();
    if (!group) throw AppError.notFound('Group');
    return { fieldId: null, farmId: null, groupId: group.id, title: `Programme pack: ${organisation.name}, ${group.name}` };
  }
  if (request.kind === 'field') {
    const field = await db
      .selectFrom('fields')
      .innerJoin('farms', 'farms.id', 'fields.farmId')
      .select(['fields.id', 'fields.farmId', 'fields.name', 'farms.name as farmName'])
      .where('fields.orgId', '=', actor.orgId)
      .where('fields.id', '=', request.fieldId)
      .where(withinReach(db, actor, 'reports.write', { farmIdColumn: 'fields.farmId' }))
      .executeTakeFirst();
    if (!field) throw AppError.notFound('Field');
    return { fieldId: field.id, farmId: field.farmId, groupId: null, title: `Field report: ${field.name} (${field.farmName})` };
  }
  const farm = await db
    .selectFrom('farms')
    .select(['id', 'name'])
    .where('orgId', '=', actor.orgId)
    .where('id', '=', request.farmId)
    .where(withinReach(db, actor, 'reports.write', { farmIdColumn: 'id' }))
    .executeTakeFirst();
  if (!farm) throw AppError.notFound('Farm');
  return { fieldId: null, farmId: farm.id, groupId: null, title: `Farm report: ${farm.name}` };
}

/**
 * Asks for a report: its row and its `write-report` job in one transaction, answered at once with the report queued.
 * The field or farm must be one the person keeps records of; another's answers 404. Sent again with the same id (a
 * lost answer), it answers the report already asked for.
 */
export async function requestReport(ctx: AppContext, actor: Actor, request: ReportRequest): Promise<Report> {
  const db = ctx.database.db;
  const id = request.id ?? crypto.randomUUID();
  const kept = await reportsInReach(ctx, actor).where('id', '=', id).executeTakeFirst();
  if (kept) return present(kept, ctx.now());
  const subject = await reportSubject(ctx, actor, request);
  const now = ctx.now();
  try {
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('reports')
        .values({
          id,
          orgId: actor.orgId,
          kind: request.kind,
          ...subject,
          requestedBy: actor.userId,
          expiresAt: new Date(now.getTime() + ctx.config.reportKeepDays * DAY_MS),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.queue.send(request.kind === 'programme' ? writeProgrammeReportJob : writeReportJob, { reportId: id }, { executor: trx });
      return inserted;
    });
    return present(row, now);
  } catch (error) {
    if (isUniqueViolation(error, 'reports_pkey')) {
      const other = await reportsInReach(ctx, actor).where('id', '=', id).executeTakeFirst();
      if (other) return present(other, now);
      throw new AppError('CONFLICT', 'This report id is taken. Reload the page and ask again.');
    }
    throw error;
  }
}

export async function listReports(
  ctx: ServiceContext,
  actor: Actor,
  query: { fieldId?: string | undefined; farmId?: string | undefined; kind?: Report['kind'] | undefined },
): Promise<Report[]> {
  let select = reportsInReach(ctx, actor);
  if (query.kind) select = select.where('kind', '=', query.kind);
  if (query.fieldId) select = select.where('fieldId', '=', query.fieldId);
  if (query.farmId) select = select.where('farmId', '=', query.farmId);
  const now = ctx.now();
  return (await select.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(100).execute()).map((row) => present(row, now));
}

export async function getReport(ctx: ServiceContext, actor: Actor, id: string): Promise<Report> {
  const row = await reportsInReach(ctx, actor).where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound('Report');
  return present(row, ctx.now());
}

/** The report's file to stream, or why there is none: still being written, failed, or deleted after its days. */
export async function reportDownload(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
): Promise<{ fileName: string; contentType: string; bytes: number; stream: Readable }> {
  const report = await getReport(ctx, actor, id);
  if (report.status === 'expired') {
    throw new AppError(
      'GONE',
      `This report was kept for ${ctx.config.reportKeepDays} days and has been deleted. Ask for a new one: it will have the latest records.`,
    );
  }
  if (report.status === 'failed')
    throw new AppError('CONFLICT', `This report could not be written: ${report.error ?? 'no reason was kept'}.`);
  if (report.status === 'cancelled') throw new AppError('CONFLICT', 'This report was cancelled before it was written. Ask for a new one.');
  if (report.status !== 'done')
    throw new AppError('CONFLICT', 'This report is still being written. Wait for it to finish, then download it.');
  const file = reportFile(ctx.config, actor.orgId, id, report.kind);
  const bytes = (await stat(file)).size;
  const slug =
    report.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'report';
  const extension = reportExtension(report.kind);
  return {
    fileName: `${slug}-${report.createdAt.slice(0, 10)}.${extension}`,
    contentType: extension === 'zip' ? 'application/zip' : 'application/pdf',
    bytes,
    stream: createReadStream(file),
  };
}

/**
 * Stops a programme's pack that is queued or being written: the job sees it between farms and deletes what it wrote.
 * Cancelling one already cancelled answers it as it is; one already done or failed cannot be.
 */
export async function cancelReport(ctx: ServiceContext, actor: Actor, id: string): Promise<Report> {
  const report = await getReport(ctx, actor, id);
  if (report.kind !== 'programme') throw new AppError('CONFLICT', 'A field or farm report takes seconds and cannot be cancelled.');
  if (report.status === 'cancelled') return report;
  const cancelled = await ctx.database.db
    .updateTable('reports')
    .set({ status: 'cancelled', stage: null, finishedAt: ctx.now() })
    .where('id', '=', id)
    .where('orgId', '=', actor.orgId)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
  if (!cancelled) throw new AppError('CONFLICT', `This pack is ${report.status} already and cannot be cancelled.`);
  return present(cancelled, ctx.now());
}

/**
 * Writes a report's PDF: gathers its facts through the services the screens use (as the person who asked, with
 * their reach), writes the file beside its final name and renames it, then marks the report done. Run again after a
 * crash, it writes the file again; a report already done or failed is left as it is.
 */
export async function writeReport(ctx: ServiceContext, log: FastifyBaseLogger, reportId: string, isLastAttempt: boolean): Promise<void> {
  const db = ctx.database.db;
  const row = await db.selectFrom('reports').selectAll().where('id', '=', reportId).executeTakeFirst();
  if (!row || row.kind === 'programme' || (row.status !== 'queued' && row.status !== 'running')) return;
  const fail = async (reason: string) =>
    db
      .updateTable('reports')
      .set({ status: 'failed', error: reason, stage: null, finishedAt: ctx.now() })
      .where('id', '=', reportId)
      .execute();
  const actor = await reportRequester(ctx, row);
  if (!actor) return void (await fail('the person who asked for it no longer works in this organisation'));
  try {
    await db.updateTable('reports').set({ status: 'running', stage: 'gathering' }).where('id', '=', reportId).execute();
    const content =
      row.kind === 'field'
        ? ({ kind: 'field', facts: await fieldReportFacts(ctx, log, actor, row.fieldId!) } as const)
        : ({ kind: 'farm', facts: await farmReportFacts(ctx, log, actor, row.farmId!) } as const);
    const simulated = content.kind === 'field' ? content.facts.simulated : content.facts.fields.some((field) => field.simulated);
    await db.updateTable('reports').set({ stage: 'writing', simulated }).where('id', '=', reportId).execute();
    const file = reportFile(ctx.config, row.orgId, reportId, row.kind);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    await writeReportPdf(content, createWriteStream(partial), ctx.now());
    await rename(partial, file);
    const { size } = await stat(file);
    await db
      .updateTable('reports')
      .set({ status: 'done', stage: null, fileBytes: size, finishedAt: ctx.now() })
      .where('id', '=', reportId)
      .where('status', '=', 'running')
      .execute();
  } catch (error) {
    if (error instanceof AppError) return void (await fail(error.message.replace(/\.$/, '').toLowerCase()));
    if (isLastAttempt) await fail('the server met an error while writing it; please ask again');
    throw error;
  }
}

const payload = z.object({ reportId: z.uuid() });

export const writeReportJob: JobDefinition<typeof payload> = {
  name: 'write-report',
  payload,
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 600,
  async handle({ reportId }, context) {
    await writeReport(context, context.log, reportId, context.attempt.isLast);
  },
};

/**
 * Deletes the files of reports past their days (and marks them expired, so that a download is told why), any file
 * whose report is gone with its field, farm or organisation, and the part-written file of a writer that died.
 */
export async function pruneReports(ctx: ServiceContext): Promise<{ deleted: number }> {
  const db = ctx.database.db;
  const expired = await db
    .selectFrom('reports')
    .select(['id', 'orgId', 'kind'])
    .where('status', '!=', 'expired')
    .where('expiresAt', '<=', ctx.now())
    .limit(1000)
    .execute();
  let deleted = 0;
  for (const report of expired) {
    await rm(reportFile(ctx.config, report.orgId, report.id, report.kind), { force: true });
    await db.updateTable('reports').set({ status: 'expired' }).where('id', '=', report.id).execute();
    deleted += 1;
  }
  const organisations = await readdir(reportsDir(ctx.config)).catch(() => [] as string[]);
  for (const orgId of organisations) {
    const folder = path.join(reportsDir(ctx.config), orgId);
    const files = await readdir(folder).catch(() => [] as string[]);
    const idOf = (name: string) => name.slice(0, name.indexOf('.'));
    const ids = [...new Set(files.map(idOf))].filter((id) => z.uuid().safeParse(id).success);
    if (ids.length === 0) continue;
    const status = new Map(
      (await db.selectFrom('reports').select(['id', 'status']).where('orgId', '=', orgId).where('id', 'in', ids).execute()).map((row) => [
        row.id,
        row.status,
      ]),
    );
    // A file whose report is gone, and a part left by a writer that died once its report is no longer being written.
    const writing = (id: string) => status.get(id) === 'queued' || status.get(id) === 'running';
    for (const name of files.filter((name) => !status.has(idOf(name)) || (name.endsWith('.part') && !writing(idOf(name))))) {
      await rm(path.join(folder, name), { force: true });
      deleted += 1;
    }
  }
  return { deleted };
}

export const pruneReportsJob: JobDefinition<z.ZodObject> = {
  name: 'prune-reports',
  payload: z.object({}).passthrough(),
  cron: '17 3 * * *',
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 900,
  async handle(_payload, context) {
    const outcome = await pruneReports(context);
    if (outcome.deleted > 0) context.log.info(outcome, 'deleted report files past their days');
  },
};
