import { describe, expect, it } from 'vitest';
import { lastModifiedEtag, lastModifiedOfEtag } from './record-versions.ts';

describe('record versions as ETags', () => {
  it('reads back the lastModified it wrote', () => {
    const lastModified = new Date(Date.UTC(2026, 2, 1, 8, 15, 30, 123)).toISOString();
    expect(lastModifiedEtag(lastModified)).toBe('"2026-03-01T08:15:30.123Z"');
    expect(lastModifiedOfEtag(lastModifiedEtag(lastModified))).toBe(lastModified);
    expect(lastModifiedOfEtag(` ${lastModifiedEtag(lastModified)} `)).toBe(lastModified);
  });

  it.each([
    ['unquoted', '2026-03-01T08:15:30.123Z'],
    ['weak', 'W/"2026-03-01T08:15:30.123Z"'],
    ['any version', '*'],
    ['a list', '"2026-03-01T08:15:30.123Z", "2026-03-01T08:15:31.000Z"'],
    ['without milliseconds', '"2026-03-01T08:15:30Z"'],
    ['with microseconds', '"2026-03-01T08:15:30.123456Z"'],
    ['with an offset', '"2026-03-01T10:15:30.123+02:00"'],
    ['a day that does not exist', '"2026-02-30T08:15:30.123Z"'],
    ['an hour that does not exist', '"2026-03-01T25:15:30.123Z"'],
    ['not a date', '"yesterday"'],
    ['empty', ''],
  ])('refuses an If-Match that is %s', (_, header) => {
    expect(lastModifiedOfEtag(header)).toBeUndefined();
  });
});
