import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from './twilio-signature.ts';

// The expected signatures were computed apart from this code, with Python's hmac, hashlib and base64:
//   base64.b64encode(hmac.new(token, url + ''.join(k + params[k] for k in sorted(params)), hashlib.sha1).digest())
// The first is also the worked example of Twilio's webhook security page.
const twilioExample = {
  authToken: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' },
  signature: '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
};
const statusCallback = {
  authToken: '0123456789abcdef0123456789abcdef',
  url: 'https://murimi.example/api/sms/twilio/status',
  params: {
    MessageSid: 'SM0123456789abcdef0123456789abcdef',
    MessageStatus: 'delivered',
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
    To: '+263771234567',
    From: '+15005550006',
    ApiVersion: '2010-04-01',
    SmsStatus: 'delivered',
  },
  signature: 'pHBgOLyMdlDg9wOq99xaf3gGxxg=',
};

describe('Twilio webhook signature', () => {
  it.each([
    ['Twilio’s documented example', twilioExample],
    ['a status callback', statusCallback],
  ])('matches a signature computed independently: %s', (_name, { authToken, url, params, signature }) => {
    expect(twilioSignature(authToken, url, params)).toBe(signature);
    expect(isValidTwilioSignature(authToken, url, params, signature)).toBe(true);
  });

  it('does not depend on the order the form fields came in', () => {
    const reversed = Object.fromEntries(Object.entries(statusCallback.params).reverse());
    expect(twilioSignature(statusCallback.authToken, statusCallback.url, reversed)).toBe(statusCallback.signature);
  });

  it('refuses a tampered URL, field, value, an added field, or another token', () => {
    const { authToken, url, params, signature } = statusCallback;
    expect(isValidTwilioSignature(authToken, 'https://murimi.example/api/sms/twilio/status?x=1', params, signature)).toBe(false);
    expect(isValidTwilioSignature(authToken, 'http://murimi.example/api/sms/twilio/status', params, signature)).toBe(false);
    expect(isValidTwilioSignature(authToken, url, { ...params, MessageStatus: 'failed' }, signature)).toBe(false);
    expect(isValidTwilioSignature(authToken, url, { ...params, ErrorCode: '30003' }, signature)).toBe(false);
    const { SmsStatus: _dropped, ...withoutOne } = params;
    expect(isValidTwilioSignature(authToken, url, withoutOne, signature)).toBe(false);
    expect(isValidTwilioSignature('fedcba9876543210fedcba9876543210', url, params, signature)).toBe(false);
  });

  it('refuses a missing, empty, truncated or longer header without throwing', () => {
    const { authToken, url, params, signature } = statusCallback;
    expect(isValidTwilioSignature(authToken, url, params, undefined)).toBe(false);
    expect(isValidTwilioSignature(authToken, url, params, null)).toBe(false);
    expect(isValidTwilioSignature(authToken, url, params, '')).toBe(false);
    expect(isValidTwilioSignature(authToken, url, params, signature.slice(0, -1))).toBe(false);
    expect(isValidTwilioSignature(authToken, url, params, `${signature}=`)).toBe(false);
    expect(isValidTwilioSignature(authToken, url, params, signature.toLowerCase())).toBe(false);
  });
});
