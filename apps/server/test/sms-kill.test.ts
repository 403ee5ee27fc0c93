import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeSmsProvider } from '../src/integrations/sms/testing/fake-twilio.ts';
import { deliverSms } from '../src/modules/sms/sms-delivery.ts';
import { queueSms } from '../src/modules/sms/sms-outbox.ts';
import { postgresUrl, registerAccount, startTestApp, type TestApp } from './harness.ts';
import { ended, sharedDatabaseEnv, startCommand, waitUntil } from './processes.ts';

// A worker killed with SIGKILL after Twilio accepted a message but before the outbox marked it sent: the message
// must reach the phone exactly once. Another worker finds it `sending` past its lease, asks Twilio, finds it, and
// marks it sent; the killed job, run again once it expires, sends nothing either. Processes share one PostgreSQL.
const TOKEN = 'twilio-auth-token-for-the-kill-test';
const PHONE = '+263771234567';

let twilio: FakeSmsProvider;
let api: TestApp;
let env: Record<string, string>;
const workers: ChildProcess[] = [];

async function startWorker(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const child = await startCommand('worker', 'worker is running', { ...env, ...extraEnv });
  workers.push(child);
  return child;
}

describe.runIf(postgresUrl)('a worker killed between the provider accepting an SMS and marking it sent (PostgreSQL)', () => {
  beforeAll(async () => {
    twilio = await startFakeTwilio({ authToken: TOKEN });
    const settings = {
      PUBLIC_URL: 'https://murimi.example.org',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilio.url,
      // A lease of 3 × 1 s + 15 s; a dead runner's message is looked for every second after it.
      SMS_TIMEOUT_SECONDS: '1',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
    };
    // The first process to create the queues fixes their expiry: this one, with the settings above.
    api = await startTestApp({ work: false, env: settings });
    env = await sharedDatabaseEnv(api, settings, 'murimi-sms-kill-data-');
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await Promise.all(workers.map(ended));
    await api?.close();
    await twilio?.close();
  });

  it('sends exactly one message: the next worker finds it at Twilio and marks it sent', async () => {
    const farmer = await registerAccount(api.app);
    // Queued once the worker runs: it dies on its first message, which must not come before it says it is ready.
    const doomed = await startWorker({ TESTING_CRASH_AT: 'sms-accepted' });
    const { id } = await queueSms(api.ctx, {
      userId: farmer.userId,
      to: PHONE,
      body: 'Murimi: Block A - frost risk -1C tonight. Irrigate lightly before the night. Reply STOP to end.',
      purpose: 'alert',
    });
    const row = () => api.ctx.database.db.selectFrom('smsOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const posts = () => twilio.requests.filter((request) => request.method === 'POST');

    expect(await ended(doomed)).toBe('SIGKILL');
    expect(posts()).toHaveLength(1);
    expect(await row()).toMatchObject({ status: 'sending', providerMessageId: null, attempts: 1 });

    await startWorker();
    const sent = await waitUntil('the message to be marked sent', row, (message) => message.status === 'sent', 90_000, 250);
    expect(posts()).toHaveLength(1);
    const [accepted] = twilio.requests.filter((request) => request.method === 'POST');
    expect(accepted!.form).toMatchObject({ To: PHONE });
    expect(sent.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.requests.filter((request) => request.method === 'GET').length).toBeGreaterThanOrEqual(1);

    // The killed try's job, run again once it expires, finds the message sent and sends nothing.
    const retried = await deliverSms({ ...api.ctx, log: api.app.log, isLastAttempt: false }, id);
    expect(retried).toBe('sent');
    expect(posts()).toHaveLength(1);
    expect(await row()).toMatchObject({ status: 'sent', providerMessageId: sent.providerMessageId, attempts: 1 });
  }, 180_000);
});
