import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, startTestApp, type TestApp } from '../../../test/harness.ts';
import { readOutboxMessage } from '../../mail/mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>, remoteAddress = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
const login = (email: string, password: string, remoteAddress = '198.51.100.8') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
/** The e-mails queued for `email`, newest first, each with its text as the send-email job reads it. */
async function outboxFor(email: string) {
  const rows = await t.ctx.database.db
    .selectFrom('emailOutbox')
    .select(['id', 'subject'])
    .where('toAddress', '=', email)
    .orderBy('createdAt', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({ ...row, text: (await readOutboxMessage(t.ctx.database, t.ctx.config.jwtSecret, row.id)) ?? '' })),
  );
}
const tokenFromLink = (text: string, path: string) => new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

describe('register', () => {
  it('creates an account with its own organisation and answers a token and the user', async () => {
    const response = await register({
      email: '  Tendai.Moyo@Example.ORG ',
      password: 'tobacco-2026',
      name: 'Tendai Moyo',
      phone: '+263 77 123 4567',
      country: 'zw',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.access_token).toMatch(/^ey/);
    expect(body.user).toMatchObject({
      email: 'tendai.moyo@example.org',
      name: 'Tendai Moyo',
      phone: '+263771234567',
      country: 'ZW',
      emailVerified: false,
      organisation: { name: 'Tendai Moyo', role: 'owner' },
    });
    const payload = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(24 * 3600);
    expect(payload.email).toBe('tendai.moyo@example.org');
  });

  it('answers 409 for an e-mail already registered, whatever its case', async () => {
    await register({ email: 'dup@example.org', password: 'groundnut-1', name: 'A', country: 'ZM' });
    const second = await register({ email: 'DUP@example.org', password: 'groundnut-2', name: 'B', country: 'ZM' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('EMAIL_TAKEN');
  });

  it.each([
    [{ email: 'not-an-email', password: 'long-enough-1', name: 'A', country: 'ZW' }, 'valid e-mail'],
    [{ email: 'a@example.org', password: 'short', name: 'A', country: 'ZW' }, 'at least 8'],
    [{ email: 'a@example.org', password: '12345678901', name: 'A', country: 'ZW' }, 'only digits'],
    [{ email: 'a@example.org', password: 'long-enough-1', name: '', country: 'ZW' }, 'name is required'],
    [{ email: 'a@example.org', password: 'long-enough-1', name: 'A', country: 'Zimbabwe' }, 'two-letter'],
    [{ email: 'a@example.org', password: 'long-enough-1', name: 'A', country: 'ZW', role: 'admin' }, 'Unknown field: role'],
    [{ email: 'a@example.org', password: 'long-enough-1', country: 'ZW' }, 'name is required'],
  ])('answers 400 with a message for %j', async (payload, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.message.toLowerCase()).toContain(message.toLowerCase());
  });

  it('answers 429 to a flood of registrations from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await register(
        { email: `flood${i}@example.org`, password: 'flood-pass-1', name: 'F', country: 'MW' },
        '203.0.113.99',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const last = await register({ email: 'flood-x@example.org', password: 'flood-pass-1', name: 'F', country: 'MW' }, '203.0.113.99');
    expect(last.json().error.message).toBe('Too many registration attempts. Please wait a moment and try again.');
  });
});

describe('login, me, logout, refresh', () => {
  it('signs in with the right password, in any e-mail case', async () => {
    const account = await registerAccount(t.app);
    const response = await login(account.email.toUpperCase(), account.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(account.userId);
  });

  it('answers 401 with the spec text for a wrong password or an unknown e-mail', async () => {
    const account = await registerAccount(t.app);
    for (const response of [await login(account.email, 'wrong-password'), await login('nobody@example.org', 'whatever-1')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password. Please check your credentials and try again.',
      });
    }
  });

  it('answers 429 with Retry-After after 5 failed logins to one account, and takes the right password once the wait is over', async () => {
    const account = await registerAccount(t.app);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(account.email, 'wrong-password', '198.51.100.50')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password waits, from any address without a device token of this account…
    const waiting = await login(account.email, account.password, '198.51.100.51');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error.message).toBe('Too many login attempts. Please wait a moment and try again.');
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(30);
    // …but only for a while: a backoff, not a lock-out.
    t.clock.offsetMs = 31_000;
    expect((await login(account.email, account.password, '198.51.100.50')).statusCode).toBe(200);
    t.clock.offsetMs = 0;
  });

  it('answers 400 for a body without a password', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.org' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('password is required.');
  });

  it('reads the signed-in user, and refuses a missing, forged or expired token', async () => {
    const account = await registerAccount(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(account.userId);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = account.token.slice(0, -4) + 'AAAA';
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(
      401,
    );
    t.clock.offsetMs = 25 * 3600_000;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers })).statusCode).toBe(401);
    t.clock.offsetMs = 0;
  });

  it('updates the profile: name, phone and country, not the e-mail', async () => {
    const account = await registerAccount(t.app);
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: account.headers,
      payload: { name: 'Chipo Banda', phone: '+260 97 111 2222', country: 'zm' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Chipo Banda', phone: '+260971112222', country: 'ZM', email: account.email });
    const cleared = await t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: account.headers, payload: { phone: null } });
    expect(cleared.json().data).toMatchObject({ name: 'Chipo Banda', phone: null });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: account.headers,
      payload: { email: 'new@example.org' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Unknown field: email.');
  });

  it('revokes the token on logout', async () => {
    const account = await registerAccount(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: account.headers });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.message).toBe('Your session has expired. Please log in again.');
  });

  it('answers 401 to refresh: sessions are not refreshed', async () => {
    const account = await registerAccount(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: account.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('e-mail verification', () => {
  it('sends a link that verifies the address once', async () => {
    const account = await registerAccount(t.app);
    const [mail] = await outboxFor(account.email);
    expect(mail?.subject).toBe('Confirm your e-mail address for Murimi');
    const token = tokenFromLink(mail!.text, 'verify-email');
    expect(token).toBeDefined();
    // Only a hash is stored.
    const stored = await t.ctx.database.db.selectFrom('userTokens').select('tokenHash').where('userId', '=', account.userId).execute();
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.emailVerified).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link', async () => {
    const account = await registerAccount(t.app);
    const token = tokenFromLink((await outboxFor(account.email))[0]!.text, 'verify-email');
    t.clock.offsetMs = 49 * 3600_000;
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    t.clock.offsetMs = 0;
    expect(response.statusCode).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const account = await registerAccount(t.app);
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: account.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody-here@example.org' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await outboxFor(account.email)).map((m) => m.subject)).toContain('Reset your Murimi password');
    expect(await outboxFor('nobody-here@example.org')).toHaveLength(0);
  });

  it('resets the password once with the mailed link and ends older sessions', async () => {
    const account = await registerAccount(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: account.email } });
    const mail = (await outboxFor(account.email)).find((m) => m.subject.startsWith('Reset'))!;
    const token = tokenFromLink(mail.text, 'reset-password');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'new-password-77' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.emailVerified).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers })).statusCode).toBe(401);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, 'new-password-77')).statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'another-pass-88' } });
    expect(reused.statusCode).toBe(400);
  });

  it('changes the password with the current one and keeps this session going', async () => {
    const account = await registerAccount(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: account.headers,
      payload: { currentPassword: 'nope-nope', newPassword: 'changed-pass-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].path).toBe('currentPassword');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: account.headers,
      payload: { currentPassword: account.password, newPassword: 'changed-pass-1' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${changed.json().access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: fresh })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers })).statusCode).toBe(401);
  });
});
