import type { SoilTest } from '@murimi/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { SoilTestList } from '../soil-tests/components/SoilTestList.tsx';
import { queueWrite } from './outbox.ts';
import { openTestDb } from './components/queue-fixtures.tsx';
import { useWithPending } from './use-with-pending.ts';

const onServer: SoilTest = {
  id: 'test-1',
  fieldId: 'field-a',
  nitrogen: 18,
  phosphorus: 12,
  potassium: 140,
  unit: 'ppm',
  ph: 6.1,
  organicMatter: 2,
  ec: 0.4,
  sampleDate: '2026-10-01',
  depthCm: 20,
  lab: 'Harare Soil Lab',
  notes: null,
  createdAt: '2026-10-02T08:00:00.000Z',
  lastModified: '2026-10-02T08:00:00.000Z',
};

/** A field's soil test list as its screen builds it: the server's list with this device's unsent tests. */
function FieldSoilTests() {
  const tests = useWithPending(useQuery({ queryKey: ['soil-tests', 'field-a'], queryFn: () => Promise.resolve([onServer]) }), 'soilTests', {
    fieldId: 'field-a',
  });
  return tests.data ? <SoilTestList tests={tests.data} onDelete={vi.fn()} /> : null;
}

/** A farm's field list as its page builds it: the server's fields of the farm with this device's unsent ones. */
function FarmFieldNames() {
  const fields = useWithPending(
    useQuery({ queryKey: ['farms', 'farm-a', 'fields'], queryFn: () => Promise.resolve([{ id: 'field-a', name: 'Vlei Block' }]) }),
    'fields',
    { farmId: 'farm-a' },
  );
  return (
    <ul>
      {fields.data?.map((field) => (
        <li key={field.id}>{`${field.name} ${field.syncState ?? 'sent'}`}</li>
      ))}
    </ul>
  );
}

/** The records as listed (the table's rows after its header, on a wide screen). */
const listed = () => screen.getAllByRole('row').slice(1);

let db: OfflineDb;
beforeEach(async () => {
  db = await openTestDb();
});
afterEach(() => void switchOfflineDb(null));

describe('a list with the records this device has not sent', () => {
  it('shows an unsent soil test first, marked, without a Delete button, its missing readings as "—"', async () => {
    // Only a pH was measured; the server would fill in the rest (nulls, dates of creation).
    await queueWrite(db, 'CREATE_SOIL_TEST', { id: 'test-2', fieldId: 'field-a', sampleDate: '2026-11-12', ph: 5.4 });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FieldSoilTests />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(listed()).toHaveLength(2));
    const [unsent, sent] = listed();
    expect(unsent!.textContent).toContain('12 Nov 2026');
    expect(within(unsent!).getByText('Waiting to sync')).toBeTruthy();
    expect(within(unsent!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(unsent!.textContent).toContain('5.4');
    expect(unsent!.textContent).not.toMatch(/undefined|NaN/);
    expect(within(sent!).queryByText('Waiting to sync')).toBeNull();
    expect(within(sent!).getByRole('button', { name: /Delete/ })).toBeTruthy();

    await db.syncQueue.update('test-2', { state: 'failed', reason: 'Refused.' });
    await waitFor(() => expect(within(listed()[0]!).getByText('Not sent')).toBeTruthy());
  });

  it("lists a farm's unsent fields with its own, and not another farm's or another field's records", async () => {
    await queueWrite(db, 'CREATE_FIELD', { id: 'field-new', farmId: 'farm-a', name: 'New Block' });
    await queueWrite(db, 'CREATE_FIELD', { id: 'field-elsewhere', farmId: 'farm-b', name: 'Other Farm Block' });
    await queueWrite(db, 'CREATE_SOIL_TEST', { id: 'test-b', fieldId: 'field-b', sampleDate: '2026-11-12', ph: 5.9 });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FarmFieldNames />
        <FieldSoilTests />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['New Block pending', 'Vlei Block sent']),
    );
    await waitFor(() => expect(listed()).toHaveLength(1));
    expect(listed()[0]!.textContent).not.toContain('5.9');
  });
});
