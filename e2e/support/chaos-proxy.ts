import { createServer, request as forwardRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Seeded pseudo-random numbers in [0, 1): mulberry32, so a failing run can be replayed with its seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ChaosShares {
  /** Share of API writes whose request is cut before it reaches the server (the client's socket destroyed). */
  dropRequest: number;
  /** Share whose request reaches the server and is answered, but whose answer never reaches the client. */
  dropResponse: number;
  /** Share held back for `delayMs` before being forwarded. */
  delay: number;
}

export interface ChaosOptions {
  seed?: number;
  shares?: ChaosShares;
  /** The delay's range, ms (uniform). */
  delayMs?: [number, number];
}

export interface ChaosCounts {
  /** API writes the proxy saw (first attempts and retries alike). */
  writes: number;
  droppedRequests: number;
  droppedResponses: number;
  delayed: number;
}

export interface ChaosProxy {
  /** The proxy's address: open the app here. */
  url: string;
  counts: ChaosCounts;
  /** Per record id, how many write requests reached the server, by method: `POST <id>` and `PUT <id>` (a batch counts for each item). */
  arrivals: Map<string, number>;
  /** Chaos on or off (off: every request is passed through, and still counted). */
  setChaos(enabled: boolean): void;
  close(): Promise<void>;
}

/** The spec's share for the chaos test: 10 % requests lost, 10 % answers lost, 10 % late (30 % in all). */
export const DEFAULT_CHAOS: ChaosShares = { dropRequest: 0.1, dropResponse: 0.1, delay: 0.1 };
/** A line as bad as the queue must still drain through: 30 % of requests lost, 30 % of answers lost, 30 % late. */
export const HARSH_CHAOS: ChaosShares = { dropRequest: 0.3, dropResponse: 0.3, delay: 0.3 };

/** API writes are the requests this proxy disturbs: POST and PUT under /api/, except signing in or up. */
const isApiWrite = (request: IncomingMessage) =>
  (request.method === 'POST' || request.method === 'PUT') &&
  request.url?.startsWith('/api/') === true &&
  !request.url.startsWith('/api/auth/');

/** The records a write is about: the id in the path of an update, the client id in a create's body, or each item's of a batch. */
function recordIdsOf(path: string, body: Buffer): string[] {
  const inPath = /^\/api\/[a-z-]+\/([0-9a-f-]{36})(?:[/?]|$)/i.exec(path)?.[1];
  if (inPath) return [inPath];
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { id?: unknown; items?: { id?: unknown }[] };
    const ids = Array.isArray(parsed.items) ? parsed.items.map((item) => item?.id) : [parsed.id];
    return ids.filter((id): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

const readBody = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

/**
 * An HTTP proxy in front of `target` that makes a bad mobile connection out of API writes, with a seeded dice so a
 * run can be replayed: some requests never reach the server, some answers never come back after the server did the
 * work (the hard case for "sent twice"), some come late. Page loads, reads and sign-in pass untouched. It counts
 * what reached the server per record id.
 */
export async function startChaosProxy(target: string, options: ChaosOptions = {}): Promise<ChaosProxy> {
  const random = mulberry32(options.seed ?? 20_261_125);
  const shares = options.shares ?? DEFAULT_CHAOS;
  const [delayFromMs, delayToMs] = options.delayMs ?? [200, 1500];
  const targetUrl = new URL(target);
  const counts: ChaosCounts = { writes: 0, droppedRequests: 0, droppedResponses: 0, delayed: 0 };
  const arrivals = new Map<string, number>();
  let chaos = true;

  /** Sends the request on to the server; the answer with its body read in full. */
  const forward = (incoming: IncomingMessage, body: Buffer): Promise<{ upstream: IncomingMessage; answer: Buffer }> =>
    new Promise((resolve, reject) => {
      const upstreamRequest = forwardRequest(
        {
          host: targetUrl.hostname,
          port: targetUrl.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: targetUrl.host, 'content-length': String(body.length) },
        },
        (upstream) => {
          readBody(upstream).then((answer) => resolve({ upstream, answer }), reject);
        },
      );
      upstreamRequest.on('error', reject);
      upstreamRequest.end(body);
    });

  const reply = (response: ServerResponse, upstream: IncomingMessage, answer: Buffer) => {
    const headers = { ...upstream.headers };
    // The body is sent whole: its length is known, whatever framing the server chose.
    delete headers['transfer-encoding'];
    headers['content-length'] = String(answer.length);
    response.writeHead(upstream.statusCode ?? 502, headers);
    response.end(answer);
  };

  const server = createServer((incoming, response) => {
    void (async () => {
      const body = await readBody(incoming);
      const write = isApiWrite(incoming);
      let fate: 'pass' | 'drop-request' | 'drop-response' | 'delay' = 'pass';
      if (write) {
        counts.writes += 1;
        // One roll per write, always taken, so the same seed gives the same fates whatever `chaos` was.
        const roll = random();
        const delayRoll = random();
        if (chaos) {
          if (roll < shares.dropRequest) fate = 'drop-request';
          else if (roll < shares.dropRequest + shares.dropResponse) fate = 'drop-response';
          else if (roll < shares.dropRequest + shares.dropResponse + shares.delay) fate = 'delay';
        }
        if (fate === 'delay') {
          counts.delayed += 1;
          await new Promise((resolve) => setTimeout(resolve, delayFromMs + delayRoll * (delayToMs - delayFromMs)));
        }
      }
      if (fate === 'drop-request') {
        counts.droppedRequests += 1;
        incoming.socket.destroy();
        return;
      }
      if (write) {
        for (const id of recordIdsOf(incoming.url ?? '', body)) {
          const key = `${incoming.method} ${id}`;
          arrivals.set(key, (arrivals.get(key) ?? 0) + 1);
        }
      }
      const { upstream, answer } = await forward(incoming, body);
      if (fate === 'drop-response') {
        // The server has finished and answered; the client hears nothing but a connection cut.
        counts.droppedResponses += 1;
        incoming.socket.destroy();
        return;
      }
      reply(response, upstream, answer);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    arrivals,
    setChaos(enabled) {
      chaos = enabled;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
