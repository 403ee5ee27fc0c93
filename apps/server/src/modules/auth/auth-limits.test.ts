import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { readOutboxMessage, sendEmailJob } from '../../mail/mailer.ts';
import { LOGIN_ADDRESS_LIMIT, LINK_FAILURE_LIMIT } from './auth-limits.ts';
import { clientAddressKey } from './client-address.ts';
import { deviceIdOf, issueDeviceToken } from './device-token.ts';
import { passwordHasher } from './password-hashing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.offsetMs = 0;
  vi.restoreAllMocks();
});

const LOGIN_429 = 'Too many login attempts. Please wait a moment and try again.';

const login = (payload: { email: string; password: string; deviceToken?: string }, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
const post = (url: string, payload: Record<string, unknown> | undefined, remoteAddress: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

/** The link token in the newest e-mail of `path`'s kind sent to `email`. */
async function linkToken(email: string, path: 'verify-email' | 'reset-password'): Promise<string> {
  const rows = await t.ctx.database.db
    .selectFrom('emailOutbox')
    .select('id')
    .where('toAddress', '=', email)
    .orderBy('createdAt', 'desc')
    .execute();
  for (const row of rows) {
    const text = await readOutboxMessage(t.ctx.database, t.ctx.config.jwtSecret, row.id);
    const token = text && new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
    if (token) return token;
  }
  throw new Error(`no ${path} link for ${email}`);
}

describe('password spraying: one address, many accounts', () => {
  it('answers 429 with Retry-After once the address has failed 20 times, whichever accounts it tried', async () => {
    const accounts: TestAccount[] = [];
    for (let i = 0; i < 40; i++) accounts.push(await registerAccount(t.app));
    const sprayer = '203.0.113.40';
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof login>> | undefined;
    for (const account of accounts) {
      const response = await login({ email: account.email, password: 'Harvest2026!' }, sprayer);
      statuses.push(response.statusCode);
      limited ??= response.statusCode === 429 ? response : undefined;
    }
    expect(statuses.slice(0, LOGIN_ADDRESS_LIMIT.limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LOGIN_ADDRESS_LIMIT.limit).every((status) => status === 429)).toBe(true);
    expect(limited!.json().error).toMatchObject({ code: 'RATE_LIMITED', message: LOGIN_429 });
    // Room again when the oldest failure leaves the 15-minute window: a few seconds short of 15 minutes.
    expect(retryAfter(limited!)).toBeGreaterThan(14 * 60);
    expect(retryAfter(limited!)).toBeLessThanOrEqual(15 * 60);

    // Another address is not affected, and neither is an owner whose device signed in before.
    expect((await login({ email: accounts[39]!.email, password: 'Harvest2026!' }, '203.0.113.41')).statusCode).toBe(401);
    const owner = accounts[30]!;
    const deviceToken = (await login({ email: owner.email, password: owner.password }, '198.51.100.30')).json().device_token;
    expect((await login({ email: owner.email, password: owner.password, deviceToken }, sprayer)).statusCode).toBe(200);

    t.clock.offsetMs = 15 * 60_000 + 1000;
    expect((await login({ email: accounts[0]!.email, password: 'Harvest2026!' }, sprayer)).statusCode).toBe(401);
  });

  it('is not reset by the sprayer signing in to an account of their own', async () => {
    const own = await registerAccount(t.app);
    const victims: TestAccount[] = [];
    for (let i = 0; i < 21; i++) victims.push(await registerAccount(t.app));
    const sprayer = '203.0.113.42';
    for (const victim of victims.slice(0, 19)) await login({ email: victim.email, password: 'Harvest2026!' }, sprayer);
    expect((await login({ email: own.email, password: own.password }, sprayer)).statusCode).toBe(200);
    expect((await login({ email: victims[19]!.email, password: 'Harvest2026!' }, sprayer)).statusCode).toBe(401);
    expect((await login({ email: victims[20]!.email, password: 'Harvest2026!' }, sprayer)).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64, so hopping addresses within it does not help', async () => {
    const victims: TestAccount[] = [];
    for (let i = 0; i < 21; i++) victims.push(await registerAccount(t.app));
    const statuses = [];
    for (const [i, victim] of victims.entries()) {
      statuses.push((await login({ email: victim.email, password: 'Harvest2026!' }, `2001:db8:7:9::${(i + 1).toString(16)}`)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(clientAddressKey('2001:db8:7:9:a:b:c:d')).toBe('2001:db8:7:9::/64');
    expect(clientAddressKey('::ffff:198.51.100.9')).toBe('198.51.100.9');
  });
});

describe('distributed guessing: one account, many addresses', () => {
  it('slows guesses at an account from any address, with a growing Retry-After', async () => {
    const account = await registerAccount(t.app);
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login({ email: account.email, password: `guess-${i}-wrong` }, `198.18.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const first = await login({ email: account.email, password: 'guess-6-wrong' }, '198.18.0.6');
    expect(first.statusCode).toBe(429);
    expect(first.json().error.message).toBe(LOGIN_429);
    expect(retryAfter(first)).toBeGreaterThan(0);
    expect(retryAfter(first)).toBeLessThanOrEqual(30);

    // After the wait one more guess is heard, and the next wait is twice as long.
    t.clock.offsetMs = 31_000;
    expect((await login({ email: account.email, password: 'guess-7-wrong' }, '198.18.0.7')).statusCode).toBe(401);
    const second = await login({ email: account.email, password: 'guess-8-wrong' }, '198.18.0.8');
    expect(second.statusCode).toBe(429);
    expect(retryAfter(second)).toBeGreaterThan(30);
    expect(retryAfter(second)).toBeLessThanOrEqual(60);
  });

  it('counts attempts sent at once against each other, before any password is checked', async () => {
    const account = await registerAccount(t.app);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login({ email: account.email, password: `parallel-${i}-wrong` }, `198.18.1.${i + 1}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    for (const response of responses.filter((r) => r.statusCode === 429)) expect(retryAfter(response)).toBeGreaterThan(0);
  });

  it('answers an unknown e-mail the same way, so a 429 does not reveal which addresses have accounts', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login({ email: 'nobody.at.all@example.org', password: 'whatever-1' }, `198.18.2.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe("the owner's known device", () => {
  it('still signs in after five wrong tries from another client at the same address', async () => {
    const owner = await registerAccount(t.app);
    const carrierNat = '100.64.0.9';
    const signedIn = await login({ email: owner.email, password: owner.password }, carrierNat);
    expect(signedIn.statusCode).toBe(200);
    const deviceToken: string = signedIn.json().device_token;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    for (let i = 0; i < 5; i++)
      expect((await login({ email: owner.email, password: `stranger-${i}-wrong` }, carrierNat)).statusCode).toBe(401);
    expect((await login({ email: owner.email, password: owner.password }, carrierNat)).statusCode).toBe(429);

    const back = await login({ email: owner.email, password: owner.password, deviceToken }, carrierNat);
    expect(back.statusCode).toBe(200);
    expect(back.json().device_token).toBe(deviceToken);
  });

  it('limits a device by its own failures, and is of no use for another account', async () => {
    const owner = await registerAccount(t.app);
    const other = await registerAccount(t.app);
    const deviceToken: string = (await login({ email: owner.email, password: owner.password }, '100.64.0.10')).json().device_token;
    const otherDevice: string = (await login({ email: other.email, password: other.password }, '100.64.0.10')).json().device_token;

    // A device token of one account does not make guesses at another trusted.
    for (let i = 0; i < 5; i++)
      await login({ email: owner.email, password: `stranger-${i}-wrong`, deviceToken: otherDevice }, '100.64.0.11');
    expect((await login({ email: owner.email, password: 'stranger-6-wrong', deviceToken: otherDevice }, '100.64.0.11')).statusCode).toBe(
      429,
    );
    expect(deviceIdOf(otherDevice, owner.userId, t.ctx.config.jwtSecret)).toBeNull();
    expect(deviceIdOf(`${deviceToken.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA`, owner.userId, t.ctx.config.jwtSecret)).toBeNull();

    // The owner's device has a bucket of its own, with the same backoff.
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login({ email: owner.email, password: `typo-${i}`, deviceToken }, '100.64.0.10')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    t.clock.offsetMs = 31_000;
    expect((await login({ email: owner.email, password: owner.password, deviceToken }, '100.64.0.10')).statusCode).toBe(200);
  });

  it('is issued by registration and bound to the account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '100.64.0.12',
      payload: { email: 'device.owner@example.org', password: 'sorghum-2026', name: 'Rudo', country: 'ZW' },
    });
    const body = response.json();
    expect(deviceIdOf(body.device_token, body.user.id, t.ctx.config.jwtSecret)).not.toBeNull();
    expect(
      deviceIdOf(issueDeviceToken(body.user.id, 'another-secret-of-at-least-32-characters'), body.user.id, t.ctx.config.jwtSecret),
    ).toBeNull();
  });
});

describe('links: bad tokens are cheap and limited per address', () => {
  it('answers a bad reset link 400 without argon2, and a flood of them 429 with Retry-After', async () => {
    const hashes = vi.spyOn(passwordHasher, 'hash');
    const verifies = vi.spyOn(passwordHasher, 'verify');
    const flooder = '198.51.100.200';
    const statuses = [];
    let limited;
    for (let i = 0; i < LINK_FAILURE_LIMIT.limit + 5; i++) {
      const response = await post(
        '/api/auth/reset-password',
        { token: `forged-reset-token-${i}-xxxxxxxxxx`, password: 'new-password-1' },
        flooder,
      );
      statuses.push(response.statusCode);
      limited ??= response.statusCode === 429 ? response : undefined;
    }
    expect(statuses.slice(0, LINK_FAILURE_LIMIT.limit).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(LINK_FAILURE_LIMIT.limit).every((status) => status === 429)).toBe(true);
    expect(retryAfter(limited!)).toBeGreaterThan(59 * 60);
    expect(retryAfter(limited!)).toBeLessThanOrEqual(3600);
    expect(hashes).not.toHaveBeenCalled();
    expect(verifies).not.toHaveBeenCalled();

    // A real link from another address still works, and costs exactly one hash.
    const account = await registerAccount(t.app);
    await post('/api/auth/forgot-password', { email: account.email }, '198.51.100.201');
    const token = await linkToken(account.email, 'reset-password');
    hashes.mockClear(); // registering hashed the first password
    const reset = await post('/api/auth/reset-password', { token, password: 'new-password-1' }, '198.51.100.201');
    expect(reset.statusCode).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('limits bad confirmation links per address, with Retry-After', async () => {
    const statuses = [];
    let limited;
    for (let i = 0; i < LINK_FAILURE_LIMIT.limit + 2; i++) {
      const response = await post('/api/auth/verify-email', { token: `forged-verify-token-${i}-xxxxxxxxx` }, '198.51.100.220');
      statuses.push(response.statusCode);
      limited ??= response.statusCode === 429 ? response : undefined;
    }
    expect(statuses.slice(0, LINK_FAILURE_LIMIT.limit).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(LINK_FAILURE_LIMIT.limit)).toEqual([429, 429]);
    expect(limited!.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(retryAfter(limited!)).toBeGreaterThan(0);

    // Another address with a real link is not held up by the flood.
    const account = await registerAccount(t.app);
    const token = await linkToken(account.email, 'verify-email');
    expect((await post('/api/auth/verify-email', { token }, '198.51.100.221')).statusCode).toBe(200);
  });
});

describe('Retry-After on every 429', () => {
  it('registration', async () => {
    let last;
    for (let i = 0; i < 11; i++) {
      last = await post(
        '/api/auth/register',
        { email: `retry${i}@example.org`, password: 'retry-pass-1', name: 'R', country: 'MW' },
        '203.0.113.60',
      );
    }
    expect(last!.statusCode).toBe(429);
    expect(retryAfter(last!)).toBeGreaterThan(59 * 60);
    expect(retryAfter(last!)).toBeLessThanOrEqual(3600);
  });

  it('forgot-password, per e-mail from any address', async () => {
    const account = await registerAccount(t.app);
    const statuses = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await post('/api/auth/forgot-password', { email: account.email }, `203.0.113.${70 + i}`);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(retryAfter(last!)).toBeGreaterThan(0);
  });

  it('forgot-password, per address across e-mails', async () => {
    const statuses = [];
    let last;
    for (let i = 0; i < 21; i++) {
      last = await post('/api/auth/forgot-password', { email: `someone${i}@example.org` }, '203.0.113.80');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(retryAfter(last!)).toBeGreaterThan(0);
  });

  it('resend-verification', async () => {
    const account = await registerAccount(t.app);
    let last;
    for (let i = 0; i < 6; i++) last = await post('/api/auth/resend-verification', undefined, '203.0.113.90', account.headers);
    expect(last!.statusCode).toBe(429);
    expect(retryAfter(last!)).toBeGreaterThan(0);
  });

  it('change-password: a wrong current password five times makes the next wait', async () => {
    const account = await registerAccount(t.app);
    const change = (currentPassword: string) =>
      post('/api/auth/change-password', { currentPassword, newPassword: 'changed-pass-1' }, '203.0.113.91', account.headers);
    for (let i = 0; i < 5; i++) expect((await change(`not-it-${i}`)).statusCode).toBe(400);
    const limited = await change(account.password);
    expect(limited.statusCode).toBe(429);
    expect(retryAfter(limited)).toBeGreaterThan(0);
  });
});

describe('no usable link at rest or in the log', () => {
  it('keeps the outbox body sealed, bound to its row', async () => {
    const account = await registerAccount(t.app);
    const token = await linkToken(account.email, 'verify-email');
    const rows = await t.ctx.database.db.selectFrom('emailOutbox').selectAll().where('toAddress', '=', account.email).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.textBody).toBeNull();
    expect(await readOutboxMessage(t.ctx.database, 'some-other-secret-of-at-least-32-characters', rows[0]!.id)).toBeNull();
  });

  it('logs that an e-mail was queued, not its link, unless MAIL_LOG_LINKS asks for it', async () => {
    const account = await registerAccount(t.app);
    const token = await linkToken(account.email, 'verify-email');
    const { id: outboxId } = await t.ctx.database.db
      .selectFrom('emailOutbox')
      .select('id')
      .where('toAddress', '=', account.email)
      .executeTakeFirstOrThrow();
    const runJob = async (mailLogLinks: boolean) => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const log = pino({ level: 'trace' }, sink);
      await sendEmailJob.handle(
        { outboxId },
        {
          ...t.ctx,
          config: { ...t.ctx.config, smtpUrl: undefined, mailLogLinks },
          log,
          attempt: { retryCount: 0, retryLimit: 0, isLast: true },
          queue: t.ctx.queue,
        },
      );
      return lines.join('');
    };

    const quiet = await runJob(false);
    expect(quiet).toContain(outboxId);
    expect(quiet).toContain(account.email);
    expect(quiet).toContain('E-mail queued');
    expect(quiet).not.toContain(token);

    expect(await runJob(true)).toContain(token);
  });

  it('empties the body once the SMTP server has accepted it', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push(body);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    const worker = await startTestApp({ work: true, env: { SMTP_URL: smtpUrl } });
    try {
      const account = await registerAccount(worker.app);
      const deadline = Date.now() + 15_000;
      let row;
      while (
        !(row = await worker.ctx.database.db
          .selectFrom('emailOutbox')
          .selectAll()
          .where('toAddress', '=', account.email)
          .where('sentAt', 'is not', null)
          .executeTakeFirst())
      ) {
        if (Date.now() > deadline) throw new Error('the e-mail was not sent');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const mail = received.find((body) => body.includes(account.email))!.replace(/=\r?\n/g, '');
      const token = /verify-email\?token=3D([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
      expect(token).toBeDefined();
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row).toMatchObject({ sealedBody: null, textBody: null });
    } finally {
      await worker.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
