import {
  fieldDateProblem,
  type Field,
  type FieldListView,
  type FieldOnMap,
  type FieldSummary,
  type FieldCreate,
  type FieldUpdate,
  type RecordsBeforePlantingDetails,
  type WaterRecordBeforePlanting,
  type WaterRecordsBeforePlantingChoice,
} from '@murimi/core';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { decodeCursor, nameIdKey, pageOf, timeIdKey, type ListPage } from '../../db/list-pages.ts';
import {
  auditWrite,
  checkUnchangedSince,
  definedOnly,
  deleteOwned,
  findOwned,
  insertOwned,
  updateOwned,
  type UpdateCondition,
} from '../../db/owned-records.ts';
import type { DB, FieldTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { adviceDue, queueFieldAdvice, wakeFieldAdvice } from '../analysis/analysis-autostart.ts';
import type { ExportedFile, ExportFormat } from './fields.export.ts';
import { checkCornersPerField, checkFieldStorage } from './fields.quotas.ts';
import { boundaryColumns, fieldRowOf, roundHectares } from './fields.rows.ts';
import { withinReach, type Actor } from '../../policy/policy.ts';

type FieldRow = Selectable<FieldTable>;
/** The columns a list reads: never the full boundary, which can be hundreds of kilobytes per field. */
const summaryColumns = [
  'id',
  'name',
  'farmId',
  'sizeHectares',
  'bboxMinLng',
  'bboxMinLat',
  'bboxMaxLng',
  'bboxMaxLat',
  'centroidLng',
  'centroidLat',
  'cropType',
  'variety',
  'plantingDate',
  'expectedHarvestDate',
  'actualHarvestDate',
  'soilTexture',
  'irrigated',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof FieldRow)[];
type FieldSummaryRow = Pick<FieldRow, (typeof summaryColumns)[number]>;

export function presentField(row: FieldRow): Field {
  return { ...presentFieldSummary(row), boundary: row.boundary };
}

/** A field as lists show it: its facts, box, centroid and area, without the boundary. */
export function presentFieldSummary(row: FieldSummaryRow): FieldSummary {
  const hectares = roundHectares(row.sizeHectares);
  return {
    id: row.id,
    name: row.name,
    farmId: row.farmId,
    size: hectares,
    size_hectares: hectares,
    bbox: { minLng: row.bboxMinLng, minLat: row.bboxMinLat, maxLng: row.bboxMaxLng, maxLat: row.bboxMaxLat },
    centroid: [row.centroidLng, row.centroidLat],
    cropType: row.cropType,
    variety: row.variety,
    plantingDate: row.plantingDate,
    expectedHarvestDate: row.expectedHarvestDate,
    actualHarvestDate: row.actualHarvestDate,
    soilTexture: row.soilTexture as FieldSummary['soilTexture'],
    irrigated: row.irrigated,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

async function requireFarm(ctx: ServiceContext, orgId: string, farmId: string): Promise<void> {
  if (!(await findOwned(ctx.database.db, 'farms', orgId, farmId))) throw AppError.notFound('Farm');
}

/**
 * A page of the organisation's fields (of one farm when `farmId` is given) by name, then id. `view=summary` leaves
 * the boundary out; `view=map` adds the boundary simplified for drawing. Full boundaries are read by id.
 */
export async function listFields(
  ctx: ServiceContext,
  actor: Actor,
  query: { farmId?: string | undefined; view: FieldListView; limit: number; cursor?: string | undefined },
): Promise<ListPage<FieldSummary | FieldOnMap>> {
  const { orgId } = actor;
  const after = decodeCursor(query.cursor, nameIdKey);
  let select = ctx.database.db
    .selectFrom('fields')
    .select(summaryColumns)
    .where('orgId', '=', orgId)
    .where(withinReach(ctx.database.db, actor, 'fields.read', { farmIdColumn: 'farmId' }));
  if (query.farmId) {
    await requireFarm(ctx, orgId, query.farmId);
    select = select.where('farmId', '=', query.farmId);
  }
  if (after) select = select.where(({ eb, refTuple, tuple }) => eb(refTuple('name', 'id'), '>', tuple(after[0], after[1])));
  select = select
    .orderBy('name')
    .orderBy('id')
    .limit(query.limit + 1);
  const keyOf = (row: FieldSummaryRow) => [row.name, row.id] as const;
  if (query.view === 'map') {
    const rows = await select.select('mapBoundary').execute();
    return pageOf(rows, query.limit, keyOf, (row) => ({ ...presentFieldSummary(row), mapBoundary: row.mapBoundary }));
  }
  return pageOf(await select.execute(), query.limit, keyOf, presentFieldSummary);
}

/**
 * Fields read per query while gathering an export: at most 2 MB of boundary text (10 × 5,000 corners). The embedded
 * database turns a whole answer into strings in one step, holding the server meanwhile (~20 ms per MB here).
 */
const EXPORT_BATCH_FIELDS = 10;

/**
 * Every field of the organisation (or of one farm) with its farm's name and full boundary, as the UTF-8 bytes of
 * the JSON `[{field, farmName}]`, for an export. Boundaries are read as the database's text and spliced in, never
 * parsed here: an organisation's boundaries can be 100 MB. Read a batch at a time, letting other requests in
 * between; each batch is encoded as it comes, so no 100 MB text is ever built on this thread.
 */
async function exportRowsJson(ctx: AppContext, actor: Actor, farmId: string | undefined): Promise<Uint8Array> {
  const { orgId } = actor;
  if (farmId) await requireFarm(ctx, orgId, farmId);
  const farms = await ctx.database.db.selectFrom('farms').select(['id', 'name']).where('orgId', '=', orgId).execute();
  const farmNames = new Map(farms.map((f) => [f.id, f.name]));
  const batches: Buffer[] = [];
  let after: readonly [string, string] | null = null;
  for (;;) {
    let select = ctx.database.db
      .selectFrom('fields')
      .select(summaryColumns)
      .where('orgId', '=', orgId)
      .where(withinReach(ctx.database.db, actor, 'fields.read', { farmIdColumn: 'farmId' }));
    if (farmId) select = select.where('farmId', '=', farmId);
    if (after) {
      const [name, id] = after;
      select = select.where(({ eb, refTuple, tuple }) => eb(refTuple('name', 'id'), '>', tuple(name, id)));
    }
    const rows = await select.orderBy('name').orderBy('id').limit(EXPORT_BATCH_FIELDS).execute();
    // The boundaries of this batch only, by id: asked together with the ordering, the database would turn every
    // remaining boundary into text before sorting (20 MB, half a second, for a hundred detailed fields).
    const boundaries =
      rows.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await ctx.database.db
                .selectFrom('fields')
                .select(['id', sql<string>`boundary::text`.as('boundaryJson')])
                .where('orgId', '=', orgId)
                .where(
                  'id',
                  'in',
                  rows.map((row) => row.id),
                )
                .execute()
            ).map((row) => [row.id, row.boundaryJson]),
          );
    const items = rows.map((row) => {
      const summary = JSON.stringify(presentFieldSummary(row));
      const field = `${summary.slice(0, -1)},"boundary":${boundaries.get(row.id)}}`;
      return `{"field":${field},"farmName":${JSON.stringify(farmNames.get(row.farmId) ?? '')}}`;
    });
    if (items.length > 0) batches.push(Buffer.from(`${batches.length === 0 ? '' : ','}${items.join(',')}`, 'utf8'));
    if (rows.length < EXPORT_BATCH_FIELDS) break;
    after = [rows.at(-1)!.name, rows.at(-1)!.id];
    await yieldToEventLoop();
  }
  // A fresh array of its own (not Node's shared pool), so that it can be moved to the worker thread.
  const total = batches.reduce((sum, batch) => sum + batch.byteLength, 2);
  const bytes = new Uint8Array(total);
  bytes[0] = 0x5b; // [
  let offset = 1;
  for (const batch of batches) {
    bytes.set(batch, offset);
    offset += batch.byteLength;
  }
  bytes[offset] = 0x5d; // ]
  return bytes;
}

/** Raised by the database on every change to the organisation's fields or farms (migration 0002). */
export function fieldListVersion(ctx: AppContext, orgId: string): Promise<number> {
  return ctx.fieldListVersions.get(orgId);
}

export async function getField(ctx: ServiceContext, orgId: string, fieldId: string): Promise<Field> {
  const row = await findOwned(ctx.database.db, 'fields', orgId, fieldId);
  if (!row) throw AppError.notFound('Field');
  return presentField(row);
}

/** The stored columns of a new field. */
export async function createField(ctx: AppContext, orgId: string, input: FieldCreate): Promise<{ item: Field; created: boolean }> {
  await requireFarm(ctx, orgId, input.farmId);
  const values = fieldRowOf(orgId, input);
  checkCornersPerField(ctx.config.quotas, values.boundaryVertices);
  const { row, created, adviceQueued } = await ctx.database.db.transaction().execute(async (trx) => {
    // A replay of a create already stored (same client id) adds nothing, so it is not counted against the limits.
    const replay = input.id ? await findOwned(trx, 'fields', orgId, input.id) : undefined;
    if (!replay) await checkFieldStorage(trx, ctx.config.quotas, orgId, { fields: 1, bytes: values.boundaryBytes });
    const inserted = await insertOwned(trx, 'fields', values);
    // A replay queues nothing: the first create did.
    const queued =
      inserted.created && adviceDue(null, inserted.row, true) && (await queueFieldAdvice(trx, ctx, { orgId, fieldId: inserted.row.id }));
    return { ...inserted, adviceQueued: queued };
  });
  ctx.fieldListVersions.forget(orgId);
  if (adviceQueued) wakeFieldAdvice(ctx);
  return { item: presentField(row), created };
}

export async function updateField(
  ctx: AppContext,
  orgId: string,
  fieldId: string,
  input: FieldUpdate,
  condition: UpdateCondition = {},
): Promise<Field> {
  const current = await findOwned(ctx.database.db, 'fields', orgId, fieldId);
  if (!current) throw AppError.notFound('Field');
  checkUnchangedSince(presentFieldSummary(current).lastModified, condition.ifLastModified);
  if (input.farmId && input.farmId !== current.farmId) await requireFarm(ctx, orgId, input.farmId);
  const { boundary, waterRecordsBeforePlanting, ...rest } = input;
  const changes = definedOnly(rest);
  // The dates sent may be checked alone by the schema; together with the stored ones they must still agree.
  const problem = fieldDateProblem({ ...current, ...changes });
  if (problem) throw AppError.invalid(problem.path, problem.message);
  const boundaryChanged = boundary !== undefined && JSON.stringify(boundary.boundary) !== JSON.stringify(current.boundary);
  const newBoundary = boundary ? boundaryColumns(boundary) : null;
  if (newBoundary && boundaryChanged) checkCornersPerField(ctx.config.quotas, newBoundary.boundaryVertices);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    if (changes.plantingDate && changes.plantingDate !== current.plantingDate) {
      await settleWaterRecordsBeforePlanting(
        trx,
        { orgId, fieldId, from: current.plantingDate, plantingDate: changes.plantingDate },
        waterRecordsBeforePlanting,
      );
    }
    if (newBoundary && boundaryChanged) {
      await checkFieldStorage(trx, ctx.config.quotas, orgId, { fields: 0, bytes: newBoundary.boundaryBytes - current.boundaryBytes });
    }
    // The boundary it replaces is kept: readings taken before the edit were measured inside it. A refused update
    // (the field changed meanwhile) rolls this back with it.
    if (boundaryChanged) {
      await trx
        .insertInto('fieldBoundaryVersions')
        .values({ orgId, fieldId, boundary: JSON.stringify(current.boundary), sizeHectares: current.sizeHectares, replacedAt: ctx.now() })
        .execute();
    }
    const updated = await updateOwned(
      trx,
      'fields',
      orgId,
      fieldId,
      { ...changes, ...(newBoundary ?? {}) },
      { ...condition, now: ctx.now() },
    );
    const queued =
      !!updated && adviceDue(current, updated, boundaryChanged) && (await queueFieldAdvice(trx, ctx, { orgId, fieldId }, 'changed'));
    return { updated, queued };
  });
  if (!row.updated) throw AppError.notFound('Field');
  ctx.fieldListVersions.forget(orgId);
  if (row.queued) wakeFieldAdvice(ctx);
  return presentField(row.updated);
}

/** The most records a `RECORDS_BEFORE_PLANTING` answer lists (it counts them all). */
const LISTED_RECORDS_BEFORE_PLANTING = 50;

/**
 * A planting date moved later leaves the field's water records dated between the old planting and the new one
 * before the season, where the water balance no longer counts them. The farmer is asked first: without a choice the
 * change is refused (409 `RECORDS_BEFORE_PLANTING`, naming them); with `keep` they stay as records before the season,
 * with `delete` they go, in the same transaction as the change. Records already before the old planting were
 * settled when it was set and are not asked about again.
 */
async function settleWaterRecordsBeforePlanting(
  trx: Kysely<DB>,
  move: { orgId: string; fieldId: string; from: string | null; plantingDate: string },
  choice: WaterRecordsBeforePlantingChoice | undefined,
): Promise<void> {
  const { orgId, fieldId, from, plantingDate } = move;
  const irrigations = trx
    .selectFrom('irrigationEvents')
    .where('orgId', '=', orgId)
    .where('fieldId', '=', fieldId)
    .where('irrigationDate', '<', plantingDate)
    .$if(from !== null, (query) => query.where('irrigationDate', '>=', from!));
  const rainReadings = trx
    .selectFrom('rainReadings')
    .where('orgId', '=', orgId)
    .where('fieldId', '=', fieldId)
    .where('readingDate', '<', plantingDate)
    .$if(from !== null, (query) => query.where('readingDate', '>=', from!));
  const [irrigationRows, rainRows] = await Promise.all([
    irrigations.select(['id', 'irrigationDate as date', 'depthMm as amountMm']).orderBy('irrigationDate').orderBy('id').execute(),
    rainReadings.select(['id', 'readingDate as date', 'rainMm as amountMm']).orderBy('readingDate').orderBy('id').execute(),
  ]);
  if (irrigationRows.length + rainRows.length === 0 || choice === 'keep') return;
  if (choice === 'delete') {
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    if (irrigationRows.length > 0)
      await trx.deleteFrom('irrigationEvents').where('orgId', '=', orgId).where('id', 'in', ids(irrigationRows)).execute();
    if (rainRows.length > 0) await trx.deleteFrom('rainReadings').where('orgId', '=', orgId).where('id', 'in', ids(rainRows)).execute();
    return;
  }
  const records: WaterRecordBeforePlanting[] = [
    ...irrigationRows.map((row) => ({ kind: 'irrigation' as const, ...row })),
    ...rainRows.map((row) => ({ kind: 'rain' as const, ...row })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const details: RecordsBeforePlantingDetails = {
    plantingDate,
    irrigations: irrigationRows.length,
    rainReadings: rainRows.length,
    records: records.slice(0, LISTED_RECORDS_BEFORE_PLANTING),
  };
  const counted = [
    irrigationRows.length > 0 ? `${irrigationRows.length} irrigation${irrigationRows.length === 1 ? '' : 's'}` : null,
    rainRows.length > 0 ? `${rainRows.length} rain reading${rainRows.length === 1 ? '' : 's'}` : null,
  ].filter((part) => part !== null);
  throw new AppError(
    'RECORDS_BEFORE_PLANTING',
    `${counted.join(' and ')} logged on this field from ${records[0]!.date} to ${records.at(-1)!.date} would fall before the new ` +
      `planting date (${plantingDate}), where the water balance does not count them. Keep them as records before the ` +
      'season, or delete them, and save again.',
    details,
  );
}

export interface BoundaryVersion {
  id: string;
  boundary: unknown;
  size_hectares: number;
  replacedAt: string;
}

// Replacement times are kept to the microsecond but travel in cursors as JavaScript dates: the list orders by the
// millisecond (then id), so the cursor names a position exactly.
const replacedMs = sql<Date>`date_trunc('milliseconds', replaced_at)`;

/** A page of the boundaries a field had before, newest first (then by id). */
export async function listBoundaryVersions(
  ctx: AppContext,
  orgId: string,
  fieldId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<ListPage<BoundaryVersion>> {
  const after = decodeCursor(query.cursor, timeIdKey);
  await requireField(ctx, orgId, fieldId);
  let select = ctx.database.db
    .selectFrom('fieldBoundaryVersions')
    .selectAll()
    .select(replacedMs.as('replacedMs'))
    .where('orgId', '=', orgId)
    .where('fieldId', '=', fieldId);
  if (after) select = select.where(sql<boolean>`(${replacedMs}, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  const rows = await select
    .orderBy(replacedMs, 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return pageOf(
    rows,
    query.limit,
    (row) => [row.replacedMs.toISOString(), row.id],
    (row) => ({
      id: row.id,
      boundary: row.boundary,
      size_hectares: roundHectares(row.sizeHectares),
      replacedAt: row.replacedAt.toISOString(),
    }),
  );
}

/** Longest the checks of one bulk create may take on a worker thread before the client is told to send less. */
const BULK_DEADLINE_MS = 30_000;
const bulkTooLong = () =>
  new AppError('PAYLOAD_TOO_LARGE', `These fields took more than ${BULK_DEADLINE_MS / 1000} s to check. Send them in smaller batches.`);

/**
 * Creates many fields at once (boundary import), all or nothing: every item is checked first, and if any
 * fails the answer lists each failing item with its reasons and nothing is saved. The body arrives as bytes and is
 * read and checked on a worker thread (a 20 MB import costs ~1 s of parsing and geometry); the event loop only
 * checks farm ownership and the organisation's limits, and writes the rows. Answers the fields without boundaries.
 */
export async function createFields(ctx: AppContext, actor: Actor, body: Uint8Array): Promise<{ item: FieldSummary; created: boolean }[]> {
  const { orgId } = actor;
  const { prepared, reports } = await ctx.cpu.run(
    'checkFieldBatch',
    { body },
    { deadlineMs: BULK_DEADLINE_MS, tooLong: bulkTooLong, handOver: [body] },
  );
  const total = prepared.length + reports.length;
  const farmIds = [...new Set(prepared.map(({ row }) => row.farmId))];
  const ownedFarmIds = new Set(
    farmIds.length === 0
      ? []
      : (
          await ctx.database.db
            .selectFrom('farms')
            .select('id')
            .where('orgId', '=', orgId)
            .where('id', 'in', farmIds)
            // A farmer imports onto their own farms, an agronomist onto their groups' farms.
            .where(withinReach(ctx.database.db, actor, 'fields.write', { farmIdColumn: 'id' }))
            .execute()
        ).map((f) => f.id),
  );
  for (const { index, row } of prepared) {
    if (!ownedFarmIds.has(row.farmId)) reports.push({ index, name: row.name, problems: [{ path: 'farmId', message: 'Farm not found.' }] });
    else if (row.boundaryVertices > ctx.config.quotas.cornersPerField) {
      const message = `A field may have at most ${ctx.config.quotas.cornersPerField.toLocaleString('en-US')} corners; this one has ${row.boundaryVertices.toLocaleString('en-US')}.`;
      reports.push({ index, name: row.name, problems: [{ path: 'boundary', message }] });
    }
  }
  if (reports.length > 0) {
    reports.sort((a, b) => a.index - b.index);
    throw new AppError('VALIDATION_FAILED', `${reports.length} of ${total} fields cannot be saved, so none was saved.`, { items: reports });
  }
  const results = await ctx.database.db.transaction().execute(async (trx) => {
    const ids = prepared.map(({ row }) => row.id);
    // Replays of creates already stored (same client ids) add nothing, so they are not counted against the limits.
    const stored = new Set((await trx.selectFrom('fields').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    const fresh = prepared.filter(({ row }) => !stored.has(row.id));
    await checkFieldStorage(trx, ctx.config.quotas, orgId, {
      fields: fresh.length,
      bytes: fresh.reduce((sum, { row }) => sum + row.boundaryBytes, 0),
    });
    const saved: { item: FieldSummary; created: boolean }[] = [];
    let adviceQueued = false;
    for (const { row } of prepared) {
      // The embedded database answers through promises alone, which never let timers or sockets in: without this
      // pause 100 detailed boundaries would hold every other request for a second.
      await yieldToEventLoop();
      const inserted = await trx
        .insertInto('fields')
        .values({ ...row, orgId })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning(summaryColumns)
        .executeTakeFirst();
      if (inserted) {
        await auditWrite(trx, 'fields', { orgId, id: inserted.id }, 'created');
        saved.push({ item: presentFieldSummary(inserted), created: true });
        // An imported field's advice starts as a drawn one's does; a replayed create's started the first time.
        if (adviceDue(null, inserted, true) && (await queueFieldAdvice(trx, ctx, { orgId, fieldId: inserted.id }))) adviceQueued = true;
        continue;
      }
      const existing = await trx
        .selectFrom('fields')
        .select(summaryColumns)
        .where('orgId', '=', orgId)
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (!existing) throw new AppError('CONFLICT', 'This id is already in use; create the record with a new id.');
      saved.push({ item: presentFieldSummary(existing), created: false });
    }
    return { saved, adviceQueued };
  });
  ctx.fieldListVersions.forget(orgId);
  if (results.adviceQueued) wakeFieldAdvice(ctx);
  return results.saved;
}

/** A farm's fields, or the whole organisation's, as a GeoJSON, KML or zipped Shapefile. */
export async function exportFieldBoundaries(
  ctx: AppContext,
  actor: Actor,
  query: { format: ExportFormat; farmId?: string | undefined },
): Promise<ExportedFile> {
  const fieldsJson = await exportRowsJson(ctx, actor, query.farmId);
  const title = query.farmId
    ? ((await ctx.database.db.selectFrom('farms').select('name').where('id', '=', query.farmId).executeTakeFirst())?.name ?? 'farm')
    : 'Murimi fields';
  // Writing KML or a Shapefile of thousands of detailed boundaries takes seconds: on a worker thread.
  const file = await ctx.cpu.run(
    'writeFieldExport',
    { fieldsJson, format: query.format, title, today: ctx.now().toISOString() },
    { deadlineMs: EXPORT_DEADLINE_MS, tooLong: exportTooLong, handOver: [fieldsJson] },
  );
  // A Buffer arrives from another thread as a plain Uint8Array; the same memory is sent.
  return { ...file, body: Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength) };
}

/** Longest an export may take to write on a worker thread; the largest organisation's (100 MB of boundaries) takes a few seconds. */
const EXPORT_DEADLINE_MS = 60_000;
const exportTooLong = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The export took too long to write. Please try again, or export one farm at a time.');

/** Longest a boundary file may take to read and review on a worker thread before the farmer is told to split it. */
const IMPORT_DEADLINE_MS = 30_000;
const importTooLong = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `This file took more than ${IMPORT_DEADLINE_MS / 1000} s to check. Split it into smaller files, or simplify the boundaries.`,
  );

/**
 * Reads a boundary file sent for import and answers each feature as a draft field, with the organisation's
 * fields and the file's other drafts it overlaps, as the JSON text of the answer. Saves nothing: the client sends
 * the ready drafts it keeps to the bulk create. Reading and comparing run on a worker thread with a deadline; the
 * event loop only fetches the nearby fields, whose boundaries it passes on as the database's text.
 */
export async function previewFieldImport(ctx: AppContext, orgId: string, file: { fileName: string; bytes: Uint8Array }): Promise<string> {
  const limits = { deadlineMs: IMPORT_DEADLINE_MS, tooLong: importTooLong };
  const read = await ctx.cpu.run('readImportFile', file, { ...limits, handOver: [file.bytes] });
  const { extent } = read;
  // Only fields whose bounding box meets the file's extent can overlap its drafts.
  const nearby = !extent
    ? []
    : await ctx.database.db
        .selectFrom('fields')
        .select(['id', 'name', sql<string>`boundary::text`.as('boundaryJson')])
        .where('orgId', '=', orgId)
        .where('bboxMaxLng', '>=', extent.minLng)
        .where('bboxMinLng', '<=', extent.maxLng)
        .where('bboxMaxLat', '>=', extent.minLat)
        .where('bboxMinLat', '<=', extent.maxLat)
        .execute();
  const fieldsJson = `[${nearby.map((row) => `{"id":${JSON.stringify(row.id)},"name":${JSON.stringify(row.name)},"boundary":${row.boundaryJson}}`).join(',')}]`;
  return ctx.cpu.run('reviewImportOverlaps', { fileName: file.fileName, file: read.file, draftsJson: read.draftsJson, fieldsJson }, limits);
}

/** Deletes the field with its soil tests, fertilizer records and earlier boundaries. */
export async function deleteField(ctx: AppContext, orgId: string, fieldId: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'fields', orgId, fieldId))) throw AppError.notFound('Field');
  ctx.fieldListVersions.forget(orgId);
}

/** Records that hang from a field (soil tests, applications) call this first: another organisation's field is 404. */
export async function requireField(ctx: ServiceContext, orgId: string, fieldId: string): Promise<void> {
  if (!(await findOwned(ctx.database.db, 'fields', orgId, fieldId))) throw AppError.notFound('Field');
}
