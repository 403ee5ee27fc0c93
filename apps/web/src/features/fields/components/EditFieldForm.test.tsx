import type { Field, RecordsBeforePlantingDetails } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer, type SentRequest } from '../../../lib/testing/fetch-stub.ts';
import { registerFieldMutations } from '../api/fields.ts';
import { EditFieldForm } from './EditFieldForm.tsx';

afterEach(() => vi.unstubAllGlobals());

const field: Field = {
  id: '0b7d2f6e-8a51-4c3e-9f0a-1d2c3b4a5e6f',
  name: 'Vlei Block',
  farmId: '7a1e0c9d-2b3f-4e5a-8c6d-9f0e1a2b3c4d',
  size: 4,
  size_hectares: 4,
  bbox: { minLng: 31, minLat: -17.8, maxLng: 31.02, maxLat: -17.78 },
  centroid: [31.01, -17.79],
  cropType: 'maize-grain',
  variety: null,
  plantingDate: '2025-11-10',
  expectedHarvestDate: null,
  actualHarvestDate: null,
  soilTexture: null,
  irrigated: true,
  createdAt: '2025-10-01T08:00:00.000Z',
  lastModified: '2025-12-01T08:00:00.000Z',
  boundary: {
    type: 'Polygon',
    coordinates: [
      [
        [31, -17.8],
        [31.02, -17.8],
        [31.02, -17.78],
        [31, -17.78],
        [31, -17.8],
      ],
    ],
  },
};

const beforePlanting: RecordsBeforePlantingDetails = {
  plantingDate: '2025-11-24',
  irrigations: 2,
  rainReadings: 1,
  records: [
    { kind: 'irrigation', id: 'i1', date: '2025-11-14', amountMm: 30 },
    { kind: 'rain', id: 'r1', date: '2025-11-18', amountMm: 12 },
    { kind: 'irrigation', id: 'i2', date: '2025-11-21', amountMm: 25 },
  ],
};

/** The server of a field with water logged before 24 Nov: a move there without a choice is refused with them named. */
function serverAskingFirst(): SentRequest[] {
  return stubServer((request) => {
    if (request.method !== 'PUT') return undefined;
    const body = request.body as Record<string, unknown>;
    if (body.waterRecordsBeforePlanting === undefined) {
      return {
        status: 409,
        body: { error: { code: 'RECORDS_BEFORE_PLANTING', message: '2 irrigations and 1 rain reading…', details: beforePlanting } },
      };
    }
    return { status: 200, body: { data: { ...field, plantingDate: body.plantingDate, lastModified: '2025-12-02T08:00:00.000Z' } } };
  });
}

function renderForm(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerFieldMutations(client);
  render(
    <QueryClientProvider client={client}>
      <EditFieldForm field={field} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

async function movePlanting(user: ReturnType<typeof userEvent.setup>) {
  const planting = screen.getByLabelText('Planting date');
  await user.clear(planting);
  await user.type(planting, '2025-11-24');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  return screen.findByRole('dialog', { name: 'Water logged before the new planting date' });
}

const puts = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'PUT').map((request) => request.body as Record<string, unknown>);

describe('moving the planting date after water was logged', () => {
  it('asks what to do with the records before it, names them, and sends the change again with "keep"', async () => {
    const sent = serverAskingFirst();
    const user = userEvent.setup();
    const onDone = renderForm();
    const dialog = await movePlanting(user);
    expect(dialog.textContent).toContain('3 water records on this field fall before');
    const listed = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toHaveLength(3);
    expect(listed[1]).toContain('Rain gauge, 12 mm');
    // The refusal is a question, not an error at the top of the form.
    expect(screen.queryByText('2 irrigations and 1 rain reading…')).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep them, not counted' }));

    await user.click(within(dialog).getByRole('button', { name: 'Keep them, not counted' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts(sent)).toEqual([
      expect.not.objectContaining({ waterRecordsBeforePlanting: expect.anything() }),
      expect.objectContaining({ plantingDate: '2025-11-24', waterRecordsBeforePlanting: 'keep' }),
    ]);
  });

  it('sends "delete" when the farmer deletes them, and nothing when they cancel', async () => {
    const sent = serverAskingFirst();
    const user = userEvent.setup();
    const onDone = renderForm();
    let dialog = await movePlanting(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(sent)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    dialog = await screen.findByRole('dialog', { name: 'Water logged before the new planting date' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete them' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts(sent).at(-1)).toMatchObject({ plantingDate: '2025-11-24', waterRecordsBeforePlanting: 'delete' });
  });
});
