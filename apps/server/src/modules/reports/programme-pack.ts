import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  csvLine,
  isoDay,
  programmeSeason,
  seasonStartYearOf,
  xlsxFixedParts,
  xlsxRow,
  XLSX_SHEET_END,
  XLSX_SHEET_PATH,
  XLSX_SHEET_START,
} from '@murimi/core';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../../app-context.ts';
import { fileSlug } from '../../file-names.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { reachOf, type Actor } from '../../policy/policy.ts';
import { zipChunks, type ArchiveFile } from '../../zip-stream.ts';
import { analysisOverview } from '../analysis/analysis-overview.ts';
import { FIELD_SUMMARY_COLUMNS, fieldSummaryPages } from './field-summary.ts';
import { farmReportFacts, type GatherOptions } from './report-facts.ts';
import { writeReportPdf } from './report-pdf.ts';
import { reportFile, reportRequester, type ReportRow } from './report-files.ts';

/** Progress is written after this many farms: often enough for the bar to move, rarely enough to cost nothing. */
const PROGRESS_EVERY_FARMS = 5;

/** Raised between farms once a person has cancelled the pack: the job stops and deletes what it wrote. */
class PackCancelled extends Error {}

/** A farm's PDF as its bytes come from pdfkit, for the zip to store as they come. */
async function* farmPdf(ctx: ServiceContext, log: FastifyBaseLogger, actor: Actor, farmId: string, health: GatherOptions['health']) {
  const facts = await farmReportFacts(ctx, log, actor, farmId, { health, indexMaps: false });
  const out = new PassThrough();
  const written = writeReportPdf({ kind: 'farm', facts }, out, ctx.now());
  for await (const chunk of out) yield chunk as Uint8Array;
  await written;
}

/**
 * A programme's pack, as the files of its zip: each farm's PDF in `farms/`, then `fields.csv` and `fields.xlsx` of
 * every field. Between farms it records its progress and stops if the pack was cancelled.
 */
async function* packFiles(ctx: ServiceContext, log: FastifyBaseLogger, row: ReportRow, actor: Actor): AsyncGenerator<ArchiveFile> {
  const db = ctx.database.db;
  const farms = await db
    .selectFrom('farms')
    .select(['id', 'name'])
    .where('orgId', '=', row.orgId)
    .$if(row.groupId !== null, (query) => query.where('groupId', '=', row.groupId!))
    .orderBy('name')
    .orderBy('id')
    .execute();
  await db.updateTable('reports').set({ stage: 'farms', farmsDone: 0, farmsTotal: farms.length }).where('id', '=', row.id).execute();
  // The health of every field once, not once a farm.
  const health = new Map((await analysisOverview(ctx, actor)).map((item) => [item.field_id, item.health]));
  const names = new Set<string>();
  for (const [i, farm] of farms.entries()) {
    // Two farms of one name get their own files.
    let name = fileSlug(farm.name, 'farm');
    if (names.has(name)) name = `${name}-${farm.id.slice(0, 8)}`;
    names.add(name);
    yield { name: `farms/${name}.pdf`, stored: () => farmPdf(ctx, log, actor, farm.id, health) };
    const done = i + 1;
    if (done % PROGRESS_EVERY_FARMS === 0 || done === farms.length) {
      const updated = await db
        .updateTable('reports')
        .set({ farmsDone: done })
        .where('id', '=', row.id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw new PackCancelled();
    }
  }
  const updated = await db
    .updateTable('reports')
    .set({ stage: 'summary' })
    .where('id', '=', row.id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new PackCancelled();
  const today = isoDay(ctx.now());
  const season = programmeSeason(seasonStartYearOf(today));
  const lines = () => fieldSummaryPages(ctx, row.orgId, row.groupId, season, today);
  yield {
    name: 'fields.csv',
    text: async function* () {
      yield csvLine(FIELD_SUMMARY_COLUMNS);
      for await (const page of lines()) yield page.map((cells) => csvLine(cells)).join('');
    },
  };
  yield {
    name: 'fields.xlsx',
    stored: () =>
      zipChunks([
        ...Object.entries(xlsxFixedParts(`Fields ${season.label.replace('/', '-')}`)).map(([name, text]) => ({
          name,
          text: async function* () {
            yield text;
          },
        })),
        {
          name: XLSX_SHEET_PATH,
          text: async function* () {
            yield XLSX_SHEET_START + xlsxRow(1, FIELD_SUMMARY_COLUMNS);
            let rowNumber = 1;
            for await (const page of lines()) yield page.map((cells) => xlsxRow(++rowNumber, cells)).join('');
            yield XLSX_SHEET_END;
          },
        },
      ]),
  };
}

/**
 * Writes a programme's pack: the zip streamed to a file beside its final name (never whole in memory), renamed once
 * complete, then the report marked done. Cancelled, it stops between farms and deletes the part written. Run again
 * after a crash, it starts the file again; a pack already done, failed or cancelled is left as it is.
 */
export async function writeProgrammeReport(
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  reportId: string,
  isLastAttempt: boolean,
): Promise<void> {
  const db = ctx.database.db;
  const row = await db.selectFrom('reports').selectAll().where('id', '=', reportId).executeTakeFirst();
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
  const fail = (reason: string) =>
    db
      .updateTable('reports')
      .set({ status: 'failed', error: reason, stage: null, finishedAt: ctx.now() })
      .where('id', '=', reportId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  const actor = await reportRequester(ctx, row);
  if (!actor || reachOf(actor, 'reports.programme') !== 'organisation')
    return void (await fail('the person who asked for it no longer manages this organisation'));
  const started = await db
    .updateTable('reports')
    .set({ status: 'running', stage: 'gathering' })
    .where('id', '=', reportId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (started.numUpdatedRows === 0n) return;
  const file = reportFile(ctx.config, row.orgId, reportId, 'programme');
  const partial = `${file}.${process.pid}.part`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(Readable.from(zipChunks(packFiles(ctx, log, row, actor)), { objectMode: false }), createWriteStream(partial));
    await rename(partial, file);
    const { size } = await stat(file);
    const marked = await db
      .updateTable('reports')
      .set({ status: 'done', stage: null, fileBytes: size, finishedAt: ctx.now() })
      .where('id', '=', reportId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    // Cancelled in the last moment: the file goes too.
    if (marked.numUpdatedRows === 0n) await rm(file, { force: true });
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof PackCancelled) return log.info({ reportId }, 'programme pack cancelled; its part deleted');
    if (isLastAttempt) await fail('the server met an error while writing it; please ask again');
    throw error;
  }
}

const payload = z.object({ reportId: z.uuid() });

export const writeProgrammeReportJob: JobDefinition<typeof payload> = {
  name: 'write-programme-report',
  payload,
  retryLimit: 2,
  retryDelaySeconds: 60,
  // A programme of a thousand farms takes a minute or two; ten thousand, twenty.
  expireInSeconds: 3600,
  async handle({ reportId }, context) {
    await writeProgrammeReport(context, context.log, reportId, context.attempt.isLast);
  },
};
