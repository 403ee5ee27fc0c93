import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../features/auth/session.ts';
import { BottomNav } from './BottomNav.tsx';

/** A token the app reads as signed in for an hour (the server is not asked: the menu only needs the state). */
function signedInToken(): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256' })}.${part({ sub: 'u1', email: 'farmer@example.com', name: 'Farmer', exp })}.signature`;
}

afterEach(() => session.signOut());

/** The bar asks who the person is (to list their screens) only when a test says so: no request here. */
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>{children}</QueryClientProvider>
);

describe('the phone bottom bar', () => {
  it('holds four screens and "More", which opens every screen with Settings listed once', async () => {
    session.signIn(signedInToken());
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <BottomNav />
      </MemoryRouter>,
      { wrapper },
    );
    const bar = screen.getByTestId('bottom-nav');
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Alerts', 'My Fields', 'Crop Health']);

    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const menu = screen.getByRole('dialog');
    const names = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.filter((name) => /settings/i.test(name ?? ''))).toEqual(['Settings']);
    // The screens the bar has no room for are a tap away.
    expect(names).toEqual(
      expect.arrayContaining(['Map View', 'Field Setup', 'Fertilizer', 'Weather & Irrigation', 'Soil Analysis', 'Reports']),
    );
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'More' }));
  });

  it('shows the unread alerts on Alerts, capped at 99+, and says what they are to a screen reader', () => {
    session.signIn(signedInToken());
    const { rerender } = render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <BottomNav badges={{ '/alerts': 3 }} />
      </MemoryRouter>,
      { wrapper },
    );
    const bar = screen.getByTestId('bottom-nav');
    expect(within(bar).getByRole('link', { name: /^Alerts ?, 3 unread alerts$/ })).toBeTruthy();
    expect(within(bar).getByTestId('badge-alerts').textContent).toBe('3');
    expect(within(bar).getByTestId('badge-alerts').getAttribute('aria-hidden')).toBe('true');

    rerender(
      <MemoryRouter initialEntries={['/dashboard']}>
        <BottomNav badges={{ '/alerts': 140 }} />
      </MemoryRouter>,
    );
    expect(within(bar).getByTestId('badge-alerts').textContent).toBe('99+');
    expect(within(bar).getByRole('link', { name: /^Alerts ?, 140 unread alerts$/ })).toBeTruthy();

    rerender(
      <MemoryRouter initialEntries={['/dashboard']}>
        <BottomNav badges={{ '/alerts': 1 }} />
      </MemoryRouter>,
    );
    expect(within(bar).getByRole('link', { name: /^Alerts ?, 1 unread alert$/ })).toBeTruthy();
    rerender(
      <MemoryRouter initialEntries={['/dashboard']}>
        <BottomNav badges={{ '/alerts': 0 }} />
      </MemoryRouter>,
    );
    expect(within(bar).queryByTestId('badge-alerts')).toBeNull();
    expect(within(bar).getByRole('link', { name: 'Alerts' })).toBeTruthy();
  });
});
