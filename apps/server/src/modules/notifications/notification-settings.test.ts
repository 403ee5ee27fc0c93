import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  as,
  postgresUrl,
  registerAccount,
  startTestApp,
  TWILIO_UNREACHABLE_ENV,
  waitFor,
  type TestAccount,
  type TestApp,
} from '../../../test/harness.ts';

/**
 * Verifying the number alerts go to, on the real app and database. No SMS leaves: the app runs no jobs, so each code
 * is read from the outbox, where the verification SMS waits.
 */
const TWILIO_FROM = TWILIO_UNREACHABLE_ENV.TWILIO_FROM;

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
      env: TWILIO_UNREACHABLE_ENV,
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

  it('sends codes only to mobile numbers in the allowed countries (SADC by default), saying what is wrong with another', async () => {
    const farmer = await registerAccount(test.app);
    const refusal = async (phone: string) => {
      const answer = await askForCode(farmer, phone);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().error.details[0].message as string;
    };
    expect(await refusal('+234 803 123 4567')).toBe(
      'This server sends SMS only to mobile numbers in Angola, Botswana, Comoros, Congo - Kinshasa, Eswatini, Lesotho, Madagascar, ' +
        'Malawi, Mauritius, Mozambique, Namibia, Seychelles, South Africa, Tanzania, Zambia and Zimbabwe; this is a number in Nigeria.',
    );
    expect(await refusal('+263 242 703 000')).toBe(
      'This is a landline, not a mobile number: the code comes by SMS, so use a mobile number.',
    );
    expect(await refusal('+27 86 212 3456')).toBe(
      'This is a premium-rate number, not a mobile number: the code comes by SMS, so use a mobile number.',
    );
    expect(await refusal('+27 80 012 3456')).toMatch(/^This is a toll-free number, not a mobile number/);
    expect(await test.ctx.database.db.selectFrom('smsOutbox').select('id').where('userId', '=', farmer.userId).execute()).toEqual([]);
    // A mobile number of another SADC country is fine.
    expect((await askForCode(farmer, '+265 99 123 4567')).statusCode).toBe(200);
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

describe('caps on SMS codes', () => {
  let test: TestApp;
  const METRICS_TOKEN = 'metrics-token-of-24-characters-or-more';
  const lines: string[] = [];
  let logged: FastifyInstance;

  beforeAll(async () => {
    test = await startTestApp({
      env: {
        ...TWILIO_UNREACHABLE_ENV,
        SMS_CODES_PER_ACCOUNT_PER_DAY: '2',
        SMS_CODES_PER_HOUR: '3',
        METRICS_TOKEN,
      },
    });
    logged = await buildApp(
      { ...test.ctx, config: { ...test.ctx.config, logLevel: 'info' } },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await logged?.close();
    await test?.close();
  });

  const askForCode = (account: TestAccount, phone: string) =>
    as(account, logged, { method: 'POST', url: '/api/me/sms-phone', payload: { phone } });
  const metrics = async () =>
    (await test.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  const capLines = () =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'SMS code refused: a cap was reached');

  it('refuses a third code in a day to one account, and a fourth in an hour across the service, logged and counted', async () => {
    const first = await registerAccount(test.app);
    expect((await askForCode(first, '+263 77 100 0001')).statusCode).toBe(200);
    expect((await askForCode(first, '+263 77 100 0002')).statusCode).toBe(200);
    const third = await askForCode(first, '+263 77 100 0003');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(
      'You have asked for 2 codes in the last 24 hours, the most we send. Please try again tomorrow.',
    );

    const second = await registerAccount(test.app);
    expect((await askForCode(second, '+263 77 100 0004')).statusCode).toBe(200);
    const overService = await askForCode(await registerAccount(test.app), '+263 77 100 0005');
    expect(overService.statusCode).toBe(429);
    expect(overService.json().error.message).toBe('We are sending too many codes right now. Please try again in an hour.');
    expect(overService.headers['retry-after']).toBeDefined();

    expect(await test.ctx.database.db.selectFrom('smsOutbox').select('id').where('purpose', '=', 'verification').execute()).toHaveLength(3);
    expect(capLines()).toEqual([
      expect.objectContaining({ level: 40, userId: first.userId, country: 'ZW', cap: 'account-day', limit: 2, to: '…003' }),
      expect.objectContaining({ level: 40, country: 'ZW', cap: 'service-hour', limit: 3, to: '…005' }),
    ]);
    expect(lines.join('\n')).not.toContain('+263771000003');
    const text = await metrics();
    expect(text).toContain('# TYPE murimi_sms_code_caps_reached_total counter');
    expect(text).toContain('murimi_sms_code_caps_reached_total{cap="account-day"} 1');
    expect(text).toContain('murimi_sms_code_caps_reached_total{cap="service-hour"} 1');
  });

  it('serves the metrics only to the bearer of METRICS_TOKEN', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await test.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    const right = await test.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});
