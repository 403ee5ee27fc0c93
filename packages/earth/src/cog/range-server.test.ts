import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRangeServer, type RangeServer } from './testing/range-server.ts';

/** A raw HTTP GET, so that a cut body is seen as it arrives rather than as a fetch error. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), complete: response.complete });
      response.on('end', done);
      response.on('aborted', done);
      response.on('error', done);
    })
      .on('error', reject)
      .end();
  });
}

describe('startRangeServer', () => {
  const content = Buffer.from('0123456789abcdefghij'); // 20 bytes
  let folder: string;
  let server: RangeServer;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'murimi-range-'));
    await writeFile(path.join(folder, 'scene.tif'), content);
    server = await startRangeServer(folder);
  });
  afterAll(async () => {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  });
  afterEach(() => {
    server.clearFaults();
    server.clearRequests();
  });

  it.each([
    ['bytes=2-5', '2345', 'bytes 2-5/20'],
    ['bytes=15-', 'fghij', 'bytes 15-19/20'],
    ['bytes=-3', 'hij', 'bytes 17-19/20'],
    ['bytes=18-40', 'ij', 'bytes 18-19/20'],
  ])('answers %s with 206 and Content-Range', async (range, body, contentRange) => {
    const answer = await get(server.url('scene.tif'), { Range: range });
    expect(answer.status).toBe(206);
    expect(answer.body.toString()).toBe(body);
    expect(answer.headers['content-range']).toBe(contentRange);
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(server.requests).toEqual([{ method: 'GET', path: '/scene.tif', range, status: 206 }]);
  });

  it('answers 416 to a range past the end, 200 without a range, 404 outside the folder', async () => {
    const past = await get(server.url('scene.tif'), { Range: 'bytes=20-30' });
    expect([past.status, past.headers['content-range']]).toEqual([416, 'bytes */20']);
    expect((await get(server.url('scene.tif'), { Range: 'bytes=20-' })).status).toBe(416);
    const whole = await get(server.url('scene.tif'));
    expect([whole.status, whole.body.equals(content)]).toEqual([200, true]);
    expect((await get(`${server.origin}/missing.tif`)).status).toBe(404);
    // An encoded slash survives URL parsing, so this would name /etc/passwd without the folder check.
    expect((await get(`${server.origin}/..%2f..%2f..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    expect(server.requests.map((r) => r.status)).toEqual([416, 416, 200, 404, 404]);
  });

  it('answers an injected status for as many requests as told, on the path told', async () => {
    server.injectFault({ status: 403, times: 2, path: '/scene.tif' });
    expect((await get(`${server.origin}/missing.tif`)).status).toBe(404);
    expect((await get(server.url('scene.tif'), { Range: 'bytes=0-1' })).status).toBe(403);
    expect((await get(server.url('scene.tif'), { Range: 'bytes=0-1' })).status).toBe(403);
    expect((await get(server.url('scene.tif'), { Range: 'bytes=0-1' })).status).toBe(206);
  });

  it('cuts a body short after the bytes told, with the full length declared', async () => {
    server.injectFault({ cutAfterBytes: 3 });
    const answer = await get(server.url('scene.tif'), { Range: 'bytes=0-9' });
    expect(answer.status).toBe(206);
    expect(answer.headers['content-length']).toBe('10');
    expect(answer.body.toString()).toBe('012');
    expect(answer.complete).toBe(false);
  });
});
