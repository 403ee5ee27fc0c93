import { randomUUID } from 'node:crypto';
import { soilTestProblem, type SoilTest, type soilTestCreateSchema, type soilTestUpdateSchema } from '@murimi/core';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../../app-context.ts';
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
import type { SoilTestTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireField } from '../fields/fields.service.ts';
import { ownRecordsInReach, type Actor } from '../../policy/policy.ts';

type SoilTestRow = Selectable<SoilTestTable>;
type SoilTestUpdate = z.output<typeof soilTestUpdateSchema>;

function presentSoilTest(row: SoilTestRow): SoilTest {
  return {
    id: row.id,
    fieldId: row.fieldId,
    nitrogen: row.nitrogen,
    phosphorus: row.phosphorus,
    potassium: row.potassium,
    unit: row.unit,
    ph: row.ph,
    organicMatter: row.organicMatterPct,
    ec: row.ecDsPerM,
    sampleDate: row.sampleDate,
    depthCm: row.depthCm,
    lab: row.lab,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

/** API keys → columns: the columns carry their units. */
function columnsOf(input: SoilTestUpdate) {
  const { organicMatter, ec, ...rest } = input;
  return definedOnly({ ...rest, organicMatterPct: organicMatter, ecDsPerM: ec });
}

/** A sample cannot be taken after today (one day of slack for time zones east of UTC). */
function checkSampleDate(ctx: AppContext, sampleDate: string | undefined): void {
  const tomorrow = new Date(ctx.now().getTime() + 24 * 3600_000).toISOString().slice(0, 10);
  if (sampleDate && sampleDate > tomorrow) throw AppError.invalid('sampleDate', 'The sample date cannot be in the future.');
}

// Creation times are kept to the microsecond but travel in cursors as JavaScript dates: the list orders by the
// millisecond (then id), so the cursor names a position exactly.
const createdMs = sql<Date>`date_trunc('milliseconds', created_at)`;

/** A page of soil tests, newest sample first (then newest entered, then id); of one field when `fieldId` is given. */
export async function listSoilTests(
  ctx: ServiceContext,
  actor: Actor,
  query: { fieldId?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<ListPage<SoilTest>> {
  const { orgId } = actor;
  const after = decodeCursor(query.cursor, dayCreatedIdKey);
  let select = ctx.database.db
    .selectFrom('soilTests')
    .selectAll()
    .select(createdMs.as('createdMs'))
    .where(ownRecordsInReach(ctx.database.db, actor, 'fields.read'));
  if (query.fieldId) {
    await requireField(ctx, orgId, query.fieldId);
    select = select.where('fieldId', '=', query.fieldId);
  }
  if (after)
    select = select.where(sql<boolean>`(sample_date, ${createdMs}, id) < (${after[0]}::date, ${after[1]}::timestamptz, ${after[2]}::uuid)`);
  const rows = await select
    .orderBy('sampleDate', 'desc')
    .orderBy(createdMs, 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, (row) => [row.sampleDate, row.createdMs.toISOString(), row.id], presentSoilTest);
}

export async function getSoilTest(ctx: AppContext, orgId: string, id: string): Promise<SoilTest> {
  const row = await findOwned(ctx.database.db, 'soilTests', orgId, id);
  if (!row) throw AppError.notFound('Soil test');
  return presentSoilTest(row);
}

export async function createSoilTest(
  ctx: AppContext,
  orgId: string,
  input: z.output<typeof soilTestCreateSchema>,
): Promise<{ item: SoilTest; created: boolean }> {
  await requireField(ctx, orgId, input.fieldId);
  checkSampleDate(ctx, input.sampleDate);
  const { row, created } = await insertOwned(ctx.database.db, 'soilTests', {
    nitrogen: null,
    phosphorus: null,
    potassium: null,
    ph: null,
    organicMatterPct: null,
    ecDsPerM: null,
    depthCm: null,
    lab: null,
    notes: null,
    ...columnsOf(input),
    id: input.id ?? randomUUID(),
    orgId,
    fieldId: input.fieldId,
    unit: input.unit,
    sampleDate: input.sampleDate,
  });
  return { item: presentSoilTest(row), created };
}

export async function updateSoilTest(
  ctx: AppContext,
  orgId: string,
  id: string,
  input: SoilTestUpdate,
  condition: UpdateCondition = {},
): Promise<SoilTest> {
  const current = await getSoilTest(ctx, orgId, id);
  checkUnchangedSince(current.lastModified, condition.ifLastModified);
  if (input.fieldId && input.fieldId !== current.fieldId) await requireField(ctx, orgId, input.fieldId);
  checkSampleDate(ctx, input.sampleDate);
  const problem = soilTestProblem({ ...current, ...definedOnly(input) });
  if (problem) throw AppError.invalid(problem.path, problem.message);
  const row = await updateOwned(ctx.database.db, 'soilTests', orgId, id, columnsOf(input), { ...condition, now: ctx.now() });
  if (!row) throw AppError.notFound('Soil test');
  return presentSoilTest(row);
}

export async function deleteSoilTest(ctx: AppContext, orgId: string, id: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'soilTests', orgId, id))) throw AppError.notFound('Soil test');
}
