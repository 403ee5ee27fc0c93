import { randomUUID } from 'node:crypto';
import {
  gradeProblem,
  type FertilizerApplication,
  type fertilizerApplicationCreateSchema,
  type fertilizerApplicationUpdateSchema,
} from '@murimi/core';
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
import type { FertilizerApplicationTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireField } from '../fields/fields.service.ts';
import { ownRecordsInReach, type Actor } from '../../policy/policy.ts';

type ApplicationRow = Selectable<FertilizerApplicationTable>;
type ApplicationUpdate = z.output<typeof fertilizerApplicationUpdateSchema>;

const roundKg = (kg: number) => Math.round(kg * 100) / 100;

function presentApplication(row: ApplicationRow): FertilizerApplication {
  return {
    id: row.id,
    fieldId: row.fieldId,
    product: row.product,
    nitrogenPct: row.nitrogenPct,
    phosphatePct: row.phosphatePct,
    potashPct: row.potashPct,
    rateKgPerHa: row.rateKgPerHa,
    nitrogenKgPerHa: roundKg((row.rateKgPerHa * row.nitrogenPct) / 100),
    phosphateKgPerHa: roundKg((row.rateKgPerHa * row.phosphatePct) / 100),
    potashKgPerHa: roundKg((row.rateKgPerHa * row.potashPct) / 100),
    applicationDate: row.applicationDate,
    method: row.method as FertilizerApplication['method'],
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

// Creation times are kept to the microsecond but travel in cursors as JavaScript dates: the list orders by the
// millisecond (then id), so the cursor names a position exactly.
const createdMs = sql<Date>`date_trunc('milliseconds', created_at)`;

/** A page of applications, latest first (then newest entered, then id); of one field when `fieldId` is given. */
export async function listApplications(
  ctx: ServiceContext,
  actor: Actor,
  query: { fieldId?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<ListPage<FertilizerApplication>> {
  const { orgId } = actor;
  const after = decodeCursor(query.cursor, dayCreatedIdKey);
  let select = ctx.database.db
    .selectFrom('fertilizerApplications')
    .selectAll()
    .select(createdMs.as('createdMs'))
    .where(ownRecordsInReach(ctx.database.db, actor, 'fields.read'));
  if (query.fieldId) {
    await requireField(ctx, orgId, query.fieldId);
    select = select.where('fieldId', '=', query.fieldId);
  }
  if (after) {
    select = select.where(
      sql<boolean>`(application_date, ${createdMs}, id) < (${after[0]}::date, ${after[1]}::timestamptz, ${after[2]}::uuid)`,
    );
  }
  const rows = await select
    .orderBy('applicationDate', 'desc')
    .orderBy(createdMs, 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, (row) => [row.applicationDate, row.createdMs.toISOString(), row.id], presentApplication);
}

export async function getApplication(ctx: AppContext, orgId: string, id: string): Promise<FertilizerApplication> {
  const row = await findOwned(ctx.database.db, 'fertilizerApplications', orgId, id);
  if (!row) throw AppError.notFound('Fertilizer application');
  return presentApplication(row);
}

export async function createApplication(
  ctx: AppContext,
  orgId: string,
  input: z.output<typeof fertilizerApplicationCreateSchema>,
): Promise<{ item: FertilizerApplication; created: boolean }> {
  await requireField(ctx, orgId, input.fieldId);
  const { id = randomUUID(), notes, ...rest } = input;
  const { row, created } = await insertOwned(ctx.database.db, 'fertilizerApplications', { ...rest, notes: notes ?? null, id, orgId });
  return { item: presentApplication(row), created };
}

export async function updateApplication(
  ctx: AppContext,
  orgId: string,
  id: string,
  input: ApplicationUpdate,
  condition: UpdateCondition = {},
): Promise<FertilizerApplication> {
  const current = await getApplication(ctx, orgId, id);
  checkUnchangedSince(current.lastModified, condition.ifLastModified);
  if (input.fieldId && input.fieldId !== current.fieldId) await requireField(ctx, orgId, input.fieldId);
  const changes = definedOnly(input);
  const problem = gradeProblem({ ...current, ...changes });
  if (problem) throw AppError.invalid(problem.path, problem.message);
  const row = await updateOwned(ctx.database.db, 'fertilizerApplications', orgId, id, changes, { ...condition, now: ctx.now() });
  if (!row) throw AppError.notFound('Fertilizer application');
  return presentApplication(row);
}

export async function deleteApplication(ctx: AppContext, orgId: string, id: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'fertilizerApplications', orgId, id))) throw AppError.notFound('Fertilizer application');
}
