import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { standingLookups } from '../../plugins/authenticate.ts';
import { sceneSearches, tileCacheLookups } from '../analysis/imagery.ts';

/**
 * What this process alone knows, in prom-client's registry: its requests' latency by route, its event loop's delay,
 * memory and CPU (prom-client's default metrics), and its caches' hit counts. A scraper reads each server's own;
 * what the whole deployment shares (jobs, SMS, outside calls) comes from the database (`metric-counters.ts`).
 */
export const processMetrics = new Registry();
collectDefaultMetrics({ register: processMetrics });

/** Buckets from a cached read (10 ms) to the slowest allowed import (10 s). */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requestSeconds = new Histogram({
  name: 'murimi_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route (as registered) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: REQUEST_SECONDS_BUCKETS,
  registers: [processMetrics],
});

/** The caches of this process whose hit rate matters: token standings, imagery tiles, catalogue searches. */
const CACHE_LOOKUPS = {
  'token-standing': () => standingLookups,
  'imagery-tiles': tileCacheLookups,
  'scene-searches': () => ({ hits: sceneSearches.counts.reused, misses: sceneSearches.counts.searches }),
} as const;

new Counter({
  name: 'murimi_cache_lookups_total',
  help: 'Lookups of this process’s caches since it started, by cache and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
  registers: [processMetrics],
  collect() {
    this.reset();
    for (const [cache, read] of Object.entries(CACHE_LOOKUPS)) {
      const { hits, misses } = read();
      this.inc({ cache, result: 'hit' }, hits);
      this.inc({ cache, result: 'miss' }, misses);
    }
  },
});

/** Times every answer of `app` into the latency histogram (a path no route matched counts as `unmatched`). */
export function timeRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    requestSeconds.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
