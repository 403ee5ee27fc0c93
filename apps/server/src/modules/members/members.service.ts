import type { Member, MemberRole } from '@murimi/core';
import type { AppContext } from '../../app-context.ts';
import { auditWrite } from '../../db/owned-records.ts';
import { AppError } from '../../errors.ts';
import { forgetStanding } from '../../plugins/authenticate.ts';
import { authorize, type Actor } from '../../policy/policy.ts';

/** The organisation's people with their roles and, for agronomists, the groups they follow. */
export async function listMembers(ctx: AppContext, actor: Actor): Promise<Member[]> {
  const db = ctx.database.db;
  const [people, followed] = await Promise.all([
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.userId')
      .select(['users.id', 'users.name', 'users.email', 'users.phone', 'memberships.role', 'memberships.createdAt'])
      .where('memberships.orgId', '=', actor.orgId)
      .orderBy('users.name')
      .orderBy('users.id')
      .execute(),
    db
      .selectFrom('groupAgronomists')
      .innerJoin('farmGroups', 'farmGroups.id', 'groupAgronomists.groupId')
      .select(['groupAgronomists.userId', 'farmGroups.id', 'farmGroups.name'])
      .where('farmGroups.orgId', '=', actor.orgId)
      .orderBy('farmGroups.name')
      .execute(),
  ]);
  return people.map((person) => ({
    userId: person.id,
    name: person.name,
    email: person.email,
    phone: person.phone,
    role: person.role,
    joinedAt: person.createdAt.toISOString(),
    groups: followed.filter((group) => group.userId === person.id).map(({ id, name }) => ({ id, name })),
  }));
}

const LAST_OWNER = 'An organisation keeps at least one owner. Make someone else owner first.';

async function findMember(ctx: AppContext, orgId: string, userId: string) {
  const member = await ctx.database.db
    .selectFrom('memberships')
    .select(['userId', 'role'])
    .where('orgId', '=', orgId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!member) throw AppError.notFound('Member');
  return member;
}

/** Owners are made, changed and removed by an owner only; the last owner stays. */
async function checkOwnerChange(ctx: AppContext, actor: Actor, from: MemberRole, to: MemberRole | null): Promise<void> {
  if (from !== 'owner' && to !== 'owner') return;
  authorize(actor, 'owner.change');
  if (from !== 'owner' || to === 'owner') return;
  const { owners } = await ctx.database.db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('owners'))
    .where('orgId', '=', actor.orgId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  if (Number(owners) <= 1) throw new AppError('CONFLICT', LAST_OWNER);
}

/** A member's new role; it holds from their next request (their tokens carry no role, the standing does). */
export async function changeMemberRole(ctx: AppContext, actor: Actor, userId: string, role: MemberRole): Promise<Member> {
  const member = await findMember(ctx, actor.orgId, userId);
  await checkOwnerChange(ctx, actor, member.role, role);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.updateTable('memberships').set({ role }).where('orgId', '=', actor.orgId).where('userId', '=', userId).execute();
    await auditWrite(trx, 'memberships', { orgId: actor.orgId, id: userId }, 'changed', ['role']);
  });
  if (role !== 'agronomist') await leaveGroups(ctx, actor.orgId, userId);
  forgetStanding({ userId });
  return (await listMembers(ctx, actor)).find((person) => person.userId === userId)!;
}

/**
 * Ends a member's access to the organisation at once: their tokens for it stop working (in this process now, in
 * others within the standing's few seconds). What they wrote stays with the organisation; farms assigned to them
 * are unassigned.
 */
export async function removeMember(ctx: AppContext, actor: Actor, userId: string): Promise<void> {
  const member = await findMember(ctx, actor.orgId, userId);
  await checkOwnerChange(ctx, actor, member.role, null);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('memberships').where('orgId', '=', actor.orgId).where('userId', '=', userId).execute();
    await auditWrite(trx, 'memberships', { orgId: actor.orgId, id: userId }, 'deleted');
    await trx
      .updateTable('farms')
      .set({ farmerUserId: null })
      .where('orgId', '=', actor.orgId)
      .where('farmerUserId', '=', userId)
      .execute();
    await trx
      .deleteFrom('groupAgronomists')
      .where('userId', '=', userId)
      .where('groupId', 'in', trx.selectFrom('farmGroups').select('id').where('orgId', '=', actor.orgId))
      .execute();
  });
  forgetStanding({ userId });
}

async function leaveGroups(ctx: AppContext, orgId: string, userId: string): Promise<void> {
  await ctx.database.db
    .deleteFrom('groupAgronomists')
    .where('userId', '=', userId)
    .where('groupId', 'in', ctx.database.db.selectFrom('farmGroups').select('id').where('orgId', '=', orgId))
    .execute();
}
