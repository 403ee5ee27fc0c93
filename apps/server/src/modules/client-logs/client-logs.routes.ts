import { CLIENT_LOG_LIMITS, clientLogBatchSchema, type ClientLogEntry, type LogSeverity } from '@murimi/core';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { verifyAccessToken } from '../auth/access-token.ts';
import { clientAddressKey } from '../auth/client-address.ts';
import { ADDRESS_BATCH_LIMIT, IngestCounters, SESSION_BATCH_LIMIT, SESSION_ENTRY_LIMIT, type IngestLimit } from './ingest-limits.ts';
import { redactText, redactValue } from './log-redaction.ts';

const TOO_MANY = 'Too many log entries from this browser. They are dropped for a minute.';

/** The pino level each browser severity is written at. */
const LEVEL_OF: Record<LogSeverity, 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  DEBUG: 'debug',
  INFO: 'info',
  WARNING: 'warn',
  ERROR: 'error',
  CRITICAL: 'fatal',
};

/**
 * `POST /api/logs`: the browser's log entries (spec §3, §7), written as one structured line each with the person and
 * organisation when a valid token came with them. Checked before the body is read (the address's limit, 64 KB),
 * then by schema and the session's limits; every text redacted. Signed-in or not: a crash on a public page counts too,
 * and `navigator.sendBeacon` on page hide cannot send a token.
 */
export function clientLogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const counters = new IngestCounters();
  const take = (rule: IngestLimit, key: string, amount: number, log: FastifyBaseLogger) => {
    const taken = counters.take(rule, key, amount, ctx.now().getTime());
    if (taken.allowed) return;
    log.warn({ limit: rule.name }, 'browser log entries refused: a limit was reached');
    throw new AppError('RATE_LIMITED', TOO_MANY, undefined, taken.retryAfterSeconds);
  };

  return async (app) => {
    app.post(
      '/logs',
      {
        bodyLimit: CLIENT_LOG_LIMITS.batchBytes,
        onRequest: async (request) => take(ADDRESS_BATCH_LIMIT, clientAddressKey(request.ip), 1, request.log),
        schema: {
          tags: ['health'],
          description:
            'Log entries from the browser (at most 100, 64 KB). A bearer token, when valid, names the person; tokens, passwords, e-mail addresses and phone numbers are removed before anything is written.',
          body: clientLogBatchSchema,
          response: { 202: z.object({ data: z.object({ accepted: z.number().int() }) }) },
        },
      },
      async (request, reply) => {
        const { logs } = request.body;
        // A batch is one session's (the browser sends its own); each session named in it is counted.
        for (const sessionId of new Set(logs.map((entry) => entry.sessionId))) {
          const entries = logs.filter((entry) => entry.sessionId === sessionId).length;
          take(SESSION_BATCH_LIMIT, sessionId, 1, request.log);
          take(SESSION_ENTRY_LIMIT, sessionId, entries, request.log);
        }
        const person = await personOf(ctx, request);
        for (const entry of logs) writeEntry(request.log, entry, person);
        return reply.status(202).send({ data: { accepted: logs.length } });
      },
    );
  };
}

/** The signed-in person a valid bearer token names (its signature and expiry only: attribution, not access). */
async function personOf(ctx: AppContext, request: FastifyRequest): Promise<{ userId: string; orgId: string } | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await verifyAccessToken(header.slice(7).trim(), ctx.config.jwtSecret, ctx.now());
  return claims ? { userId: claims.sub, orgId: claims.org } : null;
}

function writeEntry(log: FastifyBaseLogger, entry: ClientLogEntry, person: { userId: string; orgId: string } | null): void {
  const line = {
    source: 'browser',
    severity: entry.severity,
    clientTime: entry.timestamp,
    sessionId: entry.sessionId,
    userId: person?.userId ?? null,
    orgId: person?.orgId ?? null,
    // Who the page says is signed in, unchecked (a beacon on page hide carries no token).
    reportedUserId: entry.user?.id ?? null,
    service: entry.service,
    labels: entry.labels && redactValue(entry.labels),
    browser: entry.browser && redactValue(entry.browser),
    page: entry.page && redactValue(entry.page),
    stack: entry.stack && redactText(entry.stack),
    extra: entry.extra && redactValue(entry.extra),
  };
  log[LEVEL_OF[entry.severity]](line, redactText(entry.message));
}
