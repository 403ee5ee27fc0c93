import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuthAttemptKind, DB, MemberRole, UserTokenPurpose } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

const userColumns = [
  'users.id',
  'users.email',
  'users.name',
  'users.phone',
  'users.country',
  'users.emailVerifiedAt',
  'users.tokenVersion',
  'users.createdAt',
  'memberships.orgId',
  'memberships.role',
  'organisations.name as organisationName',
] as const;

/** A person with one organisation they belong to: `orgId`'s, else the first they joined (their own). */
export function findUserWithOrganisation(db: Executor, by: { id: string } | { email: string }, orgId?: string) {
  let query = db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.userId', 'users.id')
    .innerJoin('organisations', 'organisations.id', 'memberships.orgId')
    .select([...userColumns, 'users.passwordHash'])
    // A person belongs to their own organisation first; invitations to others come later.
    .orderBy('memberships.createdAt', 'asc')
    .limit(1);
  query = 'id' in by ? query.where('users.id', '=', by.id) : query.where('users.email', '=', by.email);
  if (orgId !== undefined) query = query.where('memberships.orgId', '=', orgId);
  return query.executeTakeFirst();
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserWithOrganisation>>>;

export async function emailExists(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function insertAccount(
  db: Executor,
  account: {
    userId: string;
    orgId: string;
    organisationName: string;
    email: string;
    passwordHash: string;
    name: string;
    phone: string | null;
    country: string;
    role: MemberRole;
  },
): Promise<void> {
  await db.insertInto('organisations').values({ id: account.orgId, name: account.organisationName }).execute();
  await db
    .insertInto('users')
    .values({
      id: account.userId,
      email: account.email,
      passwordHash: account.passwordHash,
      name: account.name,
      phone: account.phone,
      country: account.country,
    })
    .execute();
  await db.insertInto('memberships').values({ orgId: account.orgId, userId: account.userId, role: account.role }).execute();
}

/** Every organisation a person belongs to, their own first. */
export function listMemberships(db: Executor, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('organisations', 'organisations.id', 'memberships.orgId')
    .select(['organisations.id', 'organisations.name', 'memberships.role'])
    .where('memberships.userId', '=', userId)
    .orderBy('memberships.createdAt')
    .orderBy('organisations.id')
    .execute();
}

/** What an access token needs to still be good: the user's token version, membership, and no revocation. */
export function findTokenStanding(db: Executor, claims: { userId: string; orgId: string; tokenId: string }) {
  return db
    .selectFrom('users')
    .innerJoin('memberships', (join) => join.onRef('memberships.userId', '=', 'users.id').on('memberships.orgId', '=', claims.orgId))
    .select([
      'users.tokenVersion',
      'memberships.role',
      (eb) => eb.exists(eb.selectFrom('revokedTokens').select('tokenId').where('tokenId', '=', claims.tokenId)).as('revoked'),
    ])
    .where('users.id', '=', claims.userId)
    .executeTakeFirst();
}

export async function revokeToken(db: Executor, tokenId: string, expiresAt: Date, now: Date): Promise<void> {
  await db
    .insertInto('revokedTokens')
    .values({ tokenId, expiresAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Revocations matter only until the token would have expired anyway.
  await db.deleteFrom('revokedTokens').where('expiresAt', '<', now).execute();
}

interface AttemptQuery {
  kind: AuthAttemptKind;
  subject: string;
  since: Date;
  /** The attempt being decided, left out of its own count. */
  excludeId: string;
}

function recentAttempts(db: Executor, query: AttemptQuery) {
  return db
    .selectFrom('authAttempts')
    .where('kind', '=', query.kind)
    .where('subject', '=', query.subject)
    .where('createdAt', '>=', query.since)
    .where('id', '!=', query.excludeId);
}

/** The time of the n-th newest attempt since `since` (n from 1); undefined when there are fewer than n. */
export async function nthNewestAttempt(db: Executor, query: AttemptQuery, n: number): Promise<Date | undefined> {
  const row = await recentAttempts(db, query)
    .select('createdAt')
    .orderBy('createdAt', 'desc')
    .offset(n - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.createdAt;
}

/** How many attempts since `since`, and the latest one's time. */
export async function attemptSummary(db: Executor, query: AttemptQuery): Promise<{ count: number; latest: Date | null }> {
  const row = await recentAttempts(db, query)
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('createdAt').as('latest')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest: row.latest === null ? null : new Date(row.latest) };
}

export async function recordAttempt(db: Executor, kind: AuthAttemptKind, subject: string, at: Date): Promise<string> {
  const row = await db.insertInto('authAttempts').values({ kind, subject, createdAt: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteAttempt(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('authAttempts').where('id', '=', id).execute();
}

export async function clearAttempts(db: Executor, kind: AuthAttemptKind, subject: string): Promise<void> {
  await db.deleteFrom('authAttempts').where('kind', '=', kind).where('subject', '=', subject).execute();
}

export async function insertUserToken(
  db: Executor,
  token: { userId: string; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insertInto('userTokens').values(token).execute();
}

/** The user of an unused, unexpired token, without using it up; undefined when there is no such token. */
export function findUsableUserToken(db: Executor, purpose: UserTokenPurpose, tokenHash: string, now: Date) {
  return db
    .selectFrom('userTokens')
    .select('userId')
    .where('purpose', '=', purpose)
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/** Marks an unused, unexpired token used and returns its user; undefined when there is no such token. */
export async function consumeUserToken(db: Executor, purpose: UserTokenPurpose, tokenHash: string, now: Date) {
  return db
    .updateTable('userTokens')
    .set({ usedAt: now })
    .where('purpose', '=', purpose)
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
}

export async function invalidateUserTokens(db: Executor, userId: string, purpose: UserTokenPurpose, now: Date): Promise<void> {
  await db
    .updateTable('userTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

export async function updateProfile(
  db: Executor,
  userId: string,
  changes: { name?: string; phone?: string | null; country?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where('id', '=', userId)
    .where('emailVerifiedAt', 'is', null)
    .execute();
}

/** Sets a new password hash and raises the token version, so every earlier access token stops working. */
export async function replacePassword(db: Executor, userId: string, passwordHash: string, now: Date): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ passwordHash, tokenVersion: sql<number>`token_version + 1`, updatedAt: now })
    .where('id', '=', userId)
    .returning('tokenVersion')
    .executeTakeFirstOrThrow();
  return row.tokenVersion;
}
