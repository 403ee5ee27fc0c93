import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { DeviceStorageFullError, isStorageFull } from './storage-full.ts';

describe('telling a full device storage from other failures', () => {
  it('knows the browser’s error, Dexie’s, and a transaction aborted by it', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isStorageFull(quota)).toBe(true);
    expect(isStorageFull(new Dexie.QuotaExceededError('full'))).toBe(true);
    // Chrome checks the quota when a transaction commits: Dexie then rejects with an AbortError that carries it.
    expect(isStorageFull(new Dexie.AbortError('Transaction aborted', quota))).toBe(true);
    expect(isStorageFull(new DeviceStorageFullError({ cause: quota }))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isStorageFull(new Dexie.AbortError('Transaction aborted'))).toBe(false);
    expect(isStorageFull(new DOMException('Internal error.', 'UnknownError'))).toBe(false);
    expect(isStorageFull(new Error('QuotaExceededError'))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
    expect(isStorageFull('QuotaExceededError')).toBe(false);
  });
});
