import { farmCreateSchema } from '@murimi/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { farmKeys, useCreateFarm } from '../features/farms/api/farms.ts';
import { farmInputs } from '../features/farms/components/farm-form.ts';
import { validate } from '../lib/form-errors.ts';
import { stubServer } from '../lib/testing/fetch-stub.ts';
import { useMutationForm } from '../lib/use-mutation-form.ts';
import { createQueryClient } from './query-client.ts';

afterEach(() => vi.unstubAllGlobals());

const farmId = '2f8e5b2e-8d43-4d4b-9f0e-0a6c3b0f1a11';

/** The farm form's save path: the app's query client (its registered writes) around the hooks a form uses. */
function renderSave() {
  const client = createQueryClient();
  client.setQueryData(farmKeys.all, []);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useMutationForm(useCreateFarm(), farmInputs), { wrapper });
  return { client, result };
}

/** A server answer the test releases when it wants, to see the form while the save runs. */
function deferredAnswer() {
  let release!: (answer: { status: number; body?: unknown }) => void;
  const answer = new Promise<{ status: number; body?: unknown }>((resolve) => (release = resolve));
  return { answer, release };
}

describe('saving through a registered mutation', () => {
  it('shows the check before sending, then busy, then where the server said what is wrong', async () => {
    let pending = deferredAnswer();
    const sent = stubServer(() => pending.answer);
    const { result } = renderSave();

    act(() => result.current.submit(validate(farmCreateSchema, { id: farmId, name: ' ' }), (farm) => farm));
    expect(result.current.errors).toEqual({ name: 'Farm name is required.' });
    expect(sent).toEqual([]);

    act(() => result.current.submit(validate(farmCreateSchema, { id: farmId, name: 'Chikomba' }), (farm) => farm));
    await waitFor(() => expect(result.current.busy).toBe(true));
    expect(result.current.errors).toEqual({});
    expect(sent).toEqual([{ method: 'POST', path: '/api/farms', body: { id: farmId, name: 'Chikomba' } }]);

    pending.release({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Use at most 120 characters.',
          details: [
            { path: 'name', message: 'Use at most 120 characters.' },
            { path: 'id', message: 'Invalid UUID.' },
          ],
        },
      },
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.errors).toEqual({ name: 'Use at most 120 characters.' });
    // A problem with a key the form has no input for goes to the top, in the server's words.
    expect(result.current.formError).toBe('Use at most 120 characters.');

    pending = deferredAnswer();
    act(() => result.current.submit(validate(farmCreateSchema, { id: farmId, name: 'Chikomba' }), (farm) => farm));
    // A crash's own words stay on the server; a 503 that says why is shown as said.
    pending.release({ status: 500, body: { error: { code: 'INTERNAL', message: 'db down: connection refused' } } });
    await waitFor(() => expect(result.current.formError).toBeTruthy());
    expect(result.current.formError).not.toContain('db down');
    expect(result.current.errors).toEqual({});

    pending = deferredAnswer();
    act(() => result.current.submit(validate(farmCreateSchema, { id: farmId, name: 'Chikomba' }), (farm) => farm));
    pending.release({
      status: 503,
      body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The server is busy. Please try again in a moment.' } },
    });
    await waitFor(() => expect(result.current.formError).toBe('The server is busy. Please try again in a moment.'));
    expect(result.current.errors).toEqual({});
  });

  it('calls back with the saved farm and marks the farm list stale', async () => {
    stubServer(() => ({ status: 201, body: { data: { id: farmId, name: 'Chikomba' } } }));
    const { client, result } = renderSave();
    const onSaved = vi.fn();

    act(() => result.current.submit(validate(farmCreateSchema, { id: farmId, name: 'Chikomba' }), (farm) => farm, onSaved));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: farmId, name: 'Chikomba' }));
    expect(result.current.formError).toBeNull();
    await waitFor(() => expect(client.getQueryState(farmKeys.all)?.isInvalidated).toBe(true));
  });
});
