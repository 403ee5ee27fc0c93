import { weekDigestSchema } from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { weekDigestOf } from './weekly-digest.ts';

/** The dashboard's "This week": what the Monday digest says, worked out now. */
export function insightRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/insights/this-week',
      {
        ...guarded(ctx, { action: 'fields.read' }),
        schema: { tags: ['insights'], security: [{ bearerAuth: [] }], response: { 200: weekDigestSchema } },
      },
      async (request) => {
        return { data: (await weekDigestOf(ctx, authOf(request), 'app')).week };
      },
    );
  };
}
