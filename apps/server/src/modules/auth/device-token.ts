import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A device token is what a browser keeps after signing in to an account: a random device id and an HMAC binding
 * it to the user. Sent back with a later sign-in, it lets failures from that device count against the device
 * alone, so strangers guessing at the account (even from the same address) do not keep its owner out.
 * It opens nothing by itself: the password is still required.
 */
const DEVICE_ID_BYTES = 16;
/** 128 bits of HMAC-SHA256: forging one is a 2¹²⁸ guess, and each guess costs a sign-in attempt. */
const MAC_BYTES = 16;

const keys = new Map<string, Buffer>();
function deviceKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    // Derived with its own label, so it is independent of the key that signs access tokens.
    key = Buffer.from(hkdfSync('sha256', secret, 'murimi', 'device token v1', 32));
    keys.set(secret, key);
  }
  return key;
}

function macOf(userId: string, deviceId: string, secret: string): Buffer {
  return createHmac('sha256', deviceKey(secret)).update(`${userId}.${deviceId}`).digest().subarray(0, MAC_BYTES);
}

/** A new device token for `userId`: `<device id>.<mac>`, both base64url. */
export function issueDeviceToken(userId: string, secret: string): string {
  const deviceId = randomBytes(DEVICE_ID_BYTES).toString('base64url');
  return `${deviceId}.${macOf(userId, deviceId, secret).toString('base64url')}`;
}

/** The device id of a token issued to `userId` with this secret; null for anything else. */
export function deviceIdOf(token: string, userId: string, secret: string): string | null {
  const [deviceId, mac, ...rest] = token.split('.');
  if (!deviceId || !mac || rest.length > 0) return null;
  const presented = Buffer.from(mac, 'base64url');
  const expected = macOf(userId, deviceId, secret);
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? deviceId : null;
}
