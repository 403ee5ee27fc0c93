import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../features/auth/session.ts';
import { useSession } from '../../features/auth/use-session.ts';
import { useSignOutGuard } from '../../features/offline/components/SignOutGuard.tsx';
import { openTestDb, queueItem } from '../../features/offline/components/queue-fixtures.tsx';
import { offlineDb, openOfflineDb, switchOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { stubServer } from '../../lib/testing/fetch-stub.ts';
import { MenuDrawer } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

/** A token the app reads as signed in for an hour. */
function signedInToken(userId = 'u1'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256' })}.${part({ sub: userId, email: 'farmer@example.com', name: 'Farmer', exp })}.signature`;
}

/** A menu's Sign Out item, as both menus use the guard. */
function SignOutItem() {
  const { requestSignOut, dialog } = useSignOutGuard();
  const status = useSession().status;
  return (
    <>
      <p data-testid="status">{status}</p>
      <button type="button" onClick={requestSignOut}>
        Sign Out
      </button>
      {dialog}
    </>
  );
}
// The menus ask who the person is (to list their screens) only when a test says so: no request here.
const wrap = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

let db: OfflineDb;
beforeEach(async () => {
  db = await openTestDb();
  stubServer(() => ({ status: 204 }));
  session.signIn(signedInToken());
});
afterEach(() => {
  session.signOut();
  void switchOfflineDb(null);
  vi.unstubAllGlobals();
});

describe('signing out with changes not yet sent', () => {
  it('asks first, and "Stay signed in" keeps the person signed in', async () => {
    await db.syncQueue.bulkPut([queueItem(), queueItem({ state: 'failed' })]);
    const user = userEvent.setup();
    render(wrap(<SignOutItem />));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    const question = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(question.textContent).toContain('You have 2 changes not yet sent. Signing out removes them from this device.');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Stay signed in' }));
    await user.click(within(question).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('signs out on "Sign out anyway"', async () => {
    await db.syncQueue.put(queueItem());
    const user = userEvent.setup();
    render(wrap(<SignOutItem />));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const question = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(question.textContent).toContain('You have 1 change not yet sent.');
    await user.click(within(question).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-out'));
  });

  it('signs out at once when nothing waits', async () => {
    const user = userEvent.setup();
    render(wrap(<SignOutItem />));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-out'));
  });

  it('is the question both menus ask: the header menu and the slide-in menu', async () => {
    await db.syncQueue.put(queueItem());
    const user = userEvent.setup();
    const { unmount } = render(wrap(<UserMenu />));
    await user.click(screen.getByRole('button', { name: /User Account/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect((await screen.findByRole('dialog', { name: 'Sign out?' })).textContent).toContain('You have 1 change not yet sent.');
    unmount();

    render(wrap(<MenuDrawer onClose={() => {}} opener={{ current: null }} />));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect((await screen.findByRole('dialog', { name: 'Sign out?' })).textContent).toContain('You have 1 change not yet sent.');
    expect(session.getState().status).toBe('signed-in');
  });

  it('asks even when the device database has not opened yet (a tap right after the page loaded)', async () => {
    // The person's writes wait in their database; this page has not opened it yet (it opens after the load event).
    const userId = `early-${crypto.randomUUID()}`;
    const stored = await openOfflineDb(userId);
    await stored.syncQueue.bulkPut([queueItem(), queueItem(), queueItem()]);
    stored.close();
    await switchOfflineDb(null);
    session.signIn(signedInToken(userId));
    expect(offlineDb()).toBeNull();

    const user = userEvent.setup();
    render(wrap(<SignOutItem />));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const question = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(question.textContent).toContain('You have 3 changes not yet sent.');
    await user.click(within(question).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    const reopened = await openOfflineDb(userId);
    expect(await reopened.syncQueue.count()).toBe(3);
    reopened.close();
  });

  it('asks, saying it could not check, when the changes waiting cannot be counted', async () => {
    await db.syncQueue.put(queueItem());
    vi.spyOn(db.syncQueue, 'count').mockRejectedValue(new DOMException('Internal error opening backing store', 'UnknownError'));
    const user = userEvent.setup();
    render(wrap(<SignOutItem />));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    const question = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(question.textContent).toContain(
      'Murimi could not check whether changes on this device are still waiting to be sent. Signing out removes any that are.',
    );
    await user.click(within(question).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    vi.restoreAllMocks();
    expect(await db.syncQueue.count()).toBe(1);
  });

  it('asks when counting does not answer (a database another tab holds), instead of waiting or signing out', async () => {
    await db.syncQueue.put(queueItem());
    vi.spyOn(db.syncQueue, 'count').mockReturnValue(new Promise<number>(() => {}) as never);
    const user = userEvent.setup();
    render(wrap(<SignOutItem />));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const question = await screen.findByRole('dialog', { name: 'Sign out?' }, { timeout: 5000 });
    expect(question.textContent).toContain('could not check');
    expect(session.getState().status).toBe('signed-in');
  }, 10_000);
});
