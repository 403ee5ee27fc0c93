import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, postgresUrl, registerAccount, startTestApp, waitFor, type TestAccount, type TestApp } from '../../../test/harness.ts';

/**
 * Verifying the number alerts go to, on the real app and database. No SMS leaves: the app runs no jobs, so each code
 * is read from the outbox, where the verification SMS waits.
 */
const TWILIO_FROM = '+15005550006';

describe('verifying an SMS number', () => {
  let test: TestApp;

  const askForCode = (account: TestAccount, phone: string) =>
    as(account, test.app, { method: 'POST', url: '/api/me/sms-phone', payload: { phone } });
  const verify = (account: TestAccount, code: string) =>
    as(account, test.app, { method: 'POST', url: '/api/me/sms-phone/verify', payload: { code } });

  /** The code of the latest verification SMS queued for `account`. */
  async function latestCode(account: TestAccount): Promise<string> {
    const sms = await test.ctx.database.db
      .selectFrom('smsOutbox')
      .select('body')
      .where('userId', '=', account.userId)
      .where('purpose', '=', 'verification')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    return /code: (\d{6})/.exec(sms.body)![1]!;
  }

  const smsPhoneOf = async (account: TestAccount) =>
    (await as(account, test.app, { method: 'GET', url: '/api/me/notification-preferences' })).json().data.smsPhone;

  beforeAll(async () => {
    test = await startTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
        TWILIO_AUTH_TOKEN: 'twilio-auth-token-for-tests',
        TWILIO_FROM,
        TWILIO_API_URL: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('counts at most five of twenty wrong codes sent at once, then refuses even the right code until a new one is asked for', async () => {
    const farmer = await registerAccount(test.app);
    expect((await askForCode(farmer, '077 123 4567')).statusCode).toBe(200);
    const code = await latestCode(farmer);
    const wrongCodes = Array.from({ length: 20 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));

    const answers = await Promise.all(wrongCodes.map((wrong) => verify(farmer, wrong)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(wrongCodes.map(() => 400));
    const messages = answers.map((answer) => answer.json().error.message as string);
    expect(messages.filter((message) => message === 'That code is wrong. Check the SMS and try again.')).toHaveLength(4);
    expect(messages.filter((message) => message.startsWith('That code is wrong, and too many wrong codes were tried.'))).toHaveLength(1);
    expect(messages.filter((message) => message.startsWith('Too many wrong codes were tried'))).toHaveLength(15);
    const { failedAttempts } = await test.ctx.database.db
      .selectFrom('smsPhoneCodes')
      .select('failedAttempts')
      .where('userId', '=', farmer.userId)
      .executeTakeFirstOrThrow();
    expect(failedAttempts).toBe(5);

    const right = await verify(farmer, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe('Too many wrong codes were tried, so this code no longer works. Ask for a new one.');
    expect(await smsPhoneOf(farmer)).toMatchObject({ phone: null, verified: false, pending: null });

    expect((await askForCode(farmer, '077 123 4567')).statusCode).toBe(200);
    const verified = await verify(farmer, await latestCode(farmer));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.smsPhone).toMatchObject({ phone: '+263771234567', verified: true, pending: null });
  });

  it('does not send a code to a number that texted STOP, and says to text START first', async () => {
    const farmer = await registerAccount(test.app);
    await test.ctx.database.db.insertInto('smsOptOuts').values({ phone: '+263772345678' }).execute();

    const refused = await askForCode(farmer, '077 234 5678');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`Text START to ${TWILIO_FROM} first`),
      details: [{ path: 'phone' }],
    });
    expect(await test.ctx.database.db.selectFrom('smsOutbox').select('id').where('userId', '=', farmer.userId).execute()).toEqual([]);
    expect(await smsPhoneOf(farmer)).toMatchObject({ pending: null });

    // After START the number takes codes again.
    await test.ctx.database.db.deleteFrom('smsOptOuts').where('phone', '=', '+263772345678').execute();
    expect((await askForCode(farmer, '077 234 5678')).statusCode).toBe(200);
    expect(await latestCode(farmer)).toMatch(/^\d{6}$/);
  });

  // Two connections are needed to hold one verification while the other runs: PostgreSQL only (PGlite has one).
  it.skipIf(!postgresUrl)(
    'answers 409 when two accounts verify one number at the same moment, and the code still works after',
    async () => {
      const first = await registerAccount(test.app);
      const second = await registerAccount(test.app);
      const phone = '+263773456789';
      expect((await askForCode(second, '077 345 6789')).statusCode).toBe(200);
      const code = await latestCode(second);

      // The first account's verification is still open (not committed) when the second's saves the same number.
      let secondVerifying!: Promise<LightMyRequestResponse>;
      await test.ctx.database.db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ smsPhone: phone, smsPhoneVerifiedAt: new Date() }).where('id', '=', first.userId).execute();
        secondVerifying = verify(second, code);
        await waitFor('the second verification to wait for the first', async () => {
          const { rows } = await test.ctx.database.executeSql(
            `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return (rows[0] as { waiting: number }).waiting > 0 ? true : undefined;
        });
      });
      const conflict = await secondVerifying;
      expect(conflict.statusCode, conflict.body).toBe(409);
      expect(conflict.json().error).toMatchObject({
        code: 'CONFLICT',
        message: 'Another account was verifying this number at the same moment. Enter the code again.',
      });

      // Typed again, the code moves the number to the second account (whoever proved they hold it last).
      const again = await verify(second, code);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.smsPhone).toMatchObject({ phone, verified: true });
      expect(await smsPhoneOf(first)).toMatchObject({ phone: null, verified: false });
    },
  );
});
