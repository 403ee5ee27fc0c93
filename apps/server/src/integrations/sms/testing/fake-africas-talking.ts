import { randomBytes } from 'node:crypto';
import { startFakeSmsServer, type FakeAnswer, type FakeSmsProvider, type RecordedSmsRequest } from './fake-sms-server.ts';

export type { FakeSmsProvider, RecordedSmsRequest } from './fake-sms-server.ts';

/** A recipient's `statusCode` → its `status` text, as Africa's Talking documents them. */
const recipientStatuses: Record<number, string> = {
  100: 'Processed',
  101: 'Success',
  102: 'Queued',
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

const requiredFields = ['username', 'to', 'message'];

/**
 * Africa's Talking's bulk SMS endpoint (`POST /version1/messaging`) on 127.0.0.1, answering in its own shapes: 201
 * with `SMSMessageData.Recipients` (status code 101, a new `ATXid_…` message id each time), a recipient status 403
 * for a number that is not E.164, plain-text refusals for a missing `apiKey` header or form field, and XML when the
 * request does not ask for JSON. `rejectNext(code)` gives the next recipient that status code.
 */
export function startFakeAfricasTalking(): Promise<FakeSmsProvider> {
  return startFakeSmsServer({
    answer: answerFor,
    failure: (status) => ({ status, body: status === 429 ? 'Too Many Requests' : 'Service Unavailable' }),
  });
}

function answerFor(request: RecordedSmsRequest, rejection: number | null): FakeAnswer {
  if (request.method !== 'POST' || request.path !== '/version1/messaging') return { status: 404, body: 'Not Found' };
  if (!request.headers.apikey) return { status: 401, body: 'The supplied authentication is invalid' };
  const missing = requiredFields.find((name) => !request.form[name]);
  if (missing) return { status: 400, body: `Request is missing required form field '${missing}'` };

  const to = request.form.to!;
  const statusCode = rejection ?? (/^\+[1-9]\d{6,14}$/.test(to) ? 101 : 403);
  const accepted = statusCode < 200;
  const recipient = {
    statusCode,
    number: to,
    status: recipientStatuses[statusCode] ?? 'Failed',
    cost: accepted ? 'ZWL 0.8000' : '0',
    messageId: accepted ? `ATXid_${randomBytes(16).toString('hex')}` : 'None',
  };
  const summary = accepted ? 'Sent to 1/1 Total Cost: ZWL 0.8000' : 'Sent to 0/1 Total Cost: 0';
  // Africa's Talking answers in XML unless asked for JSON.
  if (!(request.headers.accept ?? '').includes('application/json')) {
    return {
      status: 201,
      contentType: 'application/xml',
      body: `<?xml version='1.0' encoding='UTF-8'?><AfricasTalkingResponse><SMSMessageData><Message>${summary}</Message></SMSMessageData></AfricasTalkingResponse>`,
    };
  }
  return { status: 201, body: { SMSMessageData: { Message: summary, Recipients: [recipient] } } };
}
