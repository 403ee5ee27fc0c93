import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import type { NotificationSettings } from '../api/notifications.ts';
import { makeSettings, renderAlertMessagesCard, settingsAnswer } from '../testing/settings-fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

const posted = (sent: { method: string; path: string; body: unknown }[]) =>
  sent.filter((request) => request.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

describe('the SMS number', () => {
  it('is entered, sent a code, and verified with the code', async () => {
    const phone = '+263772123456';
    const pending = { phone, expiresAt: '2026-11-28T10:15:00.000Z' };
    let settings: NotificationSettings = makeSettings();
    const sent = stubServer(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/me/notification-preferences') return settingsAnswer(settings);
      if (method === 'POST' && path === '/api/me/sms-phone') {
        settings = { ...settings, smsPhone: { ...settings.smsPhone, pending } };
        return settingsAnswer(settings);
      }
      if (method === 'POST' && path === '/api/me/sms-phone/verify') {
        if ((body as { code: string }).code !== '482913') {
          const message = 'That code is not right. Check the SMS, or send a new code.';
          return { status: 400, body: { error: { code: 'VALIDATION_FAILED', message, details: [{ path: 'code', message }] } } };
        }
        settings = { ...settings, smsPhone: { phone, verified: true, pending: null, stopped: false } };
        return settingsAnswer(settings);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAlertMessagesCard();

    await user.type(await screen.findByLabelText('Mobile number'), '077 212 3456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/^We sent a 6-digit code to \+263772123456\. It works until 28 Nov 2026/);

    const code = screen.getByLabelText('Code from the SMS');
    await user.type(code, '4829');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6 digits from the SMS.')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check the SMS, or send a new code.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await user.clear(code);
    await user.type(code, '482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('SMS go to +263772123456.');
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(posted(sent)).toEqual([
      { method: 'POST', path: '/api/me/sms-phone', body: { phone: '077 212 3456' } },
      { method: 'POST', path: '/api/me/sms-phone/verify', body: { code: '111111' } },
      { method: 'POST', path: '/api/me/sms-phone/verify', body: { code: '482913' } },
    ]);
  });

  it('says when the number sent STOP, and can be changed or removed', async () => {
    let settings = makeSettings({ smsPhone: { phone: '+263772123456', verified: true, pending: null, stopped: true } });
    const sent = stubServer(({ method, path }) => {
      if (method === 'GET' && path === '/api/me/notification-preferences') return settingsAnswer(settings);
      if (method === 'DELETE' && path === '/api/me/sms-phone') {
        settings = makeSettings();
        return settingsAnswer(settings);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAlertMessagesCard();
    await screen.findByText('This number sent STOP; send START to it to get SMS again.');

    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Remove number' }));
    await screen.findByRole('button', { name: 'Send code' });
    expect(posted(sent)).toEqual([{ method: 'DELETE', path: '/api/me/sms-phone', body: undefined }]);
  });

  it('says the server cannot send SMS yet instead of offering a form that could not work', async () => {
    stubServer(({ path }) =>
      path === '/api/me/notification-preferences' ? settingsAnswer(makeSettings({ smsAvailable: false })) : undefined,
    );
    renderAlertMessagesCard();
    await screen.findByText(/^This server cannot send SMS yet/);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull());
    expect(screen.getByText('The server cannot send SMS yet: these SMS choices apply once it can.')).toBeTruthy();
  });
});
