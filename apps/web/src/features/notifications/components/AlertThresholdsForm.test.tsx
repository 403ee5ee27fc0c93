import { ADJUSTABLE_ALERT_THRESHOLDS, type AlertThresholds } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { registerNotificationMutations } from '../api/notifications.ts';
import { AlertThresholdsCard } from './AlertSettingsCards.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A server holding the organisation's thresholds; a PUT replaces them and answers them. */
function stubThresholds(initial: AlertThresholds, canEdit: boolean) {
  let thresholds = initial;
  return stubServer(({ method, path, body }) => {
    if (path !== '/api/alert-thresholds') return undefined;
    if (method === 'PUT') thresholds = body as AlertThresholds;
    return { status: 200, body: { data: { thresholds, defaults: ADJUSTABLE_ALERT_THRESHOLDS, canEdit } } };
  });
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerNotificationMutations(client);
  render(
    <QueryClientProvider client={client}>
      <AlertThresholdsCard />
    </QueryClientProvider>,
  );
}

const puts = (sent: { method: string; body: unknown }[]) => sent.filter((request) => request.method === 'PUT').map(({ body }) => body);

describe('Settings → Alert thresholds (for your farm)', () => {
  it('sends the farm’s own values only, says what is out of range, and resets one to its default', async () => {
    const sent = stubThresholds({ ndviDrop: 0.15 }, true);
    const user = userEvent.setup();
    renderCard();
    const rain = await screen.findByLabelText('Heavy rain in a day (mm)');
    expect(screen.getByText('Default 25 mm. From 10 mm to 150 mm.')).toBeTruthy();
    expect((screen.getByLabelText('NDVI drop between two images (index)') as HTMLInputElement).value).toBe('0.15');

    await user.type(rain, '200');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(screen.getByText('Enter a number from 10 to 150.')).toBeTruthy();
    expect(rain.getAttribute('aria-invalid')).toBe('true');
    expect(puts(sent)).toEqual([]);

    await user.clear(rain);
    await user.type(rain, '30');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(puts(sent)).toEqual([{ ndviDrop: 0.15, heavyRainDayMm: 30 }]));

    await user.click(screen.getByRole('button', { name: 'Reset NDVI drop between two images to its default' }));
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(puts(sent).at(-1)).toEqual({ heavyRainDayMm: 30 }));
  });

  it('is read-only, with a note, for someone who may not change them', async () => {
    stubThresholds({ heavyRainDayMm: 30 }, false);
    renderCard();
    const rain = (await screen.findByLabelText('Heavy rain in a day (mm)')) as HTMLInputElement;
    expect(rain.value).toBe('30');
    expect(rain.readOnly).toBe(true);
    expect(screen.getByText('Only the farm’s owner, a manager or an agronomist can change these.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save thresholds' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reset/ })).toBeNull();
  });
});
