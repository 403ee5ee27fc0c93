import { ADJUSTABLE_ALERT_THRESHOLDS, type AlertThresholds, type AlertThresholdsUpdate } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { registerNotificationMutations } from '../api/notifications.ts';
import { AlertThresholdsCard } from './AlertSettingsCards.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A server holding the organisation's thresholds and fallow-land choice; a PUT replaces them and answers them. */
function stubThresholds(initial: AlertThresholds, canEdit: boolean, initialFallow = false) {
  let thresholds = initial;
  let weatherOnFallowLand = initialFallow;
  return stubServer(({ method, path, body }) => {
    if (path !== '/api/alert-thresholds') return undefined;
    if (method === 'PUT') ({ weatherOnFallowLand = false, ...thresholds } = body as AlertThresholdsUpdate);
    return { status: 200, body: { data: { thresholds, defaults: ADJUSTABLE_ALERT_THRESHOLDS, weatherOnFallowLand, canEdit } } };
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
    await waitFor(() => expect(puts(sent)).toEqual([{ ndviDrop: 0.15, heavyRainDayMm: 30, weatherOnFallowLand: false }]));

    await user.click(screen.getByRole('button', { name: 'Reset NDVI drop between two images to its default' }));
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(puts(sent).at(-1)).toEqual({ heavyRainDayMm: 30, weatherOnFallowLand: false }));
  });

  it('says beside the box when the 1-day heavy-rain trigger is above the 3-day one, and sends nothing', async () => {
    const sent = stubThresholds({}, true);
    const user = userEvent.setup();
    renderCard();
    await user.type(await screen.findByLabelText('Heavy rain in a day (mm)'), '60');
    await user.type(screen.getByLabelText('Heavy rain over three days (mm)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(
      screen.getByText(
        'Heavy rain in a day (60 mm) can be at most the heavy rain over three days (50 mm): three days that hold such a day already reach it.',
      ),
    ).toBeTruthy();
    expect(puts(sent)).toEqual([]);
  });

  it('asks for weather alerts on fallow land, off unless the farm turns it on, and says what it changes', async () => {
    const sent = stubThresholds({}, true);
    const user = userEvent.setup();
    renderCard();
    const fallow = (await screen.findByRole('checkbox', {
      name: 'Weather alerts on fields with no crop in the ground',
    })) as HTMLInputElement;
    expect(fallow.checked).toBe(false);
    expect(screen.getByText(/Off: frost, heat, heavy rain and wind are told only from planting to harvest\./)).toBeTruthy();
    // Left empty, heat takes each crop's own line.
    expect(screen.getByText(/Empty: each crop’s own line at flowering, 35 °C for maize and 39 °C for soybean/)).toBeTruthy();
    await user.click(fallow);
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(puts(sent)).toEqual([{ weatherOnFallowLand: true }]));
    await waitFor(() => expect(fallow.checked).toBe(true));
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
    expect(
      (screen.getByRole('checkbox', { name: 'Weather alerts on fields with no crop in the ground' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});
