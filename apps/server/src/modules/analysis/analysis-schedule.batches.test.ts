import { describe, expect, it } from 'vitest';
import { planScheduleBatches, scheduleBatchKey, type FieldKey } from './analysis-schedule.batches.ts';

// Fields of organisations a, b, c… in the order the database sorts them.
const fieldsOf = (orgId: string, count: number): FieldKey[] =>
  Array.from({ length: count }, (_, i) => ({ orgId, fieldId: `${orgId}-${String(i + 1).padStart(2, '0')}` }));
const key = (orgId: string, n: number): FieldKey => ({ orgId, fieldId: `${orgId}-${String(n).padStart(2, '0')}` });

describe('cutting a day of in-season fields into batches', () => {
  it('puts organisations that fit together in one batch, the first from the start and the last to the end', () => {
    expect(planScheduleBatches([...fieldsOf('a', 2), ...fieldsOf('b', 1), ...fieldsOf('c', 2)], 5)).toEqual([{ from: null, until: null }]);
  });

  it('starts a new batch at an organisation that does not fit in what is left, rather than splitting it', () => {
    expect(planScheduleBatches([...fieldsOf('a', 3), ...fieldsOf('b', 3), ...fieldsOf('c', 2)], 5)).toEqual([
      { from: null, until: key('b', 1) },
      { from: key('b', 1), until: null },
    ]);
  });

  it('gives an organisation larger than a batch batches of its own, full but the last', () => {
    expect(planScheduleBatches([...fieldsOf('a', 1), ...fieldsOf('b', 7), ...fieldsOf('c', 1)], 3)).toEqual([
      { from: null, until: key('b', 1) },
      { from: key('b', 1), until: key('b', 4) },
      { from: key('b', 4), until: key('b', 7) },
      { from: key('b', 7), until: null },
    ]);
  });

  it('plans nothing for a day with no field in season, and refuses a batch of no fields', () => {
    expect(planScheduleBatches([], 500)).toEqual([]);
    expect(() => planScheduleBatches(fieldsOf('a', 1), 0)).toThrow(RangeError);
  });

  it('names a batch by its day and first field, so the same plan the same day has the same keys', () => {
    const [first, second] = planScheduleBatches([...fieldsOf('a', 2), ...fieldsOf('b', 2)], 2);
    expect(scheduleBatchKey('2026-03-01', first!)).toBe('2026-03-01:first');
    expect(scheduleBatchKey('2026-03-01', second!)).toBe('2026-03-01:b:b-01');
  });
});
