import { randomUUID } from 'node:crypto';
import type {
  FarmGroup,
  MemberRole,
  farmAssignmentSchema,
  farmGroupCreateSchema,
  farmGroupUpdateSchema,
  farmsMoveSchema,
} from '@murimi/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { auditWrite } from '../../db/owned-records.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
import type { Actor } from '../../policy/policy.ts';

export async function listGroups(ctx: AppContext, actor: Actor): Promise<FarmGroup[]> {
  const db = ctx.database.db;
  const [groups, agronomists] = await Promise.all([
    db
      .selectFrom('farmGroups')
      .select(['farmGroups.id', 'farmGroups.name'])
      .select((eb) =>
        eb
          .selectFrom('farms')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('farms.groupId', '=', 'farmGroups.id')
          .as('farmCount'),
      )
      .where('farmGroups.orgId', '=', actor.orgId)
      .orderBy('farmGroups.name')
      .execute(),
    db
      .selectFrom('groupAgronomists')
      .innerJoin('farmGroups', 'farmGroups.id', 'groupAgronomists.groupId')
      .innerJoin('users', 'users.id', 'groupAgronomists.userId')
      .select(['groupAgronomists.groupId', 'users.id', 'users.name'])
      .where('farmGroups.orgId', '=', actor.orgId)
      .orderBy('users.name')
      .execute(),
  ]);
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    farmCount: Number(group.farmCount ?? 0),
    agronomists: agronomists.filter((a) => a.groupId === group.id).map((a) => ({ userId: a.id, name: a.name })),
  }));
}

/** Which of `userIds` are members of the organisation with `role`. */
function membersWithRole(ctx: AppContext, orgId: string, role: MemberRole, userIds: string[]) {
  return ctx.database.db
    .selectFrom('memberships')
    .select('userId')
    .where('orgId', '=', orgId)
    .where('role', '=', role)
    .where('userId', 'in', userIds)
    .execute();
}

async function groupOf(ctx: AppContext, actor: Actor, id: string): Promise<FarmGroup> {
  const group = (await listGroups(ctx, actor)).find((g) => g.id === id);
  if (!group) throw AppError.notFound('Group');
  return group;
}

const NAME_TAKEN = 'A group of this name already exists.';

/**
 * A new group. Sent again with the same id (a retry), the group it made answers; a name another group of the
 * organisation has is refused.
 */
export async function createGroup(ctx: AppContext, actor: Actor, input: z.output<typeof farmGroupCreateSchema>): Promise<FarmGroup> {
  const id = input.id ?? randomUUID();
  await ctx.database.db
    .insertInto('farmGroups')
    .values({ id, orgId: actor.orgId, name: input.name })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const group = (await listGroups(ctx, actor)).find((g) => g.id === id);
  if (!group) throw AppError.invalid('name', NAME_TAKEN);
  return group;
}

export async function updateGroup(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof farmGroupUpdateSchema>,
): Promise<FarmGroup> {
  await groupOf(ctx, actor, id);
  const agronomistIds = input.agronomistUserIds && [...new Set(input.agronomistUserIds)];
  if (agronomistIds && agronomistIds.length > 0) {
    const found = await membersWithRole(ctx, actor.orgId, 'agronomist', agronomistIds);
    if (found.length !== agronomistIds.length)
      throw AppError.invalid('agronomistUserIds', 'Each one must be an agronomist of this organisation.');
  }
  await ctx.database.db.transaction().execute(async (trx) => {
    if (input.name !== undefined) {
      // Two renames to one name at the same moment: the database's unique index decides which came second.
      await trx
        .updateTable('farmGroups')
        .set({ name: input.name, updatedAt: ctx.now() })
        .where('id', '=', id)
        .execute()
        .catch((error: unknown) => {
          throw isUniqueViolation(error, 'farm_groups_org_id_name_key') ? AppError.invalid('name', NAME_TAKEN) : error;
        });
    }
    if (agronomistIds) {
      await trx.deleteFrom('groupAgronomists').where('groupId', '=', id).execute();
      if (agronomistIds.length > 0)
        await trx
          .insertInto('groupAgronomists')
          .values(agronomistIds.map((userId) => ({ groupId: id, userId })))
          .execute();
    }
  });
  return groupOf(ctx, actor, id);
}

/** Assigns a farm to a farmer (a member with that role) and to a group of the organisation; `null` clears either. */
export async function assignFarm(
  ctx: AppContext,
  actor: Actor,
  farmId: string,
  input: z.output<typeof farmAssignmentSchema>,
): Promise<void> {
  const db = ctx.database.db;
  if (input.groupId) await groupOf(ctx, actor, input.groupId);
  if (input.farmerUserId) {
    const [farmer] = await membersWithRole(ctx, actor.orgId, 'farmer', [input.farmerUserId]);
    if (!farmer) throw AppError.invalid('farmerUserId', 'Choose a member whose role is farmer.');
  }
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) throw AppError.invalid('groupId', 'Send groupId, farmerUserId or both.');
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('farms')
      .set({ ...changes, updatedAt: sql`greatest(${ctx.now()}::timestamptz, updated_at + interval '1 millisecond')` })
      .where('orgId', '=', actor.orgId)
      .where('id', '=', farmId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw AppError.notFound('Farm');
    await auditWrite(trx, 'farms', { orgId: actor.orgId, id: farmId }, 'changed', Object.keys(changes));
  });
  ctx.fieldListVersions.forget(actor.orgId);
}

/**
 * Moves farms into a group (or out of every group) in one transaction: all of them or none. A farm the organisation
 * does not have answers "not found" and moves nothing; a farm already there is left as it is.
 */
export async function moveFarms(ctx: AppContext, actor: Actor, input: z.output<typeof farmsMoveSchema>): Promise<{ moved: number }> {
  const db = ctx.database.db;
  if (input.groupId) await groupOf(ctx, actor, input.groupId);
  const farmIds = [...new Set(input.farmIds)];
  const moved = await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('farms')
      .select(['id', 'groupId'])
      .where('orgId', '=', actor.orgId)
      .where('id', 'in', farmIds)
      .forUpdate()
      .execute();
    if (found.length !== farmIds.length) throw AppError.notFound('Farm');
    const toMove = found.filter((farm) => farm.groupId !== input.groupId).map((farm) => farm.id);
    if (toMove.length === 0) return 0;
    await trx
      .updateTable('farms')
      .set({ groupId: input.groupId, updatedAt: sql`greatest(${ctx.now()}::timestamptz, updated_at + interval '1 millisecond')` })
      .where('orgId', '=', actor.orgId)
      .where('id', 'in', toMove)
      .execute();
    await auditWrite(
      trx,
      'farms',
      toMove.map((id) => ({ orgId: actor.orgId, id })),
      'changed',
      ['groupId'],
    );
    return toMove.length;
  });
  ctx.fieldListVersions.forget(actor.orgId);
  return { moved };
}
