import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

/** One browser log entry as the web app's logger writes it. */
function entry(overrides: Record<string, unknown> = {}) {
  return {
    timestamp: '2026-11-30T06:15:00.000Z',
    severity: 'ERROR',
    message: 'Saving the field failed',
    service: { name: 'murimi-web', version: '1.0.0' },
    labels: { screen: 'field-setup' },
    browser: { userAgent: 'Mozilla/5.0 (Linux; Android 10; itel A56)', language: 'en-ZW', online: true, viewport: '390x844' },
    page: { url: 'http://localhost:3000/fields/new', referrer: '', title: 'Add a field' },
    sessionId: 'session-0001',
    ...overrides,
  };
}

describe('POST /api/logs', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let account: TestAccount;
  let lines: Record<string, unknown>[] = [];
  let address = 0;

  beforeAll(async () => {
    test = await startTestApp();
    account = await registerAccount(test.app);
    app = await buildApp(
      { ...test.ctx, config: { ...test.ctx.config, logLevel: 'debug' } },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await test?.close();
  });
  beforeEach(() => {
    lines = [];
    address += 1;
  });

  const post = (logs: unknown[], options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/logs',
      remoteAddress: options.remoteAddress ?? `198.51.100.${address}`,
      headers: options.headers ?? {},
      payload: { logs },
    });
  const browserLines = () => lines.filter((line) => line.source === 'browser');

  it('writes one line per entry at the entry’s level, with the person and organisation of a valid token', async () => {
    const response = await post([entry({ severity: 'INFO', message: 'Opened the map' }), entry({ severity: 'CRITICAL' })], {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: 2 } });
    const written = browserLines();
    expect(written.map((line) => [line.level, line.msg])).toEqual([
      [30, 'Opened the map'],
      [60, 'Saving the field failed'],
    ]);
    expect(written[0]).toMatchObject({
      severity: 'INFO',
      userId: account.userId,
      orgId: account.orgId,
      sessionId: 'session-0001',
      clientTime: '2026-11-30T06:15:00.000Z',
      service: { name: 'murimi-web', version: '1.0.0' },
      page: { url: 'http://localhost:3000/fields/new' },
      reqId: expect.any(String),
    });
  });

  it('takes entries without a token (a public page, a beacon) and ignores a token that does not verify', async () => {
    expect((await post([entry()])).statusCode).toBe(202);
    expect((await post([entry()], { headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(202);
    expect(browserLines().map((line) => [line.userId, line.orgId])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('never writes a token, password, e-mail address or phone number it was sent, wherever it was in the entry', async () => {
    const secrets = {
      jwt: account.token,
      password: 'hunter2-maize',
      email: account.email,
      phone: '+263 77 123 4567',
      resetToken: 'Zk3x9QpLm2',
    };
    const response = await post([
      entry({
        message: `Sign-in with ${secrets.email} / password=${secrets.password} failed; Bearer ${secrets.jwt}`,
        stack: `Error: SMS to ${secrets.phone}\n    at send (app.js:1:2)`,
        page: { url: `http://localhost:3000/reset-password?token=${secrets.resetToken}`, referrer: `mailto:${secrets.email}` },
        labels: { phone: secrets.phone },
        user: { id: account.userId },
        extra: { form: { password: secrets.password, note: `call ${secrets.phone}` }, headers: { Authorization: `Bearer ${secrets.jwt}` } },
      }),
    ]);
    expect(response.statusCode).toBe(202);
    const output = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(output).toContain('[redacted]');
    for (const secret of Object.values(secrets)) expect(output).not.toContain(secret);
    expect(output).not.toContain('771234567');
  });

  it.each([
    ['no entries', { logs: [] }, 400],
    ['101 entries', { logs: Array.from({ length: 101 }, () => entry({ severity: 'DEBUG' })) }, 400],
    ['an unknown severity', { logs: [entry({ severity: 'LOUD' })] }, 400],
    ['an entry without a session', { logs: [entry({ sessionId: undefined })] }, 400],
    ['a message of 2,001 characters', { logs: [entry({ message: 'x'.repeat(2_001) })] }, 400],
    ['too many extra facts', { logs: [entry({ extra: { blob: 'x'.repeat(5_000) } })] }, 400],
    ['a body over 64 KB', { logs: Array.from({ length: 40 }, () => entry({ message: 'x'.repeat(1_990), stack: 'y'.repeat(3_990) })) }, 413],
    ['something else than logs', { entries: [entry()] }, 400],
  ])('refuses %s with a sentence and writes nothing', async (_what, payload, status) => {
    const response = await app.inject({ method: 'POST', url: '/api/logs', remoteAddress: `198.51.100.${address}`, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toMatch(/\w+ \w+/);
    expect(browserLines()).toHaveLength(0);
  });

  it('refuses a session’s 31st batch in a minute with Retry-After, lets other sessions in, and takes it again a minute later', async () => {
    const session = { sessionId: 'session-chatty' };
    for (let batch = 0; batch < 30; batch++) expect((await post([entry(session)])).statusCode).toBe(202);
    const refused = await post([entry(session)]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many log entries from this browser. They are dropped for a minute.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post([entry({ sessionId: 'session-quiet' })])).statusCode).toBe(202);
    test.clock.offsetMs += 61_000;
    expect((await post([entry(session)])).statusCode).toBe(202);
  });

  it('refuses a session more than 1,000 entries a minute, counted across its batches', async () => {
    const session = { sessionId: 'session-looping', severity: 'DEBUG' };
    const hundred = Array.from({ length: 100 }, () => entry(session));
    for (let batch = 0; batch < 10; batch++) expect((await post(hundred)).statusCode).toBe(202);
    expect((await post([entry(session)])).statusCode).toBe(429);
  });

  it('refuses an address its 301st batch in a minute, whatever sessions it names, before reading the body', async () => {
    const remoteAddress = '203.0.113.7';
    for (let batch = 0; batch < 300; batch++) {
      expect((await post([entry({ sessionId: `session-${batch}-xyz` })], { remoteAddress })).statusCode).toBe(202);
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/api/logs',
      remoteAddress,
      payload: 'not even JSON',
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(429);
    expect((await post([entry({ sessionId: 'session-elsewhere' })], { remoteAddress: '203.0.113.8' })).statusCode).toBe(202);
  });

  it('counts the address a trusted proxy names (TRUST_PROXY), and the connection’s own address otherwise', async () => {
    const proxied = { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '41.60.1.2' } };
    const behindProxy = await buildApp(
      { ...test.ctx, config: { ...test.ctx.config, logLevel: 'info', trustProxy: ['10.0.0.0/8'] } },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
    try {
      await behindProxy.inject({ method: 'GET', url: '/api/health/live', ...proxied });
      await app.inject({ method: 'GET', url: '/api/health/live', ...proxied });
    } finally {
      await behindProxy.close();
    }
    const addresses = lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => (line.req as { remoteAddress: string }).remoteAddress);
    expect(addresses).toEqual(['41.60.1.2', '10.0.0.5']);
  });
});
