import { programmeFiguresSchema, programmeQuerySchema } from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { programmeFigures } from './programme-figures.ts';

/** The programme's figures for its funders and managers: aggregates only, small cells left out. */
export function programmeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/programme/figures',
      {
        ...guarded(ctx, { action: 'programme.read' }),
        schema: {
          tags: ['programme'],
          security: [{ bearerAuth: [] }],
          querystring: programmeQuerySchema,
          response: { 200: z.object({ data: programmeFiguresSchema }) },
        },
      },
      async (request) => ({ data: await programmeFigures(ctx, authOf(request), request.query) }),
    );
  };
}
