import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchOfflineDb, type OfflineDb } from '../../../lib/offline-db.ts';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { openTestDb, queueItem, setDeviceOnline, TestQueryProvider } from './queue-fixtures.tsx';

let db: OfflineDb;
beforeEach(async () => {
  db = await openTestDb();
  stubServer(() => undefined);
  // Offline, so the settled edit stays in the queue to be looked at instead of being sent at once.
  setDeviceOnline(false);
});
afterEach(() => {
  setDeviceOnline(true);
  void switchOfflineDb(null);
  vi.unstubAllGlobals();
});

const square = (size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [31, -17.8],
      [31 + size, -17.8],
      [31 + size, -17.8 + size],
      [31, -17.8 + size],
      [31, -17.8],
    ],
  ],
});

/** Block A renamed, replanted and redrawn on the phone while someone else changed it on the server. */
const conflict = queueItem({
  id: 'field-a:update',
  action: 'UPDATE_FIELD',
  state: 'conflict',
  data: {
    id: 'field-a',
    lastModified: '2026-11-01T08:00:00.000Z',
    changes: { name: 'Block A north', plantingDate: '2026-11-20', boundary: square(0.01) },
  },
  current: {
    id: 'field-a',
    name: 'Block A',
    plantingDate: '2026-11-15',
    boundary: square(0.005),
    size_hectares: 29.4,
    lastModified: '2026-11-10T09:30:00.000Z',
  },
});

describe('the conflict dialog', () => {
  it('shows each changed key with both values in farmer words, and keeps what the farmer chose', async () => {
    await db.syncQueue.put(conflict);
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <TestQueryProvider>
        <ConflictDialog db={db} item={conflict} what="Block A" onClose={onClose} />
      </TestQueryProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Choose what to keep' });
    const legends = within(dialog)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(legends).toEqual(['Field name', 'Boundary', 'Planting date']);

    const planting = within(dialog).getByRole('group', { name: 'Planting date' });
    expect(planting.textContent).toContain('On this device: 20 Nov 2026');
    expect(planting.textContent).toContain('On the server now: 15 Nov 2026');
    expect(within(dialog).getByRole('group', { name: 'Boundary' }).textContent).toMatch(/boundary changed \(\d+ ha\)/);
    // Every key starts on the farmer's own value.
    for (const mine of within(dialog).getAllByRole('radio', { name: /Keep mine/ })) expect((mine as HTMLInputElement).checked).toBe(true);

    await user.click(within(planting).getByRole('radio', { name: /Keep the server’s/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The kept values go again on top of the server's version; the planting date is the server's.
    expect(await db.syncQueue.get('field-a:update')).toMatchObject({
      state: 'pending',
      retryCount: 0,
      data: { id: 'field-a', lastModified: '2026-11-10T09:30:00.000Z', changes: { name: 'Block A north', boundary: square(0.01) } },
    });
    expect(((await db.syncQueue.get('field-a:update'))?.data.changes as Record<string, unknown>).plantingDate).toBeUndefined();
  });

  it("drops the edit when the server's value is kept for every key", async () => {
    await db.syncQueue.put(conflict);
    const user = userEvent.setup();
    render(
      <TestQueryProvider>
        <ConflictDialog db={db} item={conflict} what="Block A" onClose={() => {}} />
      </TestQueryProvider>,
    );
    for (const radio of screen.getAllByRole('radio', { name: /Keep the server’s/ })) await user.click(radio);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.syncQueue.get('field-a:update')).toBeUndefined());
  });
});
