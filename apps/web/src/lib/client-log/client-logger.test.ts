import type { ClientLogEntry } from '@murimi/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientLogger, LOG_SERVICE, type SendResult } from './client-logger.ts';
import { beaconBodies, outcome } from './log-transport.ts';

/** A transport that records each batch and answers as told (by default at once, 'sent'). */
function fakeTransport() {
  const batches: ClientLogEntry[][] = [];
  const beacons: ClientLogEntry[][] = [];
  let answer: () => Promise<SendResult> = async () => 'sent';
  return {
    batches,
    beacons,
    answerWith(next: () => Promise<SendResult>) {
      answer = next;
    },
    transport: {
      send: (entries: ClientLogEntry[]) => {
        batches.push(entries);
        return answer();
      },
      beacon: (entries: ClientLogEntry[]) => {
        beacons.push(entries);
        return true;
      },
    },
  };
}

const messages = (entries: readonly ClientLogEntry[]) => entries.map((entry) => entry.message);

describe('the browser logger’s batches (spec §7, §9)', () => {
  let online = true;
  let fake: ReturnType<typeof fakeTransport>;
  let logger: ClientLogger;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-30T06:00:00Z'));
    online = true;
    fake = fakeTransport();
    logger = new ClientLogger({
      transport: fake.transport,
      sessionId: 'session-test-1',
      isOnline: () => online,
      context: () => ({ page: { url: 'http://localhost:3000/fields' } }),
    });
    logger.start();
  });
  afterEach(() => {
    logger.stop();
    vi.useRealTimers();
  });

  it('sends what waits every 5 s, not before', async () => {
    logger.info('one');
    logger.warning('two');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fake.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.batches.map(messages)).toEqual([['one', 'two']]);
    expect(fake.batches[0]![0]).toEqual({
      timestamp: '2026-11-30T06:00:00.000Z',
      severity: 'INFO',
      message: 'one',
      service: LOG_SERVICE,
      sessionId: 'session-test-1',
      page: { url: 'http://localhost:3000/fields' },
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.batches).toHaveLength(1);
  });

  it('sends at once when the tenth entry is logged', async () => {
    for (let n = 1; n <= 9; n++) logger.info(`entry ${n}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.batches).toHaveLength(0);
    logger.info('entry 10');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.batches.map((batch) => batch.length)).toEqual([10]);
  });

  it.each(['ERROR', 'CRITICAL'] as const)('sends at once on %s, with what waited before it', async (severity) => {
    logger.info('opened the map');
    logger.log(severity, 'saving failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.batches.map(messages)).toEqual([['opened the map', 'saving failed']]);
  });

  it('keeps the newest 50 entries of a failed flush and sends them on the next tick', async () => {
    online = false;
    for (let n = 1; n <= 80; n++) logger.info(`entry ${n}`);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.batches).toHaveLength(0);
    online = true;
    fake.answerWith(async () => 'failed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.batches.map((batch) => batch.length)).toEqual([80]);
    expect(messages(logger.pending)).toEqual(Array.from({ length: 50 }, (_, i) => `entry ${i + 31}`));
    fake.answerWith(async () => 'sent');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(messages(fake.batches[1]!)).toEqual(Array.from({ length: 50 }, (_, i) => `entry ${i + 31}`));
    expect(logger.pending).toHaveLength(0);
  });

  it('counts a send that throws (no answer) as failed and keeps what was logged meanwhile after the kept entries', async () => {
    let reject!: (error: Error) => void;
    fake.answerWith(() => new Promise<SendResult>((_resolve, fail) => (reject = fail)));
    logger.error('first');
    await vi.advanceTimersByTimeAsync(0);
    logger.info('meanwhile');
    reject(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(messages(logger.pending)).toEqual(['first', 'meanwhile']);
  });

  it('drops a batch the server refuses as malformed instead of sending it again', async () => {
    fake.answerWith(async () => 'dropped');
    logger.error('bad');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.batches).toHaveLength(1);
    expect(logger.pending).toHaveLength(0);
  });

  it('holds at most 100 entries while offline, the oldest dropped, and says how many were dropped', async () => {
    online = false;
    for (let n = 1; n <= 150; n++) logger.info(`entry ${n}`);
    expect(logger.pending).toHaveLength(100);
    expect(logger.pending[0]!.message).toBe('entry 51');
    online = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.batches[0]).toHaveLength(100);
    expect(fake.batches[0]!.at(-1)!.labels).toEqual({ droppedBefore: '50' });
  });

  it('runs one flush at a time, and an ERROR logged during one goes as soon as it ends', async () => {
    let finish!: (result: SendResult) => void;
    fake.answerWith(() => new Promise<SendResult>((resolve) => (finish = resolve)));
    logger.error('first');
    await vi.advanceTimersByTimeAsync(0);
    logger.error('second');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.batches.map(messages)).toEqual([['first']]);
    fake.answerWith(async () => 'sent');
    finish('sent');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.batches.map(messages)).toEqual([['first'], ['second']]);
  });

  it('keeps DEBUG entries only with debug logging on, and nothing at all with error reporting off', async () => {
    logger.debug('noise');
    expect(logger.pending).toHaveLength(0);
    logger.setFlags({ errorReporting: true, debugLogging: true });
    logger.debug('wanted');
    expect(messages(logger.pending)).toEqual(['wanted']);
    logger.setFlags({ errorReporting: false, debugLogging: true });
    expect(logger.pending).toHaveLength(0);
    logger.critical('not reported');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.batches).toHaveLength(0);
  });

  it('sends what waits by beacon as the page is hidden, and keeps it when the beacon is refused', () => {
    logger.info('leaving');
    logger.flushByBeacon();
    expect(fake.beacons.map(messages)).toEqual([['leaving']]);
    expect(logger.pending).toHaveLength(0);
    const refusing = new ClientLogger({ transport: { ...fake.transport, beacon: () => false }, sessionId: 'session-test-2' });
    refusing.info('kept');
    refusing.flushByBeacon();
    expect(messages(refusing.pending)).toEqual(['kept']);
  });
});

describe('the log transport', () => {
  it('sorts answers: 2xx sent, 400 and 413 dropped, anything else failed', () => {
    expect([202, 200, 400, 413, 429, 500, 503, 0].map(outcome)).toEqual([
      'sent',
      'sent',
      'dropped',
      'dropped',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('cuts a beacon into bodies the server takes: at most 64 KB and 100 entries each, every entry once', () => {
    const entry = (n: number, size: number): ClientLogEntry => ({
      timestamp: '2026-11-30T06:00:00.000Z',
      severity: 'INFO',
      message: `${n} ${'x'.repeat(size)}`,
      service: LOG_SERVICE,
      sessionId: 'session-test-1',
    });
    const big = Array.from({ length: 100 }, (_, n) => entry(n, 1_900));
    const bodies = beaconBodies(big);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(64 * 1024);
    const sent = bodies.flatMap((body) => (JSON.parse(body) as { logs: ClientLogEntry[] }).logs);
    expect(sent.map((e) => e.message.split(' ')[0])).toEqual(big.map((_, n) => String(n)));
    expect(beaconBodies(Array.from({ length: 150 }, (_, n) => entry(n, 10))).map((body) => JSON.parse(body).logs.length)).toEqual([
      100, 50,
    ]);
  });
});
