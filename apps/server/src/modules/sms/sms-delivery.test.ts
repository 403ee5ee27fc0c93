import { DEFAULT_NOTIFICATION_PREFERENCES } from '@murimi/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFarmWithFields, insertAlert } from '../../../test/factories.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { createAfricasTalkingProvider } from '../../integrations/sms/africas-talking.ts';
import type { SmsProvider } from '../../integrations/sms/sms-provider.ts';
import { startFakeAfricasTalking } from '../../integrations/sms/testing/fake-africas-talking.ts';
import type { FakeSmsProvider } from '../../integrations/sms/testing/fake-sms-server.ts';
import { startFakeTwilio } from '../../integrations/sms/testing/fake-twilio.ts';
import { createTwilioProvider } from '../../integrations/sms/twilio.ts';
import { deliverSms, PROVIDER_LIST_SETTLE_MS, smsLeaseMs, smsRecoveryJob } from './sms-delivery.ts';
import { queueSms } from './sms-outbox.ts';

/**
 * An SMS is handed to the provider once: two runners of one message, an answer lost on the way, a provider that
 * cannot be asked. The real outbox and fake providers over HTTP; the app's clock is moved past leases.
 */
const PHONE = '+263771234567';
const TOKEN = 'twilio-auth-token-for-tests';

describe('an SMS sent once', () => {
  let twilio: FakeSmsProvider;
  let africasTalking: FakeSmsProvider;
  let test: TestApp;
  let farmer: TestAccount;
  let fieldId: string;
  let alerts = 0;

  const twilioProvider = () =>
    createTwilioProvider({
      settings: { accountSid: 'AC0123456789abcdef', authToken: TOKEN, from: '+15005550006', apiUrl: twilio.url, timeoutMs: 2000 },
      sleep: async () => {},
    });
  const africasTalkingProvider = () =>
    createAfricasTalkingProvider({
      settings: { username: 'murimi', apiKey: 'key', senderId: undefined, apiUrl: africasTalking.url, timeoutMs: 2000 },
      sleep: async () => {},
    });
  const deliver = (outboxId: string, provider: SmsProvider = twilioProvider()) =>
    deliverSms({ ...test.ctx, log: test.app.log, isLastAttempt: false, provider }, outboxId);
  const outboxRow = (id: string) => test.ctx.database.db.selectFrom('smsOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const posts = (fake: FakeSmsProvider) => fake.requests.filter((request) => request.method === 'POST');
  const queueAlertSms = async (severity: 'warning' | 'critical' = 'warning') => {
    alerts += 1;
    const alertId = await insertAlert(test.ctx, {
      orgId: farmer.orgId,
      fieldId,
      severity,
      date: `2026-11-${String(alerts).padStart(2, '0')}`,
    });
    return queueSms(test.ctx, {
      userId: farmer.userId,
      to: PHONE,
      body: `Murimi: Block A - heavy rain 60mm Thu. Delay urea and spraying, clear drains. Reply STOP to end. ${alertId.slice(0, 4)}`,
      purpose: 'alert',
      alertId,
      preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: null, smsPerDay: 20 },
    });
  };
  /** Moves the app's clock on by `ms` from now. */
  const later = (ms: number) => {
    test.clock.offsetMs += ms;
  };

  beforeAll(async () => {
    twilio = await startFakeTwilio({ authToken: TOKEN });
    africasTalking = await startFakeAfricasTalking();
    test = await startTestApp({ env: { SMS_TIMEOUT_SECONDS: '2' } });
    farmer = await registerAccount(test.app);
    await test.ctx.database.db
      .updateTable('users')
      .set({ smsPhone: PHONE, smsPhoneVerifiedAt: new Date() })
      .where('id', '=', farmer.userId)
      .execute();
    fieldId = (await createFarmWithFields(test.app, farmer, ['Block A'])).fieldIds[0]!;
  });
  beforeEach(async () => {
    twilio.reset();
    africasTalking.reset();
    test.clock.offsetMs = 0;
    await test.ctx.database.db.deleteFrom('smsOutbox').execute();
    await test.ctx.database.db.deleteFrom('smsOptOuts').execute();
  });
  afterAll(async () => {
    await test?.close();
    await twilio?.close();
    await africasTalking?.close();
  });

  it('is handed over by one of two runners of the same message; the other sends nothing', async () => {
    const queued = await queueAlertSms();
    const outcomes = await Promise.all([deliver(queued.id), deliver(queued.id)]);
    // The other runner finds the message leased ('sending') or, when the first finished before it looked, already
    // 'sent'; either way it sends nothing: the provider is asked once.
    expect(outcomes).toContain('sent');
    expect(outcomes.every((outcome) => outcome === 'sending' || outcome === 'sent')).toBe(true);
    expect(posts(twilio)).toHaveLength(1);
    expect(await outboxRow(queued.id)).toMatchObject({ status: 'sent', attempts: 1, leaseOwner: null, leaseUntil: null });
  });

  it('whose answer was lost is not sent again: Twilio is asked once its list has settled, and it is marked sent', async () => {
    const queued = await queueAlertSms();
    twilio.dropAnswerNext();
    expect(await deliver(queued.id)).toBe('sending');
    expect(posts(twilio)).toHaveLength(1);
    const waiting = await outboxRow(queued.id);
    expect(waiting.statusReason).toMatch(/Checking with the provider before sending again/);
    // A runner before the minute is up leaves it alone.
    later(PROVIDER_LIST_SETTLE_MS / 2);
    expect(await deliver(queued.id)).toBe('sending');
    expect(twilio.requests).toHaveLength(1);

    later(PROVIDER_LIST_SETTLE_MS / 2 + 1000);
    expect(await deliver(queued.id)).toBe('sent');
    expect(twilio.requests.map((request) => request.method)).toEqual(['POST', 'GET']);
    expect(await outboxRow(queued.id)).toMatchObject({ status: 'sent', providerMessageId: expect.stringMatching(/^SM/), leaseOwner: null });
  });

  it('that Twilio does not hold a minute after a 500 is sent again, once', async () => {
    const queued = await queueAlertSms();
    twilio.failNext(1, 500);
    expect(await deliver(queued.id)).toBe('sending');
    expect(posts(twilio)).toHaveLength(1);
    later(PROVIDER_LIST_SETTLE_MS + 1000);
    expect(await deliver(queued.id)).toBe('sent');
    expect(twilio.requests.map((request) => request.method)).toEqual(['POST', 'GET', 'POST']);
    expect(await outboxRow(queued.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('that Twilio does not hold is not sent again once the number sent STOP or the alert ended meanwhile', async () => {
    const stoppedMeanwhile = await queueAlertSms();
    const endedMeanwhile = await queueAlertSms();
    twilio.failNext(2, 500);
    expect(await deliver(stoppedMeanwhile.id)).toBe('sending');
    expect(await deliver(endedMeanwhile.id)).toBe('sending');
    await test.ctx.database.db.insertInto('smsOptOuts').values({ phone: PHONE }).execute();
    const { alertId } = await outboxRow(endedMeanwhile.id);
    await test.ctx.database.db.updateTable('alerts').set({ endedAt: test.ctx.now() }).where('id', '=', alertId!).execute();

    later(PROVIDER_LIST_SETTLE_MS + 1000);
    expect(await deliver(stoppedMeanwhile.id)).toBe('stopped');
    expect(await deliver(endedMeanwhile.id)).toBe('expired');
    expect(posts(twilio)).toHaveLength(2);
    expect(await outboxRow(endedMeanwhile.id)).toMatchObject({ status: 'expired', leaseOwner: null, leaseUntil: null });
  });

  it('left sending by a runner that died is checked on after its lease, by a job the recovery sends', async () => {
    const queued = await queueAlertSms();
    // A runner claimed it, the provider took it, and the runner died before marking it.
    await deliver(queued.id);
    await test.ctx.database.db
      .updateTable('smsOutbox')
      .set({
        status: 'sending',
        providerMessageId: null,
        leaseOwner: '00000000-0000-4000-8000-000000000001',
        leaseUntil: new Date(Date.now() + smsLeaseMs(test.ctx.config)),
      })
      .where('id', '=', queued.id)
      .execute();
    const recover = () =>
      smsRecoveryJob.handle(
        {},
        { ...test.ctx, log: test.app.log, attempt: { retryCount: 0, retryLimit: 0, isLast: true }, queue: test.ctx.queue },
      );
    const checks = async () =>
      (await test.ctx.database.executeSql(`select id from pgboss.job where name = 'send-sms' and data->>'outboxId' = $1`, [queued.id]))
        .rows;
    const before = (await checks()).length;
    await recover();
    expect(await checks()).toHaveLength(before);

    later(smsLeaseMs(test.ctx.config) + 1000);
    await recover();
    await recover();
    expect(await checks()).toHaveLength(before + 1);
    expect(await deliver(queued.id)).toBe('sent');
    expect(posts(twilio)).toHaveLength(1);
  });

  it("that Africa's Talking may have taken is uncertain, and a critical alert is sent once more saying (repeat), once", async () => {
    const queued = await queueAlertSms('critical');
    africasTalking.dropAnswerNext();
    expect(await deliver(queued.id, africasTalkingProvider())).toBe('uncertain');
    expect(await outboxRow(queued.id)).toMatchObject({
      status: 'uncertain',
      statusReason: expect.stringMatching(/It may or may not have reached the phone\.$/),
    });
    const repeats = () => test.ctx.database.db.selectFrom('smsOutbox').selectAll().where('repeatOf', 'is not', null).execute();
    const [repeat] = await repeats();
    expect(repeat).toMatchObject({ repeatOf: queued.id, status: 'queued', toPhone: PHONE, parts: 1 });
    expect(repeat!.body).toMatch(/^Murimi \(repeat\): Block A - heavy rain 60mm/);

    // The repeat's answer is lost too: it is uncertain, and not repeated again.
    africasTalking.dropAnswerNext();
    expect(await deliver(repeat!.id, africasTalkingProvider())).toBe('uncertain');
    expect(await repeats()).toHaveLength(1);
    expect(posts(africasTalking)).toHaveLength(2);

    // The person sees both as uncertain, the repeat marked; nobody else sees them.
    const recent = await as(farmer, test.app, { method: 'GET', url: '/api/me/sms-messages' });
    expect(recent.statusCode).toBe(200);
    expect(recent.json().data).toEqual([
      expect.objectContaining({ id: repeat!.id, status: 'uncertain', repeat: true, purpose: 'alert', body: repeat!.body }),
      expect.objectContaining({ id: queued.id, status: 'uncertain', repeat: false, sentAt: null }),
    ]);
    const stranger = await registerAccount(test.app);
    expect((await as(stranger, test.app, { method: 'GET', url: '/api/me/sms-messages' })).json().data).toEqual([]);
  });

  it('that is only a warning is uncertain and not repeated', async () => {
    const queued = await queueAlertSms('warning');
    africasTalking.dropAnswerNext();
    expect(await deliver(queued.id, africasTalkingProvider())).toBe('uncertain');
    expect(await test.ctx.database.db.selectFrom('smsOutbox').select('id').execute()).toHaveLength(1);
  });
});
