import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@murimi/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { notificationKeys } from '../api/notifications.ts';
import { makeSettings, renderAlertMessagesCard, settingsAnswer } from '../testing/settings-fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The texts an input is described by (its hint and its error), as a screen reader reads them with it. */
function descriptionOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The settings card on a server that saves what it is sent and answers it; the requests sent, and a user. */
async function openSavingSettings() {
  const sent = stubServer(({ method, path, body }) => {
    if (path !== '/api/me/notification-preferences') return undefined;
    return method === 'GET'
      ? settingsAnswer(makeSettings())
      : settingsAnswer(makeSettings({ preferences: body as NotificationPreferences }));
  });
  const user = userEvent.setup();
  renderAlertMessagesCard();
  await screen.findByRole('button', { name: 'Save alert settings' });
  return { sent, user };
}

describe('Settings → Alerts and messages', () => {
  it('sends the whole preferences object with the changes, and shows the server’s refusal beside its input', async () => {
    let refuse = true;
    const sent = stubServer(({ method, path, body }) => {
      if (path !== '/api/me/notification-preferences') return undefined;
      if (method === 'GET') return settingsAnswer(makeSettings({ reviewedLanguages: ['en', 'pt'] }));
      if (refuse) {
        refuse = false;
        const message = 'Your organisation allows at most 6 alert SMS a day.';
        return { status: 400, body: { error: { code: 'VALIDATION_FAILED', message, details: [{ path: 'smsPerDay', message }] } } };
      }
      return settingsAnswer(makeSettings({ preferences: body as NotificationPreferences }));
    });
    const user = userEvent.setup();
    renderAlertMessagesCard();
    await screen.findByRole('button', { name: 'Save alert settings' });

    // Pests and diseases by SMS: critical only; weather in the app: off.
    await user.selectOptions(screen.getByLabelText('Pests and diseases alerts: SMS'), 'Critical only');
    await user.selectOptions(screen.getByLabelText('Weather alerts: In the app'), 'Off');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '22:30' } });
    const perDay = screen.getByLabelText('Alert SMS a day, at most');
    await user.clear(perDay);
    await user.type(perDay, '8');
    // A language not reviewed yet says its messages come in English.
    const language = screen.getByLabelText('Language of alerts and messages');
    expect(within(language).getByRole('option', { name: 'Shona (chiShona) — not translated yet: messages come in English' })).toBeTruthy();
    expect(within(language).getByRole('option', { name: 'Portuguese (Português)' })).toBeTruthy();
    await user.selectOptions(language, 'pt');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Africa/Maputo');
    await user.click(screen.getByLabelText('By SMS'));

    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    const refusal = await screen.findByText('Your organisation allows at most 6 alert SMS a day.');
    expect(perDay.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(perDay)).toContain(refusal.textContent);

    await user.clear(perDay);
    await user.type(perDay, '6');
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(2));
    await waitFor(() => expect(perDay.getAttribute('aria-invalid')).toBeNull());

    const puts = sent.filter((request) => request.method === 'PUT');
    const expected: NotificationPreferences = {
      language: 'pt',
      timeZone: 'Africa/Maputo',
      quietHours: { from: '22:30', to: '06:00' },
      throughQuietHours: { weather: 'critical', crop: 'critical', pest: 'critical' },
      smsPerDay: 8,
      channels: {
        inApp: { weather: 'off', crop: 'info', pest: 'info' },
        email: { weather: 'warning', crop: 'warning', pest: 'warning' },
        sms: { weather: 'warning', crop: 'warning', pest: 'critical' },
      },
      weeklyDigest: { email: true, sms: false },
    };
    expect(puts[0]!.body).toEqual(expected);
    expect(puts[1]!.body).toEqual({ ...expected, smsPerDay: 6 });
  });

  it('checks the form with the server’s schema first, and sends quiet hours as null when they are off', async () => {
    const { sent, user } = await openSavingSettings();
    const perDay = screen.getByLabelText('Alert SMS a day, at most');
    await user.clear(perDay);
    await user.type(perDay, '40');
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    expect(descriptionOf(perDay)).toContain('At most 20 SMS a day.');
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(perDay);
    await user.type(perDay, '5');
    await user.click(screen.getByLabelText('Quiet hours'));
    expect(screen.queryByLabelText('From')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'PUT')!.body).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: null });
  });

  it('lets warnings of one kind through quiet hours, and refuses quiet hours that start and end at the same time', async () => {
    const { sent, user } = await openSavingSettings();
    const weatherAtNight = screen.getByLabelText('Weather alerts in quiet hours') as HTMLSelectElement;
    expect(weatherAtNight.value).toBe('critical');
    await user.selectOptions(weatherAtNight, 'Warnings and critical');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '06:00' } });
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByText('Quiet hours must start and end at different times; to have none, turn quiet hours off.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '21:00' } });
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'PUT')!.body).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      throughQuietHours: { weather: 'warning', crop: 'critical', pest: 'critical' },
    });
  });

  it('stacks the channels of each kind of alert on a phone, with the same names', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    stubServer(({ path }) => (path === '/api/me/notification-preferences' ? settingsAnswer(makeSettings()) : undefined));
    renderAlertMessagesCard();
    const pest = await screen.findByRole('group', { name: 'Pests and diseases' });
    expect(within(pest).getAllByRole('combobox')).toHaveLength(3);
    expect((within(pest).getByLabelText('Pests and diseases alerts: SMS') as HTMLSelectElement).value).toBe('warning');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('takes the server’s newer answer after the copy kept on the device, but never over the person’s edits', async () => {
    const answers = [5, 9, 12];
    stubServer(({ path }) =>
      path === '/api/me/notification-preferences'
        ? settingsAnswer(makeSettings({ preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, smsPerDay: answers.shift() ?? 12 } }))
        : undefined,
    );
    const user = userEvent.setup();
    const client = renderAlertMessagesCard();
    const perDay = (await screen.findByLabelText('Alert SMS a day, at most')) as HTMLInputElement;
    expect(perDay.value).toBe('5');

    await act(() => client.invalidateQueries({ queryKey: notificationKeys.settings }));
    await waitFor(() => expect(perDay.value).toBe('9'));

    await user.clear(perDay);
    await user.type(perDay, '7');
    await act(() => client.invalidateQueries({ queryKey: notificationKeys.settings }));
    expect(perDay.value).toBe('7');
  });
});
