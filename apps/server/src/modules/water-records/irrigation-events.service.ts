import { randomUUID } from 'node:crypto';
import {
  depthFromVolumeMm,
  MAX_IRRIGATION_DEPTH_MM,
  netIrrigationDepthMm,
  type IrrigationEvent,
  type irrigationEventCreateSchema,
  type irrigationEventUpdateSchema,
} from '@murimi/core';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { ServiceContext } from '../../app-context.ts';
import { dayCreatedIdKey, decodeCursor, pageOf, type ListPage } from '../../db/list-pages.ts';
import {
  checkUnchangedSince,
  definedOnly,
  deleteOwned,
  findOwned,
  insertOwned,
  updateOwned,
  type UpdateCondition,
} from '../../db/owned-records.ts';
import type { FieldTable, IrrigationEventTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireField } from '../fields/fields.service.ts';
import { checkWaterRecordDate, ownedField } from './water-records.fields.ts';

type IrrigationEventRow = Selectable<IrrigationEventTable>;
type IrrigationEventUpdate = z.output<typeof irrigationEventUpdateSchema>;

const roundMm = (mm: number) => Math.round(mm * 100) / 100;

function presentIrrigationEvent(row: IrrigationEventRow): IrrigationEvent {
  return {
    id: row.id,
    fieldId: row.fieldId,
    irrigationDate: row.irrigationDate,
    depthMm: row.depthMm,
    netDepthMm: roundMm(netIrrigationDepthMm(row.depthMm)),
    method: row.method,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

/**
 * The depth to store, mm: as given, or the volume spread over the field's area (1 mm over 1 ha = 10 m³). A volume
 * that makes more than the most one irrigation can be is refused with the depth it would make.
 */
function depthToStore(input: { depthMm?: number | undefined; volumeM3?: number | undefined }, field: Selectable<FieldTable>) {
  if (input.volumeM3 === undefined) return input.depthMm;
  const depthMm = roundMm(depthFromVolumeMm(input.volumeM3, field.sizeHectares));
  if (depthMm > MAX_IRRIGATION_DEPTH_MM) {
    throw AppError.invalid(
      'volumeM3',
      `${input.volumeM3} m³ over this field's ${field.sizeHectares.toFixed(2)} ha is ${Math.round(depthMm)} mm; ` +
        `one irrigation is at most ${MAX_IRRIGATION_DEPTH_MM} mm.`,
    );
  }
  if (depthMm <= 0) throw AppError.invalid('volumeM3', `${input.volumeM3} m³ over this field is less than 0.01 mm.`);
  return depthMm;
}

// Creation times are kept to the microsecond but travel in cursors as JavaScript dates: the list orders by the
// millisecond (then id), so the cursor names a position exactly.
const createdMs = sql<Date>`date_trunc('milliseconds', created_at)`;

/** A page of irrigations, latest first (then newest entered, then id); of one field when `fieldId` is given. */
export async function listIrrigationEvents(
  ctx: ServiceContext,
  orgId: string,
  query: { fieldId?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<ListPage<IrrigationEvent>> {
  const after = decodeCursor(query.cursor, dayCreatedIdKey);
  let select = ctx.database.db.selectFrom('irrigationEvents').selectAll().select(createdMs.as('createdMs')).where('orgId', '=', orgId);
  if (query.fieldId) {
    await requireField(ctx, orgId, query.fieldId);
    select = select.where('fieldId', '=', query.fieldId);
  }
  if (after) {
    select = select.where(
      sql<boolean>`(irrigation_date, ${createdMs}, id) < (${after[0]}::date, ${after[1]}::timestamptz, ${after[2]}::uuid)`,
    );
  }
  const rows = await select
    .orderBy('irrigationDate', 'desc')
    .orderBy(createdMs, 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, (row) => [row.irrigationDate, row.createdMs.toISOString(), row.id], presentIrrigationEvent);
}

export async function getIrrigationEvent(ctx: ServiceContext, orgId: string, id: string): Promise<IrrigationEvent> {
  const row = await findOwned(ctx.database.db, 'irrigationEvents', orgId, id);
  if (!row) throw AppError.notFound('Irrigation');
  return presentIrrigationEvent(row);
}

export async function createIrrigationEvent(
  ctx: ServiceContext,
  orgId: string,
  input: z.output<typeof irrigationEventCreateSchema>,
): Promise<{ item: IrrigationEvent; created: boolean }> {
  const field = await ownedField(ctx, orgId, input.fieldId);
  const id = input.id ?? randomUUID();
  // A replayed create answers with the stored row even if the field's season has moved on since.
  const stored = input.id ? await findOwned(ctx.database.db, 'irrigationEvents', orgId, id) : undefined;
  if (stored) return { item: presentIrrigationEvent(stored), created: false };
  checkWaterRecordDate(ctx, 'irrigationDate', input.irrigationDate, field);
  const depthMm = depthToStore(input, field) as number;
  const { row, created } = await insertOwned(ctx.database.db, 'irrigationEvents', {
    id,
    orgId,
    fieldId: input.fieldId,
    irrigationDate: input.irrigationDate,
    depthMm,
    method: input.method,
    notes: input.notes ?? null,
  });
  return { item: presentIrrigationEvent(row), created };
}

export async function updateIrrigationEvent(
  ctx: ServiceContext,
  orgId: string,
  id: string,
  input: IrrigationEventUpdate,
  condition: UpdateCondition = {},
): Promise<IrrigationEvent> {
  const current = await getIrrigationEvent(ctx, orgId, id);
  checkUnchangedSince(current.lastModified, condition.ifLastModified);
  const field = await ownedField(ctx, orgId, input.fieldId ?? current.fieldId);
  if (input.irrigationDate !== undefined || input.fieldId !== undefined) {
    checkWaterRecordDate(ctx, 'irrigationDate', input.irrigationDate ?? current.irrigationDate, field);
  }
  const { volumeM3, depthMm, ...rest } = input;
  const row = await updateOwned(
    ctx.database.db,
    'irrigationEvents',
    orgId,
    id,
    definedOnly({ ...rest, depthMm: depthToStore({ volumeM3, depthMm }, field) }),
    { ...condition, now: ctx.now() },
  );
  if (!row) throw AppError.notFound('Irrigation');
  return presentIrrigationEvent(row);
}

export async function deleteIrrigationEvent(ctx: ServiceContext, orgId: string, id: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'irrigationEvents', orgId, id))) throw AppError.notFound('Irrigation');
}
