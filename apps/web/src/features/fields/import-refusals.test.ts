import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client.ts';
import { markRefused, reasonTexts, refusedReasons, type RefusableRow } from './import-refusals.ts';

const refusedSave = (items: unknown) =>
  new ApiError(400, '2 of 3 fields cannot be saved, so none was saved.', 'VALIDATION_FAILED', [], { items });

describe('reasons a draft of an imported file cannot be saved', () => {
  it('words a reason the server names from the locale, with its numbers formatted for the language', () => {
    const tooSmall = {
      message: 'This field measures 0.30 ha. …',
      code: 'FIELD_TOO_SMALL',
      params: { areaHectares: 0.3, minHectares: 0.5, minAcres: 1.2 },
    };
    const point = { message: 'A point …', code: 'POINT_NOT_BOUNDARY', params: {} };
    expect(reasonTexts([tooSmall, point])).toEqual([
      'This field measures 0.30 ha. The minimum field size is 0.5 ha (1.2 acres): smaller fields give unreliable satellite readings.',
      'A point is not a field boundary.',
    ]);
  });

  it("keeps the server's sentence for a reason without a code or with one the locale does not know, and tells a reason once", () => {
    const holes = { message: 'A field may have at most 99 holes.' };
    expect(reasonTexts([holes, holes, { message: 'Something new.', code: 'NEW_RULE', params: {} }])).toEqual([
      'A field may have at most 99 holes.',
      'Something new.',
    ]);
  });
});

describe('refused import saves', () => {
  it('words each refused item by its position, from the code of a boundary rule or the server sentence otherwise', () => {
    const reasons = refusedReasons(
      refusedSave([
        {
          index: 0,
          name: 'Plot 1',
          problems: [
            {
              path: 'boundary',
              message: 'This field measures 12,100 ha, …',
              code: 'FIELD_TOO_LARGE',
              params: { areaHectares: 12_100, maxHectares: 10_000 },
            },
          ],
        },
        { index: 2, name: 'Plot 3', problems: [{ path: 'farmId', message: 'Farm not found.' }] },
      ]),
    );
    expect([...reasons.entries()].map(([index, problems]) => [index, reasonTexts(problems)])).toEqual([
      [
        0,
        [
          'This field measures 12,100 ha, more than the 10,000 ha we accept for one field. Check the boundary, or split it into several fields.',
        ],
      ],
      [2, ['Farm not found.']],
    ]);
  });

  it('finds no refused items in a failure that lists none (offline, a server error, a whole-body refusal)', () => {
    expect(refusedReasons(new ApiError(0, 'Unable to connect to the server.')).size).toBe(0);
    expect(refusedReasons(new ApiError(400, 'Send at least one field.', 'VALIDATION_FAILED', [], [{ path: 'fields' }])).size).toBe(0);
    expect(refusedReasons(new Error('boom')).size).toBe(0);
  });

  it('marks refused rows by their position among the rows sent, and leaves unsent and accepted rows alone', () => {
    const row = (name: string, include: boolean, status: RefusableRow['status'] = 'ready') => ({ name, include, status, reasons: [] });
    const rows = [row('Skipped by farmer', false), row('A', true), row('Invalid', false, 'invalid'), row('B', true), row('C', true)];
    // Sent: A (0), B (1), C (2); the server refuses B.
    const marked = markRefused(rows, new Map([[1, [{ message: 'Farm not found.' }]]]));
    expect(marked.map((r) => [r.name, r.status, r.include, r.reasons])).toEqual([
      ['Skipped by farmer', 'ready', false, []],
      ['A', 'ready', true, []],
      ['Invalid', 'invalid', false, []],
      ['B', 'invalid', false, [{ message: 'Farm not found.' }]],
      ['C', 'ready', true, []],
    ]);
  });
});
