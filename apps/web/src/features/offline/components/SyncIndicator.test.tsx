import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchOfflineDb, type OfflineDb } from '../../../lib/offline-db.ts';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { syncEngine } from '../sync-runtime.ts';
import { openTestDb, queueItem, setDeviceOnline, signInTestPerson, TestQueryProvider } from './queue-fixtures.tsx';
import { SyncIndicator } from './SyncIndicator.tsx';

let db: OfflineDb;
beforeEach(async () => {
  db = await openTestDb();
  stubServer(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
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
    signInTestPerson();
    stubServer((request) => {
      if (request.method !== 'POST') return undefined;
      const items = (request.body as { items: { id: string }[] }).items;
      const results = items.map((item) => ({ id: item.id, status: 201, data: { ...item, lastModified: 'v1' } }));
      return new Promise((resolve) => (answer = (status) => resolve({ status, body: { results } })));
    });
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

  it('asks what becomes of water logged before a planting date moved later offline, and sends the change with the answer', async () => {
    setDeviceOnline(false);
    const moved = queueItem({
      id: 'field-a:update',
      action: 'UPDATE_FIELD',
      data: { id: 'field-a', lastModified: 'v1', changes: { plantingDate: '2026-11-20' } },
      state: 'failed',
      retryCount: 1,
      errorCode: 'RECORDS_BEFORE_PLANTING',
      reason: '2 irrigations logged on this field from 2026-11-12 to 2026-11-15 would fall before the new planting date (2026-11-20).',
    });
    await db.syncQueue.put(moved);
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /1 not sent/ }));
    const section = screen.getByRole('region', { name: 'Not sent' });
    expect(within(section).queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Keep the water records, not counted' }));
    await waitFor(async () => expect(await db.syncQueue.get(moved.id)).toMatchObject({ state: 'pending', retryCount: 0, revision: 2 }));
    const queued = await db.syncQueue.get(moved.id);
    expect(queued?.data).toMatchObject({ changes: { plantingDate: '2026-11-20' }, answers: { waterRecordsBeforePlanting: 'keep' } });
    expect(queued?.errorCode).toBeUndefined();
  });

  it('discards a failed write only after saying it is lost for good', async () => {
    const failed = queueItem({ state: 'failed', reason: 'Refused.' });
    await db.syncQueue.put(failed);
    await db.soilTests.put({ id: failed.id, fieldId: 'field-a', lastModified: failed.timestamp, data: failed.data });
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /1 not sent/ }));
    await user.click(within(screen.getByRole('region', { name: 'Not sent' })).getByRole('button', { name: 'Discard' }));

    const question = await screen.findByRole('dialog', { name: 'Discard this change?' });
    expect(question.textContent).toContain('removes it from this device for good');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(await db.syncQueue.get(failed.id)).toBeDefined();

    await user.click(within(screen.getByRole('region', { name: 'Not sent' })).getByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this change?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await db.syncQueue.get(failed.id)).toBeUndefined());
    expect(await db.soilTests.get(failed.id)).toBeUndefined();
  });
});

describe('the sync panel, when a field was not sent or was deleted elsewhere', () => {
  /** Block B made on this device, its create refused, with two soil tests waiting for it. */
  async function failedFieldWithTests() {
    const fieldItem = queueItem({
      id: 'field-b',
      action: 'CREATE_FIELD',
      data: { id: 'field-b', farmId: 'farm-1', name: 'Block B', plantingDate: '2026-11-10' },
      state: 'failed',
      reason: 'The boundary crosses itself.',
    });
    const tests = [1, 2].map((n) =>
      queueItem({
        id: `soil-${n}`,
        data: { id: `soil-${n}`, fieldId: 'field-b', sampleDate: '2026-11-12', nitrogen: 12, unit: 'ppm' },
        state: 'waiting',
        waitingFor: 'field-b',
      }),
    );
    await db.syncQueue.bulkPut([fieldItem, ...tests]);
    await db.fields.put({ id: 'field-b', farmId: 'farm-1', lastModified: fieldItem.timestamp, data: fieldItem.data });
    return fieldItem;
  }

  it('says which field a soil test waits for', async () => {
    setDeviceOnline(false);
    await failedFieldWithTests();
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /1 not sent/ }));
    const waiting = screen.getByRole('region', { name: 'Waiting to be sent' });
    await waitFor(() => expect(within(waiting).getAllByText('Waiting for Block B: it is sent once that field is.')).toHaveLength(2));
  });

  it('warns before a field is discarded that the records waiting for it go with it, and discards them together', async () => {
    setDeviceOnline(false);
    await failedFieldWithTests();
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /1 not sent/ }));
    await user.click(within(screen.getByRole('region', { name: 'Not sent' })).getByRole('button', { name: 'Discard' }));
    const question = await screen.findByRole('dialog', { name: 'Discard this change?' });
    await waitFor(() => expect(question.textContent).toContain('with the 2 records saved for it that wait for it'));
    await user.click(within(question).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await db.syncQueue.count()).toBe(0));
    expect(await db.fields.count()).toBe(0);
  });

  it('offers to add a record deleted elsewhere again, or to discard the change', async () => {
    setDeviceOnline(false);
    const seen = { id: 'field-a', farmId: 'farm-1', name: 'Block A', boundary: { type: 'Polygon', coordinates: [] }, lastModified: 'v1' };
    await db.syncQueue.put(
      queueItem({
        id: 'field-a:update',
        action: 'UPDATE_FIELD',
        data: { id: 'field-a', lastModified: 'v1', changes: { name: 'Block A north' }, seen },
        state: 'deleted',
        reason: 'Field not found.',
      }),
    );
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /1 to review/ }));
    const section = screen.getByRole('region', { name: 'Deleted elsewhere' });
    expect(section.textContent).toContain('It was deleted elsewhere — add it again, or discard my change.');
    expect(within(section).getByRole('button', { name: 'Discard my change' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Add it again' }));
    await waitFor(async () =>
      expect(await db.syncQueue.get('field-a')).toMatchObject({
        action: 'CREATE_FIELD',
        state: 'pending',
        data: { id: 'field-a', name: 'Block A north', farmId: 'farm-1' },
      }),
    );
    expect(await db.syncQueue.get('field-a:update')).toBeUndefined();
  });

  it('words a write of a kind this version cannot send', async () => {
    await db.syncQueue.put(queueItem({ action: 'SPLIT_FIELD' as never, state: 'failed', reasonCode: 'UNKNOWN_ACTION', reason: 'x' }));
    const user = userEvent.setup();
    renderIndicator();
    await user.click(await screen.findByRole('button', { name: /1 not sent/ }));
    const section = screen.getByRole('region', { name: 'Not sent' });
    expect(section.textContent).toContain('This version of the app cannot send this kind of change.');
    expect(section.textContent).toContain('Change · Block A');
  });
});
