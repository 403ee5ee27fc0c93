import { z } from 'zod';
import type { JobDefinition } from './job-queue.ts';

const payload = z.object({ requestedAt: z.string() });

/** A no-op job that proves the queue and its workers run end to end; `serve` sends one at start. */
export const healthCheckJob: JobDefinition<typeof payload> = {
  name: 'health-check',
  payload,
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
  async handle({ requestedAt }, { log }) {
    log.debug({ requestedAt }, 'queue health check ran');
  },
};
