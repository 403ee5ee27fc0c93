import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { LONGEST_LINK_TTL_MS } from '../modules/auth/auth.service.ts';
import type { JobDefinition } from './job-queue.ts';

/** Rate-limit counters matter for an hour at most; keep a day for anyone looking into an incident. */
const AUTH_ATTEMPT_RETENTION_MS = 24 * 3600_000;
/** Used or expired e-mail links are kept a month, then dropped. */
const USER_TOKEN_RETENTION_MS = 30 * 24 * 3600_000;

export async function pruneAuthRecords(database: Database, now: Date) {
  const attempts = await database.db
    .deleteFrom('authAttempts')
    .where('createdAt', '<', new Date(now.getTime() - AUTH_ATTEMPT_RETENTION_MS))
    .executeTakeFirst();
  const links = await database.db
    .deleteFrom('userTokens')
    .where('expiresAt', '<', new Date(now.getTime() - USER_TOKEN_RETENTION_MS))
    .executeTakeFirst();
  const revocations = await database.db.deleteFrom('revokedTokens').where('expiresAt', '<', now).executeTakeFirst();
  // An e-mail never sent (no SMTP, or refused) still holds its links, sealed; once they have all expired the
  // body is of no use to anyone, so it goes.
  const bodies = await database.db
    .updateTable('emailOutbox')
    .set({ sealedBody: null, sealedHtmlBody: null, textBody: null })
    .where('createdAt', '<', new Date(now.getTime() - LONGEST_LINK_TTL_MS))
    .where((eb) => eb.or([eb('sealedBody', 'is not', null), eb('textBody', 'is not', null)]))
    .executeTakeFirst();
  return {
    authAttempts: Number(attempts.numDeletedRows),
    userTokens: Number(links.numDeletedRows),
    revokedTokens: Number(revocations.numDeletedRows),
    emailBodies: Number(bodies.numUpdatedRows),
  };
}

const payload = z.object({}).passthrough();

/** Daily clean-up of sign-in bookkeeping, which otherwise grows with every login attempt, and of expired links. */
export const pruneAuthRecordsJob: JobDefinition<typeof payload> = {
  name: 'prune-auth-records',
  payload,
  cron: '17 3 * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  async handle(_payload, { database, log }) {
    const removed = await pruneAuthRecords(database, new Date());
    log.info(removed, 'pruned sign-in records');
  },
};
