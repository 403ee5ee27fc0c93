import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../../lib/format.ts';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { registerIrrigationEventMutations, registerRainReadingMutations } from '../api/water-records.ts';
import { IrrigationLogForm, RainLogForm } from './WaterLogForms.tsx';

afterEach(() => vi.unstubAllGlobals());

const fieldId = '5f0c7a52-3f4e-4b8a-9c1d-2e3f4a5b6c7d';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderForms(defaultDepth: string, onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerIrrigationEventMutations(client);
  registerRainReadingMutations(client);
  render(
    <QueryClientProvider client={client}>
      <IrrigationLogForm fieldId={fieldId} defaultDepth={defaultDepth} onSaved={onSaved} />
      <RainLogForm fieldId={fieldId} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const saved = (body: Record<string, unknown>) => ({
  status: 201,
  body: { data: { ...body, netDepthMm: body.depthMm, notes: null, createdAt: '', lastModified: '' } },
});

describe('Log irrigation', () => {
  it('starts at today and the advised depth, and sends them with a client id kept when sent again after a refusal', async () => {
    let refuse = true;
    const sent = stubServer(({ method, path, body }) => {
      if (method !== 'POST' || path !== '/api/irrigation-events') return undefined;
      if (refuse) {
        refuse = false;
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'The date is before the season started.',
              details: [{ path: 'irrigationDate', message: 'The date is before the season started.' }],
            },
          },
        };
      }
      return saved(body as Record<string, unknown>);
    });
    const user = userEvent.setup();
    const onSaved = renderForms('38.5');
    expect((screen.getAllByLabelText('Date')[0] as HTMLInputElement).value).toBe(todayIso());
    expect((screen.getByLabelText('Depth applied (mm)') as HTMLInputElement).value).toBe('38.5');
    await user.selectOptions(screen.getByLabelText('Method'), 'drip');

    await user.click(screen.getByRole('button', { name: 'Save irrigation' }));
    // The server's problem shows beside the date it is about.
    await screen.findByText('The date is before the season started.');
    expect(screen.getAllByLabelText('Date')[0]!.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save irrigation' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));

    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toMatchObject({ fieldId, irrigationDate: todayIso(), depthMm: 38.5, method: 'drip', notes: null });
    const ids = posts.map((request) => (request.body as { id: string }).id);
    expect(ids[0]).toMatch(uuid);
    expect(ids[1]).toBe(ids[0]);
  });

  it('says beside the depth what is wrong and sends nothing', async () => {
    const sent = stubServer(() => undefined);
    const user = userEvent.setup();
    renderForms('');
    await user.click(screen.getByRole('button', { name: 'Save irrigation' }));
    const depth = screen.getByLabelText('Depth applied (mm)');
    expect(depth.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the depth in mm or the volume in m³.')).toBeTruthy();
    expect(document.activeElement).toBe(depth);

    await user.type(depth, '250');
    await user.click(screen.getByRole('button', { name: 'Save irrigation' }));
    expect(screen.getByText('Depth is at most 200 mm per irrigation.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('Log rain', () => {
  it('asks for the reading, then sends it with a client id; the next log gets a new one', async () => {
    const sent = stubServer(({ method, path, body }) =>
      method === 'POST' && path === '/api/rain-readings' ? saved(body as Record<string, unknown>) : undefined,
    );
    const user = userEvent.setup();
    const onSaved = renderForms('');
    await user.click(screen.getByRole('button', { name: 'Save rain reading' }));
    expect(screen.getByText('Rain must be a number of mm.')).toBeTruthy();

    await user.type(screen.getByLabelText('Rain in the gauge (mm)'), '12,5');
    await user.click(screen.getByRole('button', { name: 'Save rain reading' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await user.type(screen.getByLabelText('Rain in the gauge (mm)'), '3');
    await user.click(screen.getByRole('button', { name: 'Save rain reading' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));

    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts[0]!.body).toMatchObject({ fieldId, readingDate: todayIso(), rainMm: 12.5 });
    const ids = posts.map((request) => (request.body as { id: string }).id);
    expect(ids[0]).toMatch(uuid);
    expect(ids[1]).not.toBe(ids[0]);
  });
});
