import { DEFAULT_NOTIFICATION_PREFERENCES } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { registerNotificationMutations, type NotificationSettings } from '../api/notifications.ts';
import { AlertMessagesCard } from '../components/AlertSettingsCards.tsx';

/** The settings a new person gets, on a server that can send SMS, with `changes` over them. */
export function makeSettings(changes: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    preferences: DEFAULT_NOTIFICATION_PREFERENCES,
    smsPhone: { phone: null, verified: false, pending: null, stopped: false },
    smsAvailable: true,
    reviewedLanguages: ['en'],
    ...changes,
  };
}

export const settingsAnswer = (settings: NotificationSettings) => ({ status: 200, body: { data: settings } });

/** Settings → Alerts and messages as the settings screen shows it, with the app's writes registered; its query client. */
export function renderAlertMessagesCard(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerNotificationMutations(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/settings#alerts']}>
        <AlertMessagesCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}
