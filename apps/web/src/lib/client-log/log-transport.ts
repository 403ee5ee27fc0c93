import { CLIENT_LOG_LIMITS, type ClientLogEntry } from '@murimi/core';
import type { LogTransport, SendResult } from './client-logger.ts';

const LOGS_URL = '/api/logs';
/** Spec §9: a log request gives up after 10 s. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Batches to `POST /api/logs` with `fetch` (the person's token when signed in, so the line names them) and, as a page
 * is hidden, with `navigator.sendBeacon` (no token: the session id ties the entries together). Not through the app's
 * API client: a failure to log must not itself be logged, nor end a session.
 */
export function httpLogTransport(token: () => string | null): LogTransport {
  return {
    async send(entries) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
      try {
        const bearer = token();
        const response = await fetch(LOGS_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(bearer && { authorization: `Bearer ${bearer}` }) },
          body: JSON.stringify({ logs: entries }),
          signal: controller.signal,
          keepalive: true,
        });
        return outcome(response.status);
      } catch {
        return 'failed';
      } finally {
        clearTimeout(timer);
      }
    },
    beacon(entries) {
      if (typeof navigator.sendBeacon !== 'function') return false;
      return beaconBodies(entries).every((body) => navigator.sendBeacon(LOGS_URL, new Blob([body], { type: 'application/json' })));
    },
  };
}

/** 2xx sent; 400 and 413 dropped (the same batch would be refused again); anything else, 429 included, failed. */
export function outcome(status: number): SendResult {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 400 || status === 413) return 'dropped';
  return 'failed';
}

/** Bodies of at most the server's size limit, a beacon each (browsers cap a beacon near 64 KB too). */
export function beaconBodies(entries: ClientLogEntry[]): string[] {
  const encoder = new TextEncoder();
  const bodies: string[] = [];
  let batch: string[] = [];
  let batchBytes = 0;
  const close = () => bodies.push(`{"logs":[${batch.join(',')}]}`);
  for (const entry of entries) {
    const json = JSON.stringify(entry);
    const entryBytes = encoder.encode(json).length + 1;
    // `{"logs":[` and `]}` take 11 bytes.
    if (
      batch.length > 0 &&
      (batchBytes + entryBytes + 11 > CLIENT_LOG_LIMITS.batchBytes || batch.length === CLIENT_LOG_LIMITS.entriesPerBatch)
    ) {
      close();
      batch = [];
      batchBytes = 0;
    }
    batch.push(json);
    batchBytes += entryBytes;
  }
  if (batch.length > 0) close();
  return bodies;
}
