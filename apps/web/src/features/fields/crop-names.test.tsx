import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../lib/testing/fetch-stub.ts';
import { useCropName } from './crop-names.ts';

afterEach(() => vi.unstubAllGlobals());

function renderCropName() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useCropName(), { wrapper });
}

describe('crop names', () => {
  it("names a crop as the server's list does, an unknown one by its id", async () => {
    stubServer(({ path }) =>
      path === '/api/crop-types' ? { status: 200, body: { data: [{ id: 'maize-grain', name: 'Maize (from the server)' }] } } : undefined,
    );
    const { result } = renderCropName();
    await waitFor(() => expect(result.current('maize-grain')).toBe('Maize (from the server)'));
    expect(result.current(null)).toBeNull();
    expect(result.current('not-a-crop')).toBe('not-a-crop');
  });

  it("falls back to the bundled catalogue's names when the list cannot be read (offline before it was ever kept)", async () => {
    stubServer(() => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down.' } } }));
    const { result } = renderCropName();
    await waitFor(() => expect(result.current('maize-grain')).toMatch(/^Maize/));
    expect(result.current('maize-grain')).not.toBe('maize-grain');
  });
});
