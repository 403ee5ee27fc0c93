/** An id no record has: probing `/{id}` endpoints answers 404 and never touches a real record. */
export const PROBE_ID = '00000000-0000-4000-8000-000000000000';
/** Spec §7: the probe's dummy body holds one boolean field; the server refuses it (unknown key), so nothing is made. */
export const PROBE_BODY = { probe: true };

export interface ProbeCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** Spec §2.3: the API debug screen's four calls. */
export const DEBUG_CALLS: ProbeCall[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/fields' },
  { method: 'GET', path: '/api/farms' },
  { method: 'GET', path: '/api/crop-types' },
];

/** Spec §7: the developer test page's endpoints. */
export const PROBE_CALLS: ProbeCall[] = [
  { method: 'GET', path: '/api/farms' },
  { method: 'POST', path: '/api/farms' },
  { method: 'GET', path: `/api/farms/${PROBE_ID}` },
  { method: 'PUT', path: `/api/farms/${PROBE_ID}` },
  { method: 'DELETE', path: `/api/farms/${PROBE_ID}` },
  { method: 'DELETE', path: `/api/fields/${PROBE_ID}` },
  { method: 'GET', path: '/api/weather/current' },
  { method: 'GET', path: '/api/weather/forecast' },
  { method: 'GET', path: '/api/weather/historical' },
  { method: 'GET', path: '/api/soil-tests' },
  { method: 'GET', path: `/api/soil-tests/${PROBE_ID}` },
  { method: 'GET', path: '/api/fertilizer/applications' },
  { method: 'POST', path: '/api/fertilizer/applications' },
  { method: 'GET', path: '/api/fertilizer/recommendations' },
  { method: 'GET', path: '/api/reports' },
  { method: 'POST', path: '/api/reports/generate' },
  { method: 'GET', path: `/api/reports/${PROBE_ID}/download` },
];

/** Spec §7: 2xx success, 4xx warning, 5xx error, 0 network error. */
export type ProbeOutcome = 'success' | 'warning' | 'error' | 'network';

export function probeOutcome(status: number): ProbeOutcome {
  if (status === 0) return 'network';
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400 && status < 500) return 'warning';
  return status >= 500 ? 'error' : 'warning';
}

export interface ProbeResult extends ProbeCall {
  status: number;
  body: string;
}

/** Spec §9: an endpoint test gives up after 10 s. */
const PROBE_TIMEOUT_MS = 10_000;
/** The most of a body shown: a field list can be long. */
const BODY_SHOWN_CHARS = 2_000;

/** Sends one call with the person's token, as it is; the answer's status and the start of its body. */
export async function sendProbe(call: ProbeCall, token: string | null): Promise<ProbeResult> {
  const withBody = call.method === 'POST' || call.method === 'PUT';
  try {
    const response = await fetch(call.path, {
      method: call.method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(withBody && { 'content-type': 'application/json' }) },
      ...(withBody && { body: JSON.stringify(PROBE_BODY) }),
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const text = await response.text();
    return { ...call, status: response.status, body: text.slice(0, BODY_SHOWN_CHARS) };
  } catch (error) {
    return { ...call, status: 0, body: error instanceof Error ? error.message : String(error) };
  }
}
