import { randomUUID } from 'node:crypto';
import { rainReadingProblem, type RainReading, type rainReadingCreateSchema, type rainReadingUpdateSchema } from '@murimi/core';
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
import type { RainReadingTable } from '../../db/schema.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
import { requireField } from '../fields/fields.service.ts';
import { checkWaterRecordDate, ownedField } from './water-records.fields.ts';
import { ownRecordsInReach, type Actor } from '../../policy/policy.ts';

type RainReadingRow = Selectable<RainReadingTable>;
type RainReadingUpdate = z.output<typeof rainReadingUpdateSchema>;

function presentRainReading(row: RainReadingRow): RainReading {
  return {
    id: row.id,
    fieldId: row.fieldId,
    readingDate: row.readingDate,
    rainMm: row.rainMm,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

/**
 * One gauge reading per field and day, and a second is refused rather than replacing the first: a day has one rain,
 * so two readings cannot both count, and adding them would count it twice; replacing silently would drop a reading
 * someone entered (perhaps offline, on another phone) without either of them knowing. The refusal names the reading
 * already there so the farmer changes it instead. The unique index decides when two arrive at once.
 */
function sameDayConflict(existing: RainReadingRow): AppError {
  return new AppError(
    'CONFLICT',
    `This field already has a rain reading for ${existing.readingDate} (${existing.rainMm} mm): change that reading instead of adding a second.`,
    [{ path: 'readingDate', message: 'One rain reading per field and day.' }],
  );
}

async function readingOnDay(ctx: ServiceContext, fieldId: string, readingDate: string): Promise<RainReadingRow | undefined> {
  return ctx.database.db
    .selectFrom('rainReadings')
    .selectAll()
    .where('fieldId', '=', fieldId)
    .where('readingDate', '=', readingDate)
    .executeTakeFirst();
}

/** Whether the database refused the row for the one-reading-a-day index (two saves of the same day at once). */
const isSameDayViolation = (error: unknown) => isUniqueViolation(error, 'rain_readings_field_day_idx');

/** Runs a write, turning the one-reading-a-day index's refusal into the conflict the farmer reads. */
async function oneReadingPerDay<T>(ctx: ServiceContext, fieldId: string, readingDate: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const existing = isSameDayViolation(error) ? await readingOnDay(ctx, fieldId, readingDate) : undefined;
    if (existing) throw sameDayConflict(existing);
    throw error;
  }
}

// Creation times are kept to the microsecond but travel in cursors as JavaScript dates: the list orders by the
// millisecond (then id), so the cursor names a position exactly.
const createdMs = sql<Date>`date_trunc('milliseconds', created_at)`;

/** A page of gauge readings, latest day first (then newest entered, then id); of one field when `fieldId` is given. */
export async function listRainReadings(
  ctx: ServiceContext,
  actor: Actor,
  query: { fieldId?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<ListPage<RainReading>> {
  const { orgId } = actor;
  const after = decodeCursor(query.cursor, dayCreatedIdKey);
  let select = ctx.database.db
    .selectFrom('rainReadings')
    .selectAll()
    .select(createdMs.as('createdMs'))
    .where(ownRecordsInReach(ctx.database.db, actor, 'fields.read'));
  if (query.fieldId) {
    await requireField(ctx, orgId, query.fieldId);
    select = select.where('fieldId', '=', query.fieldId);
  }
  if (after)
    select = select.where(
      sql<boolean>`(reading_date, ${createdMs}, id) < (${after[0]}::date, ${after[1]}::timestamptz, ${after[2]}::uuid)`,
    );
  const rows = await select
    .orderBy('readingDate', 'desc')
    .orderBy(createdMs, 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, (row) => [row.readingDate, row.createdMs.toISOString(), row.id], presentRainReading);
}

/** The schema's limits, kept here too for readings made without it (an SMS `RAIN`). */
function checkRainMm(rainMm: number): void {
  const problem = rainReadingProblem(rainMm);
  if (problem) throw AppError.invalid('rainMm', problem);
}

export async function getRainReading(ctx: ServiceContext, orgId: string, id: string): Promise<RainReading> {
  const row = await findOwned(ctx.database.db, 'rainReadings', orgId, id);
  if (!row) throw AppError.notFound('Rain reading');
  return presentRainReading(row);
}

export async function createRainReading(
  ctx: ServiceContext,
  orgId: string,
  input: z.output<typeof rainReadingCreateSchema>,
): Promise<{ item: RainReading; created: boolean }> {
  const field = await ownedField(ctx, orgId, input.fieldId);
  const id = input.id ?? randomUUID();
  // A replayed create answers with the stored row even if the field's season has moved on since.
  const stored = input.id ? await findOwned(ctx.database.db, 'rainReadings', orgId, id) : undefined;
  if (stored) return { item: presentRainReading(stored), created: false };
  checkRainMm(input.rainMm);
  checkWaterRecordDate(ctx, 'readingDate', input.readingDate, field);
  const sameDay = await readingOnDay(ctx, input.fieldId, input.readingDate);
  if (sameDay) throw sameDayConflict(sameDay);
  const { row, created } = await oneReadingPerDay(ctx, input.fieldId, input.readingDate, () =>
    insertOwned(ctx.database.db, 'rainReadings', {
      id,
      orgId,
      fieldId: input.fieldId,
      readingDate: input.readingDate,
      rainMm: input.rainMm,
      notes: input.notes ?? null,
    }),
  );
  return { item: presentRainReading(row), created };
}

export async function updateRainReading(
  ctx: ServiceContext,
  orgId: string,
  id: string,
  input: RainReadingUpdate,
  condition: UpdateCondition = {},
): Promise<RainReading> {
  const current = await getRainReading(ctx, orgId, id);
  checkUnchangedSince(current.lastModified, condition.ifLastModified);
  if (input.rainMm !== undefined) checkRainMm(input.rainMm);
  const fieldId = input.fieldId ?? current.fieldId;
  const readingDate = input.readingDate ?? current.readingDate;
  if (input.fieldId !== undefined || input.readingDate !== undefined) {
    checkWaterRecordDate(ctx, 'readingDate', readingDate, await ownedField(ctx, orgId, fieldId));
    const sameDay = await readingOnDay(ctx, fieldId, readingDate);
    if (sameDay && sameDay.id !== id) throw sameDayConflict(sameDay);
  }
  const row = await oneReadingPerDay(ctx, fieldId, readingDate, () =>
    updateOwned(ctx.database.db, 'rainReadings', orgId, id, definedOnly(input), { ...condition, now: ctx.now() }),
  );
  if (!row) throw AppError.notFound('Rain reading');
  return presentRainReading(row);
}

export async function deleteRainReading(ctx: ServiceContext, orgId: string, id: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'rainReadings', orgId, id))) throw AppError.notFound('Rain reading');
}
