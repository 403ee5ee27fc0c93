import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAfricasTalkingProvider,
  parseAfricasTalkingDeliveryReport,
  parseAfricasTalkingInbound,
  type AfricasTalkingSettings,
} from './africas-talking.ts';
import { SmsSendError, type SmsProvider } from './sms-provider.ts';
import { startFakeAfricasTalking, type FakeSmsProvider } from './testing/fake-africas-talking.ts';
import { recordedWaits } from './testing/fake-sms-server.ts';

let fake: FakeSmsProvider;
beforeAll(async () => {
  fake = await startFakeAfricasTalking();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const apiKey = 'atsk_0123456789abcdef0123456789abcdef';
const message = { to: '+263771234567', body: 'Murimi: Kwacha 3 - heavy rain 60mm Thu', reference: 'outbox-42' };

function provider(settings: Partial<AfricasTalkingSettings> = {}, overrides: { fetch?: typeof fetch } = {}) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const { waits, dependencies } = recordedWaits(log);
  const sms: SmsProvider = createAfricasTalkingProvider({
    settings: { username: 'murimi', apiKey, senderId: undefined, apiUrl: fake.url, timeoutMs: 2_000, ...settings },
    ...dependencies,
    ...overrides,
  });
  return { sms, waits, log };
}

describe("Africa's Talking: sending", () => {
  it('posts the bulk messaging form with the apiKey header, and nothing more', async () => {
    const { sms } = provider();
    const result = await sms.send(message);
    expect(result).toEqual({ providerMessageId: expect.stringMatching(/^ATXid_/), status: 'sent' });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/version1/messaging' });
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers.accept).toBe('application/json');
    expect(request!.headers.apikey).toBe(apiKey);
    expect(request!.headers).not.toHaveProperty('authorization');
    expect(request!.form).toEqual({ username: 'murimi', to: '+263771234567', message: message.body });
  });

  it('sends from the configured sender id, and gives each message its own id', async () => {
    const { sms } = provider({ senderId: 'MURIMI' });
    const first = await sms.send(message);
    const second = await sms.send(message);
    expect(fake.requests[0]!.form).toEqual({ username: 'murimi', to: '+263771234567', message: message.body, from: 'MURIMI' });
    expect(first.providerMessageId).not.toBe(second.providerMessageId);
  });

  it('tries twice more after a 503, logging each retry with the number masked, then sends', async () => {
    fake.failNext(2, 503);
    const { sms, waits, log } = provider();
    const result = await sms.send(message);
    expect(result.status).toBe('sent');
    expect(fake.requests).toHaveLength(3);
    // Backoff of 0.5 s, then 1 s (the random share fixed at 0).
    expect(waits).toEqual([500, 1000]);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenNthCalledWith(
      1,
      { provider: 'africastalking', reference: 'outbox-42', to: '…567', attempt: 1, waitMs: 500, httpStatus: 503 },
      "Africa's Talking answered HTTP 503 Service Unavailable (attempt 1 of 3); trying again in 500 ms",
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it('gives up after three answers of 503 as unavailable, naming the status and the attempts', async () => {
    fake.failNext(3, 503);
    const { sms, log } = provider();
    const error = (await sms.send(message).catch((e: unknown) => e)) as SmsSendError;
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({ kind: 'unavailable', provider: 'africastalking', providerCode: null, httpStatus: 503, attempts: 3 });
    expect(error.message).toBe("Africa's Talking answered HTTP 503 Service Unavailable after 3 attempts");
    expect(fake.requests).toHaveLength(3);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ kind: 'unavailable', attempt: 3, to: '…567' }), error.message);
  });

  it('reports a recipient refused as InvalidPhoneNumber as rejected, with its code, and does not retry', async () => {
    fake.rejectNext(403);
    const { sms, waits, log } = provider();
    const error = (await sms.send(message).catch((e: unknown) => e)) as SmsSendError;
    expect(error).toMatchObject({ kind: 'rejected', providerCode: '403', attempts: 1 });
    expect(error.message).toBe("Africa's Talking refused the message: InvalidPhoneNumber (status 403)");
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it.each([
    [406, 'rejected', 'UserInBlacklist'],
    [405, 'rejected', 'InsufficientBalance'],
    [402, 'rejected', 'InvalidSenderId'],
    [501, 'unavailable', 'GatewayError'],
  ] as const)('maps recipient status %i to %s', async (statusCode, kind, statusText) => {
    fake.rejectNext(statusCode);
    const error = await provider()
      .sms.send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind, providerCode: String(statusCode) });
    expect((error as Error).message).toContain(statusText);
    expect(fake.requests).toHaveLength(1);
  });

  it("rejects what Africa's Talking refuses with a 4xx, in its own words", async () => {
    const error = await provider({ apiKey: '' })
      .sms.send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', httpStatus: 401, providerCode: null, attempts: 1 });
    expect((error as Error).message).toBe(
      "Africa's Talking refused the message with HTTP 401 Unauthorized: The supplied authentication is invalid",
    );
  });

  it("reads the recipient's status from a 4xx answer that has one", async () => {
    const refused = JSON.stringify({
      SMSMessageData: { Message: 'Sent to 0/1', Recipients: [{ statusCode: 406, number: '+263771234567', status: 'UserInBlacklist' }] },
    });
    const error = await provider({}, { fetch: async () => new Response(refused, { status: 400, statusText: 'Bad Request' }) })
      .sms.send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', providerCode: '406', httpStatus: 400, attempts: 1 });
    expect((error as Error).message).toBe("Africa's Talking refused the message with HTTP 400 Bad Request: UserInBlacklist (status 406)");
  });

  it('calls an answer with no recipients unavailable (sent to nobody), quoting its start', async () => {
    const noRecipient = '{"SMSMessageData":{"Message":"InvalidSenderId","Recipients":[]}}';
    const unreadable = await provider({}, { fetch: async () => new Response(noRecipient, { status: 201 }) })
      .sms.send(message)
      .catch((e: unknown) => e);
    expect(unreadable).toMatchObject({ kind: 'unavailable', httpStatus: 201 });
    expect((unreadable as Error).message).toBe(
      `Africa's Talking answered HTTP 201 with no recipient we can read: "{"SMSMessageData":{"Message":"InvalidSenderId","Recipients":[]}}"`,
    );
  });

  it('calls a 2xx answer it cannot read unknown: the message may have been taken, so it is not sent again', async () => {
    let requests = 0;
    const gatewayPage: typeof fetch = async () => {
      requests++;
      return new Response('<html>OK</html>', { status: 200 });
    };
    const unreadable = await provider({}, { fetch: gatewayPage })
      .sms.send(message)
      .catch((e: unknown) => e);
    expect(unreadable).toMatchObject({ kind: 'unknown', httpStatus: 200, attempts: 1 });
    expect(requests).toBe(1);
  });

  it('cannot be asked which messages it took', () => {
    expect(provider().sms.findSent).toBeUndefined();
  });

  it('never logs the API key or the message text', async () => {
    fake.failNext(3, 500);
    const { sms, log } = provider();
    await sms.send(message).catch(() => undefined);
    const logged = JSON.stringify([log.warn.mock.calls, log.error.mock.calls]);
    expect(logged).not.toContain(apiKey);
    expect(logged).not.toContain('heavy rain');
    expect(logged).not.toContain('771234567');
  });
});

describe("Africa's Talking: callbacks", () => {
  // What the provider's methods do, without settings: a webhook can read a form whichever provider sends.
  const sms = { parseDeliveryReport: parseAfricasTalkingDeliveryReport, parseInbound: parseAfricasTalkingInbound };

  it("are the provider's own parsers", () => {
    const { sms: configured } = provider();
    expect(configured.parseDeliveryReport).toBe(parseAfricasTalkingDeliveryReport);
    expect(configured.parseInbound).toBe(parseAfricasTalkingInbound);
  });

  it.each([
    ['Sent', 'sent'],
    ['Submitted', 'sent'],
    ['Buffered', 'sent'],
    ['Success', 'delivered'],
    ['Rejected', 'failed'],
    ['Failed', 'failed'],
    ['AbsentSubscriber', 'failed'],
    ['Expired', 'failed'],
  ])('reads a delivery report with status %s as %s', (status, expected) => {
    expect(sms.parseDeliveryReport({ id: 'ATXid_1', status, phoneNumber: '+263771234567', networkCode: '64804' })).toMatchObject({
      providerMessageId: 'ATXid_1',
      status: expected,
    });
  });

  it('gives the failure reason of a failed delivery, or its status when none is given', () => {
    expect(
      sms.parseDeliveryReport({
        id: 'ATXid_2',
        status: 'Rejected',
        phoneNumber: '+263771234567',
        networkCode: '64804',
        failureReason: 'UserInBlacklist',
        retryCount: '0',
      }),
    ).toEqual({ providerMessageId: 'ATXid_2', status: 'failed', reason: 'UserInBlacklist' });
    expect(sms.parseDeliveryReport({ id: 'ATXid_3', status: 'Expired' })).toMatchObject({ reason: 'Expired' });
    expect(sms.parseDeliveryReport({ id: 'ATXid_4', status: 'Success' })).toMatchObject({ reason: null });
  });

  it('reads an inbound message', () => {
    const form = { from: '+263771234567', to: '24680', text: 'STOP', date: '2026-01-20 10:30:00', id: 'abc-123', linkId: 'link-9' };
    expect(sms.parseInbound(form)).toEqual({ from: '+263771234567', to: '24680', text: 'STOP', providerMessageId: 'abc-123' });
    expect(sms.parseDeliveryReport(form)).toBeNull();
  });

  it('returns null for forms that are neither', () => {
    expect(sms.parseDeliveryReport({})).toBeNull();
    expect(sms.parseDeliveryReport({ id: 'ATXid_1', status: 'Teleported' })).toBeNull();
    expect(sms.parseDeliveryReport({ MessageSid: 'SM1', MessageStatus: 'delivered' })).toBeNull();
    expect(sms.parseInbound({ id: 'ATXid_1', status: 'Success', phoneNumber: '+263771234567' })).toBeNull();
    expect(sms.parseInbound({ From: '+263771234567', Body: 'Hi' })).toBeNull();
  });
});
