import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/client.ts';
import { QueryState, RecordDetail } from './QueryState.tsx';

const HOUR_MS = 60 * 60_000;
const NO_CACHE = 'No network connection and no cached data available';

/** A query as TanStack Query reports it; the states a screen sees offline are combinations of these. */
function query(state: Partial<UseQueryResult<string[]>>): UseQueryResult<string[]> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    fetchStatus: 'idle',
    dataUpdatedAt: 0,
    refetch: vi.fn(),
    ...state,
  } as unknown as UseQueryResult<string[]>;
}
const unreachable = () => new ApiError(0, 'Unable to connect to the server.');

const renderList = (state: Partial<UseQueryResult<string[]>>) =>
  render(
    <QueryState query={query(state)} loadingLabel="Loading soil tests" empty="No soil tests yet.">
      {(tests) => (
        <ul>
          {tests.map((test) => (
            <li key={test}>{test}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

afterEach(() => onlineManager.setOnline(true));

describe('QueryState offline', () => {
  it('shows the device’s copy with its age when offline', () => {
    onlineManager.setOnline(false);
    renderList({ data: ['12 Nov soil test'], dataUpdatedAt: Date.now() - 2 * HOUR_MS, isError: true, error: unreachable() });
    expect(screen.getByText('12 Nov soil test')).toBeTruthy();
    expect(screen.getByTestId('cached-copy-note').textContent).toMatch(/^Saved on this device, as of 2 hr\.? ago\.$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the data and its age when online but the last refetch failed', () => {
    renderList({ data: ['12 Nov soil test'], dataUpdatedAt: Date.now() - 5 * 60_000, isError: true, error: new ApiError(503, 'Down.') });
    expect(screen.getByText('12 Nov soil test')).toBeTruthy();
    expect(screen.getByTestId('cached-copy-note').textContent).toMatch(/as of 5 min\.? ago/);
  });

  it('adds no note to fresh data online', () => {
    renderList({ data: ['12 Nov soil test'], dataUpdatedAt: Date.now() });
    expect(screen.queryByTestId('cached-copy-note')).toBeNull();
  });

  it('says there is no cached data, not a spinner, when offline with nothing kept', () => {
    onlineManager.setOnline(false);
    renderList({ isPending: true, fetchStatus: 'paused' });
    expect(screen.getByRole('status').textContent).toBe(NO_CACHE);
    expect(screen.queryByText('Loading soil tests')).toBeNull();
  });

  it('says so instead of the generic error when the read found no network and no copy', () => {
    onlineManager.setOnline(false);
    renderList({ isError: true, error: unreachable() });
    expect(screen.getByRole('status').textContent).toBe(NO_CACHE);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the spinner while the device’s copy is still being looked for', () => {
    onlineManager.setOnline(false);
    renderList({ isPending: true, fetchStatus: 'fetching' });
    expect(screen.queryByText(NO_CACHE)).toBeNull();
  });

  it('online, a failure without data is still the error with a retry', () => {
    renderList({ isError: true, error: new ApiError(500, 'Server error.') });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText(NO_CACHE)).toBeNull();
  });
});

describe('RecordDetail offline', () => {
  const detail = (state: Partial<UseQueryResult<string[]>>) =>
    render(
      <RecordDetail query={query(state)} title="Block A" loadingLabel="Loading field" missing={<p>Not found</p>}>
        {(record) => <h1>{record.join()}</h1>}
      </RecordDetail>,
    );

  it('shows the kept record with its age, or says nothing is kept', () => {
    onlineManager.setOnline(false);
    const { unmount } = detail({ data: ['Block A'], dataUpdatedAt: Date.now() - 3 * 24 * HOUR_MS, isError: true, error: unreachable() });
    expect(screen.getByRole('heading', { name: 'Block A' })).toBeTruthy();
    expect(screen.getByTestId('cached-copy-note').textContent).toMatch(/as of 3 days ago/);
    unmount();

    detail({ isPending: true, fetchStatus: 'paused' });
    expect(screen.getByRole('status').textContent).toBe(NO_CACHE);
  });
});
