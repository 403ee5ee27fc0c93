import { randomUUID } from 'node:crypto';
import {
  depthFromVolumeMm,
  formatDayMonth,
  irrigationDepthProblem,
  isoDay,
  MAX_DAILY_IRRIGATION_MM,
  MAX_IRRIGATION_DEPTH_MM,
  MIN_WATER_DEPTH_MM,
  netIrrigationDepthMm,
  type IrrigationEvent,
  type irrigationEventCreateSchema,
  type irrigationEventUpdateSchema,
} from '@murimi/core';
import { sql, type Kysely, type Selectable } from 'kysely';
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
import type { DB, FieldTable, IrrigationEventTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireField } from '../fields/fields.service.ts';
import { checkWaterRecordDate, ownedField } from './water-records.fields.ts';
import { ownRecordsInReach, type Actor } from '../../policy/policy.ts';

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
 * that makes more than the most one irrigation can be is refused with the depth it would make. Checked here as well
 * as by the schema, so a record made without it (an SMS `IRR`) is held to the same limits.
 */
function depthToStore(input: { depthMm?: number | undefined; volumeM3?: number | undefined }, field: Selectable<FieldTable>) {
  if (input.volumeM3 === undefined) {
    const problem = input.depthMm === undefined ? null : irrigationDepthProblem(input.depthMm);
    if (problem) throw AppError.invalid('depthMm', problem);
    return input.depthMm;
  }
  const depthMm = roundMm(depthFromVolumeMm(input.volumeM3, field.sizeHectares));
  if (depthMm > MAX_IRRIGATION_DEPTH_MM) {
    throw AppError.invalid(
      'volumeM3',
      `${input.volumeM3} m³ over this field's ${field.sizeHectares.toFixed(2)} ha is ${Math.round(depthMm)} mm; ` +
        `one irrigation is at most ${MAX_IRRIGATION_DEPTH_MM} mm.`,
    );
  }
  if (depthMm < MIN_WATER_DEPTH_MM)
    throw AppError.invalid('volumeM3', `${input.volumeM3} m³ over this field is less than ${MIN_WATER_DEPTH_MM} mm.`);
  return depthMm;
}

/**
 * Refuses an irrigation that would take the field's total for its day past `MAX_DAILY_IRRIGATION_MM`, saying what
 * is already logged that day. Run inside the writing transaction after locking the field's row, so two records sent
 * at once are counted one after the other.
 */
async function checkDailyIrrigation(
  trx: Kysely<DB>,
  record: { orgId: string; fieldId: string; irrigationDate: string; depthMm: number; id: string },
  path: 'depthMm' | 'volumeM3',
  today: string,
): Promise<void> {
  await trx.selectFrom('fields').select('id').where('orgId', '=', record.orgId).where('id', '=', record.fieldId).forUpdate().execute();
  const logged = await trx
    .selectFrom('irrigationEvents')
    .select('depthMm')
    .where('orgId', '=', record.orgId)
    .where('fieldId', '=', record.fieldId)
    .where('irrigationDate', '=', record.irrigationDate)
    .where('id', '!=', record.id)
    .orderBy('createdAt')
    .execute();
  const loggedMm = logged.reduce((sum, row) => sum + row.depthMm, 0);
  if (loggedMm + record.depthMm <= MAX_DAILY_IRRIGATION_MM + 1e-9) return;
  const day = formatDayMonth(record.irrigationDate, today);
  const already =
    logged.length === 1
      ? `1 irrigation of ${roundMm(loggedMm)} mm`
      : `${logged.length} irrigations, ${roundMm(loggedMm)} mm in all (${logged.map((row) => `${roundMm(row.depthMm)} mm`).join(', ')})`;
  throw AppError.invalid(
    path,
    `This field already has ${already} logged on ${day}; with ${roundMm(record.depthMm)} mm more it would get ` +
      `${roundMm(loggedMm + record.depthMm)} mm in one day. A field takes at most ${MAX_DAILY_IRRIGATION_MM} mm a day: ` +
      'change the irrigation already logged, or check the date.',
  );
}

// Creation times are kept to the microsecond but travel in cursors as JavaScript dates: the list orders by the
// millisecond (then id), so the cursor names a position exactly.
const createdMs = sql<Date>`date_trunc('milliseconds', created_at)`;

/** A page of irrigations, latest first (then newest entered, then id); of one field when `fieldId` is given. */
export async function listIrrigationEvents(
  ctx: ServiceContext,
  actor: Actor,
  query: { fieldId?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<ListPage<IrrigationEvent>> {
  const { orgId } = actor;
  const after = decodeCursor(query.cursor, dayCreatedIdKey);
  let select = ctx.database.db
    .selectFrom('irrigationEvents')
    .selectAll()
    .select(createdMs.as('createdMs'))
    .where(ownRecordsInReach(ctx.database.db, actor, 'fields.read'));
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
  const values = {
    id,
    orgId,
    fieldId: input.fieldId,
    irrigationDate: input.irrigationDate,
    depthMm,
    method: input.method,
    notes: input.notes ?? null,
  };
  const { row, created } = await ctx.database.db.transaction().execute(async (trx) => {
    await checkDailyIrrigation(trx, values, input.volumeM3 === undefined ? 'depthMm' : 'volumeM3', isoDay(ctx.now()));
    return insertOwned(trx, 'irrigationEvents', values);
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
  const newDepthMm = depthToStore({ volumeM3, depthMm }, field);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const record = {
      id,
      orgId,
      fieldId: field.id,
      irrigationDate: input.irrigationDate ?? current.irrigationDate,
      depthMm: newDepthMm ?? current.depthMm,
    };
    await checkDailyIrrigation(trx, record, volumeM3 === undefined ? 'depthMm' : 'volumeM3', isoDay(ctx.now()));
    return updateOwned(trx, 'irrigationEvents', orgId, id, definedOnly({ ...rest, depthMm: newDepthMm }), { ...condition, now: ctx.now() });
  });
  if (!row) throw AppError.notFound('Irrigation');
  return presentIrrigationEvent(row);
}

export async function deleteIrrigationEvent(ctx: ServiceContext, orgId: string, id: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'irrigationEvents', orgId, id))) throw AppError.notFound('Irrigation');
}
