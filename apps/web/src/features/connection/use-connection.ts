import { useSyncExternalStore } from 'react';

interface NetworkInformation extends EventTarget {
  effectiveType?: string;
  saveData?: boolean;
}

export type ConnectionState = 'offline' | 'slow' | 'online';

function connectionInfo(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/**
 * Round trip at or above which a connection is called slow, ms. The Network Information API's table of effective
 * connection types (WICG netinfo, "effective connection type") starts "2g" at a minimum RTT of 1400 ms; browsers
 * that report `effectiveType` call such a connection '2g', which is what this app calls slow. Browsers without the
 * API (Firefox, Safari) are held to the same line, measured.
 */
export const SLOW_ROUND_TRIP_MS = 1400;
/** The decision takes the median of the last few round trips, so one stalled request does not raise the banner. */
export const ROUND_TRIP_SAMPLES = 3;
/** Spec §9: the connection is checked every 30 s. */
export const PROBE_INTERVAL_MS = 30_000;
/** A probe with no answer after this long counts as this slow (and is abandoned). */
export const PROBE_TIMEOUT_MS = 10_000;

/**
 * Whether measured round trips (oldest first, ms) say the connection is slow: the median of the last
 * `ROUND_TRIP_SAMPLES` at or above `SLOW_ROUND_TRIP_MS`. Fewer samples than that decide nothing yet (not slow).
 */
export function slowByRoundTrips(roundTripsMs: readonly number[]): boolean {
  if (roundTripsMs.length < ROUND_TRIP_SAMPLES) return false;
  const recent = [...roundTripsMs.slice(-ROUND_TRIP_SAMPLES)].sort((a, b) => a - b);
  return recent[Math.floor(recent.length / 2)]! >= SLOW_ROUND_TRIP_MS;
}

/** One round trip to the server, ms: a HEAD of the health check (no body), never from a cache. */
async function measureRoundTrip(): Promise<number | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  const started = performance.now();
  try {
    await fetch('/api/health', { method: 'HEAD', cache: 'no-store', signal: controller.signal });
    return performance.now() - started;
  } catch {
    // No answer in time is as slow as it gets; any other failure (offline, refused) says nothing about speed.
    return controller.signal.aborted ? PROBE_TIMEOUT_MS : null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Round trips measured where the browser does not report the connection's type. Probing runs only while some
 * screen listens (the signed-in shell), so public pages send nothing.
 */
const probe = {
  roundTripsMs: [] as number[],
  slow: false,
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

async function probeOnce() {
  if (!navigator.onLine) return;
  const roundTripMs = await measureRoundTrip();
  if (roundTripMs === null) return;
  probe.roundTripsMs = [...probe.roundTripsMs, roundTripMs].slice(-ROUND_TRIP_SAMPLES);
  const slow = slowByRoundTrips(probe.roundTripsMs);
  if (slow !== probe.slow) {
    probe.slow = slow;
    for (const listener of probe.listeners) listener();
  }
}

function listenToProbes(listener: () => void): () => void {
  probe.listeners.add(listener);
  if (!probe.timer) {
    void probeOnce();
    probe.timer = setInterval(() => void probeOnce(), PROBE_INTERVAL_MS);
  }
  return () => {
    probe.listeners.delete(listener);
    if (probe.listeners.size === 0 && probe.timer) {
      clearInterval(probe.timer);
      probe.timer = undefined;
    }
  };
}

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const info = connectionInfo();
  info?.addEventListener('change', listener);
  const stopProbes = info ? undefined : listenToProbes(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    info?.removeEventListener('change', listener);
    stopProbes?.();
  };
}

/** 'offline'; 'slow' (2G or data saver as the browser reports it, else measured round trips); or 'online'. */
export function readConnection(): ConnectionState {
  if (!navigator.onLine) return 'offline';
  const info = connectionInfo();
  if (info) return info.saveData || info.effectiveType === '2g' || info.effectiveType === 'slow-2g' ? 'slow' : 'online';
  return probe.slow ? 'slow' : 'online';
}

export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribe, readConnection, () => 'online' as const);
}
