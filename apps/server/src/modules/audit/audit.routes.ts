import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';

const auditEventSchema = z.object({
  at: z.string(),
  action: z.enum(['created', 'changed', 'deleted']),
  recordKind: z.string(),
  changedKeys: z.array(z.string()),
  /** Who did it: null for the system's own writes, or a person whose account was since deleted. */
  person: z.object({ userId: z.string(), name: z.string() }).nullable(),
});

const historyQuery = z.strictObject({ recordId: z.uuid({ message: 'recordId must be the UUID of a farm, field or record.' }) });

/**
 * A record's history from the audit trail, newest first: who created, changed or deleted it and when. For owners and
 * managers (`audit.read`); another organisation's record has no history here.
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      {
        ...guarded(ctx, { action: 'audit.read' }),
        schema: {
          tags: ['audit'],
          security: [{ bearerAuth: [] }],
          querystring: historyQuery,
          response: { 200: z.object({ data: z.array(auditEventSchema) }) },
        },
      },
      async (request) => {
        const rows = await ctx.database.db
          .selectFrom('auditEvents')
          .leftJoin('users', 'users.id', 'auditEvents.userId')
          .select([
            'auditEvents.at',
            'auditEvents.action',
            'auditEvents.recordKind',
            'auditEvents.changedKeys',
            'auditEvents.userId',
            'users.name',
          ])
          .where('auditEvents.orgId', '=', authOf(request).orgId)
          .where('auditEvents.recordId', '=', request.query.recordId)
          .orderBy('auditEvents.at', 'desc')
          .limit(200)
          .execute();
        return {
          data: rows.map((row) => ({
            at: row.at.toISOString(),
            action: row.action,
            recordKind: row.recordKind,
            changedKeys: row.changedKeys,
            person: row.userId && row.name ? { userId: row.userId, name: row.name } : null,
          })),
        };
      },
    );
  };
}
