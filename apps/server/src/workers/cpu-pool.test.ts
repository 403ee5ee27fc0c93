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
});
