import { CompiledQuery } from 'kysely';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAccount, startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { healthCheckJob } from './health-check.job.ts';
import { JobQueue, type JobDefinition } from './job-queue.ts';

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for the outbox row of `email` whose `column` has been set by the send-email job. */
function outboxRowOnce(t: TestApp, email: string, column: 'sentAt' | 'lastError') {
  return waitFor(
    async () =>
      (await t.ctx.database.db
        .selectFrom('emailOutbox')
        .selectAll()
        .where('toAddress', '=', email)
        .where(column, 'is not', null)
        .executeTakeFirst()) ?? undefined,
  );
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function app(options: Parameters<typeof startTestApp>[0]): Promise<TestApp> {
  const t = await startTestApp(options);
  cleanups.push(() => t.close());
  return t;
}

describe('job queue (pg-boss on the app database)', () => {
  it('runs the health-check job to completion', async () => {
    const t = await app({ work: true });
    const jobId = await t.ctx.queue.send(healthCheckJob, { requestedAt: new Date().toISOString() });
    expect(jobId).toBeTruthy();
    const state = await waitFor(async () => {
      const s = await t.ctx.queue.getJobState(healthCheckJob.name, jobId!);
      return s === 'completed' ? s : undefined;
    });
    expect(state).toBe('completed');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', database: { reachable: true }, queue: { running: true, working: true } });
  });

  it('delivers the verification e-mail over SMTP and marks it sent', async () => {
    const smtp = await startSmtpSink({ refuse: false });
    cleanups.push(smtp.close);
    const t = await app({ work: true, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://murimi.example' } });
    const account = await registerAccount(t.app);
    const mail = await waitFor(async () => smtp.received.find((m) => m.to.includes(account.email)));
    expect(mail.body).toContain('Subject: Confirm your e-mail address for Murimi');
    expect(mail.body.replace(/=\r?\n/g, '')).toMatch(/https:\/\/murimi\.example\/verify-email\?token=3D[A-Za-z0-9_-]{43}/);
    const row = await outboxRowOnce(t, account.email, 'sentAt');
    expect(row.attempts).toBe(1);
  });

  it('keeps a refused e-mail in the outbox with the reason, for the queue to retry', async () => {
    const smtp = await startSmtpSink({ refuse: true });
    cleanups.push(smtp.close);
    const t = await app({ work: true, env: { SMTP_URL: smtp.url } });
    const account = await registerAccount(t.app);
    const row = await outboxRowOnce(t, account.email, 'lastError');
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toContain('mailbox unavailable');
    expect(row.attempts).toBe(1);
  });
});

describe('a queue with concurrency', () => {
  it('runs as many of its jobs at once as its concurrency, each on its own', async () => {
    const t = await startTestApp();
    cleanups.push(t.close);
    let active = 0;
    let most = 0;
    let done = 0;
    const payload = z.object({ n: z.number() });
    const slowJob: JobDefinition<typeof payload> = {
      name: 'test-slow',
      payload,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      concurrency: 3,
      async handle() {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        active--;
        done++;
      },
    };
    const queue = new JobQueue({ database: t.ctx.database, config: t.ctx.config, log: pino({ level: 'silent' }) }, [slowJob]);
    await queue.start({ work: true, pollingIntervalSeconds: 0.5 });
    cleanups.push(() => queue.stop());
    for (const n of [1, 2, 3]) await queue.send(slowJob, { n });
    await waitFor(async () => (done === 3 ? true : undefined), 20_000);
    expect(most).toBe(3);
  });
});

describe('waking a queue', () => {
  it("starts a job queued in this process at once instead of at its workers' next poll", async () => {
    const t = await app({ work: false });
    const ran: number[] = [];
    const payload = z.object({}).loose();
    const promptJob: JobDefinition<typeof payload> = {
      name: 'test-prompt',
      payload,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handle() {
        ran.push(Date.now());
      },
    };
    const queue = new JobQueue({ database: t.ctx.database, config: t.ctx.config, log: pino({ level: 'silent' }) }, [promptJob]);
    // A minute between polls: after its first (empty) look, the worker would not see a new job for a minute.
    await queue.start({ work: true, pollingIntervalSeconds: 60 });
    cleanups.push(() => queue.stop());
    await new Promise((resolve) => setTimeout(resolve, 500));
    await t.ctx.database.db.transaction().execute((trx) => queue.send(promptJob, {}, { executor: trx }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toEqual([]);
    queue.wake(promptJob);
    await waitFor(async () => (ran.length === 1 ? true : undefined), 10_000);
    expect(ran).toHaveLength(1);
  });
});

describe("a queue's backlog", () => {
  it('is worked off one job after another, not one job per poll', async () => {
    const t = await app({ work: false });
    const ran: number[] = [];
    const payload = z.object({ n: z.number() });
    const quickJob: JobDefinition<typeof payload> = {
      name: 'test-backlog',
      payload,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handle({ n }) {
        ran.push(n);
      },
    };
    const queue = new JobQueue({ database: t.ctx.database, config: t.ctx.config, log: pino({ level: 'silent' }) }, [quickJob]);
    // A minute between polls and one worker: taking a job per poll, the backlog would take five minutes.
    await queue.start({ work: true, pollingIntervalSeconds: 60 });
    cleanups.push(() => queue.stop());
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const n of [1, 2, 3, 4, 5]) await queue.send(quickJob, { n });
    queue.wake(quickJob);
    await waitFor(async () => (ran.length === 5 ? true : undefined), 15_000);
    expect([...ran].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('a queue that handles its jobs in batches', () => {
  it('gives the waiting jobs to one handling together, and completes them together', async () => {
    const t = await app({ work: false });
    const batches: number[][] = [];
    const payload = z.object({ n: z.number() });
    const batchedJob: JobDefinition<typeof payload> = {
      name: 'test-batched',
      payload,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handle({ n }) {
        batches.push([n]);
      },
      batch: {
        size: 10,
        async handle(payloads) {
          batches.push(payloads.map(({ n }) => n));
        },
      },
    };
    const queue = new JobQueue({ database: t.ctx.database, config: t.ctx.config, log: pino({ level: 'silent' }) }, [batchedJob]);
    await queue.start({ work: true, pollingIntervalSeconds: 60 });
    cleanups.push(() => queue.stop());
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const n of [1, 2, 3, 4, 5]) await queue.send(batchedJob, { n });
    queue.wake(batchedJob);
    await waitFor(async () => (batches.flat().length === 5 ? true : undefined), 15_000);
    expect(batches.map((batch) => [...batch].sort())).toEqual([[1, 2, 3, 4, 5]]);
    const { rows } = await t.ctx.database.executeSql(
      `select state, count(*)::int as count from pgboss.job where name = $1 group by state`,
      [batchedJob.name],
    );
    expect(rows).toEqual([{ state: 'completed', count: 5 }]);
  });
});

describe('a job sent inside a transaction', () => {
  it('is queued if the transaction commits and not at all if it rolls back, on this connection (no lock wait)', async () => {
    const t = await app({ work: false });
    const committed = await t.ctx.database.db
      .transaction()
      .execute((trx) => t.ctx.queue.send(healthCheckJob, { requestedAt: new Date().toISOString() }, { executor: trx }));
    expect(await t.ctx.queue.getJobState(healthCheckJob.name, committed!)).toBe('created');

    let rolledBack: string | null = null;
    await expect(
      t.ctx.database.db.transaction().execute(async (trx) => {
        rolledBack = await t.ctx.queue.send(healthCheckJob, { requestedAt: new Date().toISOString() }, { executor: trx });
        // Inside the transaction the job is there; the app's own rows written beside it go or stay with it.
        const seen = await trx
          .withoutPlugins()
          .executeQuery<{ n: number }>(CompiledQuery.raw('select count(*)::int as n from pgboss.job where id = $1', [rolledBack]));
        expect(seen.rows[0]!.n).toBe(1);
        throw new Error('the request failed after queueing');
      }),
    ).rejects.toThrow('the request failed after queueing');
    expect(rolledBack).toBeTruthy();
    expect(await t.ctx.queue.getJobState(healthCheckJob.name, rolledBack!)).toBeUndefined();
  });

  it('tells which jobs are still stored and in what state', async () => {
    const t = await app({ work: false });
    const waiting = await t.ctx.queue.send(healthCheckJob, { requestedAt: new Date().toISOString() });
    const missing = '00000000-0000-4000-8000-000000000000';
    const states = await t.ctx.queue.jobStates(healthCheckJob.name, [waiting!, missing]);
    expect([...states]).toEqual([[waiting, 'created']]);
  });
});

describe('a job run after maintenance', () => {
  it('runs when the queue starts working and again after each maintenance pass', async () => {
    const t = await startTestApp({ env: { JOB_MAINTENANCE_INTERVAL_SECONDS: '1' } });
    cleanups.push(t.close);
    const runs: number[] = [];
    const payload = z.object({}).loose();
    const tidyJob: JobDefinition<typeof payload> = {
      name: 'test-tidy',
      payload,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      afterMaintenance: true,
      async handle() {
        runs.push(Date.now());
      },
    };
    const queue = new JobQueue({ database: t.ctx.database, config: t.ctx.config, log: pino({ level: 'silent' }) }, [tidyJob]);
    await queue.start({ work: true, pollingIntervalSeconds: 0.5 });
    cleanups.push(() => queue.stop());
    await waitFor(async () => (runs.length >= 3 ? true : undefined), 20_000);
    expect(runs.length).toBeGreaterThanOrEqual(3);
  });
});
