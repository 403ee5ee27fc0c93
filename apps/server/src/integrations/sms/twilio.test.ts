import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SmsSendError } from './sms-provider.ts';
import { recordedWaits } from './testing/fake-sms-server.ts';
import { startFakeTwilio, type FakeSmsProvider } from './testing/fake-twilio.ts';
import { createTwilioProvider, parseTwilioDeliveryReport, parseTwilioInbound, type TwilioSettings } from './twilio.ts';

const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'twilio-auth-token-0123456789abcdef';

let fake: FakeSmsProvider;
beforeAll(async () => {
  fake = await startFakeTwilio({ authToken });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const message = { to: '+263771234567', body: 'Murimi: Kwacha 3 - heavy rain 60mm Thu', reference: 'outbox-7' };

function twilio(settings: Partial<TwilioSettings> = {}, overrides: { fetch?: typeof fetch } = {}) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const { waits, dependencies } = recordedWaits(log);
  const sms = createTwilioProvider({
    settings: { accountSid, authToken, from: '+15005550006', apiUrl: fake.url, timeoutMs: 2_000, ...settings },
    ...dependencies,
    ...overrides,
  });
  return { sms, waits, log };
}

describe('Twilio: sending', () => {
  it('posts To, Body and From to the account’s Messages.json with Basic auth, and nothing more', async () => {
    const result = await twilio().sms.send(message);
    expect(result).toEqual({ providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${accountSid}/Messages.json` });
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
    expect(request!.form).toEqual({ To: '+263771234567', Body: message.body, From: '+15005550006' });
  });

  it('names a messaging service instead of a From, and passes the status callback URL', async () => {
    const messagingServiceSid = 'MG0123456789abcdef0123456789abcdef';
    const statusCallbackUrl = 'https://murimi.example/api/sms/twilio/status';
    const result = await twilio({ from: messagingServiceSid }).sms.send(message, { statusCallbackUrl });
    expect(result.status).toBe('queued');
    expect(fake.requests[0]!.form).toEqual({
      To: '+263771234567',
      Body: message.body,
      MessagingServiceSid: messagingServiceSid,
      StatusCallback: statusCallbackUrl,
    });
  });

  it('tries twice more after a 503 and sends, with the waits and retries logged', async () => {
    fake.failNext(2, 503);
    const { sms, waits, log } = twilio();
    const first = await sms.send(message);
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
    expect(log.warn.mock.calls.map(([context]) => context)).toEqual([
      { provider: 'twilio', reference: 'outbox-7', to: '…567', attempt: 1, waitMs: 500, httpStatus: 503 },
      { provider: 'twilio', reference: 'outbox-7', to: '…567', attempt: 2, waitMs: 1000, httpStatus: 503 },
    ]);
    const second = await sms.send(message);
    expect(second.providerMessageId).not.toBe(first.providerMessageId);
  });

  it('gives up after three answers of 503 as unavailable', async () => {
    fake.failNext(3, 503);
    const error = (await twilio()
      .sms.send(message)
      .catch((e: unknown) => e)) as SmsSendError;
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({ kind: 'unavailable', provider: 'twilio', httpStatus: 503, attempts: 3 });
    expect(error.message).toBe('Twilio answered HTTP 503 Service Unavailable after 3 attempts');
  });

  it('rejects a number not in E.164 form with error 21211, in Twilio’s words with the number masked, and does not retry', async () => {
    const { sms, waits, log } = twilio();
    const error = (await sms.send({ ...message, to: '0771234567' }).catch((e: unknown) => e)) as SmsSendError;
    expect(error).toMatchObject({ kind: 'rejected', providerCode: '21211', httpStatus: 400, attempts: 1 });
    expect(error.message).toBe(
      "Twilio refused the message with HTTP 400 Bad Request: The 'To' number …567 is not a valid phone number. (error 21211)",
    );
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ kind: 'rejected', providerCode: '21211' }), error.message);
  });

  it('rejects a recipient who replied STOP (21610)', async () => {
    fake.rejectNext(21610);
    const error = await twilio()
      .sms.send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', providerCode: '21610' });
    expect((error as Error).message).toContain('Attempt to send to unsubscribed recipient');
  });

  it('rejects wrong credentials with Twilio’s 20003, and never logs the token', async () => {
    const { sms, log } = twilio({ authToken: 'not-the-token' });
    const error = await sms.send(message).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', providerCode: '20003', httpStatus: 401 });
    const logged = JSON.stringify([log.warn.mock.calls, log.error.mock.calls, (error as Error).message]);
    expect(logged).not.toContain('not-the-token');
    expect(logged).not.toContain('heavy rain');
  });

  it("quotes a refusal that is not Twilio's JSON (a proxy's page), with no code", async () => {
    const proxyPage: typeof fetch = async () =>
      new Response('<html><body>403 Forbidden</body></html>', { status: 403, statusText: 'Forbidden' });
    const error = await twilio({}, { fetch: proxyPage })
      .sms.send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', providerCode: null, httpStatus: 403 });
    expect((error as Error).message).toBe('Twilio refused the message with HTTP 403 Forbidden: <html><body>403 Forbidden</body></html>');
  });

  it('does not send again a message whose attempt got no answer in time: its outcome is unknown', async () => {
    // A provider that never answers: the attempt ends at its timeout, and Twilio may have taken the message.
    let requests = 0;
    const neverAnswers: typeof fetch = (_url, init) => {
      requests++;
      return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    };
    const error = await twilio({ timeoutMs: 20 }, { fetch: neverAnswers })
      .sms.send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unknown', httpStatus: null, attempts: 1 });
    expect((error as Error).message).toBe('Twilio did not answer within 20 ms after 1 attempt');
    expect(requests).toBe(1);
  });

  it('does not send again a message whose answer was lost on the way, and finds it in the Messages list', async () => {
    const since = new Date(Date.now() - 1000);
    fake.dropAnswerNext();
    const { sms } = twilio();
    const error = await sms.send(message).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unknown', attempts: 1 });
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(1);

    const found = await sms.findSent!(message, since);
    expect(found?.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    const lookup = fake.requests.at(-1)!;
    expect(lookup.method).toBe('GET');
    expect(lookup.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json?To=%2B263771234567&PageSize=50&From=%2B15005550006`);
    // Another text, or a message older than the attempt, is not this one.
    expect(await sms.findSent!({ ...message, body: 'Murimi: something else' }, since)).toBeNull();
    expect(await sms.findSent!(message, new Date(Date.now() + 3_600_000))).toBeNull();
  });

  it('makes no attempt when the caller has already stopped, and says so as unavailable', async () => {
    const error = await twilio()
      .sms.send(message, { signal: AbortSignal.abort(new Error('shutting down')) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', attempts: 0 });
    expect((error as Error).message).toBe('Sending to Twilio was stopped by the caller after 0 attempts');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Twilio: callbacks', () => {
  const statusCallback = {
    MessageSid: 'SM0123456789abcdef0123456789abcdef',
    AccountSid: accountSid,
    From: '+15005550006',
    To: '+263771234567',
    ApiVersion: '2010-04-01',
  };

  it.each([
    ['accepted', 'queued'],
    ['queued', 'queued'],
    ['scheduled', 'queued'],
    ['sending', 'sent'],
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['read', 'delivered'],
    ['undelivered', 'failed'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
  ])('reads a status callback with MessageStatus %s as %s', (messageStatus, expected) => {
    expect(parseTwilioDeliveryReport({ ...statusCallback, MessageStatus: messageStatus, SmsStatus: messageStatus })).toEqual({
      providerMessageId: statusCallback.MessageSid,
      status: expected,
      reason: null,
    });
  });

  it('gives a failed delivery’s error code in words', () => {
    expect(parseTwilioDeliveryReport({ ...statusCallback, MessageStatus: 'undelivered', ErrorCode: '30003' })).toMatchObject({
      status: 'failed',
      reason: 'unreachable destination handset (error 30003)',
    });
    expect(
      parseTwilioDeliveryReport({ ...statusCallback, MessageStatus: 'failed', ErrorCode: '30410', ErrorMessage: 'Provider Timeout Error' }),
    ).toMatchObject({ reason: 'Provider Timeout Error (error 30410)' });
    expect(parseTwilioDeliveryReport({ ...statusCallback, MessageStatus: 'failed', ErrorCode: '30999' })).toMatchObject({
      reason: 'error 30999',
    });
  });

  it('reads an inbound message, which is not a status callback', () => {
    const inbound = {
      MessageSid: 'SMfedcba9876543210fedcba9876543210',
      SmsSid: 'SMfedcba9876543210fedcba9876543210',
      AccountSid: accountSid,
      From: '+263771234567',
      To: '+15005550006',
      Body: 'STOP',
      NumMedia: '0',
      SmsStatus: 'received',
    };
    expect(parseTwilioInbound(inbound)).toEqual({
      from: '+263771234567',
      to: '+15005550006',
      text: 'STOP',
      providerMessageId: inbound.MessageSid,
    });
    expect(parseTwilioDeliveryReport(inbound)).toBeNull();
    expect(parseTwilioInbound({ ...statusCallback, MessageStatus: 'delivered' })).toBeNull();
  });

  it('returns null for forms that are neither, and the provider uses these parsers', () => {
    expect(parseTwilioDeliveryReport({})).toBeNull();
    expect(parseTwilioDeliveryReport({ ...statusCallback, MessageStatus: 'teleported' })).toBeNull();
    expect(parseTwilioDeliveryReport({ id: 'ATXid_1', status: 'Success' })).toBeNull();
    expect(parseTwilioInbound({ from: '+263771234567', text: 'Hi' })).toBeNull();
    const { sms } = twilio();
    expect(sms.parseDeliveryReport).toBe(parseTwilioDeliveryReport);
    expect(sms.parseInbound).toBe(parseTwilioInbound);
  });
});
