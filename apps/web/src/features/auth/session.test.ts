import { beforeEach, describe, expect, it, vi } from 'vitest';

// The session store uses the browser's storage and events; give it small stand-ins. Like the real Storage,
// stored keys are the object's own properties, so Object.keys lists them.
class MemoryStorage {
  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? (this as unknown as Record<string, string>)[key]! : null;
  }
  setItem(key: string, value: string): void {
    (this as unknown as Record<string, string>)[key] = String(value);
  }
  removeItem(key: string): void {
    delete (this as unknown as Record<string, string>)[key];
  }
}
const localStore = new MemoryStorage();
vi.stubGlobal('localStorage', localStore);
vi.stubGlobal('window', new EventTarget());
vi.stubGlobal('CustomEvent', class extends Event {});
const storage = {
  set: (key: string, value: string) => localStore.setItem(key, value),
  has: (key: string) => localStore.getItem(key) !== null,
  keys: () => Object.keys(localStore),
  clear: () => Object.keys(localStore).forEach((key) => localStore.removeItem(key)),
};

const { DEVICE_TOKEN_PREFIX, EXPIRY_WARNING_MS, TOKEN_KEY, deviceTokenFor, readClaims, session } = await import('./session.ts');

function token(expiresAtMs: number): string {
  const json = JSON.stringify({ sub: 'user-1', email: 'a@example.org', name: 'Ama', exp: Math.floor(expiresAtMs / 1000) });
  const payload = btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

describe('the session (spec §4)', () => {
  beforeEach(() => {
    storage.clear();
    session.onExpiringSoon = () => {};
    session.onExpired = () => {};
    session.initialise();
  });

  it('reads the expiry and user from the token payload', () => {
    const claims = readClaims(token(Date.parse('2026-11-22T12:00:00Z')));
    expect(claims).toEqual({ userId: 'user-1', email: 'a@example.org', name: 'Ama', expiresAtMs: Date.parse('2026-11-22T12:00:00Z') });
    expect(readClaims('not-a-token')).toBeNull();
  });

  it('restores a stored, unexpired token, and clears an expired one with all local data', () => {
    storage.set(TOKEN_KEY, token(Date.now() + 3600_000));
    session.initialise();
    expect(session.getState().status).toBe('signed-in');

    storage.set(TOKEN_KEY, token(Date.now() - 1000));
    storage.set('murimi.selected_field', 'f-1');
    storage.set('other-app', 'kept');
    session.initialise();
    expect(session.getState().status).toBe('signed-out');
    expect([...storage.keys()]).toEqual(['other-app']);
  });

  it('warns once within 5 minutes of expiry, then signs out when it passes', () => {
    const now = Date.now();
    const warnings: number[] = [];
    let expired = 0;
    session.onExpiringSoon = (minutes) => warnings.push(minutes);
    session.onExpired = () => (expired += 1);
    session.signIn(token(now + EXPIRY_WARNING_MS + 60_000));
    session.checkExpiry(now);
    expect(warnings).toEqual([]);
    session.checkExpiry(now + 120_000);
    session.checkExpiry(now + 180_000);
    expect(warnings).toEqual([4]);
    session.checkExpiry(now + EXPIRY_WARNING_MS + 61_000);
    expect(expired).toBe(1);
    expect(session.getState().status).toBe('signed-out');
  });

  it('keeps an expired session going while the device is offline, and ends it when the connection returns', () => {
    const now = Date.now();
    const network = { onLine: false };
    vi.stubGlobal('navigator', network);
    try {
      storage.set(TOKEN_KEY, token(now - 1000));
      session.initialise(now);
      expect(session.getState().status).toBe('signed-in');
      session.checkExpiry(now + 60_000);
      expect(session.getState().status).toBe('signed-in');

      network.onLine = true;
      session.checkExpiry(now + 120_000);
      expect(session.getState().status).toBe('signed-out');
    } finally {
      vi.unstubAllGlobals();
      vi.stubGlobal('localStorage', localStore);
      vi.stubGlobal('window', new EventTarget());
      vi.stubGlobal('CustomEvent', class extends Event {});
    }
  });

  it('signs out locally first and ignores a failing server', async () => {
    session.signIn(token(Date.now() + 3600_000));
    const calls: string[] = [];
    session.signOut(async (t) => {
      calls.push(storage.has(TOKEN_KEY) ? 'token still stored' : 'cleared before the call');
      expect(t).toContain('.');
      throw new Error('server down');
    });
    expect(session.getState().status).toBe('signed-out');
    expect(calls).toEqual(['cleared before the call']);
  });

  it('follows another tab: its sign-out signs this one out, its sign-in signs this one in', () => {
    session.signIn(token(Date.now() + 3600_000));
    session.followOtherTab(null);
    expect(session.getState().status).toBe('signed-out');
    session.followOtherTab(token(Date.now() + 3600_000));
    expect(session.getState().status).toBe('signed-in');
  });

  it("keeps the account's device token across sign-out, and finds it by the e-mail typed at the next sign-in", () => {
    session.signIn(token(Date.now() + 3600_000), 'device-id.mac');
    storage.set('murimi.selected_field', 'f-1');
    session.signOut();
    const kept = storage.keys();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.startsWith(DEVICE_TOKEN_PREFIX)).toBe(true);
    expect(kept[0]).not.toContain('a@example.org');
    expect(deviceTokenFor('  A@Example.org ')).toBe('device-id.mac');
    expect(deviceTokenFor('b@example.org')).toBeUndefined();
  });

  it('refuses a login answer without a token payload', () => {
    expect(() => session.signIn('garbage')).toThrow("Login response missing 'access_token'.");
  });
});
