import { cropCatalogue, cropTypeSchema } from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The crop catalogue with FAO-56 coefficients and the source of each number; public, like a price list. */
export const cropTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crop-types',
    { schema: { tags: ['crop types'], response: { 200: z.object({ data: z.array(cropTypeSchema) }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { data: [...cropCatalogue] };
    },
  );
};
