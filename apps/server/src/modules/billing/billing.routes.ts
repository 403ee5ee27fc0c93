import { billingSchema } from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { organisationBilling } from './billing.service.ts';

/** The organisation's plan, price and trial, for the billing screen. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/organisation/billing',
      {
        ...guarded(ctx, { action: 'billing.read' }),
        schema: { tags: ['billing'], security: [{ bearerAuth: [] }], response: { 200: z.object({ data: billingSchema }) } },
      },
      async (request) => ({ data: await organisationBilling(ctx, authOf(request)) }),
    );
  };
}
