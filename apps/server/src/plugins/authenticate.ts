import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { MemberRole } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { verifyAccessToken } from '../modules/auth/access-token.ts';
import { findTokenStanding } from '../modules/auth/auth.repository.ts';

/** Who is calling: every owned-record query is scoped by `orgId`. */
export interface RequestAuth {
  userId: string;
  orgId: string;
  role: MemberRole;
  tokenId: string;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

const sessionExpired = () => new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');

type Standing = NonNullable<Awaited<ReturnType<typeof findTokenStanding>>>;

/**
 * A token's standing (revoked? token version? role?) read from the database at most every few seconds per
 * token: a signed-in screen sends many requests a second, and this lookup was half the database work of each.
 * Logout and password changes in this process forget entries at once; another process sees them within
 * `STANDING_TTL_MS`.
 */
export const STANDING_TTL_MS = 5_000;
const STANDING_CACHE_SIZE = 10_000;
const standings = new Map<string, { standing: Standing | undefined; userId: string; readAtMs: number }>();

async function standingOf(ctx: AppContext, claims: { userId: string; orgId: string; tokenId: string }): Promise<Standing | undefined> {
  const nowMs = Date.now();
  const cached = standings.get(claims.tokenId);
  if (cached && nowMs - cached.readAtMs < STANDING_TTL_MS) return cached.standing;
  const standing = await findTokenStanding(ctx.database.db, claims);
  if (standings.size >= STANDING_CACHE_SIZE) standings.delete(standings.keys().next().value!);
  standings.set(claims.tokenId, { standing, userId: claims.userId, readAtMs: nowMs });
  return standing;
}

/** Forget cached standings of one token, or of every token of a user (after a password change). */
export function forgetStanding(by: { tokenId: string } | { userId: string }): void {
  if ('tokenId' in by) {
    standings.delete(by.tokenId);
    return;
  }
  for (const [tokenId, entry] of standings) if (entry.userId === by.userId) standings.delete(tokenId);
}

/** An onRequest hook (before the body is read) that admits a request only with a valid, unrevoked bearer token of a current member. */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new AppError('UNAUTHENTICATED', 'Authentication required. Please log in and try again.');
    const claims = await verifyAccessToken(token, ctx.config.jwtSecret, ctx.now());
    if (!claims) throw sessionExpired();
    const standing = await standingOf(ctx, { userId: claims.sub, orgId: claims.org, tokenId: claims.jti });
    if (!standing || standing.revoked || standing.tokenVersion !== claims.ver) throw sessionExpired();
    request.auth = {
      userId: claims.sub,
      orgId: claims.org,
      role: standing.role,
      tokenId: claims.jti,
      expiresAt: new Date(claims.exp * 1000),
    };
  };
}

/** The caller of a route behind `authenticate`. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required. Please log in and try again.');
  return request.auth;
}
