import { describe, expect, it } from 'vitest';
import { IngestCounters } from './ingest-limits.ts';
import { REDACTED, redactText, redactValue } from './log-redaction.ts';

describe('redacting a browser log entry', () => {
  it.each([
    ['a Zimbabwean mobile with +263', 'SMS to +263 77 123 4567 failed'],
    ['a mobile with its 0', 'SMS to 0771234567 failed'],
    ['a mobile grouped by dashes', 'call 077-123-4567'],
    ['a mobile as 12 digits from the country code', 'from 263771234567'],
    ['a Malawian number in brackets', 'ring +265 (0) 999 123 456'],
    ['an e-mail address', 'no account for tendai.moyo+farm@example.co.zw'],
    ['a JWT', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['a bearer credential', 'Authorization: Bearer abc.def-ghi'],
    ['a password in a query string', 'POST /reset?password=hunter22&x=1'],
    ['a reset token in a link', '/reset-password?token=Zk3x9QpLm2'],
    ['a password in JSON', '{"password":"hunter22"}'],
    ['a hex key', 'key 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
    ['a base64 secret', 'secret-ish a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7'],
  ])('removes %s', (_what, text) => {
    const redacted = redactText(text);
    expect(redacted).toContain(REDACTED);
    for (const secret of ['4567', '456', 'tendai', 'hunter22', 'Zk3x9QpLm2', 'abc.def', 'dozjgNry', '9f86d081', 'a1B2c3D4']) {
      expect(redacted).not.toContain(secret);
    }
  });

  it.each([
    'Field 3f1c2a4e-8b1d-4c1e-9a7b-2d3e4f5a6b7c saved at 2026-11-30 00:33:26',
    'Loaded 12 fields in 1732924800000 ms at -17.8252, 31.0335',
    'analysis_irrigation_recommendation_version2 took 0.5 s',
    'Failed to fetch /api/fields?limit=100&cursor=abc',
    'Area 12.5 ha, NDVI 0.62, 25 mm on 2026-11-03',
  ])('leaves what is not a secret: %s', (text) => expect(redactText(text)).toBe(text));

  it('empties the values of keys that name a secret or a contact, to a bounded depth', () => {
    const redacted = redactValue({
      password: 'x',
      Authorization: 'y',
      phoneNumber: 12345,
      nested: { email: 'a', note: 'mail me at a@b.co' },
      list: ['+263 77 123 4567', 3],
      deep: { a: { b: { c: { d: 'too far' } } } },
      fieldCount: 4,
    });
    expect(redacted).toEqual({
      password: REDACTED,
      Authorization: REDACTED,
      phoneNumber: REDACTED,
      nested: { email: REDACTED, note: `mail me at ${REDACTED}` },
      list: [REDACTED, 3],
      deep: { a: { b: { c: '[too deep]' } } },
      fieldCount: 4,
    });
  });

  it('takes linear time on texts made to make a pattern backtrack', () => {
    // 100 entries' worth of 2,000-character adversarial texts in well under the time one request may take.
    const texts = ['a'.repeat(2_000), 'a.'.repeat(1_000), '+1'.repeat(1_000), 'x@'.repeat(1_000), `eyJ${'a'.repeat(1_997)}`];
    const started = performance.now();
    for (let round = 0; round < 100; round++) for (const text of texts) redactText(text);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('the log ingestion counters', () => {
  const rule = { name: 'test', limit: 3, windowMs: 60_000 };

  it('allows the limit in a window, refuses more with the seconds left, and allows again in the next window', () => {
    const counters = new IngestCounters();
    expect(counters.take(rule, 'a', 2, 0)).toEqual({ allowed: true });
    expect(counters.take(rule, 'a', 1, 1_000)).toEqual({ allowed: true });
    expect(counters.take(rule, 'a', 1, 20_500)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(counters.take(rule, 'b', 3, 20_500)).toEqual({ allowed: true });
    expect(counters.take(rule, 'a', 3, 60_000)).toEqual({ allowed: true });
  });

  it('remembers at most its number of keys, however many senders there are', () => {
    const counters = new IngestCounters(100);
    for (let sender = 0; sender < 20_000; sender++) counters.take(rule, `session-${sender}`, 1, sender);
    expect(counters.size).toBe(100);
  });
});
