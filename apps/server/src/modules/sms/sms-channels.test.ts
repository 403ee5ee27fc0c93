import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@murimi/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFarmWithFields, insertAlert } from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import {
  as,
  postgresUrl,
  registerAccount,
  squareBoundary,
  startTestApp,
  waitFor,
  type TestAccount,
  type TestApp,
} from '../../../test/harness.ts';
import { createTwilioProvider } from '../../integrations/sms/twilio.ts';
import { twilioSignature } from '../../integrations/sms/twilio-signature.ts';
import { startFakeTwilio, type FakeSmsProvider } from '../../integrations/sms/testing/fake-twilio.ts';
import { notifyAlerts } from '../alerts/alert-notify.job.ts';
import { inboundSmsJob } from './inbound-sms.ts';
import { forgetOldStatusForms } from './sms-status-forms.job.ts';
import { deliverSms } from './sms-delivery.ts';
import { queueSms } from './sms-outbox.ts';

/**
 * The SMS channel's rules on the real outbox and a fake Twilio over HTTP: retries then failure, STOP, quiet hours,
 * the daily limit, unverified numbers, delivery reports, and webhooks that cannot prove where they come from.
 */
const PUBLIC_URL = 'https://murimi.example.org';
const AUTH_TOKEN = 'twilio-auth-token-for-tests';
const AT_SECRET = 'callback-secret-of-24-characters-or-more';
const PHONE = '+263771234567';

describe('the SMS channel', () => {
  let twilio: FakeSmsProvider;
  let test: TestApp;
  let farmer: TestAccount;

  const preferences = (change: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    quietHours: null,
    ...change,
  });
  const provider = () =>
    createTwilioProvider({
      settings: { accountSid: 'AC0123456789abcdef', authToken: AUTH_TOKEN, from: '+15005550006', apiUrl: twilio.url, timeoutMs: 2000 },
      sleep: async () => {},
    });
  const deliver = (outboxId: string, isLastAttempt = false) =>
    deliverSms({ ...test.ctx, log: test.app.log, isLastAttempt, provider: provider() }, outboxId);
  const outboxRow = (id: string) => test.ctx.database.db.selectFrom('smsOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const alertSms = (change: Partial<NotificationPreferences> = {}) =>
    queueSms(test.ctx, {
      userId: farmer.userId,
      to: PHONE,
      body: 'Murimi: Kwacha 3 - heavy rain 60mm Thu.',
      purpose: 'alert',
      preferences: preferences(change),
    });

  /** Moves the app's clock to `instant` (ISO); a test that moves it sets `test.clock.offsetMs` back to 0 when done. */
  const clockAt = (instant: string) => {
    test.clock.offsetMs = new Date(instant).getTime() - Date.now();
  };

  /** Posts a form to a Twilio callback route signed as Twilio signs it (with `token`). */
  const postAsTwilio = (url: string, form: Record<string, string>, token = AUTH_TOKEN) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(token, `${PUBLIC_URL}${url}`, form),
      },
      payload: new URLSearchParams(form).toString(),
    });

  /** A text to us as Twilio posts it, answered by the inbound job (run here: this app has no workers). */
  async function textFrom(from: string, body: string, messageSid: string): Promise<void> {
    const form = { MessageSid: messageSid, From: from, To: '+15005550006', Body: body, AccountSid: 'AC0123456789abcdef' };
    const response = await postAsTwilio('/api/sms/twilio/inbound', form);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<Response>');
    const inbound = await test.ctx.database.db
      .selectFrom('smsInbound')
      .select('id')
      .where('providerMessageId', '=', messageSid)
      .executeTakeFirstOrThrow();
    await inboundSmsJob.handle(
      { inboundId: inbound.id },
      { ...test.ctx, log: test.app.log, attempt: { retryCount: 0, retryLimit: 3, isLast: false }, queue: test.ctx.queue },
    );
  }

  beforeAll(async () => {
    twilio = await startFakeTwilio({ authToken: AUTH_TOKEN });
    test = await startTestApp({
      env: {
        PUBLIC_URL,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: 'http://127.0.0.1:9',
        AFRICASTALKING_USERNAME: 'murimi',
        AFRICASTALKING_API_KEY: 'test-api-key',
        AFRICASTALKING_CALLBACK_SECRET: AT_SECRET,
      },
    });
    farmer = await registerAccount(test.app);
    await test.ctx.database.db
      .updateTable('users')
      .set({ smsPhone: PHONE, smsPhoneVerifiedAt: new Date() })
      .where('id', '=', farmer.userId)
      .execute();
  });
  beforeEach(async () => {
    twilio.reset();
    await test.ctx.database.db.deleteFrom('smsOutbox').execute();
    await test.ctx.database.db.deleteFrom('smsOptOuts').execute();
  });
  afterAll(async () => {
    await test?.close();
    await twilio?.close();
  });

  it('sends Twilio exactly its request, with where to post the delivery status', async () => {
    const queued = await alertSms();
    expect(queued.status).toBe('queued');
    expect(await deliver(queued.id)).toBe('sent');
    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request!.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from(`AC0123456789abcdef:${AUTH_TOKEN}`).toString('base64')}`);
    expect(request!.form).toEqual({
      To: PHONE,
      From: '+15005550006',
      Body: 'Murimi: Kwacha 3 - heavy rain 60mm Thu.',
      StatusCallback: `${PUBLIC_URL}/api/sms/twilio/status`,
    });
    expect(await outboxRow(queued.id)).toMatchObject({
      status: 'sent',
      provider: 'twilio',
      providerMessageId: expect.stringMatching(/^SM/),
      parts: 1,
    });
  });

  it('retries a provider answering 503 with backoff, and on the last try marks the message failed with the reason', async () => {
    const queued = await alertSms();
    twilio.failNext(6, 503);
    await expect(deliver(queued.id)).rejects.toThrow(/503/);
    expect(twilio.requests).toHaveLength(3);
    expect(await outboxRow(queued.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      statusReason: expect.stringMatching(/503.*3 attempts/),
    });
    expect(await deliver(queued.id, true)).toBe('failed');
    expect(twilio.requests).toHaveLength(6);
    expect(await outboxRow(queued.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      statusReason: expect.stringMatching(/503.*3 attempts/),
    });
  });

  it('fails at once, without retrying, a number the provider refuses', async () => {
    const queued = await alertSms();
    twilio.rejectNext(21610);
    expect(await deliver(queued.id)).toBe('failed');
    expect(twilio.requests).toHaveLength(1);
    expect((await outboxRow(queued.id)).statusReason).toMatch(/unsubscribed/);
  });

  it('holds an alert in quiet hours until they end', async () => {
    // Quiet all day but the last minute: whatever the time, now is inside and the end is ahead.
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Harare',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(test.ctx.now());
    const [hour, minute] = local.split(':').map(Number) as [number, number];
    const to = `${String((hour + 1) % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    const queued = await alertSms({ quietHours: { from: `${String(hour).padStart(2, '0')}:00`, to } });
    const row = await outboxRow(queued.id);
    expect(row.status).toBe('held');
    const minutesLeft = (row.sendAfter!.getTime() - test.ctx.now().getTime()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(60);
    const { rows } = await test.ctx.database.executeSql(
      `select start_after from pgboss.job where name = 'send-sms' and data->>'outboxId' = $1`,
      [queued.id],
    );
    expect(new Date((rows[0] as { start_after: string }).start_after).getTime()).toBe(row.sendAfter!.getTime());
    expect(twilio.requests).toHaveLength(0);
  });

  it('stops every SMS to a number that sent STOP, and starts again after START', async () => {
    const stop = (text: string) => textFrom(PHONE, text, `SM${text}${Date.now()}`);
    await stop('STOP');
    expect(await test.ctx.database.db.selectFrom('smsOptOuts').selectAll().execute()).toMatchObject([{ phone: PHONE }]);
    const confirmation = await test.ctx.database.db
      .selectFrom('smsOutbox')
      .selectAll()
      .where('purpose', '=', 'reply')
      .executeTakeFirstOrThrow();
    expect(confirmation.body).toBe('Murimi: you will get no more SMS from us. Send START to get them again.');
    expect(await deliver(confirmation.id)).toBe('sent');

    expect((await alertSms()).status).toBe('stopped');
    expect(twilio.requests).toHaveLength(1);

    await stop('START');
    expect(await test.ctx.database.db.selectFrom('smsOptOuts').selectAll().execute()).toEqual([]);
    expect((await alertSms()).status).toBe('queued');
  });

  it('answers a number nobody verified three times a day, then no more (each reply costs an SMS)', async () => {
    const stranger = '+263775555555';
    for (let i = 0; i < 5; i++) await textFrom(stranger, 'STATUS', `SMstranger${i}`);
    const replies = await test.ctx.database.db.selectFrom('smsOutbox').select('body').where('toPhone', '=', stranger).execute();
    expect(replies).toHaveLength(3);
    expect(
      await test.ctx.database.db
        .selectFrom('smsInbound')
        .select('id')
        .where('fromPhone', '=', stranger)
        .where('handledAt', 'is not', null)
        .execute(),
    ).toHaveLength(5);
  });

  it('sends no more alert SMS in a day than the person allows', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await alertSms({ smsPerDay: 2 })).status);
    expect(statuses).toEqual(['queued', 'queued', 'capped']);
  });

  it('counts alerts held overnight on the day they go out: five held to 06:00 fill that day, a sixth at 08:00 is capped', async () => {
    const quiet = { quietHours: { from: '21:00', to: '06:00' }, smsPerDay: 5 };
    try {
      clockAt('2026-10-06T19:30:00Z'); // 21:30 in Harare
      const evening = [];
      for (let i = 0; i < 5; i++) evening.push(await alertSms(quiet));
      for (const queued of evening) {
        expect(await outboxRow(queued.id)).toMatchObject({ status: 'held', sendAfter: new Date('2026-10-07T04:00:00Z') });
      }
      clockAt('2026-10-07T06:00:00Z'); // 08:00 the next morning, after the five went out at 06:00
      const morning = await alertSms(quiet);
      expect(morning.status).toBe('capped');
      expect((await outboxRow(morning.id)).statusReason).toBe("The person's limit of 5 alert SMS a day was reached.");
    } finally {
      test.clock.offsetMs = 0;
    }
  });

  it('holds an evening alert for the next morning even when the day’s limit is used up: it goes out tomorrow', async () => {
    const quiet = { quietHours: { from: '21:00', to: '06:00' }, smsPerDay: 2 };
    try {
      clockAt('2026-10-08T08:00:00Z'); // 10:00 in Harare
      expect([(await alertSms(quiet)).status, (await alertSms(quiet)).status]).toEqual(['queued', 'queued']);
      expect((await alertSms(quiet)).status).toBe('capped');
      clockAt('2026-10-08T19:30:00Z'); // 21:30: held to 06:00 tomorrow
      expect((await alertSms(quiet)).status).toBe('held');
    } finally {
      test.clock.offsetMs = 0;
    }
  });

  it('sends a killing frost first forecast at 02:20 at once through quiet hours; a frost warning waits for 06:00', async () => {
    const fieldId = (await createFarmWithFields(test.app, farmer, ['Vlei'])).fieldIds[0]!;
    try {
      clockAt('2026-07-14T00:20:00Z'); // 02:20 in Harare, in the default quiet hours (21:00 to 06:00)
      const killingFrost = await insertAlert(test.ctx, {
        orgId: farmer.orgId,
        fieldId,
        ruleId: 'frost',
        severity: 'critical',
        date: '2026-07-14',
      });
      const frostWarning = await insertAlert(test.ctx, {
        orgId: farmer.orgId,
        fieldId,
        ruleId: 'frost',
        severity: 'warning',
        date: '2026-07-15',
      });
      expect(await notifyAlerts(test.ctx, [killingFrost, frostWarning])).toMatchObject({ sms: 2 });
      const sms = async (alertId: string) =>
        test.ctx.database.db
          .selectFrom('smsOutbox')
          .select(['status', 'sendAfter'])
          .where('alertId', '=', alertId)
          .executeTakeFirstOrThrow();
      expect(await sms(killingFrost)).toEqual({ status: 'queued', sendAfter: null });
      expect(await sms(frostWarning)).toEqual({ status: 'held', sendAfter: new Date('2026-07-14T04:00:00Z') });
    } finally {
      test.clock.offsetMs = 0;
    }
  });

  it('sends a warning through quiet hours when the person lets that kind of alert through', async () => {
    try {
      clockAt('2026-07-14T00:20:00Z');
      const through = {
        quietHours: { from: '21:00', to: '06:00' },
        throughQuietHours: { weather: 'warning', crop: 'critical', pest: 'critical' },
      } as const;
      const weather = await queueSms(test.ctx, {
        userId: farmer.userId,
        to: PHONE,
        body: 'Murimi: Vlei - frost risk 1C tonight.',
        purpose: 'alert',
        alertSeverity: 'warning',
        alertCategory: 'weather',
        preferences: preferences(through),
      });
      const pest = await queueSms(test.ctx, {
        userId: farmer.userId,
        to: PHONE,
        body: 'Murimi: Vlei - fall armyworm moths due Thu.',
        purpose: 'alert',
        alertSeverity: 'warning',
        alertCategory: 'pest',
        preferences: preferences(through),
      });
      expect([weather.status, pest.status]).toEqual(['queued', 'held']);
    } finally {
      test.clock.offsetMs = 0;
    }
  });

  // Two connections are needed to hold one queueing while the other runs: PostgreSQL only (PGlite has one).
  it.skipIf(!postgresUrl)(
    'counts the daily limit under a lock: two alerts queued at once with one SMS left give one SMS, not two',
    async () => {
      const oneLeft = { smsPerDay: 1 };
      let second!: Promise<{ status: string }>;
      let secondDone = false;
      await test.ctx.database.db.transaction().execute(async (tx) => {
        await queueSms(
          test.ctx,
          { userId: farmer.userId, to: PHONE, body: 'Murimi: first', purpose: 'alert', preferences: preferences(oneLeft) },
          tx,
        );
        second = queueSms(test.ctx, {
          userId: farmer.userId,
          to: PHONE,
          body: 'Murimi: second',
          purpose: 'alert',
          preferences: preferences(oneLeft),
        });
        void second.then(() => (secondDone = true));
        // Without the lock the second counts nothing yet and is done at once; with it, it waits for the first.
        await waitFor('the second alert to be queued or to wait for the first', async () => {
          if (secondDone) return true;
          const { rows } = await test.ctx.database.executeSql(
            `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return (rows[0] as { waiting: number }).waiting > 0 ? true : undefined;
        });
      });
      expect((await second).status).toBe('capped');
    },
  );

  it('sends nothing by SMS to a number not verified, however the alert and preferences stand', async () => {
    const other = await registerAccount(test.app);
    await test.ctx.database.db
      .updateTable('users')
      .set({ smsPhone: '+263772222222', smsPhoneVerifiedAt: null })
      .where('id', '=', other.userId)
      .execute();
    const farmId = (await as(other, test.app, { method: 'POST', url: '/api/farms', payload: { name: 'F' } })).json().data.id;
    const fieldId = (
      await as(other, test.app, { method: 'POST', url: '/api/fields', payload: { name: 'Block A', farmId, boundary: squareBoundary(2) } })
    ).json().data.id;
    const alertId = await insertAlert(test.ctx, { orgId: other.orgId, fieldId, severity: 'critical' });
    expect(await notifyAlerts(test.ctx, [alertId])).toEqual({ emails: 0, sms: 0 });
    expect(await test.ctx.database.db.selectFrom('smsOutbox').select('id').where('toPhone', '=', '+263772222222').execute()).toEqual([]);
  });

  it('refuses with 403 a Twilio callback whose signature does not match, and an Africa’s Talking one with a wrong secret; nothing changes', async () => {
    const form = { MessageSid: 'SMforged', From: PHONE, To: '+15005550006', Body: 'IRR 25', AccountSid: 'AC0123456789abcdef' };
    const forged = await postAsTwilio('/api/sms/twilio/inbound', form, 'another-token');
    expect(forged.statusCode).toBe(403);
    const unsigned = await test.app.inject({
      method: 'POST',
      url: '/api/sms/twilio/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ MessageSid: 'SM1', MessageStatus: 'delivered' }).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    const wrongSecret = await test.app.inject({
      method: 'POST',
      url: '/api/sms/africastalking/not-the-secret-at-all-no/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from: PHONE, to: '32123', text: 'STOP', id: 'ATXid_forged' }).toString(),
    });
    expect(wrongSecret.statusCode).toBe(403);
    expect(
      await test.ctx.database.db
        .selectFrom('smsInbound')
        .select('id')
        .where('providerMessageId', 'in', ['SMforged', 'ATXid_forged'])
        .execute(),
    ).toEqual([]);
    expect(await test.ctx.database.db.selectFrom('smsStatusEvents').select('id').execute()).toEqual([]);
    expect(await test.ctx.database.db.selectFrom('smsOptOuts').select('phone').execute()).toEqual([]);
  });

  it('keeps Africa’s Talking’s callback secret out of the request log, and logs other URLs as they are', async () => {
    const lines: string[] = [];
    const logged = await buildApp(
      { ...test.ctx, config: { ...test.ctx.config, logLevel: 'info' } },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const inbound = await logged.inject({
        method: 'POST',
        url: `/api/sms/africastalking/${AT_SECRET}/inbound?from=log-test`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ from: '+263776666666', to: '32123', text: 'STATUS', id: 'ATXid_log_test' }).toString(),
      });
      expect(inbound.statusCode).toBe(200);
      expect(
        await test.ctx.database.db.selectFrom('smsInbound').select('text').where('providerMessageId', '=', 'ATXid_log_test').execute(),
      ).toEqual([{ text: 'STATUS' }]);
      // Mistyped, the path finds no route, yet it is logged before routing and may hold the real secret.
      expect((await logged.inject({ method: 'POST', url: `/API//sms/AfricasTalking/${AT_SECRET}` })).statusCode).toBe(404);
      await logged.inject({ method: 'GET', url: '/api/health?check=1' });

      const urls = lines
        .map((line) => JSON.parse(line) as { req?: { url: string } })
        .flatMap((entry) => (entry.req ? [entry.req.url] : []));
      expect(urls).toEqual(['/api/sms/africastalking/***/inbound?from=log-test', '/API//sms/AfricasTalking/***', '/api/health?check=1']);
      expect(lines.join('\n')).not.toContain(AT_SECRET);
    } finally {
      await logged.close();
    }
  });

  it('keeps the raw form of each delivery report for 30 days, then only its status', async () => {
    const event = (daysAgo: number) => ({
      provider: 'twilio',
      providerMessageId: `SMold${daysAgo}`,
      status: 'delivered',
      reason: null,
      form: JSON.stringify({ MessageSid: `SMold${daysAgo}`, MessageStatus: 'delivered', To: PHONE }),
      receivedAt: new Date(test.ctx.now().getTime() - daysAgo * 86_400_000),
    });
    await test.ctx.database.db
      .insertInto('smsStatusEvents')
      .values([event(31), event(29)])
      .execute();
    expect(await forgetOldStatusForms(test.ctx)).toBe(1);
    const kept = await test.ctx.database.db
      .selectFrom('smsStatusEvents')
      .select(['providerMessageId', 'status', 'form'])
      .where('providerMessageId', 'in', ['SMold31', 'SMold29'])
      .orderBy('providerMessageId')
      .execute();
    expect(kept).toEqual([
      { providerMessageId: 'SMold29', status: 'delivered', form: { MessageSid: 'SMold29', MessageStatus: 'delivered', To: PHONE } },
      { providerMessageId: 'SMold31', status: 'delivered', form: null },
    ]);
  });

  it('keeps each delivery report and moves the message on, never back', async () => {
    const queued = await alertSms();
    await deliver(queued.id);
    const { providerMessageId } = await outboxRow(queued.id);
    const report = async (status: string) => {
      const form = {
        MessageSid: providerMessageId!,
        MessageStatus: status,
        To: PHONE,
        From: '+15005550006',
        AccountSid: 'AC0123456789abcdef',
      };
      return postAsTwilio('/api/sms/twilio/status', form);
    };
    expect((await report('delivered')).statusCode).toBe(200);
    expect((await report('sent')).statusCode).toBe(200);
    expect(await outboxRow(queued.id)).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Date) });
    const events = await test.ctx.database.db
      .selectFrom('smsStatusEvents')
      .selectAll()
      .where('providerMessageId', '=', providerMessageId!)
      .execute();
    expect(events.map((event) => [event.status, event.outboxId])).toEqual([
      ['delivered', queued.id],
      ['sent', queued.id],
    ]);
  });
});
