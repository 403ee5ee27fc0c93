import { describe, expect, it } from 'vitest';
import { DEBUG_CALLS, PROBE_BODY, PROBE_CALLS, PROBE_ID, probeOutcome } from './endpoint-probe.ts';

describe('the developer pages’ calls (spec §2.3, §7)', () => {
  it('colours answers: 2xx success, 4xx warning, 5xx error, 0 network error', () => {
    expect([200, 202, 204, 400, 404, 429, 500, 503, 0].map(probeOutcome)).toEqual([
      'success',
      'success',
      'success',
      'warning',
      'warning',
      'warning',
      'error',
      'error',
      'network',
    ]);
  });

  it('debugs the four calls of the spec and probes its endpoints without touching a real record', () => {
    expect(DEBUG_CALLS.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/health',
      'GET /api/fields',
      'GET /api/farms',
      'GET /api/crop-types',
    ]);
    expect(PROBE_BODY).toEqual({ probe: true });
    for (const call of PROBE_CALLS.filter((c) => c.method === 'PUT' || c.method === 'DELETE')) expect(call.path).toContain(PROBE_ID);
  });
});
