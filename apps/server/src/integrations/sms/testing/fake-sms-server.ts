import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsLogger, SmsProviderDependencies } from '../sms-provider.ts';

/** A request as a fake SMS provider received it. */
export interface RecordedSmsRequest {
  method: string;
  /** Path and query, e.g. `/version1/messaging`. */
  path: string;
  /** Names in lower case, as Node gives them. */
  headers: Record<string, string>;
  /** The URL-encoded form body; empty when the body is not a form. */
  form: Record<string, string>;
}

export interface FakeSmsProvider {
  /** e.g. `http://127.0.0.1:41234`: the provider's API URL. */
  url: string;
  requests: RecordedSmsRequest[];
  /** The next `count` requests are answered with `status` and the provider's error body for it. */
  failNext(count: number, status: number): void;
  /** The next message is refused with this provider code (a recipient status code, a Twilio error code). */
  rejectNext(providerCode: number): void;
  /** The next request is carried out (a message is taken), then the connection is closed without an answer. */
  dropAnswerNext(): void;
  /** Forgets requests and faults. */
  reset(): void;
  close(): Promise<void>;
}

/** What a fake answers: an object is sent as JSON, a string as it is with its content type. */
export interface FakeAnswer {
  status: number;
  body: Record<string, unknown> | string;
  contentType?: string;
}

export interface FakeSmsBehaviour {
  /** The answer to a request, with the provider code of a refusal that `rejectNext` asked for (else null). */
  answer(request: RecordedSmsRequest, rejection: number | null): FakeAnswer;
  /** The answer `failNext` gives: the provider's error body for this status. */
  failure(status: number): FakeAnswer;
}

/**
 * What an adapter test injects besides the log: waits recorded instead of slept, and the random share of each wait
 * fixed at 0, so the waits are exactly the backoff (500 ms, then 1000 ms).
 */
export function recordedWaits(log: SmsLogger): { waits: number[]; dependencies: SmsProviderDependencies } {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { waits, dependencies: { sleep, random: () => 0, log } };
}

type Fault = { kind: 'status'; status: number } | { kind: 'reject'; providerCode: number } | { kind: 'drop-answer' };

/** An HTTP server on 127.0.0.1 (port 0) that records each request and answers as `behaviour` says, faults first. */
export async function startFakeSmsServer(behaviour: FakeSmsBehaviour): Promise<FakeSmsProvider> {
  const requests: RecordedSmsRequest[] = [];
  let faults: Fault[] = [];

  const server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing).catch((error: unknown) => {
      if (!outgoing.headersSent) send(outgoing, { status: 500, body: String(error), contentType: 'text/plain' });
    });
  });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const request = await recorded(incoming);
    requests.push(request);
    const fault = faults.shift();
    if (fault?.kind === 'status') return send(outgoing, behaviour.failure(fault.status));
    const answer = behaviour.answer(request, fault?.kind === 'reject' ? fault.providerCode : null);
    if (fault?.kind === 'drop-answer') {
      outgoing.socket?.destroy();
      return;
    }
    send(outgoing, answer);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext: (count, status) => {
      for (let i = 0; i < count; i++) faults.push({ kind: 'status', status });
    },
    rejectNext: (providerCode) => faults.push({ kind: 'reject', providerCode }),
    dropAnswerNext: () => faults.push({ kind: 'drop-answer' }),
    reset: () => {
      requests.length = 0;
      faults = [];
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function recorded(incoming: IncomingMessage): Promise<RecordedSmsRequest> {
  let body = '';
  for await (const chunk of incoming) body += (chunk as Buffer).toString('utf8');
  const headers = Object.fromEntries(
    Object.entries(incoming.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
  );
  const isForm = (headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  return {
    method: incoming.method ?? '',
    path: incoming.url ?? '/',
    headers,
    form: isForm ? Object.fromEntries(new URLSearchParams(body)) : {},
  };
}

function send(outgoing: ServerResponse, answer: FakeAnswer): void {
  const isJson = typeof answer.body !== 'string';
  outgoing.writeHead(answer.status, {
    'content-type': answer.contentType ?? (isJson ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8'),
  });
  outgoing.end(isJson ? JSON.stringify(answer.body) : answer.body);
}
