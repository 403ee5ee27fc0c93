import { useSyncExternalStore } from 'react';
import { clientLog } from '../../lib/client-log/install.ts';
import { showToast } from '../toasts/toast-store.ts';
import { checkServerHealth, HealthMonitor } from './health-monitor.ts';

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
 * API (Firefox, Safari) are held to the same line, measured by the health monitor's checks.
 */
export const SLOW_ROUND_TRIP_MS = 1400;
/** The decision takes the median of the last few round trips, so one stalled request does not raise the banner. */
export const ROUND_TRIP_SAMPLES = 3;

/**
 * Whether measured round trips (oldest first, ms) say the connection is slow: the median of the last
 * `ROUND_TRIP_SAMPLES` at or above `SLOW_ROUND_TRIP_MS`. Fewer samples than that decide nothing yet (not slow).
 */
export function slowByRoundTrips(roundTripsMs: readonly number[]): boolean {
  if (roundTripsMs.length < ROUND_TRIP_SAMPLES) return false;
  const recent = [...roundTripsMs.slice(-ROUND_TRIP_SAMPLES)].sort((a, b) => a - b);
  return recent[Math.floor(recent.length / 2)]! >= SLOW_ROUND_TRIP_MS;
}

/**
 * The app's one poller of the server's health (spec §4): its toasts, its status for the developer pages, and its
 * round trips for the slow-connection banner. It runs only while some screen listens (the signed-in shell), so public
 * pages send nothing.
 */
export const healthMonitor = new HealthMonitor({
  check: checkServerHealth,
  toast: (message, options) => showToast(message, options),
  isOnline: () => navigator.onLine,
  log: (severity, message, details) => clientLog.logger?.log(severity, message, details),
});
let monitorListeners = 0;

function listenToMonitor(listener: () => void): () => void {
  const unsubscribe = healthMonitor.subscribe(listener);
  monitorListeners += 1;
  if (monitorListeners === 1) healthMonitor.start();
  return () => {
    unsubscribe();
    monitorListeners -= 1;
    if (monitorListeners === 0) healthMonitor.stop();
  };
}

function subscribe(listener: () => void) {
  // Back online: check at once rather than at the next turn of the schedule.
  const online = () => {
    listener();
    void healthMonitor.checkNow();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', listener);
  const info = connectionInfo();
  info?.addEventListener('change', listener);
  const stopListening = listenToMonitor(listener);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', listener);
    info?.removeEventListener('change', listener);
    stopListening();
  };
}

/** 'offline'; 'slow' (2G or data saver as the browser reports it, else measured round trips); or 'online'. */
export function readConnection(): ConnectionState {
  if (!navigator.onLine) return 'offline';
  const info = connectionInfo();
  if (info) return info.saveData || info.effectiveType === '2g' || info.effectiveType === 'slow-2g' ? 'slow' : 'online';
  return slowByRoundTrips(healthMonitor.roundTripsMs) ? 'slow' : 'online';
}

export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribe, readConnection, () => 'online' as const);
}
