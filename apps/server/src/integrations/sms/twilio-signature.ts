import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio signs each webhook it posts (status callbacks, inbound messages) in the `X-Twilio-Signature` header
 * (twilio.com/docs/usage/webhooks/webhooks-security): base64 of HMAC-SHA1, keyed with the account's auth token, over
 * the full URL Twilio posted to followed by every POST parameter's name and value, in the names' sorted order.
 */

/**
 * The signature Twilio would send for a form post of `params` to `url`. `url` must be exactly the one Twilio was
 * given, query string included: behind a proxy, the public URL, not the one the server saw.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  // Twilio sorts the names by plain code-unit order, which is what sort() does without a comparator.
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** Whether `signatureHeader` is Twilio's signature of this post; compared in constant time, so a guess learns nothing. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signatureHeader: string | null | undefined,
): boolean {
  if (!signatureHeader) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'utf8');
  const given = Buffer.from(signatureHeader, 'utf8');
  // timingSafeEqual throws on different lengths; a signature of another length is simply wrong.
  return expected.length === given.length && timingSafeEqual(expected, given);
}
