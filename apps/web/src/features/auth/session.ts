/**
 * The signed-in session (spec §4 Authentication), kept outside React: the access token in localStorage,
 * its expiry read from the token's payload, a check every 60 s, a warning in the last 5 minutes, and
 * sign-in/sign-out in one tab followed by the others.
 */
export const TOKEN_KEY = 'murimi.access_token';
/** Every key the app stores starts with this; signing out removes them all but the device tokens. */
export const STORAGE_PREFIX = 'murimi.';
/**
 * The device token the server gave this browser for an account, under a hash of its e-mail. Kept across sign-outs:
 * sent with the next sign-in, it keeps strangers' wrong guesses at the account from holding its owner up here.
 */
export const DEVICE_TOKEN_PREFIX = 'murimi.device.';
export const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const EXPIRY_WARNING_MS = 5 * 60_000;

export interface SessionClaims {
  userId: string;
  email: string;
  name: string;
  expiresAtMs: number;
}

export type SessionState =
  { status: 'initialising' } | { status: 'signed-out' } | { status: 'signed-in'; token: string; claims: SessionClaims };

/** Reads the payload of a JWT without verifying it (the server does); null when it is not one of ours. */
export function readClaims(token: string): SessionClaims | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    if (typeof payload.exp !== 'number' || typeof payload.sub !== 'string') return null;
    return { userId: payload.sub, email: String(payload.email ?? ''), name: String(payload.name ?? ''), expiresAtMs: payload.exp * 1000 };
  } catch {
    return null;
  }
}

type Listener = () => void;

class SessionStore {
  private state: SessionState = { status: 'initialising' };
  private readonly listeners = new Set<Listener>();
  private warnedFor: string | null = null;
  onExpiringSoon: (minutesLeft: number) => void = () => {};
  onExpired: () => void = () => {};
  onSignedOut: () => void = () => {};

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  token(): string | null {
    return this.state.status === 'signed-in' ? this.state.token : null;
  }

  /** Restores a saved session; an expired or unreadable token clears the whole session. */
  initialise(now = Date.now()): void {
    try {
      const token = localStorage.getItem(TOKEN_KEY);
      const claims = token ? readClaims(token) : null;
      if (token && claims && (claims.expiresAtMs > now || deviceOffline())) this.set({ status: 'signed-in', token, claims });
      else {
        if (token) clearLocalData();
        this.set({ status: 'signed-out' });
      }
    } catch {
      this.set({ status: 'signed-out' });
    }
  }

  signIn(token: string, deviceToken?: string): void {
    const claims = readClaims(token);
    if (!claims) throw new Error("Login response missing 'access_token'.");
    localStorage.setItem(TOKEN_KEY, token);
    if (deviceToken) localStorage.setItem(deviceTokenKey(claims.email), deviceToken);
    this.warnedFor = null;
    this.set({ status: 'signed-in', token, claims });
  }

  /** Clears local data first, then tells the server; a failure there changes nothing here (spec §4). */
  signOut(tellServer?: (token: string) => Promise<unknown>): void {
    const token = this.token();
    clearLocalData();
    this.set({ status: 'signed-out' });
    this.onSignedOut();
    if (token && tellServer) void tellServer(token).catch(() => undefined);
  }

  /**
   * Run every 60 s and on reconnecting: sign out when expired, warn once within the last 5 minutes. Offline, an expired
   * session goes on with what the device holds (nothing reaches the server without a valid token anyway), so a farmer
   * out of signal for days can still read and record; it ends when the connection returns.
   */
  checkExpiry(now = Date.now()): void {
    if (this.state.status !== 'signed-in') return;
    const leftMs = this.state.claims.expiresAtMs - now;
    if (leftMs <= 0 && deviceOffline()) return;
    if (leftMs <= 0) {
      this.signOut();
      this.onExpired();
    } else if (leftMs <= EXPIRY_WARNING_MS && this.warnedFor !== this.state.token) {
      this.warnedFor = this.state.token;
      this.onExpiringSoon(Math.max(1, Math.ceil(leftMs / 60_000)));
    }
  }

  /** Another tab removed or stored the token. */
  followOtherTab(newToken: string | null): void {
    if (!newToken) {
      if (this.state.status === 'signed-in') {
        this.set({ status: 'signed-out' });
        this.onSignedOut();
      }
      return;
    }
    const claims = readClaims(newToken);
    if (claims && claims.expiresAtMs > Date.now()) this.set({ status: 'signed-in', token: newToken, claims });
  }

  private set(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('authStateChanged', { detail: next.status }));
  }
}

const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function clearLocalData(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(STORAGE_PREFIX) && !key.startsWith(DEVICE_TOKEN_PREFIX)) localStorage.removeItem(key);
  }
}

/** The key of an account's device token: a hash of the e-mail, so the addresses used here are not left in plain sight. */
function deviceTokenKey(email: string): string {
  // FNV-1a, 32 bits: a clash only means a token the server does not accept for that account, i.e. none.
  let hash = 0x811c9dc5;
  for (const char of email.trim().toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${DEVICE_TOKEN_PREFIX}${hash.toString(16).padStart(8, '0')}`;
}

/** The device token kept for the account of `email`, to send with its sign-in. */
export function deviceTokenFor(email: string): string | undefined {
  try {
    return localStorage.getItem(deviceTokenKey(email)) ?? undefined;
  } catch {
    return undefined; // storage blocked: sign in as an unknown device
  }
}

/** The organisation this device last worked in for an account: its sign-in opens there (kept across sign-outs). */
export function rememberOrganisation(email: string, organisationId: string): void {
  try {
    localStorage.setItem(`${deviceTokenKey(email).replace(DEVICE_TOKEN_PREFIX, `${DEVICE_TOKEN_PREFIX}org.`)}`, organisationId);
  } catch {
    // storage blocked: the next sign-in opens in the person's first organisation
  }
}

export function rememberedOrganisationFor(email: string): string | undefined {
  try {
    return localStorage.getItem(deviceTokenKey(email).replace(DEVICE_TOKEN_PREFIX, `${DEVICE_TOKEN_PREFIX}org.`)) ?? undefined;
  } catch {
    return undefined;
  }
}

export const session = new SessionStore();

/** Starts the 60-second check and the cross-tab listener; returns a function that stops both. */
export function watchSession(): () => void {
  const timer = setInterval(() => session.checkExpiry(), TOKEN_CHECK_INTERVAL_MS);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) session.followOtherTab(localStorage.getItem(TOKEN_KEY));
  };
  const onOnline = () => session.checkExpiry();
  window.addEventListener('storage', onStorage);
  window.addEventListener('online', onOnline);
  return () => {
    clearInterval(timer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('online', onOnline);
  };
}
