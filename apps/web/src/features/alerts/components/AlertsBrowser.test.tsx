import { friendlyErrorMessage, type AlertItem } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onePage, stubServer } from '../../../lib/testing/fetch-stub.ts';
import { registerAlertMutations } from '../api/alerts.ts';
import { alertPage, FIELD_ID, fieldSummary, makeAlert } from '../testing/alert-fixtures.ts';
import { AlertsBrowser } from './AlertsBrowser.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The address's search part, to see the filters kept there. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderAt(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerAlertMutations(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="/alerts"
            element={
              <>
                <AlertsBrowser />
                <Search />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A server with one field whose every list of alerts is `alerts`. */
const stubAlertList = (alerts: AlertItem[]) =>
  stubServer(({ path }) => {
    if (path.startsWith('/api/fields')) return onePage([fieldSummary]);
    if (path.startsWith('/api/alerts?')) return alertPage(alerts);
    return undefined;
  });

const alertRequests = (sent: { method: string; path: string }[]) =>
  sent.filter((request) => request.method === 'GET' && request.path.startsWith('/api/alerts?')).map((request) => request.path);

describe('the alerts screen', () => {
  it('asks the API for what the filters in the address say, and keeps each change in the address', async () => {
    const sent = stubAlertList([makeAlert()]);
    const user = userEvent.setup();
    renderAt('/alerts?category=pest');

    await screen.findByRole('link', { name: /Soybean rust/ });
    expect(alertRequests(sent)).toEqual(['/api/alerts?category=pest&status=open&limit=20']);
    const filters = screen.getByRole('region', { name: 'Filter alerts' });
    expect((within(filters).getByLabelText('Type') as HTMLSelectElement).value).toBe('pest');

    await screen.findByRole('option', { name: /Vlei soybean/ });
    await user.selectOptions(within(filters).getByLabelText('Field'), FIELD_ID);
    await user.selectOptions(within(filters).getByLabelText('Type'), 'weather');
    await user.selectOptions(within(filters).getByLabelText('Severity'), 'critical');
    await user.click(within(filters).getByLabelText('Unread only'));
    await user.selectOptions(within(filters).getByLabelText('Show'), 'all');

    const everything = `fieldId=${FIELD_ID}&category=weather&severity=critical&unread=true&status=all`;
    await waitFor(() => expect(alertRequests(sent).at(-1)).toBe(`/api/alerts?${everything}&limit=20`));
    expect(screen.getByTestId('search').textContent).toBe(`?${everything}`);

    // Clear filters: every open alert, and a plain address.
    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(alertRequests(sent).at(-1)).toBe('/api/alerts?status=open&limit=20'));
    expect(screen.getByTestId('search').textContent).toBe('');
  });

  it('shows more from the next page, and tells how to get alerts when there are none', async () => {
    const first = makeAlert({ title: 'Heavy rain', category: 'weather' });
    const second = makeAlert({ title: 'Fall armyworm', read: true });
    const sent = stubServer(({ path }) => {
      if (path.startsWith('/api/fields')) return onePage([fieldSummary]);
      if (path === '/api/alerts?status=open&limit=20') return alertPage([first], 'next-page');
      if (path === '/api/alerts?status=open&limit=20&cursor=next-page') return alertPage([second]);
      if (path.startsWith('/api/alerts?')) return alertPage([]);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/alerts');

    await screen.findByRole('link', { name: /Heavy rain/ });
    // Unread says so in words, not only with the dot.
    expect(screen.getByRole('link', { name: 'Unread: Heavy rain' })).toBeTruthy();
    expect(screen.getByText('Showing 1 alert')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'Fall armyworm' });
    expect(screen.getByText('Showing 2 alerts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(alertRequests(sent)).toEqual(['/api/alerts?status=open&limit=20', '/api/alerts?status=open&limit=20&cursor=next-page']);

    // A filter that matches nothing offers to clear the filters.
    await user.selectOptions(screen.getByLabelText('Severity'), 'critical');
    await screen.findByText('No alerts match these filters');
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear.at(-1)!);
    await screen.findByRole('link', { name: /Heavy rain/ });
  });

  it('says why the next page did not come, beside the alerts already shown, and tries again', async () => {
    const first = makeAlert({ title: 'Heavy rain', category: 'weather' });
    const second = makeAlert({ title: 'Fall armyworm' });
    let nextPageAnswers = 0;
    stubServer(({ path }) => {
      if (path.startsWith('/api/fields')) return onePage([fieldSummary]);
      if (path === '/api/alerts?status=open&limit=20') return alertPage([first], 'next-page');
      if (path === '/api/alerts?status=open&limit=20&cursor=next-page')
        return (nextPageAnswers += 1) === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal server error.' } } }
          : alertPage([second]);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/alerts');

    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Could not load more alerts.');
    expect(failure.textContent).toContain(friendlyErrorMessage(500));
    // What is shown is this session's answer, not the device's old copy; the first page stays.
    expect(screen.queryByTestId('cached-copy-note')).toBeNull();
    expect(screen.getByRole('link', { name: 'Unread: Heavy rain' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Unread: Fall armyworm' });
    expect(screen.getByText('Showing 2 alerts')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops the filter of a field that no longer exists, keeping the other filters', async () => {
    const deletedFieldId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    const sent = stubServer(({ path }) => {
      if (path.startsWith('/api/fields')) return onePage([fieldSummary]);
      if (path.includes(`fieldId=${deletedFieldId}`))
        return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Field not found.' } } };
      if (path.startsWith('/api/alerts?')) return alertPage([makeAlert()]);
      return undefined;
    });
    renderAt(`/alerts?fieldId=${deletedFieldId}&category=pest`);

    await screen.findByRole('link', { name: /Soybean rust/ });
    expect(screen.getByTestId('search').textContent).toBe('?category=pest');
    expect(alertRequests(sent)).toEqual([
      `/api/alerts?fieldId=${deletedFieldId}&category=pest&status=open&limit=20`,
      '/api/alerts?category=pest&status=open&limit=20',
    ]);
    expect((screen.getByLabelText('Field') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains where alerts come from when there are none at all', async () => {
    stubAlertList([]);
    renderAt('/alerts');
    await screen.findByText('No alerts yet');
    expect(screen.getByText(/Alerts come for fields with a crop and a planting date/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show resolved alerts' })).toBeTruthy();
  });

  it('folds the filters behind a button on a phone, which says how many are on', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    stubAlertList([makeAlert()]);
    const user = userEvent.setup();
    renderAt('/alerts?category=pest&unread=true');
    await screen.findByRole('link', { name: /Soybean rust/ });
    expect(screen.queryByLabelText('Type')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filters (2 on)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('pest');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
