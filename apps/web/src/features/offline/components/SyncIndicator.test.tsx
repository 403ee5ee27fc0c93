import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchOfflineDb, type OfflineDb } from '../../../lib/offline-db.ts';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { syncEngine } from '../sync-runtime.ts';
import { openTestDb, queueItem, setDeviceOnline, TestQueryProvider } from './queue-fixtures.tsx';
import { SyncIndicator } from './SyncIndicator.tsx';

let db: OfflineDb;
beforeEach(async () => {
  db = await openTestDb();
  stubServer(() => undefined);
});
afterEach(() => {
  setDeviceOnline(true);
  void switchOfflineDb(null);
  vi.unstubAllGlobals();
});

const renderIndicator = () =>
  render(
    <TestQueryProvider>
      <SyncIndicator />
    </TestQueryProvider>,
  );
/** The indicator's words, without the counts beside them. */
const indicatorText = () => screen.getByTestId('sync-indicator-text').textContent;

describe('the sync indicator', () => {
  it('says Online when nothing waits, and "N pending" for writes waiting', async () => {
    renderIndicator();
    await waitFor(() => expect(indicatorText()).toBe('Online'));
    await db.syncQueue.bulkPut([
      queueItem(),
      queueItem({ action: 'CREATE_RAIN_READING', data: { fieldId: 'field-a', readingDate: '2026-11-13', rainMm: 4 } }),
    ]);
    await waitFor(() => expect(indicatorText()).toBe('2 pending'));
    expect(screen.getByTestId('sync-indicator').dataset.state).toBe('pending');
  });

  it('says Offline when the device is offline, whatever waits', async () => {
    await db.syncQueue.put(queueItem());
    renderIndicator();
    await waitFor(() => expect(indicatorText()).toBe('1 pending'));
    setDeviceOnline(false);
    await waitFor(() => expect(indicatorText()).toBe('Offline'));
  });

  it('says Syncing... while a pass sends, then Online once the server has everything', async () => {
    let answer: (status: number) => void = () => {};
    stubServer((request) =>
      request.method === 'POST' ? new Promise((resolve) => (answer = (status) => resolve({ status, body: { data: {} } }))) : undefined,
    );
    await db.syncQueue.put(queueItem());
    renderIndicator();
    await waitFor(() => expect(indicatorText()).toBe('1 pending'));
    const pass = syncEngine.sync();
    await waitFor(() => expect(indicatorText()).toBe('Syncing...'));
    answer(201);
    await pass;
    await waitFor(() => expect(indicatorText()).toBe('Online'));
  });

  it('shows how many writes were not sent and how many need a choice', async () => {
    await db.syncQueue.bulkPut([
      queueItem({ state: 'failed', reason: 'The field was deleted.' }),
      queueItem({ state: 'conflict' }),
      queueItem({ state: 'conflict' }),
    ]);
    renderIndicator();
    const indicator = await screen.findByRole('button', { name: 'Sync status: Online, 1 not sent, 2 to review' });
    expect(indicator.textContent).toContain('1 not sent');
    expect(indicator.textContent).toContain('2 to review');
  });
});

describe('the sync panel', () => {
  it('lists what waits in farmer words, with the Offline Mode notice when offline', async () => {
    setDeviceOnline(false);
    await db.syncQueue.put(queueItem());
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /Sync status: Offline/ }));
    const panel = screen.getByTestId('sync-panel');
    expect(within(panel).getByText('Offline Mode')).toBeTruthy();
    expect(within(panel).getByText(/saved on this device and will be synced when the connection returns/)).toBeTruthy();
    const waiting = within(panel).getByRole('region', { name: 'Waiting to be sent' });
    await waitFor(() => expect(waiting.textContent).toContain('Soil test · Block A · 12 Nov 2026'));
    expect(waiting.textContent).toMatch(/Saved 2 hr\.? ago/);
    expect(within(panel).queryByText('All Synced')).toBeNull();
  });

  it('says All Synced when nothing waits', async () => {
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: 'Sync status: Online' }));
    expect(within(screen.getByTestId('sync-panel')).getByText('All Synced')).toBeTruthy();
  });

  it('sends a failed write again on "Try again"', async () => {
    setDeviceOnline(false);
    const failed = queueItem({ state: 'failed', retryCount: 3, reason: 'Server error. Please try again later.' });
    await db.syncQueue.put(failed);
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /1 not sent/ }));
    const section = screen.getByRole('region', { name: 'Not sent' });
    expect(section.textContent).toContain('Server error. Please try again later.');
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await db.syncQueue.get(failed.id)).toMatchObject({ state: 'pending', retryCount: 0 }));
    expect((await db.syncQueue.get(failed.id))?.reason).toBeUndefined();
  });

  it('discards a failed write only after saying it is lost for good', async () => {
    const failed = queueItem({ state: 'failed', reason: 'Refused.' });
    await db.syncQueue.put(failed);
    await db.soilTests.put({ id: failed.id, fieldId: 'field-a', lastModified: failed.timestamp, data: failed.data });
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /1 not sent/ }));
    await user.click(within(screen.getByRole('region', { name: 'Not sent' })).getByRole('button', { name: 'Discard' }));

    const question = screen.getByRole('dialog', { name: 'Discard this change?' });
    expect(question.textContent).toContain('removes it from this device for good');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(await db.syncQueue.get(failed.id)).toBeDefined();

    await user.click(within(screen.getByRole('region', { name: 'Not sent' })).getByRole('button', { name: 'Discard' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Discard this change?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await db.syncQueue.get(failed.id)).toBeUndefined());
    expect(await db.soilTests.get(failed.id)).toBeUndefined();
  });
});
