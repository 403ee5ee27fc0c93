import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSWOptions } from 'virtual:pwa-register';
import { describe, expect, it, vi } from 'vitest';
import { startServiceWorker } from './service-worker.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** A stand-in for virtual:pwa-register's registerSW: the test plays the worker's events. */
function fakeRegistration() {
  const applyUpdate = vi.fn(() => Promise.resolve());
  let options: RegisterSWOptions = {};
  startServiceWorker((given) => {
    options = given;
    return applyUpdate;
  });
  return { applyUpdate, newVersionWaiting: () => act(() => options.onNeedRefresh?.()) };
}

describe('the update prompt', () => {
  it('appears when a new version waits, and Reload activates it', async () => {
    const user = userEvent.setup();
    const registration = fakeRegistration();
    render(<UpdatePrompt />);
    expect(screen.queryByText('A new version of Murimi is ready.')).toBeNull();

    registration.newVersionWaiting();
    expect(screen.getByRole('status').textContent).toContain('A new version of Murimi is ready.');
    expect(registration.applyUpdate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(registration.applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('goes away when dismissed, without updating', async () => {
    const user = userEvent.setup();
    const registration = fakeRegistration();
    render(<UpdatePrompt />);
    registration.newVersionWaiting();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('A new version of Murimi is ready.')).toBeNull();
    expect(registration.applyUpdate).not.toHaveBeenCalled();
  });
});
