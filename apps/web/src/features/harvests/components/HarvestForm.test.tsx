import type { Harvest } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../../lib/format.ts';
import { onePage, stubServer, type SentRequest } from '../../../lib/testing/fetch-stub.ts';
import { registerHarvestMutations } from '../api/harvests.ts';
import { HarvestForm, seasonLabelOf } from './HarvestForm.tsx';

afterEach(() => vi.unstubAllGlobals());

const fieldId = '5f0c7a52-3f4e-4b8a-9c1d-2e3f4a5b6c7d';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderForm(plantingDate: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerHarvestMutations(client);
  render(
    <QueryClientProvider client={client}>
      <HarvestForm field={{ id: fieldId, plantingDate }} />
    </QueryClientProvider>,
  );
}

const harvest = (overrides: Partial<Harvest> = {}): Harvest => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000009',
  fieldId,
  seasonLabel: '2025/26',
  plantingDate: '2025-11-10',
  harvestedTPerHa: 7.25,
  moisturePct: 15,
  harvestDate: '2026-05-02',
  notes: null,
  estimate: {
    analysisId: 'y1',
    analysisDate: '2026-03-01',
    lowTPerHa: 6,
    expectedTPerHa: 7.5,
    highTPerHa: 9,
    moisturePct: 12.5,
    harvestedTPerHaAtStandardMoisture: 7.04,
    position: 'within',
    differenceFromExpectedShare: -0.06,
    simulated: true,
  },
  createdAt: '',
  lastModified: '',
  ...overrides,
});

const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST');
const listRead = (request: SentRequest) => request.method === 'GET' && request.path.startsWith('/api/harvests?');

describe('Record the harvest', () => {
  it('starts at 12.5 % moisture, today and the season of the planting, and sends them with a client id kept when sent again', async () => {
    let refuse = true;
    const sent = stubServer((request) => {
      if (listRead(request)) return onePage([]);
      if (request.method !== 'POST' || request.path !== '/api/harvests') return undefined;
      if (refuse) {
        refuse = false;
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'The harvest date cannot be in the future.',
              details: [{ path: 'harvestDate', message: 'The harvest date cannot be in the future.' }],
            },
          },
        };
      }
      return { status: 201, body: { data: harvest({ ...(request.body as Partial<Harvest>), estimate: null }) } };
    });
    const user = userEvent.setup();
    renderForm('2025-11-10');
    expect((screen.getByLabelText('Grain moisture (%)') as HTMLInputElement).value).toBe('12.5');
    expect((screen.getByLabelText('Harvest date') as HTMLInputElement).value).toBe(todayIso());
    expect((screen.getByLabelText('Season') as HTMLInputElement).value).toBe('2025/26');
    expect((screen.getByLabelText('Planting date') as HTMLInputElement).value).toBe('2025-11-10');
    const tonnes = screen.getByLabelText('Harvest (t/ha)');
    expect(tonnes.getAttribute('step')).toBe('0.01');

    await user.type(tonnes, '7.25');
    await user.click(screen.getByRole('button', { name: 'Save harvest' }));
    // The server's problem shows beside the date it is about.
    await screen.findByText('The harvest date cannot be in the future.');
    expect(screen.getByLabelText('Harvest date').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save harvest' }));
    // Saved: the form starts again for the next harvest.
    await waitFor(() => expect((screen.getByLabelText('Harvest (t/ha)') as HTMLInputElement).value).toBe(''));

    expect(posts(sent)).toHaveLength(2);
    expect(posts(sent)[0]!.body).toEqual({
      id: expect.stringMatching(uuid) as string,
      fieldId,
      harvestedTPerHa: 7.25,
      moisturePct: 12.5,
      harvestDate: todayIso(),
      seasonLabel: '2025/26',
      plantingDate: '2025-11-10',
      notes: null,
    });
    const ids = posts(sent).map((request) => (request.body as { id: string }).id);
    expect(ids[1]).toBe(ids[0]);

    await user.type(screen.getByLabelText('Harvest (t/ha)'), '3');
    await user.click(screen.getByRole('button', { name: 'Save harvest' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(3));
    expect((posts(sent)[2]!.body as { id: string }).id).not.toBe(ids[0]);
  });

  it('says beside each input what the core schema finds wrong, and sends nothing', async () => {
    const sent = stubServer((request) => (listRead(request) ? onePage([]) : undefined));
    const user = userEvent.setup();
    renderForm(null);
    expect((screen.getByLabelText('Season') as HTMLInputElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Save harvest' }));
    expect(screen.getByText('The harvest must be a number of tonnes per hectare.')).toBeTruthy();
    expect(screen.getByLabelText('Harvest (t/ha)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Harvest (t/ha)'));

    await user.type(screen.getByLabelText('Harvest (t/ha)'), '45');
    await user.clear(screen.getByLabelText('Grain moisture (%)'));
    await user.type(screen.getByLabelText('Grain moisture (%)'), '70');
    await user.click(screen.getByRole('button', { name: 'Save harvest' }));
    expect(screen.getByText('A harvest above 40 t/ha is not a grain yield; check the unit (tonnes per hectare).')).toBeTruthy();
    expect(screen.getByText('Grain moisture above 60 % is not a harvest reading.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Harvest (t/ha)'));
    await user.type(screen.getByLabelText('Harvest (t/ha)'), '6');
    await user.clear(screen.getByLabelText('Grain moisture (%)'));
    await user.type(screen.getByLabelText('Grain moisture (%)'), '14');
    await user.click(screen.getByRole('button', { name: 'Save harvest' }));
    // With neither a season nor a planting date the harvest has no season to sit beside.
    expect(screen.getByText('Name the season (e.g. 2025/26) or give its planting date.')).toBeTruthy();
    expect(screen.getByLabelText('Season').getAttribute('aria-invalid')).toBe('true');
    expect(posts(sent)).toEqual([]);
  });

  it("lists the field's harvests beside their estimate, and deletes one once confirmed", async () => {
    let harvests = [harvest()];
    const sent = stubServer((request) => {
      if (listRead(request)) return onePage(harvests);
      if (request.method === 'DELETE' && request.path === `/api/harvests/${harvest().id}`) {
        harvests = [];
        return { status: 204 };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderForm('2025-11-10');
    const list = await screen.findByTestId('harvest-list');
    expect(list.textContent).toContain('7.25 t/ha at 15 % moisture, harvested 2 May 2026');
    expect(list.textContent).toContain('At 12.5 % moisture 7 t/ha: within the estimate of 6–9 t/ha (yield estimate of 1 Mar 2026).');
    expect(within(list).getByText('Simulated')).toBeTruthy();
    expect(listRead(sent[0]!) && sent[0]!.path).toContain(`fieldId=${fieldId}`);

    await user.click(screen.getByRole('button', { name: 'Delete the harvest of 2 May 2026' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText('No harvest recorded for this field yet.');
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});

describe('the season of a planting', () => {
  it('names the season from the planting year', () => {
    expect(seasonLabelOf('2025-11-10')).toBe('2025/26');
    expect(seasonLabelOf('2099-10-01')).toBe('2099/00');
    expect(seasonLabelOf(null)).toBe('');
  });
});
