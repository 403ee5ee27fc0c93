import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsConfig } from '../../config.ts';
import { configuredSmsProvider, smsProviderFor } from './sms-providers.ts';
import { startFakeAfricasTalking, type FakeSmsProvider } from './testing/fake-africas-talking.ts';
import { startFakeTwilio } from './testing/fake-twilio.ts';

let fakeAfricasTalking: FakeSmsProvider;
let fakeTwilio: FakeSmsProvider;
let config: SmsConfig;
beforeAll(async () => {
  [fakeAfricasTalking, fakeTwilio] = await Promise.all([startFakeAfricasTalking(), startFakeTwilio()]);
  config = {
    provider: 'africastalking',
    timeoutMs: 2_000,
    allowedCountries: ['ZW'],
    codesPerAccountPerDay: 10,
    codesPerHour: 300,
    africasTalking: {
      username: 'murimi',
      apiKey: 'atsk_key',
      senderId: undefined,
      apiUrl: fakeAfricasTalking.url,
      callbackSecret: 'a-callback-secret-of-24-characters',
    },
    twilio: { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'token', from: '+15005550006', apiUrl: fakeTwilio.url },
  };
});
afterAll(() => Promise.all([fakeAfricasTalking.close(), fakeTwilio.close()]));

const message = { to: '+263771234567', body: 'Mvura yakawanda', reference: 'outbox-1' };

describe('SMS provider from the settings', () => {
  it('is none when SMS_PROVIDER is none', () => {
    expect(smsProviderFor({ ...config, provider: null })).toBeNull();
  });

  it('sends through the configured provider, with its settings', async () => {
    const africasTalking = smsProviderFor(config);
    expect(africasTalking?.name).toBe('africastalking');
    await africasTalking!.send(message);
    expect(fakeAfricasTalking.requests.at(-1)!.form.username).toBe('murimi');

    const twilio = smsProviderFor({ ...config, provider: 'twilio' });
    expect(twilio?.name).toBe('twilio');
    await twilio!.send(message);
    expect(fakeTwilio.requests.at(-1)!.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json');
  });

  it('gives the other provider too, for its webhooks, when its credentials are set', () => {
    expect(configuredSmsProvider(config, 'twilio')?.name).toBe('twilio');
    expect(configuredSmsProvider({ ...config, twilio: null }, 'twilio')).toBeNull();
  });
});
