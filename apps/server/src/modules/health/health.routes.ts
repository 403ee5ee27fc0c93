import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';

export const APP_VERSION = '1.0.0';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ reachable: z.boolean(), backend: z.enum(['pglite', 'postgres']) }),
  queue: z.object({ running: z.boolean(), working: z.boolean() }),
});

const publicConfigSchema = z.object({
  productName: z.string(),
  version: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  basemap: z.object({ satelliteTilesUrl: z.string().nullable(), overlayTilesUrls: z.array(z.string()), attribution: z.string() }),
  features: z.object({ errorReporting: z.boolean(), debugLogging: z.boolean(), devPages: z.boolean() }),
});

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Readiness: may this process be sent requests? Its database answers and its job queue runs. The web app's health
    // monitor polls it (spec §4), and so does a proxy or orchestrator choosing where to send traffic. While the server
    // stops, Fastify answers 503 to every new request, this one included, and finishes the requests under way.
    const ready = async (_request: unknown, reply: FastifyReply) => {
      const reachable = await ctx.database.isReachable();
      const healthy = reachable && ctx.queue.isRunning;
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'degraded',
        version: APP_VERSION,
        database: { reachable, backend: ctx.database.backend },
        queue: { running: ctx.queue.isRunning, working: ctx.queue.isWorking },
      });
    };
    const readiness = { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } };
    app.get('/health', readiness, ready);
    app.get('/health/ready', readiness, ready);
    // Liveness: is the process itself still working (its event loop turns)? Nothing outside it is asked, so a
    // database down for a minute does not get every server restarted.
    app.get('/health/live', { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
      status: 'ok' as const,
    }));

    // What public pages show about the operator (name and contact, spec §1 pricing page), where map tiles come from, and
    // the web app's feature flags (spec §9).
    app.get('/public-config', { schema: { tags: ['health'], response: { 200: publicConfigSchema } } }, async () => ({
      productName: ctx.config.productName,
      version: APP_VERSION,
      contactEmail: ctx.config.contactEmail ?? null,
      contactPhone: ctx.config.contactPhone ?? null,
      basemap: ctx.config.basemap,
      features: ctx.config.features,
    }));
  };
}
