import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMutationKeys } from '../features/account/api/account.ts';
import { authMutationKeys } from '../features/auth/api/auth-mutations.ts';
import { farmMutationKeys } from '../features/farms/api/farms.ts';
import { applicationMutationKeys } from '../features/fertilizer/api/applications.ts';
import { fieldMutationKeys } from '../features/fields/api/fields.ts';
import { harvestMutationKeys } from '../features/harvests/api/harvests.ts';
import { soilTestKeys, soilTestMutationKeys } from '../features/soil-tests/api/soil-tests.ts';
import { irrigationEventKeys, irrigationEventMutationKeys, rainReadingMutationKeys } from '../features/water/api/water-records.ts';
import { createQueryClient, MEMORY_CACHE_MAX_QUERIES } from './query-client.ts';

afterEach(() => vi.unstubAllGlobals());

const everyWrite = [
  ...Object.values(authMutationKeys),
  ...Object.values(accountMutationKeys),
  ...Object.values(farmMutationKeys),
  ...Object.values(fieldMutationKeys),
  ...Object.values(soilTestMutationKeys),
  ...Object.values(applicationMutationKeys),
  ...Object.values(irrigationEventMutationKeys),
  ...Object.values(rainReadingMutationKeys),
  ...Object.values(harvestMutationKeys),
];

describe('writes registered by key on the query client', () => {
  it('has a function for every write key, each key its own', () => {
    const client = createQueryClient();
    for (const key of everyWrite) expect(client.getMutationDefaults(key).mutationFn, key.join(' ')).toBeTypeOf('function');
    expect(new Set(everyWrite.map((key) => key.join('/'))).size).toBe(everyWrite.length);
  });

  it('sends a write rebuilt from its key and variables alone (as a stored write would be), and refreshes what it changed', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ method: init.method!, url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ data: { id: 'a1b2c3d4-0000-4000-8000-000000000001' } }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const client = createQueryClient();
    client.setQueryData(soilTestKeys.list(), []);
    const input = { id: 'a1b2c3d4-0000-4000-8000-000000000001', fieldId: 'f1', sampleDate: '2026-11-01', unit: 'ppm' };
    // No screen and no hook: only what a stored write keeps, its key and its variables.
    const mutation = client.getMutationCache().build(client, { mutationKey: soilTestMutationKeys.create });
    await mutation.execute(input);
    expect(sent).toEqual([{ method: 'POST', url: '/api/soil-tests', body: input }]);
    expect(client.getQueryState(soilTestKeys.list())?.isInvalidated).toBe(true);
  });

  it('sends an irrigation logged as a volume from its key alone, and refreshes the irrigation lists', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ method: init.method!, url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ data: { id: 'a1b2c3d4-0000-4000-8000-000000000002' } }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const client = createQueryClient();
    client.setQueryData(irrigationEventKeys.list('f1'), []);
    const input = {
      id: 'a1b2c3d4-0000-4000-8000-000000000002',
      fieldId: 'f1',
      irrigationDate: '2026-11-20',
      volumeM3: 500,
      method: 'drip',
    };
    await client.getMutationCache().build(client, { mutationKey: irrigationEventMutationKeys.create }).execute(input);
    expect(sent).toEqual([{ method: 'POST', url: '/api/irrigation-events', body: input }]);
    expect(client.getQueryState(irrigationEventKeys.list('f1'))?.isInvalidated).toBe(true);
  });
});

describe('answers held in memory', () => {
  it('holds at most 50, dropping the oldest that no screen shows', async () => {
    const client = createQueryClient();
    for (let index = 0; index < 60; index += 1) {
      await client.fetchQuery({ queryKey: ['answer', index], queryFn: async () => index });
    }
    const held = client.getQueryCache().getAll();
    expect(held).toHaveLength(MEMORY_CACHE_MAX_QUERIES);
    expect(client.getQueryData(['answer', 59])).toBe(59);
    expect(client.getQueryData(['answer', 0])).toBeUndefined();
  });
});
