import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * E-mail bodies carry links that sign a person in (address confirmation, password reset); the token table keeps
 * only their SHA-256, so the outbox must not keep them readable either. Bodies are sealed with AES-256-GCM under a
 * key derived from the server's secret, bound to their outbox row, and emptied once sent.
 */
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
/** GCM's standard nonce: 96 bits, random per message (a key seals far fewer than 2³² bodies). */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

const keys = new Map<string, Buffer>();
function outboxKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    // HKDF with its own label, so this key says nothing about the one that signs access tokens.
    key = Buffer.from(hkdfSync('sha256', secret, 'murimi', 'email-outbox body v1', KEY_BYTES));
    keys.set(secret, key);
  }
  return key;
}

/** Seals `text` for the outbox row `outboxId`: `v1.<iv|tag|ciphertext in base64url>`. */
export function sealBody(text: string, outboxId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, outboxKey(secret), iv);
  cipher.setAAD(Buffer.from(outboxId));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** The text of a sealed body; null when it was sealed for another row or with another secret, or is damaged. */
export function openBody(sealed: string, outboxId: string, secret: string): string | null {
  const [format, packed] = sealed.split('.');
  if (format !== FORMAT || !packed) return null;
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(ALGORITHM, outboxKey(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(outboxId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
