import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES, passwordHasher } from './password-hashing.ts';

describe('password hashing', () => {
  it('checks a password against its argon2id hash', async () => {
    const stored = await passwordHasher.hash('cassava-2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwordHasher.verify(stored, 'cassava-2026')).toBe(true);
    expect(await passwordHasher.verify(stored, 'cassava-2025')).toBe(false);
  });

  it('refuses at once, with a Retry-After, what would wait beyond the queue, and finishes the rest', async () => {
    const stored = await passwordHasher.hash('cassava-2026');
    const beyond = 5;
    const results = await Promise.allSettled(
      Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES + beyond }, () => passwordHasher.verify(stored, 'wrong-guess')),
    );
    const refused = results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason);
    expect(refused).toHaveLength(beyond);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: expect.any(Number) });
    }
    expect(results.filter((result) => result.status === 'fulfilled' && result.value === false)).toHaveLength(
      MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES,
    );
    // The queue drains completely: the next check runs.
    expect(await passwordHasher.verify(stored, 'cassava-2026')).toBe(true);
  });
});
