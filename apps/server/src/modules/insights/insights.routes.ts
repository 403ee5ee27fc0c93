import { weekDigestSchema } from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { authenticate, authOf } from '../../plugins/authenticate.ts';
import { weekDigestOf } from './weekly-digest.ts';

/** The dashboard's "This week": what the Monday digest says, worked out now. */
export function insightRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/insights/this-week',
      { onRequest: authenticate(ctx), schema: { tags: ['insights'], security: [{ bearerAuth: [] }], response: { 200: weekDigestSchema } } },
      async (request) => {
        const { userId, orgId } = authOf(request);
        return { data: (await weekDigestOf(ctx, { userId, orgId }, 'app')).week };
      },
    );
  };
}
