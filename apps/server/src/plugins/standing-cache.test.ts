import { describe, expect, it } from 'vitest';
import { StandingCache } from './standing-cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('StandingCache', () => {
  const key = { tokenId: 't1', userId: 'u1' };

  it('reads once within the time to live and again after it', async () => {
    let nowMs = 0;
    const cache = new StandingCache<string>(5_000, 10, () => nowMs);
    let loads = 0;
    const load = async () => `read ${++loads}`;
    expect(await cache.read(key, load)).toBe('read 1');
    nowMs = 4_999;
    expect(await cache.read(key, load)).toBe('read 1');
    nowMs = 5_000;
    expect(await cache.read(key, load)).toBe('read 2');
  });

  it('does not keep a read that was under way when the token was forgotten (logout race)', async () => {
    const cache = new StandingCache<string>(5_000, 10, () => 0);
    const slowRead = deferred<string>();
    const inFlight = cache.read(key, () => slowRead.promise);
    cache.forget({ tokenId: 't1' }); // logout commits while the read is waiting on the database
    slowRead.resolve('not revoked');
    expect(await inFlight).toBe('not revoked');
    expect(await cache.read(key, async () => 'revoked')).toBe('revoked');
  });

  it('forgets every token of a user', async () => {
    const cache = new StandingCache<string>(5_000, 10, () => 0);
    await cache.read({ tokenId: 'a', userId: 'u1' }, async () => 'old');
    await cache.read({ tokenId: 'b', userId: 'u1' }, async () => 'old');
    await cache.read({ tokenId: 'c', userId: 'u2' }, async () => 'kept');
    cache.forget({ userId: 'u1' });
    expect(await cache.read({ tokenId: 'a', userId: 'u1' }, async () => 'new')).toBe('new');
    expect(await cache.read({ tokenId: 'b', userId: 'u1' }, async () => 'new')).toBe('new');
    expect(await cache.read({ tokenId: 'c', userId: 'u2' }, async () => 'new')).toBe('kept');
  });

  it('drops the oldest entry when full', async () => {
    const cache = new StandingCache<string>(5_000, 2, () => 0);
    for (const tokenId of ['a', 'b', 'c']) await cache.read({ tokenId, userId: 'u' }, async () => `first ${tokenId}`);
    expect(await cache.read({ tokenId: 'a', userId: 'u' }, async () => 'again a')).toBe('again a');
    expect(await cache.read({ tokenId: 'c', userId: 'u' }, async () => 'again c')).toBe('first c');
  });
});
