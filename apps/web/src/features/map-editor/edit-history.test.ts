import { describe, expect, it } from 'vitest';
import { EditHistory } from './edit-history.ts';

describe('EditHistory', () => {
  it('undoes and redoes edits in order, and a new edit forgets the redo steps', () => {
    const history = new EditHistory<string | null>(null);
    history.record('drawn');
    history.record('corner moved');
    expect(history.undo()).toBe('drawn');
    expect(history.undo()).toBeNull();
    expect(history.canUndo).toBe(false);
    expect(history.undo()).toBeNull();
    expect(history.redo()).toBe('drawn');
    history.record('cleared');
    expect(history.canRedo).toBe(false);
    expect(history.redo()).toBe('cleared');
    expect(history.undo()).toBe('drawn');
  });

  it('keeps at most the configured number of steps', () => {
    const history = new EditHistory(0, 3);
    for (let step = 1; step <= 5; step++) history.record(step);
    expect([history.undo(), history.undo(), history.undo(), history.undo()]).toEqual([4, 3, 2, 2]);
  });
});
