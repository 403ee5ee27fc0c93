import { randomUUID } from 'node:crypto';
import {
  fieldCreateSchema,
  fieldDateProblem,
  type BoundingBox,
  type Field,
  type FieldBoundary,
  type FieldCreate,
  type FieldUpdate,
  type MeasuredBoundary,
} from '@murimi/core';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { definedOnly, deleteOwned, findOwned, insertOwned, updateOwned } from '../../db/owned-records.ts';
import type { FieldTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { exportFields, type ExportedFile, type ExportFormat } from './fields.export.ts';
import { readBoundaryFile, type BoundaryFile, type FieldImportDraft } from './fields.import.ts';
import { findOverlaps } from './fields.overlaps.ts';

type FieldRow = Selectable<FieldTable>;

export function presentField(row: FieldRow): Field {
  const hectares = Math.round(row.sizeHectares * 10_000) / 10_000;
  return {
    id: row.id,
    name: row.name,
    farmId: row.farmId,
    boundary: row.boundary,
    size: hectares,
    size_hectares: hectares,
    bbox: { minLng: row.bboxMinLng, minLat: row.bboxMinLat, maxLng: row.bboxMaxLng, maxLat: row.bboxMaxLat },
    cropType: row.cropType,
    variety: row.variety,
    plantingDate: row.plantingDate,
    expectedHarvestDate: row.expectedHarvestDate,
    actualHarvestDate: row.actualHarvestDate,
    soilTexture: row.soilTexture as Field['soilTexture'],
    irrigated: row.irrigated,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

/** The stored columns for a measured boundary: GeoJSON, area and bounding box computed in core. */
function boundaryColumns(measured: MeasuredBoundary) {
  return {
    boundary: JSON.stringify(measured.boundary),
    sizeHectares: measured.areaHectares,
    bboxMinLng: measured.bbox.minLng,
    bboxMinLat: measured.bbox.minLat,
    bboxMaxLng: measured.bbox.maxLng,
    bboxMaxLat: measured.bbox.maxLat,
  };
}

async function requireFarm(ctx: AppContext, orgId: string, farmId: string): Promise<void> {
  if (!(await findOwned(ctx.database.db, 'farms', orgId, farmId))) throw AppError.notFound('Farm');
}

export async function listFields(ctx: AppContext, orgId: string, query: { farmId?: string | undefined }): Promise<Field[]> {
  let select = ctx.database.db.selectFrom('fields').selectAll().where('orgId', '=', orgId);
  if (query.farmId) {
    await requireFarm(ctx, orgId, query.farmId);
    select = select.where('farmId', '=', query.farmId);
  }
  const rows = await select.orderBy('name').orderBy('id').execute();
  return rows.map(presentField);
}

/** Raised by the database on every change to the organisation's fields or farms (migration 0002). */
export function fieldListVersion(ctx: AppContext, orgId: string): Promise<number> {
  return ctx.fieldListVersions.get(orgId);
}

export async function getField(ctx: AppContext, orgId: string, fieldId: string): Promise<Field> {
  const row = await findOwned(ctx.database.db, 'fields', orgId, fieldId);
  if (!row) throw AppError.notFound('Field');
  return presentField(row);
}

/** The stored columns of a new field. */
function fieldRowOf(orgId: string, input: FieldCreate) {
  return {
    id: input.id ?? randomUUID(),
    orgId,
    farmId: input.farmId,
    name: input.name,
    ...boundaryColumns(input.boundary),
    cropType: input.cropType ?? null,
    variety: input.variety ?? null,
    plantingDate: input.plantingDate ?? null,
    expectedHarvestDate: input.expectedHarvestDate ?? null,
    actualHarvestDate: input.actualHarvestDate ?? null,
    soilTexture: input.soilTexture ?? null,
    irrigated: input.irrigated,
  };
}

export async function createField(ctx: AppContext, orgId: string, input: FieldCreate): Promise<{ item: Field; created: boolean }> {
  await requireFarm(ctx, orgId, input.farmId);
  const { row, created } = await insertOwned(ctx.database.db, 'fields', fieldRowOf(orgId, input));
  ctx.fieldListVersions.forget(orgId);
  return { item: presentField(row), created };
}

export async function updateField(ctx: AppContext, orgId: string, fieldId: string, input: FieldUpdate): Promise<Field> {
  const current = await findOwned(ctx.database.db, 'fields', orgId, fieldId);
  if (!current) throw AppError.notFound('Field');
  if (input.farmId && input.farmId !== current.farmId) await requireFarm(ctx, orgId, input.farmId);
  const { boundary, ...rest } = input;
  const changes = definedOnly(rest);
  // The dates sent may be checked alone by the schema; together with the stored ones they must still agree.
  const problem = fieldDateProblem({ ...current, ...changes });
  if (problem) throw AppError.invalid(problem.path, problem.message);
  const boundaryChanged = boundary !== undefined && JSON.stringify(boundary.boundary) !== JSON.stringify(current.boundary);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    // The boundary it replaces is kept: readings taken before the edit were measured inside it.
    if (boundaryChanged) {
      await trx
        .insertInto('fieldBoundaryVersions')
        .values({ orgId, fieldId, boundary: JSON.stringify(current.boundary), sizeHectares: current.sizeHectares, replacedAt: ctx.now() })
        .execute();
    }
    return updateOwned(trx, 'fields', orgId, fieldId, { ...changes, ...(boundary ? boundaryColumns(boundary) : {}), updatedAt: ctx.now() });
  });
  if (!row) throw AppError.notFound('Field');
  ctx.fieldListVersions.forget(orgId);
  return presentField(row);
}

export interface BoundaryVersion {
  id: string;
  boundary: unknown;
  size_hectares: number;
  replacedAt: string;
}

/** The boundaries a field had before, newest first. */
export async function listBoundaryVersions(ctx: AppContext, orgId: string, fieldId: string): Promise<BoundaryVersion[]> {
  await requireField(ctx, orgId, fieldId);
  const rows = await ctx.database.db
    .selectFrom('fieldBoundaryVersions')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('fieldId', '=', fieldId)
    .orderBy('replacedAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    boundary: row.boundary,
    size_hectares: Math.round(row.sizeHectares * 10_000) / 10_000,
    replacedAt: row.replacedAt.toISOString(),
  }));
}

/** One problem report per rejected item of a bulk create, by its position in the request. */
export interface BulkItemReport {
  index: number;
  name: string | null;
  problems: { path: string; message: string }[];
}

/**
 * Creates many fields at once (boundary import), all or nothing: every item is checked first, and if any
 * fails the answer lists each failing item with its reasons and nothing is saved.
 */
export async function createFields(ctx: AppContext, orgId: string, items: unknown[]): Promise<{ item: Field; created: boolean }[]> {
  const checked = items.map((item, index) => ({ index, item, parsed: fieldCreateSchema.safeParse(item) }));
  const farmIds = [...new Set(checked.flatMap(({ parsed }) => (parsed.success ? [parsed.data.farmId] : [])))];
  const ownedFarmIds = new Set(
    farmIds.length === 0
      ? []
      : (await ctx.database.db.selectFrom('farms').select('id').where('orgId', '=', orgId).where('id', 'in', farmIds).execute()).map(
          (f) => f.id,
        ),
  );
  const reports: BulkItemReport[] = [];
  const valid: FieldCreate[] = [];
  for (const { index, item, parsed } of checked) {
    const given = item as { name?: unknown } | null;
    const name = typeof given?.name === 'string' ? given.name : null;
    if (!parsed.success) {
      reports.push({ index, name, problems: parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'field', message: i.message })) });
    } else if (!ownedFarmIds.has(parsed.data.farmId)) {
      reports.push({ index, name, problems: [{ path: 'farmId', message: 'Farm not found.' }] });
    } else {
      valid.push(parsed.data);
    }
  }
  if (reports.length > 0) {
    throw new AppError('VALIDATION_FAILED', `${reports.length} of ${items.length} fields cannot be saved, so none was saved.`, {
      items: reports,
    });
  }
  const results = await ctx.database.db.transaction().execute(async (trx) => {
    const saved: { item: Field; created: boolean }[] = [];
    for (const field of valid) {
      const { row, created } = await insertOwned(trx, 'fields', fieldRowOf(orgId, field));
      saved.push({ item: presentField(row), created });
    }
    return saved;
  });
  ctx.fieldListVersions.forget(orgId);
  return results;
}

/** A farm's fields, or the whole organisation's, as a GeoJSON, KML or zipped Shapefile. */
export async function exportFieldBoundaries(
  ctx: AppContext,
  orgId: string,
  query: { format: ExportFormat; farmId?: string | undefined },
): Promise<ExportedFile> {
  const fieldsToExport = await listFields(ctx, orgId, { farmId: query.farmId });
  const farms = await ctx.database.db.selectFrom('farms').select(['id', 'name']).where('orgId', '=', orgId).execute();
  const farmNames = new Map(farms.map((f) => [f.id, f.name]));
  const title = query.farmId ? (farmNames.get(query.farmId) ?? 'farm') : 'Murimi fields';
  return exportFields(
    fieldsToExport.map((field) => ({ field, farmName: farmNames.get(field.farmId) ?? '' })),
    query.format,
    title,
    ctx.now(),
  );
}

export interface FieldImportPreview extends BoundaryFile {
  fileName: string;
}

/** The box around the ready drafts' outer rings; null when none is ready. */
function extentOf(drafts: FieldImportDraft[]): BoundingBox | null {
  let extent: BoundingBox | null = null;
  for (const draft of drafts) {
    if (draft.status !== 'ready' || !draft.boundary) continue;
    for (const [lng, lat] of draft.boundary.coordinates[0]!) {
      extent ??= { minLng: lng, minLat: lat, maxLng: lng, maxLat: lat };
      extent.minLng = Math.min(extent.minLng, lng);
      extent.minLat = Math.min(extent.minLat, lat);
      extent.maxLng = Math.max(extent.maxLng, lng);
      extent.maxLat = Math.max(extent.maxLat, lat);
    }
  }
  return extent;
}

/**
 * Reads a boundary file sent for import and answers each feature as a draft field, with the organisation's
 * fields and the file's other drafts it overlaps. Saves nothing: the client sends the ready drafts it keeps
 * to the bulk create.
 */
export async function previewFieldImport(
  ctx: AppContext,
  orgId: string,
  file: { fileName: string; bytes: Uint8Array },
): Promise<FieldImportPreview> {
  const { format, sourceCrs, notes, drafts } = readBoundaryFile(file.bytes, file.fileName);
  const extent = extentOf(drafts);
  // Only fields whose bounding box meets the file's extent can overlap its drafts.
  const nearby = !extent
    ? []
    : await ctx.database.db
        .selectFrom('fields')
        .select(['id', 'name', 'boundary'])
        .where('orgId', '=', orgId)
        .where('bboxMaxLng', '>=', extent.minLng)
        .where('bboxMinLng', '<=', extent.maxLng)
        .where('bboxMaxLat', '>=', extent.minLat)
        .where('bboxMinLat', '<=', extent.maxLat)
        .execute();
  const fields = nearby.map((row) => ({ id: row.id, name: row.name, boundary: row.boundary as FieldBoundary }));
  return { fileName: file.fileName, format, sourceCrs, notes, drafts: findOverlaps(drafts, fields) };
}

/** Deletes the field with its soil tests, fertilizer records and earlier boundaries. */
export async function deleteField(ctx: AppContext, orgId: string, fieldId: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'fields', orgId, fieldId))) throw AppError.notFound('Field');
  ctx.fieldListVersions.forget(orgId);
}

/** Records that hang from a field (soil tests, applications) call this first: another organisation's field is 404. */
export async function requireField(ctx: AppContext, orgId: string, fieldId: string): Promise<void> {
  if (!(await findOwned(ctx.database.db, 'fields', orgId, fieldId))) throw AppError.notFound('Field');
}
