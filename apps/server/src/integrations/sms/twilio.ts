import type { OutsideAnswer, OutsideRequest } from '@murimi/core';
import {
  createSmsProvider,
  deliveryStatusOf,
  inboundOf,
  messageRefusedError,
  parsedJsonObject,
  unreadableAnswerError,
  type InboundSms,
  type SmsDeliveryReport,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsProviderDependencies,
  type SmsProviderIdentity,
  type OutgoingSms,
  type SentSmsFound,
  type SmsSendOptions,
  type SmsSendResult,
} from './sms-provider.ts';

/**
 * Twilio's Programmable Messaging API (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * twilio.com/docs/messaging/api/message-resource), and the form posts Twilio makes for status callbacks and inbound
 * messages. Twilio signs those posts (`X-Twilio-Signature`, see twilio-signature.ts).
 */

export interface TwilioSettings {
  /** `AC…`. */
  accountSid: string;
  /** With the account sid, HTTP Basic auth; never logged. */
  authToken: string;
  /** An E.164 Twilio number, or a messaging service sid (`MG…`) that picks the number itself. */
  from: string;
  /** `https://api.twilio.com`. */
  apiUrl: string;
  /** Time allowed for one attempt, answer included. */
  timeoutMs: number;
}

const twilio: SmsProviderIdentity = { name: 'twilio', displayName: 'Twilio' };

/**
 * A 4xx: `{"code": 21211, "message": "The 'To' number … is not a valid phone number.", "more_info": …, "status": 400}`;
 * null for a body of another shape (a proxy's page), which the shared code quotes.
 */
function readRefusal(responseText: string): { providerCode: string; text: string } | null {
  const body = parsedJsonObject(responseText);
  return typeof body?.code === 'number' && typeof body.message === 'string'
    ? { providerCode: String(body.code), text: `${body.message} (error ${body.code})` }
    : null;
}

/** The status of a message Twilio has just accepted. */
const acceptedStatuses: Record<string, SmsSendResult['status']> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sent',
  sent: 'sent',
};

/** `MessageStatus` of a status callback. `accepted`: a messaging service has it, but has not yet picked a number. */
const deliveryStatuses: Record<string, SmsDeliveryStatus> = {
  accepted: 'queued',
  queued: 'queued',
  scheduled: 'queued',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

/**
 * Twilio's words for the error codes a status callback carries most often (twilio.com/docs/api/errors); the
 * callback itself gives only the number.
 */
const deliveryErrorWords: Record<string, string> = {
  '21610': 'the recipient has unsubscribed (replied STOP)',
  '30003': 'unreachable destination handset',
  '30004': 'message blocked',
  '30005': 'unknown destination handset',
  '30006': 'landline or unreachable carrier',
  '30007': 'filtered by the carrier',
  '30008': 'unknown error',
};

/** The Twilio adapter. A message's status callbacks go to `statusCallbackUrl` when `send` is given one. */
export function createTwilioProvider({ settings, ...dependencies }: { settings: TwilioSettings } & SmsProviderDependencies): SmsProvider {
  return createSmsProvider(
    {
      ...twilio,
      timeoutMs: settings.timeoutMs,
      requestFor: (message, options) => messagesRequest(settings, message.to, message.body, options),
      readAnswer: readSendAnswer,
      lookup: { requestFor: (message) => sentMessagesRequest(settings, message.to), readAnswer: readSentMessages },
      readRefusal,
      parseDeliveryReport: parseTwilioDeliveryReport,
      parseInbound: parseTwilioInbound,
    },
    dependencies,
  );
}

function messagesRequest(settings: TwilioSettings, to: string, body: string, options: SmsSendOptions): OutsideRequest {
  const form = new URLSearchParams({ To: to, Body: body });
  // A messaging service picks the sending number (and handles STOP) itself; it is named instead of a From.
  form.set(settings.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', settings.from);
  if (options.statusCallbackUrl) form.set('StatusCallback', options.statusCallbackUrl);
  return {
    method: 'POST',
    url: `${accountUrl(settings)}/Messages.json`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: basicAuth(settings) },
    body: form.toString(),
  };
}

/**
 * The latest messages of the account to one number (`GET …/Messages.json?To=…`, newest first). Not filtered by
 * `DateSent`: a message Twilio has accepted but not yet sent (queued behind a messaging service) has no date sent and
 * would be missed, so the date it was created is compared here instead.
 */
function sentMessagesRequest(settings: TwilioSettings, to: string): OutsideRequest {
  const query = new URLSearchParams({ To: to, PageSize: String(LOOKUP_PAGE_SIZE) });
  if (!settings.from.startsWith('MG')) query.set('From', settings.from);
  return {
    method: 'GET',
    url: `${accountUrl(settings)}/Messages.json?${query.toString()}`,
    headers: { accept: 'application/json', authorization: basicAuth(settings) },
  };
}

/** Messages to one number read back when looking for one: far more than a farmer gets in the minutes that matter. */
const LOOKUP_PAGE_SIZE = 50;
/** Twilio's clock and ours may differ a little: a message created up to this long before `since` still counts. */
const CLOCK_SKEW_MS = 60_000;

/** `{"messages": [{"sid": "SM…", "to": "+263…", "body": "…", "direction": "outbound-api", "date_created": "Thu, 26 Nov 2026 02:20:05 +0000"}, …]}`. */
function readSentMessages(answer: OutsideAnswer, message: Pick<OutgoingSms, 'to' | 'body'>, since: Date): SentSmsFound | null {
  const messages = parsedJsonObject(answer.text)?.messages;
  if (!Array.isArray(messages)) throw unreadableAnswerError(twilio, answer, 'without a list of messages we can read', 'unavailable');
  for (const candidate of messages as Record<string, unknown>[]) {
    const created = typeof candidate.date_created === 'string' ? Date.parse(candidate.date_created) : Number.NaN;
    if (
      typeof candidate.sid === 'string' &&
      candidate.to === message.to &&
      candidate.body === message.body &&
      String(candidate.direction).startsWith('outbound') &&
      created >= since.getTime() - CLOCK_SKEW_MS
    ) {
      return { providerMessageId: candidate.sid };
    }
  }
  return null;
}

function accountUrl(settings: TwilioSettings): string {
  return `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}`;
}

function basicAuth(settings: TwilioSettings): string {
  return `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
}

/** `{"sid": "SM…", "status": "queued", "error_code": null, …}`: the created message. */
function readSendAnswer(answer: OutsideAnswer): SmsSendResult {
  const body = parsedJsonObject(answer.text);
  const sid = body?.sid;
  const status = typeof body?.status === 'string' ? acceptedStatuses[body.status] : undefined;
  if (typeof sid === 'string' && sid !== '' && status) return { providerMessageId: sid, status };
  if (typeof sid === 'string' && (body?.status === 'failed' || body?.status === 'undelivered')) {
    // Created but failed at once; the error code says why (e.g. 30007, filtered).
    const providerCode = body.error_code === null || body.error_code === undefined ? null : String(body.error_code);
    throw messageRefusedError(twilio, answer, {
      kind: 'rejected',
      providerCode,
      text: providerCode === null ? body.status : `${body.status} (error ${providerCode})`,
    });
  }
  throw unreadableAnswerError(twilio, answer, 'without a message sid and status we can read');
}

/**
 * A status callback Twilio posts: `MessageSid`, `MessageStatus`, and `ErrorCode` (with `ErrorMessage` at times)
 * when it failed, beside `To`, `From` and `AccountSid`. Null for any other form, an inbound message included.
 */
export function parseTwilioDeliveryReport(form: Record<string, string>): SmsDeliveryReport | null {
  const delivery = deliveryStatusOf(form, { id: 'MessageSid', status: 'MessageStatus' }, deliveryStatuses);
  if (delivery === null) return null;
  return {
    providerMessageId: delivery.providerMessageId,
    status: delivery.status,
    reason: errorInWords(form.ErrorCode?.trim() || null, form.ErrorMessage?.trim() || null),
  };
}

function errorInWords(errorCode: string | null, errorMessage: string | null): string | null {
  if (errorCode === null) return errorMessage;
  const words = errorMessage ?? deliveryErrorWords[errorCode];
  return words ? `${words} (error ${errorCode})` : `error ${errorCode}`;
}

/**
 * An inbound message Twilio posts: `MessageSid`, `From`, `To`, `Body`, `AccountSid`, with `NumMedia`, the sender's
 * location and more beside. Null for any other form, a status callback included (it has no `Body`).
 */
export function parseTwilioInbound(form: Record<string, string>): InboundSms | null {
  return inboundOf(form, { from: 'From', to: 'To', text: 'Body', id: 'MessageSid' });
}
