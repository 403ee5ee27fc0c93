import { randomBytes } from 'node:crypto';
import { startFakeSmsServer, type FakeAnswer, type FakeSmsProvider, type RecordedSmsRequest } from './fake-sms-server.ts';

export type { FakeSmsProvider, RecordedSmsRequest } from './fake-sms-server.ts';

export interface FakeTwilioOptions {
  /** When set, Basic auth must carry this token; otherwise any token is taken. */
  authToken?: string;
}

/** Twilio's words for the errors the fake gives (twilio.com/docs/api/errors). */
const errorMessages: Record<number, (to: string) => string> = {
  20003: () => 'Authenticate',
  21211: (to) => `The 'To' number ${to} is not a valid phone number.`,
  21408: (to) => `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`,
  21602: () => 'Message body is required.',
  21603: () => "A 'From' phone number is required.",
  21604: () => "A 'To' phone number is required.",
  21610: () => 'Attempt to send to unsubscribed recipient',
  21614: (to) => `'To' number ${to} is not a valid mobile number`,
};

/**
 * Twilio's Messages endpoint (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`) on 127.0.0.1, answering in
 * its own shapes: 201 with the created message (`sid` a new `SM…` each time, `status` queued, or accepted for a
 * messaging service), and errors as `{code, message, more_info, status}`: 20003 for Basic auth that does not name the
 * path's account, 21211 for a `To` that is not E.164, 21602–21604 for a missing field. `rejectNext(code)` refuses the
 * next message with that Twilio error code. `GET …/Messages.json?To=…&From=…` lists the messages it created, newest
 * first, as Twilio's Messages list does.
 */
export function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeSmsProvider> {
  // Every message created, newest first, as the Messages list gives them back.
  const created: Record<string, unknown>[] = [];
  return startFakeSmsServer({
    answer: (request, rejection) => {
      if (request.method === 'GET') return listAnswer(request, created, options);
      const answer = answerFor(request, rejection, options);
      if (answer.status === 201) created.unshift(answer.body as Record<string, unknown>);
      return answer;
    },
    failure: (status) =>
      twilioError(status, status === 429 ? 20429 : 20500, status === 429 ? 'Too Many Requests' : 'Service Unavailable (fake outage)'),
  });
}

function answerFor(request: RecordedSmsRequest, rejection: number | null, options: FakeTwilioOptions): FakeAnswer {
  const accountSid = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(request.path)?.[1];
  if (request.method !== 'POST' || !accountSid) return twilioError(404, 20404, 'The requested resource was not found');
  if (!hasCredentialsOf(request, accountSid, options.authToken)) return twilioError(401, 20003, errorMessages[20003]!(''));

  const { To: to, Body: body, From: from, MessagingServiceSid: messagingServiceSid } = request.form;
  const refusal = (code: number) => twilioError(400, code, (errorMessages[code] ?? (() => `Fake Twilio error ${code}`))(to ?? ''));
  if (!to) return refusal(21604);
  if (!from && !messagingServiceSid) return refusal(21603);
  if (!body) return refusal(21602);
  if (!/^\+[1-9]\d{6,14}$/.test(to)) return refusal(21211);
  if (rejection !== null) return refusal(rejection);

  const sid = `SM${randomBytes(16).toString('hex')}`;
  return {
    status: 201,
    body: {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body,
      date_created: new Date().toUTCString(),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: from ?? null,
      messaging_service_sid: messagingServiceSid ?? null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid,
      // A messaging service has not yet picked the number it sends from.
      status: messagingServiceSid ? 'accepted' : 'queued',
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    },
  };
}

function listAnswer(request: RecordedSmsRequest, created: Record<string, unknown>[], options: FakeTwilioOptions): FakeAnswer {
  const url = new URL(request.path, 'http://fake');
  const accountSid = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(url.pathname)?.[1];
  if (!accountSid) return twilioError(404, 20404, 'The requested resource was not found');
  if (!hasCredentialsOf(request, accountSid, options.authToken)) return twilioError(401, 20003, errorMessages[20003]!(''));
  const to = url.searchParams.get('To');
  const from = url.searchParams.get('From');
  const pageSize = Number(url.searchParams.get('PageSize') ?? 50);
  const messages = created
    .filter((message) => (to === null || message.to === to) && (from === null || message.from === from))
    .slice(0, pageSize);
  return { status: 200, body: { messages, page: 0, page_size: pageSize, next_page_uri: null, uri: url.pathname + url.search } };
}

function hasCredentialsOf(request: RecordedSmsRequest, accountSid: string, authToken: string | undefined): boolean {
  const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Basic' || !encoded) return false;
  const [user, password] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  return user === accountSid && !!password && (authToken === undefined || password === authToken);
}

function twilioError(status: number, code: number, message: string): FakeAnswer {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}
