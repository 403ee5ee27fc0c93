import { describe, expect, it } from 'vitest';
import { installRandomUuid, randomUuidV4 } from './random-uuid.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('client ids over plain HTTP', () => {
  it('are version 4 UUIDs whatever the random bytes', () => {
    expect(randomUuidV4((bytes) => bytes.fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(randomUuidV4((bytes) => bytes.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
    expect(randomUuidV4((bytes) => crypto.getRandomValues(bytes))).toMatch(UUID_V4);
  });

  it('are provided where the browser leaves randomUUID out (an insecure context), and a present one is kept', () => {
    const insecure = { getRandomValues: <T extends ArrayBufferView>(bytes: T) => crypto.getRandomValues(bytes) } as unknown as Crypto;
    installRandomUuid(insecure);
    const ids = new Set(Array.from({ length: 1000 }, () => insecure.randomUUID()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(UUID_V4);

    const own = () => '11111111-1111-4111-8111-111111111111' as const;
    const secure = { getRandomValues: insecure.getRandomValues, randomUUID: own } as unknown as Crypto;
    installRandomUuid(secure);
    expect(secure.randomUUID).toBe(own);
  });
});
