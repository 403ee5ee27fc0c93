import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, signUpThroughApi } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const uniqueEmail = (what: string) => `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.org`;

const farm = {
  id: '5f0c7a1e-0000-4000-8000-000000000001',
  name: 'Chikwaka Farm',
  location: null,
  district: null,
  country: 'ZW',
  notes: null,
  fieldCount: 1,
  lastModified: '2026-11-01T08:00:00.000Z',
};

/**
 * Answers the farm list (and the farm) with a farm whose name is an object, not text: every part that draws the
 * farm's name crashes (React cannot render an object), a stand-in for any part that breaks on data it did not expect.
 */
async function serveFarmThatBreaksItsName(page: Page): Promise<void> {
  const broken = { ...farm, name: { unexpected: 'shape' } };
  await page.route('**/api/farms?*', (route) => route.fulfill({ json: { data: [broken], page: { limit: 500, nextCursor: null } } }));
  await page.route(`**/api/farms/${farm.id}`, (route) => route.fulfill({ json: { data: broken } }));
}

describe('failures that stay small', () => {
  it('fetches the code of a screen again when the connection comes back, without a refresh', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    await signUpThroughApi(page, server.url, uniqueEmail('chunk-online'));
    await page.route('**/assets/SettingsPage-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByText('Failed to load component. Please refresh the page to try again.').waitFor();
    await page.unroute('**/assets/SettingsPage-*.js');
    // Going offline and back online fires the browser's 'online' event, as a phone regaining its signal does.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(page.url()).toMatch(/\/settings$/);
    await context.close();
  });

  it('keeps a crashed dashboard card to its own place, and the other cards work', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    await signUpThroughApi(page, server.url, uniqueEmail('card'));
    await page.route('**/api/fields?*', (route) =>
      route.fulfill({
        json: {
          data: [{ id: '5f0c7a1e-0000-4000-8000-000000000002', farmId: farm.id, name: 'Block A', size_hectares: 4.2, cropType: null }],
          page: { limit: 500, nextCursor: null },
        },
      }),
    );
    await serveFarmThatBreaksItsName(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const farmsCard = page.getByRole('alert').filter({ hasText: 'Farms' });
    await farmsCard.getByText('This part could not be shown.').waitFor();
    await farmsCard.getByRole('button', { name: 'Try again' }).waitFor();
    // The rest of the dashboard still works.
    await page.getByRole('heading', { name: 'Quick actions' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log soil test' }).first().isVisible()).toBe(true);
    expect(await page.getByText('This part could not be shown.').count()).toBe(1);
    await context.close();
  });

  it('keeps a crashed screen inside the frame, and the next screen opened from the menu draws afresh', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    await signUpThroughApi(page, server.url, uniqueEmail('screen'));
    await serveFarmThatBreaksItsName(page);
    await page.goto(`/farms/${farm.id}`);
    await page.getByRole('heading', { level: 1, name: 'Something went wrong.' }).waitFor();
    // The sidebar is still there, and leaving the path leaves the crash behind.
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByText('Something went wrong.').count()).toBe(0);
    await context.close();
  });
});
