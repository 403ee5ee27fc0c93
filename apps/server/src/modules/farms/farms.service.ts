import { randomUUID } from 'node:crypto';
import type { Farm, farmCreateSchema, farmUpdateSchema } from '@murimi/core';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { decodeCursor, nameIdKey, pageOf, type ListPage } from '../../db/list-pages.ts';
import { definedOnly, deleteOwned, findOwned, insertOwned, updateOwned, type UpdateCondition } from '../../db/owned-records.ts';
import type { FarmTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { withinReach, type Actor } from '../../policy/policy.ts';

type FarmRow = Selectable<FarmTable>;

function presentFarm(row: FarmRow, totals: { fieldCount: number; totalHectares: number }): Farm {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    district: row.district,
    country: row.country,
    notes: row.notes,
    groupId: row.groupId,
    farmerUserId: row.farmerUserId,
    fieldCount: totals.fieldCount,
    totalHectares: Math.round(totals.totalHectares * 100) / 100,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

async function fieldTotals(ctx: ServiceContext, orgId: string, farmIds: string[]) {
  if (farmIds.length === 0) return new Map<string, { fieldCount: number; totalHectares: number }>();
  const rows = await ctx.database.db
    .selectFrom('fields')
    .select(['farmId', sql<number>`count(*)::int`.as('fieldCount'), sql<number>`coalesce(sum(size_hectares), 0)`.as('totalHectares')])
    .where('orgId', '=', orgId)
    .where('farmId', 'in', farmIds)
    .groupBy('farmId')
    .execute();
  return new Map(rows.map((r) => [r.farmId, { fieldCount: Number(r.fieldCount), totalHectares: Number(r.totalHectares) }]));
}

async function present(ctx: ServiceContext, orgId: string, rows: FarmRow[]): Promise<Farm[]> {
  const totals = await fieldTotals(
    ctx,
    orgId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentFarm(row, totals.get(row.id) ?? { fieldCount: 0, totalHectares: 0 }));
}

/** A page of the organisation's farms by name (then id), with each farm's field count and hectares. */
export async function listFarms(
  ctx: AppContext,
  actor: Actor,
  query: { limit: number; cursor?: string | undefined },
): Promise<ListPage<Farm>> {
  const { orgId } = actor;
  const after = decodeCursor(query.cursor, nameIdKey);
  let select = ctx.database.db
    .selectFrom('farms')
    .selectAll()
    .where('orgId', '=', orgId)
    .where(withinReach(ctx.database.db, actor, 'farms.read', { farmIdColumn: 'id' }));
  if (after) select = select.where(({ eb, refTuple, tuple }) => eb(refTuple('name', 'id'), '>', tuple(after[0], after[1])));
  const rows = await select
    .orderBy('name')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const farms = await present(ctx, orgId, rows.slice(0, query.limit));
  return pageOf(
    rows,
    query.limit,
    (row) => [row.name, row.id],
    (row) => farms.find((farm) => farm.id === row.id)!,
  );
}

export async function getFarm(ctx: ServiceContext, orgId: string, farmId: string): Promise<Farm> {
  const row = await findOwned(ctx.database.db, 'farms', orgId, farmId);
  if (!row) throw AppError.notFound('Farm');
  return (await present(ctx, orgId, [row]))[0]!;
}

export async function createFarm(
  ctx: AppContext,
  orgId: string,
  input: z.output<typeof farmCreateSchema>,
  actor?: Actor,
): Promise<{ item: Farm; created: boolean }> {
  const { id = randomUUID(), ...rest } = input;
  // A farmer's new farm is theirs: assigned to them, so it is in what they reach.
  const { row, created } = await insertOwned(ctx.database.db, 'farms', {
    id,
    orgId,
    name: rest.name,
    location: rest.location ?? null,
    district: rest.district ?? null,
    country: rest.country ?? null,
    notes: rest.notes ?? null,
    farmerUserId: actor?.role === 'farmer' ? actor.userId : null,
  });
  ctx.fieldListVersions.forget(orgId);
  return { item: (await present(ctx, orgId, [row]))[0]!, created };
}

export async function updateFarm(
  ctx: AppContext,
  orgId: string,
  farmId: string,
  input: z.output<typeof farmUpdateSchema>,
  condition: UpdateCondition = {},
): Promise<Farm> {
  const row = await updateOwned(ctx.database.db, 'farms', orgId, farmId, definedOnly(input), { ...condition, now: ctx.now() });
  if (!row) throw AppError.notFound('Farm');
  ctx.fieldListVersions.forget(orgId);
  return (await present(ctx, orgId, [row]))[0]!;
}

/** Refuses to delete a farm that still has fields: their records would be lost with it. */
export async function deleteFarm(ctx: AppContext, orgId: string, farmId: string): Promise<void> {
  const totals = (await fieldTotals(ctx, orgId, [farmId])).get(farmId);
  if (!(await findOwned(ctx.database.db, 'farms', orgId, farmId))) throw AppError.notFound('Farm');
  if (totals && totals.fieldCount > 0) {
    throw new AppError(
      'CONFLICT',
      `This farm still has ${totals.fieldCount} field${totals.fieldCount > 1 ? 's' : ''}. Move or delete them first.`,
    );
  }
  await deleteOwned(ctx.database.db, 'farms', orgId, farmId);
  ctx.fieldListVersions.forget(orgId);
}
