import { describe, expect, it } from 'vitest';
import { reconcileSelection } from './field-selection.ts';

describe('field selection (spec §4)', () => {
  it('keeps a stored field that still exists', () => expect(reconcileSelection('b', ['a', 'b'])).toBe('b'));
  it('chooses the first field when none is chosen, e.g. after adding the first field', () =>
    expect(reconcileSelection(null, ['a'])).toBe('a'));
  it('drops a stored field that was removed, and falls back to the first', () => expect(reconcileSelection('gone', ['a', 'b'])).toBe('a'));
  it('clears the choice when no field is left', () => expect(reconcileSelection('gone', [])).toBeNull());
});
