import { supportMessageCreateSchema } from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { sendSupportMessage } from './support.service.ts';

/** Messages to the people who run this server, from the support page. */
export function supportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/support/messages',
      {
        ...guarded(ctx, { action: 'support.write' }),
        schema: {
          tags: ['support'],
          security: [{ bearerAuth: [] }],
          body: supportMessageCreateSchema,
          response: { 201: z.object({ data: z.object({ id: z.uuid(), receivedAt: z.iso.datetime() }) }) },
        },
      },
      async (request, reply) => reply.status(201).send({ data: await sendSupportMessage(ctx, authOf(request), request.body) }),
    );
  };
}
