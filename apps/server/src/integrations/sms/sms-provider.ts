import { setTimeout as sleep } from 'node:timers/promises';
import { OutsideRequestError, sendOutsideRequest, type OutsideAnswer, type OutsideRequest } from '@murimi/core';

/**
 * What the alerts and notifications code sees of an SMS provider (Africa's Talking, Twilio): send one message, and
 * read the provider's delivery-status and inbound-message callbacks. Each adapter speaks its provider's REST API
 * through core's outside request, so retries, timeouts and their log lines are the same for both.
 */

export type SmsProviderName = 'africastalking' | 'twilio';

export interface OutgoingSms {
  /** E.164, e.g. `+263771234567`. */
  to: string;
  body: string;
  /** Our outbox row id, for logs. */
  reference: string;
}

export interface SmsSendResult {
  providerMessageId: string;
  /** What the provider said on accepting it. */
  status: 'queued' | 'sent';
}

export type SmsDeliveryStatus = 'queued' | 'sent' | 'delivered' | 'failed';

export interface SmsDeliveryReport {
  providerMessageId: string;
  status: SmsDeliveryStatus;
  /** The provider's failure reason or code in words; null when none. */
  reason: string | null;
}

export interface InboundSms {
  /** The sender, as the provider gives it (E.164 for a phone). */
  from: string;
  /** Our number or short code it was sent to; null when the provider does not say. */
  to: string | null;
  text: string;
  providerMessageId: string | null;
}

export type SmsSendErrorKind = 'rejected' | 'unavailable' | 'unknown';

export interface SmsSendErrorDetails {
  kind: SmsSendErrorKind;
  provider: SmsProviderName;
  /** The provider's own code (Africa's Talking's recipient status code, Twilio's error code); null when none. */
  providerCode: string | null;
  /** HTTP status of the provider's last answer; null when none came. */
  httpStatus: number | null;
  /** Requests made, the retries included. */
  attempts: number;
}

/**
 * A message the provider did not accept.
 *
 * rejected: the provider refused this message for good (bad number, blacklisted or unsubscribed, bad sender id, no
 * balance): do not retry. unavailable: the provider surely did not take it (it could not be reached, or answered 429
 * or 503 to every try): a later try may succeed. unknown: it may have taken it (no answer in time, the connection lost
 * after the request went, a 500, an answer we cannot read): sending again could text the farmer twice, so the caller
 * finds out first (`findSent`) or marks the message uncertain.
 */
export class SmsSendError extends Error implements SmsSendErrorDetails {
  override readonly name = 'SmsSendError';
  readonly kind: SmsSendErrorKind;
  readonly provider: SmsProviderName;
  readonly providerCode: string | null;
  readonly httpStatus: number | null;
  readonly attempts: number;

  constructor(message: string, details: SmsSendErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = details.kind;
    this.provider = details.provider;
    this.providerCode = details.providerCode;
    this.httpStatus = details.httpStatus;
    this.attempts = details.attempts;
  }
}

/** What a provider logs: pino's `(context, message)` call order, so a request's or the app's logger fits. */
export interface SmsLogger {
  warn(context: Record<string, unknown>, message: string): void;
  error(context: Record<string, unknown>, message: string): void;
}

export interface SmsSendOptions {
  /** The caller's reason to stop (a job shutting down): no further attempt is made. */
  signal?: AbortSignal;
  /** Where the provider should post this message's delivery statuses, when it takes one per message. */
  statusCallbackUrl?: string;
}

/** A message the provider holds, found by `findSent`. */
export interface SentSmsFound {
  providerMessageId: string;
}

export interface SmsProvider {
  readonly name: SmsProviderName;
  /** Hands one message to the provider, once: a request that may have reached it is not sent again. Throws `SmsSendError`. */
  send(message: OutgoingSms, options?: SmsSendOptions): Promise<SmsSendResult>;
  /**
   * The message with this text the provider took for this number since `since`, or null when it holds none; absent
   * for a provider that cannot be asked (Africa's Talking). Throws `SmsSendError` (unavailable) when the provider
   * cannot answer.
   */
  findSent?(message: Pick<OutgoingSms, 'to' | 'body' | 'reference'>, since: Date): Promise<SentSmsFound | null>;
  /** A delivery-status callback's form fields → the report; null when the form is not one. */
  parseDeliveryReport(form: Record<string, string>): SmsDeliveryReport | null;
  /** An inbound-message callback's form fields → the message; null when the form is not one. */
  parseInbound(form: Record<string, string>): InboundSms | null;
}

/** What every adapter takes besides its settings: the network, the clock and the log, which tests replace. */
export interface SmsProviderDependencies {
  fetch?: typeof fetch;
  /** Waits between attempts; defaults to a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds since 1970, to read a `Retry-After` date. */
  now?: () => number;
  /** In [0, 1), for the spread of the waits; tests fix it. */
  random?: () => number;
  log?: SmsLogger;
}

// ---- shared by the adapters ---------------------------------------------------------------------------------

/** Further attempts after a timeout, a network error, a 429 or a 5xx: waits of about 0.5 s, then 1 s. */
const retries = 2;
const firstBackoffMs = 500;
/** A job sends, not a person waiting; still, a provider asking for more than 10 s is better tried at the next run. */
const maxRetryAfterMs = 10_000;
/** How much of an answer we could not read goes into an error message. */
const excerptLength = 200;

/** A provider as people write it, for messages ("Africa's Talking"), beside our name for it. */
export interface SmsProviderIdentity {
  name: SmsProviderName;
  displayName: string;
}

/** One provider's API, as an adapter describes it to the shared sending code. */
export interface SmsProviderProtocol extends SmsProviderIdentity {
  /** Time allowed for one attempt, answer included. */
  timeoutMs: number;
  /** The HTTP request that hands `message` to the provider. */
  requestFor(message: OutgoingSms, options: SmsSendOptions): OutsideRequest;
  /** How to ask the provider for a message it took, when it can be asked: the request, and its answer read. */
  lookup?: {
    requestFor(message: Pick<OutgoingSms, 'to' | 'body'>): OutsideRequest;
    readAnswer(answer: OutsideAnswer, message: Pick<OutgoingSms, 'to' | 'body'>, since: Date): SentSmsFound | null;
  };
  /** A 2xx answer → the result; throws `SmsSendError` when the provider took the request but not the message. */
  readAnswer(answer: OutsideAnswer): SmsSendResult;
  /** A refusal's body (4xx other than 429) → the provider's own code and words; null when it has neither (a proxy's page). */
  readRefusal(responseText: string): { providerCode: string | null; text: string } | null;
  parseDeliveryReport(form: Record<string, string>): SmsDeliveryReport | null;
  parseInbound(form: Record<string, string>): InboundSms | null;
}

/**
 * The provider that speaks `protocol`: each message is one request, retried by core's outside request. Each retry is
 * logged as a warning and the final failure as an error, with the number masked and no body or secret.
 */
export function createSmsProvider(protocol: SmsProviderProtocol, dependencies: SmsProviderDependencies): SmsProvider {
  const { lookup } = protocol;
  return {
    name: protocol.name,
    send: (message, options = {}) =>
      // Sending is not safe to repeat: a request that may have reached the provider is never sent again from here.
      request(
        protocol,
        dependencies,
        message,
        protocol.requestFor(message, options),
        { signal: options.signal, repeatable: false },
        (answer) => protocol.readAnswer(answer),
      ),
    ...(lookup && {
      findSent: (message, since) =>
        request(protocol, dependencies, message, lookup.requestFor(message), { repeatable: true }, (answer) =>
          lookup.readAnswer(answer, message, since),
        ),
    }),
    parseDeliveryReport: protocol.parseDeliveryReport,
    parseInbound: protocol.parseInbound,
  };
}

/** Most attempts one `send` makes: the first and its retries. */
export const SMS_SEND_ATTEMPTS = retries + 1;

async function request<Result>(
  protocol: SmsProviderProtocol,
  dependencies: SmsProviderDependencies,
  message: Pick<OutgoingSms, 'to' | 'reference'>,
  outsideRequest: OutsideRequest,
  options: { signal?: AbortSignal | undefined; repeatable: boolean },
  read: (answer: OutsideAnswer) => Result,
): Promise<Result> {
  const context = { provider: protocol.name, reference: message.reference, to: maskedPhoneNumber(message.to) };
  try {
    const answer = await sendOutsideRequest(outsideRequest, {
      fetch: dependencies.fetch ?? globalThis.fetch,
      sleep: dependencies.sleep ?? ((ms: number) => sleep(ms)),
      now: dependencies.now ?? Date.now,
      random: dependencies.random,
      timeoutMs: protocol.timeoutMs,
      retries,
      firstBackoffMs,
      maxRetryAfterMs,
      signal: options.signal,
      repeatable: options.repeatable,
      onRetry: ({ failure, waitMs }) =>
        dependencies.log?.warn(
          { ...context, attempt: failure.attempts, waitMs, httpStatus: failure.status },
          `${failureDescription(protocol, failure)} (attempt ${failure.attempts} of ${retries + 1}); trying again in ${waitMs} ms`,
        ),
    });
    return read(answer);
  } catch (error) {
    const sendError = error instanceof OutsideRequestError ? sendErrorOf(protocol, error) : error;
    if (sendError instanceof SmsSendError) {
      const { kind, providerCode, httpStatus, attempts } = sendError;
      dependencies.log?.error({ ...context, attempt: attempts, kind, providerCode, httpStatus }, sendError.message);
    }
    throw sendError;
  }
}

function sendErrorOf(protocol: SmsProviderProtocol, failure: OutsideRequestError): SmsSendError {
  const details = { provider: protocol.name, httpStatus: failure.status, attempts: failure.attempts };
  if (!failure.isRetryable && failure.kind === 'status') {
    const responseText = failure.responseText ?? '';
    const refusal = protocol.readRefusal(responseText) ?? { providerCode: null, text: excerpt(responseText) || 'no reason given' };
    return new SmsSendError(
      `${protocol.displayName} refused the message with ${failure.detail}: ${maskPhoneNumbers(refusal.text)}`,
      { ...details, kind: 'rejected', providerCode: refusal.providerCode },
      { cause: failure },
    );
  }
  return new SmsSendError(
    `${failureDescription(protocol, failure)} after ${failure.attempts} ${failure.attempts === 1 ? 'attempt' : 'attempts'}`,
    { ...details, kind: failure.mayHaveBeenCarriedOut ? 'unknown' : 'unavailable', providerCode: null },
    { cause: failure },
  );
}

function failureDescription(provider: SmsProviderIdentity, failure: OutsideRequestError): string {
  switch (failure.kind) {
    case 'status':
      return `${provider.displayName} answered ${failure.detail}`;
    case 'timeout':
      return `${provider.displayName} did not answer within ${failure.timeoutMs} ms`;
    case 'network':
      return `Could not reach ${provider.displayName}: ${failure.detail}`;
    case 'aborted':
      return `Sending to ${provider.displayName} was stopped by the caller`;
  }
}

/** The provider took the request but not the message (a refused recipient, a message failed at once). */
export function messageRefusedError(
  provider: SmsProviderIdentity,
  answer: OutsideAnswer,
  refusal: { kind: SmsSendErrorKind; providerCode: string | null; text: string },
): SmsSendError {
  const verb = refusal.kind === 'rejected' ? 'refused' : 'could not send';
  return new SmsSendError(`${provider.displayName} ${verb} the message: ${refusal.text}`, {
    kind: refusal.kind,
    provider: provider.name,
    providerCode: refusal.providerCode,
    httpStatus: answer.response.status,
    attempts: answer.attempts,
  });
}

/**
 * An answer the provider gave with a 2xx that says nothing we can use: the message's fate is unknown (`unknown`), or,
 * when the answer says it sent to nobody, it was not sent (`unavailable`).
 */
export function unreadableAnswerError(
  provider: SmsProviderIdentity,
  answer: OutsideAnswer,
  what: string,
  kind: 'unknown' | 'unavailable' = 'unknown',
): SmsSendError {
  return new SmsSendError(
    `${provider.displayName} answered HTTP ${answer.response.status} ${what}: "${maskPhoneNumbers(excerpt(answer.text))}"`,
    { kind, provider: provider.name, providerCode: null, httpStatus: answer.response.status, attempts: answer.attempts },
  );
}

/** `+263771234567` → `…567`: enough to tell messages apart in a log, not enough to call anyone. */
export function maskedPhoneNumber(phoneNumber: string): string {
  return `…${phoneNumber.slice(-3)}`;
}

/**
 * Providers quote the number in their refusals ("The 'To' number +263… is not valid"): any run of six digits or more
 * keeps only its last three, so that errors and logs hold no whole number.
 */
export function maskPhoneNumbers(text: string): string {
  return text.replace(/\+?\d{6,}/g, maskedPhoneNumber);
}

export function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > excerptLength ? `${oneLine.slice(0, excerptLength)}…` : oneLine;
}

/** A JSON body as an object, or null when it is not JSON or not an object. */
export function parsedJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A form field that is present and not blank. */
export function formField(form: Record<string, string>, name: string): string | null {
  const value = form[name]?.trim();
  return value ? value : null;
}

/**
 * A status callback's message id and status, the status mapped by `statuses`; null when either is missing or the
 * status is not one of them (then the form is not a delivery report).
 */
export function deliveryStatusOf(
  form: Record<string, string>,
  fields: { id: string; status: string },
  statuses: Record<string, SmsDeliveryStatus>,
): { providerMessageId: string; status: SmsDeliveryStatus; providerStatus: string } | null {
  const providerMessageId = formField(form, fields.id);
  const providerStatus = formField(form, fields.status);
  const status = providerStatus === null ? undefined : statuses[providerStatus];
  return providerMessageId === null || providerStatus === null || status === undefined
    ? null
    : { providerMessageId, status, providerStatus };
}

/** An inbound message's sender and text; null when the form has no sender or no text field (an empty text counts). */
export function inboundOf(form: Record<string, string>, fields: { from: string; to: string; text: string; id: string }): InboundSms | null {
  const from = formField(form, fields.from);
  const text = form[fields.text];
  if (from === null || text === undefined) return null;
  return { from, to: formField(form, fields.to), text, providerMessageId: formField(form, fields.id) };
}
