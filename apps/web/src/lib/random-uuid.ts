/**
 * `crypto.randomUUID` exists only in secure contexts (https, or localhost). A farm office opens the app over plain
 * HTTP by the server's LAN name, where it is missing and every screen that makes a client id would crash. So,
 * where it is missing, it is provided from `crypto.getRandomValues`, which every context has.
 */
export function installRandomUuid(target: Crypto = globalThis.crypto): void {
  if (typeof target.randomUUID === 'function') return;
  Object.defineProperty(target, 'randomUUID', {
    value: () => randomUuidV4((bytes) => target.getRandomValues(bytes)),
    configurable: true,
    writable: true,
  });
}

/** A version 4 UUID (RFC 9562 §5.4) from 16 random bytes. */
export function randomUuidV4(
  fillRandom: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array,
): `${string}-${string}-${string}-${string}-${string}` {
  const bytes = new Uint8Array(16);
  fillRandom(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10xx
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
