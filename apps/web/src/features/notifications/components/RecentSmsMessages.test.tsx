import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { makeSettings, renderAlertMessagesCard, settingsAnswer } from '../testing/settings-fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

const message = (change: object) => ({
  id: '0b5e0e52-4a3f-4d1b-9a55-6f0f0f6d3c11',
  purpose: 'alert',
  status: 'sent',
  body: 'Murimi: Vlei - frost risk -1C tonight. Irrigate lightly before the night. Reply STOP to end.',
  repeat: false,
  createdAt: '2026-07-14T00:20:00.000Z',
  sentAt: null,
  ...change,
});

describe('Recent SMS to you', () => {
  it('says in words that an SMS is uncertain, and marks the repeat of a critical alert', async () => {
    stubServer(({ path }) => {
      if (path === '/api/me/notification-preferences') return settingsAnswer(makeSettings());
      if (path === '/api/me/sms-messages') {
        return {
          status: 200,
          body: {
            data: [
              message({
                id: '7c1d0f6e-9a1b-4b52-8f0e-2d7f8a1c9e01',
                repeat: true,
                status: 'delivered',
                body: 'Murimi (repeat): Vlei - frost',
              }),
              message({ status: 'uncertain' }),
              message({
                id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
                purpose: 'verification',
                status: 'capped',
                body: 'Murimi code: 123456.',
              }),
            ],
          },
        };
      }
      return undefined;
    });
    renderAlertMessagesCard();
    const list = await screen.findByRole('region', { name: 'Recent SMS to you' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Delivered')).toBeTruthy();
    expect(within(items[0]!).getByText('Sent again: we could not tell whether the first one reached your phone.')).toBeTruthy();
    expect(within(items[1]!).getByText('Uncertain: may not have arrived')).toBeTruthy();
    expect(within(items[1]!).getByText(/we cannot tell whether this reached your phone/)).toBeTruthy();
    expect(within(items[2]!).getByText('Code')).toBeTruthy();
    expect(within(items[2]!).getByText('Not sent: your daily number was reached')).toBeTruthy();
  });

  it('is not shown on a server that cannot send SMS', async () => {
    const sent = stubServer(({ path }) =>
      path === '/api/me/notification-preferences' ? settingsAnswer(makeSettings({ smsAvailable: false })) : undefined,
    );
    renderAlertMessagesCard();
    await screen.findByRole('button', { name: 'Save alert settings' });
    expect(screen.queryByRole('region', { name: 'Recent SMS to you' })).toBeNull();
    expect(sent.map((request) => request.path)).not.toContain('/api/me/sms-messages');
  });
});
