/**
 * The device's storage for this site is full (the browser's quota). IndexedDB and Cache Storage report it as a
 * `QuotaExceededError`; Dexie passes it on under that name, or as the `inner` error of a failed transaction.
 */
export class DeviceStorageFullError extends Error {
  constructor(options?: ErrorOptions) {
    super('The device storage is full.', options);
    this.name = 'DeviceStorageFullError';
  }
}

/** Whether `error`, or an error it wraps, says the device's storage is full. */
export function isStorageFull(error: unknown): boolean {
  // A few levels at most: Dexie wraps once (`inner`), our own error once more (`cause`).
  for (let depth = 0, at = error; depth < 4 && typeof at === 'object' && at !== null; depth++) {
    const { name, inner, cause } = at as { name?: unknown; inner?: unknown; cause?: unknown };
    if (name === 'QuotaExceededError' || at instanceof DeviceStorageFullError) return true;
    at = inner ?? cause;
  }
  return false;
}
