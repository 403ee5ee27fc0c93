import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Invitation, invitationAcceptSchema, invitationCreateSchema } from '@murimi/core';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { DB, InvitationTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { queueEmail, sendEmailJob } from '../../mail/mailer.ts';
import type { Actor } from '../../policy/policy.ts';
import { countAttempt, LINK_FAILURE_LIMIT, type WindowLimit } from '../auth/auth-limits.ts';
import { switchOrganisation, type AuthSession } from '../auth/auth.service.ts';
import { clientAddressKey } from '../auth/client-address.ts';
import { smsServiceNumber, textablePhone } from '../notifications/notification-settings.service.ts';
import { queueSms } from '../sms/sms-outbox.ts';
import { auditWrite } from '../../db/owned-records.ts';
import { forgetStanding } from '../../plugins/authenticate.ts';
import { assignOnboardedFarms } from '../onboarding/onboarded-farms.ts';

/** An invitation holds for a week: long enough for a farmer who checks their phone on market day. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
/** Wrong codes for one SMS invitation before it stops working (a new one must be sent). */
export const MAX_FAILED_CODES = 5;
/** Invitations one organisation may send (or send again) a day: a programme onboarding a ward, not a flood of SMS. */
export const INVITATION_SEND_LIMIT: WindowLimit = {
  kind: 'invitation-send',
  limit: 500,
  windowMs: 24 * 3600_000,
  message: 'This organisation has sent 500 invitations today. Send the rest tomorrow.',
};

const INVALID = 'This invitation is invalid, used or expired. Ask whoever invited you to send a new one.';
const invalidInvitation = () => new AppError('INVALID_TOKEN', INVALID);

type InvitationRow = Selectable<InvitationTable>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A code is bound to its invitation: the same six digits of another invitation hash differently. */
const codeHashOf = (invitationId: string, code: string) => sha256(`${invitationId}:${code}`);

function stateOf(row: InvitationRow, now: Date): Invitation['state'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

function present(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    email: row.email,
    phone: row.phone,
    groupId: row.groupId,
    invitedBy: row.invitedBy,
    sentAt: row.sentAt.toISOString(),
    sendCount: row.sendCount,
    expiresAt: row.expiresAt.toISOString(),
    state: stateOf(row, now),
  };
}

/** The organisation's invitations not yet accepted: pending, expired and revoked, newest first. */
export async function listInvitations(ctx: AppContext, actor: Actor): Promise<Invitation[]> {
  const rows = await ctx.database.db
    .selectFrom('invitations')
    .selectAll()
    .where('orgId', '=', actor.orgId)
    .where('acceptedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => present(row, ctx.now()));
}

/** Fresh secrets for an invitation: the e-mail link's token, and for SMS a short link's slug and a six-digit code. */
function newSecrets(id: string, bySms: boolean) {
  const token = randomBytes(32).toString('base64url');
  const slug = bySms ? randomBytes(8).toString('base64url') : null;
  const code = bySms ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
  return {
    token,
    slug,
    code,
    stored: { tokenHash: sha256(token), slug, codeHash: code === null ? null : codeHashOf(id, code), failedCodes: 0 },
  };
}

/** What inviting needs: settings, the database, the clock and the queue its message goes through (a request's, or a job's). */
export type InvitingContext = Pick<AppContext, 'config' | 'database' | 'now'> & { queue: Pick<AppContext['queue'], 'send'> };

/** Sends the invitation's message in `tx`: the e-mail or SMS is queued with the row that holds its secrets, or not at all. */
async function sendInvitation(
  ctx: InvitingContext,
  tx: Kysely<DB>,
  row: Pick<InvitationRow, 'id' | 'role' | 'email' | 'phone' | 'name'>,
  secrets: { token: string; slug: string | null; code: string | null },
  inviter: { name: string; organisation: string },
): Promise<void> {
  const product = ctx.config.productName;
  const role = row.role === 'agronomist' ? 'agronomist' : row.role;
  if (row.email) {
    const link = `${ctx.config.publicUrl}/invitation?token=${secrets.token}`;
    const text =
      `Hello${row.name ? ` ${row.name}` : ''},\n\n${inviter.name} invites you to join ${inviter.organisation} on ${product} as ${role}.\n\n` +
      `Open this link within 7 days to join (sign in, or create an account with this address):\n\n${link}\n\n` +
      `If you do not know ${inviter.organisation}, you can ignore this message.\n`;
    await queueEmail(
      ctx,
      { to: row.email, subject: `${inviter.name} invites you to ${inviter.organisation} on ${product}`, text },
      (outboxId) => ctx.queue.send(sendEmailJob, { outboxId }, { executor: tx }),
      tx,
    );
    return;
  }
  // One SMS part where it can: the organisation's name is cut to fit.
  const organisation = inviter.organisation.length > 40 ? `${inviter.organisation.slice(0, 39)}…` : inviter.organisation;
  const body = `${organisation} invites you to ${product} as ${role}. Open ${ctx.config.publicUrl}/i/${secrets.slug} and enter code ${secrets.code}. Valid 7 days.`;
  await queueSms(ctx, { userId: null, to: row.phone!, body, purpose: 'invitation' }, tx);
}

async function inviterOf(ctx: InvitingContext, actor: Actor) {
  const db = ctx.database.db;
  const [person, organisation] = await Promise.all([
    db.selectFrom('users').select(['name', 'country']).where('id', '=', actor.userId).executeTakeFirstOrThrow(),
    db.selectFrom('organisations').select('name').where('id', '=', actor.orgId).executeTakeFirstOrThrow(),
  ]);
  return { ...person, organisation: organisation.name };
}

/** A number that texted STOP gets no SMS, the invitation included: say so instead of storing one that cannot arrive. */
async function refuseStoppedNumber(ctx: InvitingContext, phone: string): Promise<void> {
  const stopped = await ctx.database.db.selectFrom('smsOptOuts').select('phone').where('phone', '=', phone).executeTakeFirst();
  if (!stopped) return;
  const service = smsServiceNumber(ctx.config.sms) ?? 'the number our SMS come from';
  const message = `This number texted STOP to ${ctx.config.productName}, so no SMS reaches it. Ask them to text START to ${service}, or invite them by e-mail.`;
  throw new AppError('CONFLICT', message, [{ path: 'phone', message }]);
}

/**
 * Invites someone by e-mail or SMS. Sent again with the same id (a retry), the invitation it made answers and nothing
 * is sent twice. The row, its message and the message's job are written in one transaction.
 */
export async function createInvitation(
  ctx: InvitingContext,
  actor: Actor,
  input: z.output<typeof invitationCreateSchema>,
): Promise<Invitation> {
  const db = ctx.database.db;
  const id = input.id ?? randomUUID();
  const replay = await db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
  if (replay) {
    if (replay.orgId !== actor.orgId) throw new AppError('CONFLICT', 'This id is already in use; send the invitation with a new id.');
    return present(replay, ctx.now());
  }
  const inviter = await inviterOf(ctx, actor);
  const phone = input.phone === undefined ? null : textablePhone(ctx.config.sms, input.phone, inviter.country).phone;
  const email = input.email ?? null;
  if (phone) {
    if (!ctx.config.sms.provider) {
      throw new AppError('SERVICE_UNAVAILABLE', 'This server cannot send SMS (no SMS provider is set up): invite them by e-mail.');
    }
    await refuseStoppedNumber(ctx, phone);
  }
  if (input.groupId) {
    const group = await db
      .selectFrom('farmGroups')
      .select('id')
      .where('orgId', '=', actor.orgId)
      .where('id', '=', input.groupId)
      .executeTakeFirst();
    if (!group) throw AppError.invalid('groupId', "Choose one of this organisation's groups.");
  }
  const member = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select('users.id')
    .where('memberships.orgId', '=', actor.orgId)
    .where((eb) => (email ? eb('users.email', '=', email) : eb.or([eb('users.phone', '=', phone), eb('users.smsPhone', '=', phone)])))
    .executeTakeFirst();
  if (member) throw AppError.invalid(email ? 'email' : 'phone', 'This person is already a member of the organisation.');
  const pending = await db
    .selectFrom('invitations')
    .select('id')
    .where('orgId', '=', actor.orgId)
    .where(email ? 'email' : 'phone', '=', (email ?? phone)!)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', ctx.now())
    .executeTakeFirst();
  if (pending) throw AppError.invalid(email ? 'email' : 'phone', 'They are invited already: send that invitation again instead.');
  await countAttempt(ctx, INVITATION_SEND_LIMIT, actor.orgId);
  const now = ctx.now();
  const secrets = newSecrets(id, phone !== null);
  const row = await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('invitations')
      .values({
        id,
        orgId: actor.orgId,
        role: input.role,
        groupId: input.role === 'agronomist' ? (input.groupId ?? null) : null,
        name: input.name ?? null,
        email,
        phone,
        ...secrets.stored,
        invitedBy: actor.userId,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditWrite(tx, 'invitations', inserted, 'created');
    await sendInvitation(ctx, tx, inserted, secrets, inviter);
    return inserted;
  });
  return present(row, now);
}

async function findOwnInvitation(ctx: AppContext, actor: Actor, id: string): Promise<InvitationRow> {
  const row = await ctx.database.db
    .selectFrom('invitations')
    .selectAll()
    .where('orgId', '=', actor.orgId)
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Invitation');
  return row;
}

/** Sends a pending or expired invitation again with new secrets and a new week: the earlier message stops working. */
export async function resendInvitation(ctx: AppContext, actor: Actor, id: string): Promise<Invitation> {
  const row = await findOwnInvitation(ctx, actor, id);
  if (row.revokedAt) throw new AppError('CONFLICT', 'This invitation was withdrawn; invite them again.');
  if (row.phone) await refuseStoppedNumber(ctx, row.phone);
  await countAttempt(ctx, INVITATION_SEND_LIMIT, actor.orgId);
  const inviter = await inviterOf(ctx, actor);
  const now = ctx.now();
  const secrets = newSecrets(row.id, row.phone !== null);
  const updated = await ctx.database.db.transaction().execute(async (tx) => {
    const renewed = await tx
      .updateTable('invitations')
      .set({ ...secrets.stored, sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), sendCount: row.sendCount + 1 })
      .where('id', '=', row.id)
      .where('acceptedAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!renewed) throw AppError.notFound('Invitation');
    await auditWrite(tx, 'invitations', renewed, 'changed', ['sentAt']);
    await sendInvitation(ctx, tx, renewed, secrets, inviter);
    return renewed;
  });
  return present(updated, now);
}

/** Withdraws an invitation: its link and code stop working at once. */
export async function revokeInvitation(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await findOwnInvitation(ctx, actor, id);
  if (row.revokedAt) return;
  await ctx.database.db.transaction().execute(async (tx) => {
    await tx.updateTable('invitations').set({ revokedAt: ctx.now() }).where('id', '=', row.id).execute();
    await auditWrite(tx, 'invitations', row, 'changed', ['revokedAt']);
  });
}

type AcceptInput = z.output<typeof invitationAcceptSchema>;

/** The invitation a link names, pending now; a bad link counts against the address like a bad reset link. */
async function pendingInvitation(ctx: AppContext, input: AcceptInput | { slug: string }, ip: string): Promise<InvitationRow> {
  const attempt = await countAttempt(ctx, LINK_FAILURE_LIMIT, clientAddressKey(ip));
  const query = ctx.database.db.selectFrom('invitations').selectAll();
  const row = await (
    'token' in input ? query.where('tokenHash', '=', sha256(input.token)) : query.where('slug', '=', input.slug)
  ).executeTakeFirst();
  if (!row || stateOf(row, ctx.now()) !== 'pending' || ('slug' in input && row.failedCodes >= MAX_FAILED_CODES)) throw invalidInvitation();
  await attempt.withdraw();
  return row;
}

/** What an invitation's link shows before signing in: the organisation and the role. */
export async function previewInvitation(ctx: AppContext, input: { token: string } | { slug: string }, ip: string) {
  const row = await pendingInvitation(ctx, input, ip);
  const organisation = await ctx.database.db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', row.orgId)
    .executeTakeFirstOrThrow();
  return { organisation: organisation.name, role: row.role, needsCode: row.slug !== null };
}

/**
 * Joins the signed-in person to the invitation's organisation with its role (an agronomist follows its group), once:
 * the invitation is used up in the same transaction as the membership is made, so two tabs accepting it at once make
 * one membership. Someone already a member keeps their role. Answers a session in that organisation.
 */
export async function acceptInvitation(ctx: AppContext, userId: string, input: AcceptInput, ip: string): Promise<AuthSession> {
  const row = await pendingInvitation(ctx, input, ip);
  if ('code' in input && row.codeHash !== codeHashOf(row.id, input.code)) {
    await ctx.database.db
      .updateTable('invitations')
      .set((eb) => ({ failedCodes: eb('failedCodes', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    throw AppError.invalid('code', 'That code does not match the one in the SMS. Check it and try again.');
  }
  await ctx.database.db.transaction().execute(async (tx) => {
    const used = await tx
      .updateTable('invitations')
      .set({ acceptedAt: ctx.now(), acceptedBy: userId })
      .where('id', '=', row.id)
      .where('acceptedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw invalidInvitation();
    const joined = await tx
      .insertInto('memberships')
      .values({ orgId: row.orgId, userId, role: row.role })
      .onConflict((oc) => oc.columns(['orgId', 'userId']).doNothing())
      .returning('role')
      .executeTakeFirst();
    await auditWrite(tx, 'invitations', row, 'changed', ['acceptedAt']);
    if (joined) {
      await auditWrite(tx, 'memberships', { orgId: row.orgId, id: userId }, 'created');
      await assignOnboardedFarms(tx, row.id, row.orgId, userId);
    }
    if (joined && row.groupId) {
      await tx
        .insertInto('groupAgronomists')
        .values({ groupId: row.groupId, userId })
        .onConflict((oc) => oc.columns(['groupId', 'userId']).doNothing())
        .execute();
    }
  });
  forgetStanding({ userId });
  return switchOrganisation(ctx, userId, row.orgId);
}
