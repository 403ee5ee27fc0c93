import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

const claimsSchema = z.object({
  sub: z.uuid(),
  org: z.uuid(),
  ver: z.number().int(),
  jti: z.string(),
  exp: z.number(),
  email: z.string(),
  name: z.string(),
});
export type AccessTokenClaims = z.infer<typeof claimsSchema>;

export interface AccessTokenSubject {
  userId: string;
  orgId: string;
  tokenVersion: number;
  email: string;
  name: string;
}

/** HS256 JWT with an `exp`; the client reads `email`/`name` for display and `exp` for its expiry checks (spec §4). */
export async function signAccessToken(
  subject: AccessTokenSubject,
  secret: string,
  ttlSeconds: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAtSeconds = Math.floor(now.getTime() / 1000);
  const expiresAtSeconds = issuedAtSeconds + ttlSeconds;
  const token = await new SignJWT({ org: subject.orgId, ver: subject.tokenVersion, email: subject.email, name: subject.name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.userId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAtSeconds)
    .setExpirationTime(expiresAtSeconds)
    .sign(secretKey(secret));
  return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
}

// Verifying the signature costs more than the rest of a small request, and a client sends the same token
// for hours: remember the claims of tokens already verified (bounded; expiry is still checked on every use).
const VERIFIED_CACHE_SIZE = 10_000;
const verifiedTokens = new Map<string, { claims: AccessTokenClaims; secret: string }>();

/** The claims of a token we signed that has not expired at `now`; null otherwise. */
export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<AccessTokenClaims | null> {
  const cached = verifiedTokens.get(token);
  if (cached && cached.secret === secret) return cached.claims.exp * 1000 > now.getTime() ? cached.claims : null;
  const claims = await verifySignature(token, secret, now);
  if (claims) {
    if (verifiedTokens.size >= VERIFIED_CACHE_SIZE) verifiedTokens.delete(verifiedTokens.keys().next().value!);
    verifiedTokens.set(token, { claims, secret });
  }
  return claims;
}

async function verifySignature(token: string, secret: string, now: Date): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = claimsSchema.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

const keys = new Map<string, Uint8Array>();
function secretKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}
