import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { CpuPool } from './cpu-pool.ts';

const pool = new CpuPool(1);
afterAll(() => pool.close());
const limits = { deadlineMs: 30_000, tooLong: () => new AppError('PAYLOAD_TOO_LARGE', 'Too long.') };
const body = (text: string) => new TextEncoder().encode(JSON.stringify({ fields: [{ name: text }] }));

describe('the worker threads', () => {
  it('moves the byte arrays handed over instead of copying them, and still reads them there', async () => {
    const owned = body('Moved');
    const answer = await pool.run('checkFieldBatch', { body: owned }, { ...limits, handOver: [owned] });
    expect(answer.reports[0]!.name).toBe('Moved');
    // Moved: this thread no longer holds the memory.
    expect(owned.byteLength).toBe(0);
  });

  it("copies a small Buffer that shares Node's pool, leaving it and its neighbours readable", async () => {
    const pooled = Buffer.from(JSON.stringify({ fields: [{ name: 'Pooled' }] }));
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    const answer = await pool.run('checkFieldBatch', { body: pooled }, { ...limits, handOver: [pooled] });
    expect(answer.reports[0]!.name).toBe('Pooled');
    expect(pooled.toString()).toContain('Pooled');
  });

  it('copies what is not handed over', async () => {
    const kept = body('Kept');
    await pool.run('checkFieldBatch', { body: kept }, limits);
    expect(kept.byteLength).toBeGreaterThan(0);
  });

  it("hands a job's tasks to the threads one per thread, so requests go ahead of a schedule's and are never refused", async () => {
    const finished: string[] = [];
    const jobTasks = Array.from({ length: 20 }, (_, i) =>
      pool.runForJob('checkFieldBatch', { body: body(`job ${i}`) }, limits).then(() => finished.push(`job ${i}`)),
    );
    // Twenty job tasks are waiting, yet the pool's queue has room: requests are neither refused nor put behind them.
    const requests = Array.from({ length: 3 }, (_, i) =>
      pool.run('checkFieldBatch', { body: body(`request ${i}`) }, limits).then(() => finished.push(`request ${i}`)),
    );
    await Promise.all([...jobTasks, ...requests]);
    // The requests went ahead of the jobs' waiting tasks: each finished among the first few, not after twenty.
    expect(finished.slice(0, 5)).toEqual(expect.arrayContaining(['request 0', 'request 1', 'request 2']));
    expect(finished).toHaveLength(23);
  });

  it("stops a job's task waiting for its turn when the job is cancelled, and runs the others", async () => {
    const running = pool.runForJob('checkFieldBatch', { body: body('first') }, limits);
    const cancel = new AbortController();
    const waiting = pool.runForJob('checkFieldBatch', { body: body('cancelled') }, { ...limits, signal: cancel.signal });
    const after = pool.runForJob('checkFieldBatch', { body: body('after') }, limits);
    cancel.abort(new Error('Analysis cancelled'));
    await expect(waiting).rejects.toThrow('Analysis cancelled');
    expect((await running).reports[0]!.name).toBe('first');
    expect((await after).reports[0]!.name).toBe('after');
  });
});
