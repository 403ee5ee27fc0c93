import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { metricsText } from './metric-counters.ts';

/**
 * `GET /api/metrics`: the counters for a Prometheus scraper, which proves itself with `METRICS_TOKEN` as a bearer
 * token (people have no use for it, so no session). Without the setting there are no metrics to read: 404.
 */
export function metricsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/metrics',
      {
        schema: {
          tags: ['health'],
          description: 'Counters in Prometheus text format, for a scraper holding METRICS_TOKEN (as `Authorization: Bearer …`).',
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const token = ctx.config.metricsToken;
        if (!token) throw new AppError('NOT_FOUND', 'Metrics are off on this server (METRICS_TOKEN is not set).');
        if (!sameToken(request.headers.authorization ?? '', `Bearer ${token}`)) {
          throw new AppError('UNAUTHENTICATED', 'Metrics need the METRICS_TOKEN as a bearer token.');
        }
        return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await metricsText(ctx));
      },
    );
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
