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
  type SmsSendResult,
} from './sms-provider.ts';

/**
 * Africa's Talking's bulk SMS API (`POST /version1/messaging`, developers.africastalking.com/docs/sms/sending/bulk),
 * and the form posts it makes to our callback URLs for delivery reports and inbound messages. Africa's Talking
 * does not sign its callbacks: the URLs it is given carry a secret of ours instead (`AFRICASTALKING_CALLBACK_SECRET`).
 */

export interface AfricasTalkingSettings {
  /** The app's username; `sandbox` for the sandbox. */
  username: string;
  /** Sent in the `apiKey` header; never logged. */
  apiKey: string;
  /** An approved alphanumeric sender id or short code; unset: Africa's Talking's shared one. */
  senderId: string | undefined;
  /** `https://api.africastalking.com`, or `https://api.sandbox.africastalking.com` for the sandbox. */
  apiUrl: string;
  /** Time allowed for one attempt, answer included. */
  timeoutMs: number;
}

const africasTalking: SmsProviderIdentity = { name: 'africastalking', displayName: "Africa's Talking" };

/**
 * A recipient's `statusCode` in the send answer: 100–102 accepted; 401–407 refused for good (the status text names
 * why); 500–502 Africa's Talking's or the gateway's failure, which a later try may get past.
 */
const acceptedRecipientStatuses: Record<number, SmsSendResult['status']> = { 100: 'queued', 101: 'sent', 102: 'queued' };
const rejectedRecipientStatuses = new Set([401, 402, 403, 404, 405, 406, 407]);

/** The `status` of a delivery report. Sent, Submitted and Buffered: on its way (with the operator, or held for a phone that is off). */
const deliveryStatuses: Record<string, SmsDeliveryStatus> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Rejected: 'failed',
  Failed: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
};

/** The Africa's Talking adapter. Its delivery reports go to the callback URL set in the Africa's Talking dashboard. */
export function createAfricasTalkingProvider({
  settings,
  ...dependencies
}: { settings: AfricasTalkingSettings } & SmsProviderDependencies): SmsProvider {
  return createSmsProvider(
    {
      ...africasTalking,
      timeoutMs: settings.timeoutMs,
      // Africa's Talking takes no callback URL per message: it is set once, in the dashboard.
      requestFor: (message) => messagingRequest(settings, message.to, message.body),
      readAnswer: readSendAnswer,
      readRefusal,
      parseDeliveryReport: parseAfricasTalkingDeliveryReport,
      parseInbound: parseAfricasTalkingInbound,
    },
    dependencies,
  );
}

function messagingRequest(settings: AfricasTalkingSettings, to: string, body: string): OutsideRequest {
  const form = new URLSearchParams({ username: settings.username, to, message: body });
  if (settings.senderId) form.set('from', settings.senderId);
  return {
    method: 'POST',
    url: `${settings.apiUrl.replace(/\/+$/, '')}/version1/messaging`,
    // Without `Accept: application/json`, Africa's Talking answers in XML.
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', apiKey: settings.apiKey },
    body: form.toString(),
  };
}

interface Recipient {
  statusCode?: unknown;
  status?: unknown;
  messageId?: unknown;
}

/** `{"SMSMessageData":{"Message":"Sent to 1/1 Total Cost: …","Recipients":[{"statusCode":101,"status":"Success",…}]}}`: the recipients. */
function recipientsOf(responseText: string): unknown[] | null {
  const recipients = (parsedJsonObject(responseText)?.SMSMessageData as { Recipients?: unknown } | undefined)?.Recipients;
  return Array.isArray(recipients) ? recipients : null;
}

/** The one recipient of an answer; null when it has none we can read. */
function recipientOf(responseText: string): Recipient | null {
  const recipient = recipientsOf(responseText)?.[0];
  return typeof recipient === 'object' && recipient !== null ? recipient : null;
}

/** A recipient that was not sent to: its code and status text ("InvalidPhoneNumber (status 403)"). */
function recipientRefusal(statusCode: number, status: unknown): { providerCode: string; text: string } {
  const statusText = typeof status === 'string' && status !== '' ? status : 'no status text';
  return { providerCode: String(statusCode), text: `${statusText} (status ${statusCode})` };
}

function readSendAnswer(answer: OutsideAnswer): SmsSendResult {
  const recipient = recipientOf(answer.text);
  if (recipient === null) {
    // An empty list of recipients says it was sent to nobody; an answer we cannot read says nothing either way.
    const sentToNobody = recipientsOf(answer.text)?.length === 0;
    throw unreadableAnswerError(africasTalking, answer, 'with no recipient we can read', sentToNobody ? 'unavailable' : 'unknown');
  }
  const { statusCode, messageId } = recipient;
  if (typeof statusCode !== 'number') throw unreadableAnswerError(africasTalking, answer, 'with no recipient status code');

  const accepted = acceptedRecipientStatuses[statusCode];
  if (accepted && typeof messageId === 'string' && messageId !== '') return { providerMessageId: messageId, status: accepted };
  if (accepted) throw unreadableAnswerError(africasTalking, answer, 'accepting the message without a message id');
  throw messageRefusedError(africasTalking, answer, {
    kind: rejectedRecipientStatuses.has(statusCode) ? 'rejected' : 'unavailable',
    ...recipientRefusal(statusCode, recipient.status),
  });
}

/**
 * A 4xx: a recipient's status when the body has one. Otherwise Africa's Talking explains in plain text ("The supplied
 * authentication is invalid"), which the shared code quotes.
 */
function readRefusal(responseText: string): { providerCode: string; text: string } | null {
  const recipient = recipientOf(responseText);
  return typeof recipient?.statusCode === 'number' ? recipientRefusal(recipient.statusCode, recipient.status) : null;
}

/**
 * A delivery report Africa's Talking posts: `id`, `status`, `phoneNumber`, `networkCode`, and `failureReason`
 * (e.g. `UserInBlacklist`, `DeliveryFailure`) and `retryCount` when it failed. Null for any other form.
 */
export function parseAfricasTalkingDeliveryReport(form: Record<string, string>): SmsDeliveryReport | null {
  const delivery = deliveryStatusOf(form, { id: 'id', status: 'status' }, deliveryStatuses);
  if (delivery === null) return null;
  const { providerMessageId, status, providerStatus } = delivery;
  // A failure without a stated reason is still explained by its status (AbsentSubscriber, Expired).
  return { providerMessageId, status, reason: form.failureReason?.trim() || (status === 'failed' ? providerStatus : null) };
}

/** An inbound message Africa's Talking posts: `from`, `to` (our short code), `text`, `date`, `id`, `linkId`. Null for any other form. */
export function parseAfricasTalkingInbound(form: Record<string, string>): InboundSms | null {
  return inboundOf(form, { from: 'from', to: 'to', text: 'text', id: 'id' });
}
