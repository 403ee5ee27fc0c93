import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { MemberRole } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { verifyAccessToken } from '../modules/auth/access-token.ts';
import { findTokenStanding } from '../modules/auth/auth.repository.ts';
import { StandingCache } from './standing-cache.ts';

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

/** How long a token's standing is trusted without reading it again; another process's logout shows within this. */
export const STANDING_TTL_MS = 5_000;
const standings = new StandingCache<Standing | undefined>(STANDING_TTL_MS, 10_000);

/** How often a token's standing came from memory (hits) or the database (misses), for `/api/metrics`. */
export const standingLookups = standings.lookups;

/** Forget cached standings of one token, or of every token of a user (after a password change). */
export function forgetStanding(by: { tokenId: string } | { userId: string }): void {
  standings.forget(by);
}

/** The hooks `authenticate` made: a route using one must name its policy action (checked as routes are added, `app.ts`). */
export const signInHooks = new WeakSet<object>();

/** An onRequest hook (before the body is read) that admits a request only with a valid, unrevoked bearer token of a current member. */
export function authenticate(ctx: AppContext) {
  const hook = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new AppError('UNAUTHENTICATED', 'Authentication required. Please log in and try again.');
    const claims = await verifyAccessToken(token, ctx.config.jwtSecret, ctx.now());
    if (!claims) throw sessionExpired();
    const key = { userId: claims.sub, orgId: claims.org, tokenId: claims.jti };
    const standing = await standings.read(key, () => findTokenStanding(ctx.database.db, key));
    if (!standing || standing.revoked || standing.tokenVersion !== claims.ver) throw sessionExpired();
    request.auth = {
      userId: claims.sub,
      orgId: claims.org,
      role: standing.role,
      tokenId: claims.jti,
      expiresAt: new Date(claims.exp * 1000),
    };
  };
  signInHooks.add(hook);
  return hook;
}

/** The caller of a route behind `authenticate`. */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required. Please log in and try again.');
  return request.auth;
}
