import type { AlertItem } from '@murimi/core';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onePage, stubServer, type SentRequest } from '../../../lib/testing/fetch-stub.ts';
import { session } from '../../auth/session.ts';
import { registerAlertMutations, useAlert, useUnreadAlertCount } from '../api/alerts.ts';
import { alertPage, fieldSummary, makeAlert } from '../testing/alert-fixtures.ts';
import { AlertDetail } from './AlertDetail.tsx';
import { AlertsBrowser } from './AlertsBrowser.tsx';

// happy-dom has no canvas: the chart library stands in as one that draws nothing (the chart's own tests cover it).
vi.mock('../../charts/plot.ts', () => ({ createPlot: () => ({ setWidth: () => {}, redraw: () => {}, destroy: () => {} }) }));

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

/** A token the app reads as signed in for an hour (the badge is asked for only while someone is signed in). */
function signedInToken(): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256' })}.${part({ sub: 'u1', email: 'farmer@example.com', name: 'Farmer', exp })}.signature`;
}

/** The shell's badge: the count the bottom bar and the sidebar show. */
function Badge() {
  return <output data-testid="badge">{useUnreadAlertCount()}</output>;
}

function Detail() {
  const alert = useAlert(useParams().alertId!);
  return alert.data ? <AlertDetail alert={alert.data} backTo="/alerts" /> : null;
}

/**
 * A server holding two open alerts and this person's read state: it answers the list by status, the badge by what is
 * open, unread and not snoozed right now, and each write with the alert as it now is. A snooze leaves the read state
 * as it was: the alert is off the badge only until the snooze ends.
 */
function stubAlertServer(alerts: AlertItem[]): SentRequest[] {
  const now = () => new Date().toISOString();
  return stubServer(({ method, path, body }) => {
    if (path.startsWith('/api/fields')) return onePage([fieldSummary]);
    if (path === '/api/me/notification-preferences')
      return {
        status: 200,
        body: {
          data: {
            preferences: DEFAULT_NOTIFICATION_PREFERENCES,
            smsPhone: { phone: null, verified: false, pending: null, stopped: false },
            smsAvailable: true,
            reviewedLanguages: ['en'],
          },
        },
      };
    if (path === '/api/alerts/unread-count') {
      const snoozed = (alert: AlertItem) => alert.snoozedUntil !== null && Date.parse(alert.snoozedUntil) > Date.now();
      const unread = alerts.filter((alert) => !alert.resolvedAt && !alert.read && !snoozed(alert)).length;
      return { status: 200, body: { data: { unread } } };
    }
    if (path.startsWith('/api/alerts?')) {
      const status = new URLSearchParams(path.split('?')[1]).get('status');
      return alertPage(alerts.filter((alert) => status === 'all' || (status === 'resolved') === (alert.resolvedAt !== null)));
    }
    const [, id, action] = /^\/api\/alerts\/([^/]+)(?:\/(\w+))?$/.exec(path) ?? [];
    const index = alerts.findIndex((alert) => alert.id === id);
    if (index < 0) return undefined;
    const change = body as Record<string, unknown> | undefined;
    if (method === 'POST' && action === 'read') alerts[index] = { ...alerts[index]!, read: change?.read as boolean };
    if (method === 'POST' && action === 'snooze') alerts[index] = { ...alerts[index]!, snoozedUntil: change?.until as string };
    if (method === 'POST' && action === 'resolve') alerts[index] = { ...alerts[index]!, resolvedAt: change?.resolved ? now() : null };
    return { status: 200, body: { data: alerts[index] } };
  });
}

function renderAt(entry: string) {
  session.signIn(signedInToken());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerAlertMutations(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Badge />
        <Routes>
          <Route path="/alerts" element={<AlertsBrowser />} />
          <Route path="/alerts/:alertId" element={<Detail />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST').map(({ path, body }) => ({ path, body }));
const badge = () => screen.getByTestId('badge').textContent;

describe('acting on an alert', () => {
  it('reads it on opening, then marks it unread, snoozes and resolves it, and the list and the badge follow', async () => {
    const rust = makeAlert();
    const rain = makeAlert({ title: 'Heavy rain', category: 'weather' });
    const sent = stubAlertServer([rust, rain]);
    const user = userEvent.setup();
    renderAt(`/alerts/${rust.id}`);

    // Opening it marks it read: the badge goes from 2 to 1.
    await screen.findByRole('heading', { level: 1, name: 'Soybean rust' });
    await waitFor(() => expect(badge()).toBe('1'));
    expect(posts(sent)).toEqual([{ path: `/api/alerts/${rust.id}/read`, body: { read: true } }]);
    // The evidence: each figure with its day, and the two days of leaf wetness as a chart with its summary in words.
    const evidence = screen.getByRole('table');
    expect(within(evidence).getByRole('rowheader', { name: 'Hours of wetness that infect' })).toBeTruthy();
    expect(screen.getByText(/^Hours of leaf wetness, 2 readings from 28 Nov 2026 to 29 Nov 2026/)).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(badge()).toBe('2'));
    expect(posts(sent).at(-1)).toEqual({ path: `/api/alerts/${rust.id}/read`, body: { read: false } });
    await screen.findByRole('button', { name: 'Mark as read' });

    // Snoozed until 06:00 tomorrow in the person's time zone (Africa/Harare): off the badge, and said on the alert.
    // A snooze is not a read: the alert stays unread (and nothing marks it read), so it comes back when the snooze ends.
    await user.click(screen.getByRole('button', { name: 'Until tomorrow 06:00' }));
    await waitFor(() => expect(badge()).toBe('1'));
    const snooze = posts(sent).at(-1)!;
    expect(snooze.path).toBe(`/api/alerts/${rust.id}/snooze`);
    expect((snooze.body as { until: string }).until).toMatch(/^\d{4}-\d\d-\d\dT06:00:00\+02:00$/);
    await screen.findByText(/^Snoozed until /);
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeTruthy();
    expect(posts(sent).filter((post) => post.path.endsWith('/read'))).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await screen.findByRole('button', { name: 'Reopen' });
    expect(posts(sent).at(-1)).toEqual({ path: `/api/alerts/${rust.id}/resolve`, body: { resolved: true } });
    expect(screen.getByText(/^Resolved on /)).toBeTruthy();

    // Back on the list of open alerts, it is gone; the other one is still there.
    await user.click(screen.getByRole('link', { name: 'All alerts' }));
    await screen.findByRole('link', { name: 'Unread: Heavy rain' });
    expect(screen.queryByRole('link', { name: /Soybean rust/ })).toBeNull();
    expect(badge()).toBe('1');
  });

  it('says why an action failed when there is no network, and keeps the alert as it was', async () => {
    const rust = makeAlert({ read: true });
    const sent = stubAlertServer([rust]);
    const user = userEvent.setup();
    renderAt(`/alerts/${rust.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Soybean rust' });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeTruthy();
    // Already read: opening it sent nothing.
    expect(posts(sent)).toEqual([]);
  });

  it('labels an alert made from simulated data "Simulated" in the list and on its page, and says it is not sent by SMS or e-mail', async () => {
    const simulated = makeAlert({ read: true });
    const real = makeAlert({ read: true, title: 'Heavy rain', category: 'weather', simulated: false });
    stubAlertServer([simulated, real]);
    renderAt('/alerts');
    const simulatedLink = await screen.findByRole('link', { name: 'Soybean rust' });
    const rowOf = (link: HTMLElement) => (link.closest('tr') ?? link.closest('article'))!;
    expect(within(rowOf(simulatedLink)).getByText('Simulated')).toBeTruthy();
    expect(within(rowOf(screen.getByRole('link', { name: 'Heavy rain' }))).queryByText('Simulated')).toBeNull();

    await userEvent.setup().click(simulatedLink);
    await screen.findByRole('heading', { level: 1, name: 'Soybean rust' });
    expect(screen.getByText(/from simulated weather or satellite images \(the demo\).*It is not sent by SMS or e-mail\.$/)).toBeTruthy();
  });
});
