import { open, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A static file server for tests of code that reads files over HTTP Range requests, as S3 serves COGs:
 * `Range: bytes=a-b` (also `a-` and `-n`) answers 206 with Content-Range, a range starting past the end 416,
 * no Range (or several ranges) 200 with the whole file. It records every request and can be told to fail.
 */
export interface RangeServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** URL of a file under the served folder. */
  url(relativePath: string): string;
  /** Every request answered, in order. */
  readonly requests: readonly ServedRequest[];
  clearRequests(): void;
  /** Faults apply to the next matching requests, the first injected first. */
  injectFault(fault: RangeServerFault): void;
  clearFaults(): void;
  close(): Promise<void>;
}

export interface ServedRequest {
  method: string;
  path: string;
  /** The Range header as sent, null without one. */
  range: string | null;
  status: number;
}

export interface RangeServerFault {
  /** Answer this status (e.g. 403, 500, 503) with an empty body instead of the file. */
  status?: number;
  /** Send the headers of the full answer, then only this many bytes of the body, and drop the connection. */
  cutAfterBytes?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  /** How many requests the fault applies to; default every one until `clearFaults`. */
  times?: number;
  /** Only requests for this path (as in `ServedRequest.path`, e.g. `/b04-10m.tif`). */
  path?: string;
}

/** Serves the files under `root` on a free port of 127.0.0.1. */
export async function startRangeServer(root: string): Promise<RangeServer> {
  const folder = path.resolve(root);
  const requests: ServedRequest[] = [];
  let faults: RangeServerFault[] = [];

  const takeFault = (requestPath: string): RangeServerFault | undefined => {
    const fault = faults.find((f) => f.path === undefined || f.path === requestPath);
    if (fault?.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) faults = faults.filter((f) => f !== fault);
    }
    return fault;
  };

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const requestPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const range = request.headers.range ?? null;
    const record = (status: number) => requests.push({ method: request.method ?? 'GET', path: requestPath, range, status });
    const fault = takeFault(requestPath);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.status !== undefined) {
      record(fault.status);
      response.writeHead(fault.status, { 'Content-Length': 0 }).end();
      return;
    }

    const file = path.resolve(folder, `.${requestPath}`);
    const size = file.startsWith(folder + path.sep)
      ? await stat(file).then(
          (s) => (s.isFile() ? s.size : undefined),
          () => undefined,
        )
      : undefined;
    if (size === undefined) {
      record(404);
      response.writeHead(404, { 'Content-Length': 0 }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      record(405);
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': 0 }).end();
      return;
    }
    const asked = parseRange(range, size);
    if (asked === 'unsatisfiable') {
      record(416);
      response.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Length': 0 }).end();
      return;
    }
    const [start, end] = asked ?? [0, size - 1];
    const status = asked ? 206 : 200;
    record(status);
    const headers: Record<string, string | number> = {
      'Accept-Ranges': 'bytes',
      'Content-Type': 'image/tiff',
      'Content-Length': end - start + 1,
    };
    if (asked) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    response.writeHead(status, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const body = await readBytes(file, start, end - start + 1);
    if (fault?.cutAfterBytes !== undefined) {
      response.write(body.subarray(0, fault.cutAfterBytes), () => response.destroy());
      return;
    }
    response.end(body);
  };

  const server = createServer((request, response) => {
    // A failure of the server itself shows as a 500 in `requests`.
    answer(request, response).catch(() => {
      requests.push({ method: request.method ?? 'GET', path: request.url ?? '', range: request.headers.range ?? null, status: 500 });
      if (!response.headersSent) response.writeHead(500, { 'Content-Length': 0 });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    url: (relativePath) => `${origin}/${relativePath.split('/').map(encodeURIComponent).join('/')}`,
    requests,
    clearRequests: () => void requests.splice(0),
    injectFault: (fault) => void faults.push({ ...fault }),
    clearFaults: () => void (faults = []),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** One `bytes=` range (RFC 9110 §14.1.2) as [first, last] within the file; null to send the whole file. */
function parseRange(header: string | null, size: number): [number, number] | 'unsatisfiable' | null {
  const match = header === null ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : [Math.max(size - suffix, 0), size - 1];
  }
  const first = Number(match[1]);
  const last = match[2] === '' ? size - 1 : Number(match[2]);
  if (first >= size) return 'unsatisfiable';
  if (last < first) return null;
  return [first, Math.min(last, size - 1)];
}

async function readBytes(file: string, offset: number, length: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const bytes = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(bytes, filled, length - filled, offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  } finally {
    await handle.close();
  }
}
