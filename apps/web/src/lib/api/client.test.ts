import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, configureApiClient } from './client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ token: () => null, onUnauthorized: () => {} });
});

describe('a request made for one person', () => {
  it('is never sent under another person’s token: it fails with SESSION_CHANGED and nothing leaves the device', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    configureApiClient({ token: () => 'token-of-tendai', person: () => 'tendai', onUnauthorized: () => {} });
    const sent = apiRequest('POST', '/api/soil-tests/batch', { items: [] }, { asPerson: 'rudo' });
    await expect(sent).rejects.toMatchObject({ status: 401, code: 'SESSION_CHANGED' });
    await expect(sent).rejects.toBeInstanceOf(ApiError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('goes with the token of the person it names', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"data":{}}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    configureApiClient({ token: () => 'token-of-rudo', person: () => 'rudo', onUnauthorized: () => {} });
    await apiRequest('POST', '/api/soil-tests/batch', { items: [] }, { asPerson: 'rudo' });
    expect(fetch.mock.calls[0]![1]!.headers).toMatchObject({ authorization: 'Bearer token-of-rudo' });
  });
});
