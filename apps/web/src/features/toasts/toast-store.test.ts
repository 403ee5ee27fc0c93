import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_MS, showToast, toastStore } from './toast-store.ts';

describe('toasts (spec §3)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of toastStore.getState()) toastStore.dismiss(toast.id);
    vi.useRealTimers();
  });

  it('are info by default and leave after 4000 ms', () => {
    const id = showToast('Soil test saved.');
    expect(toastStore.getState()).toEqual([expect.objectContaining({ id, type: 'info', duration: DEFAULT_TOAST_MS, persistent: false })]);
    vi.advanceTimersByTime(3999);
    expect(toastStore.getState()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.getState()).toHaveLength(0);
  });

  it('stay when persistent until dismissed, and carry an action', () => {
    const onClick = vi.fn();
    const id = showToast('Sync failed', { type: 'error', persistent: true, action: { label: 'Retry', onClick } });
    vi.advanceTimersByTime(60_000);
    expect(toastStore.getState()[0]).toMatchObject({ id, type: 'error', action: { label: 'Retry' } });
    toastStore.getState()[0]!.action!.onClick();
    expect(onClick).toHaveBeenCalledOnce();
    toastStore.dismiss(id);
    expect(toastStore.getState()).toEqual([]);
  });

  it('stack in the order they came', () => {
    showToast('first', { duration: 1000 });
    showToast('second', { type: 'success' });
    expect(toastStore.getState().map((t) => t.message)).toEqual(['first', 'second']);
  });
});
