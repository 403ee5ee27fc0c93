import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';
import { smallFieldBoundary } from './support/offline-queue.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The header's sync indicator text (spec §4: Offline, Syncing..., N pending or Online). */
const indicator = (page: Page) => page.locator('[data-testid="sync-indicator-text"]:visible');

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
    undefined,
    {
      timeout: 30_000,
    },
  );
}

describe('offline use', () => {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`opens offline, keeps a soil test, an application and an irrigation, and sends each once when back online (${name})`, async () => {
      const { context, page } = await newPage(browser, server.url, device, { serviceWorkers: 'allow' });
      const token = await signUpThroughApi(page, server.url, `offline.${name}.${Date.now()}@example.org`);
      const farm = (await callApi(server, token, 'POST', '/api/farms', { name: 'Moyo Farm' })).body.data as { id: string };
      const created = await callApi(server, token, 'POST', '/api/fields', {
        name: 'Vlei Block',
        farmId: farm.id,
        boundary: smallFieldBoundary,
        cropType: 'maize-grain',
        plantingDate: '2026-11-10',
        irrigated: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const field = created.body.data as { id: string };
      await page.evaluate((id) => localStorage.setItem('murimi.selected_field', id), field.id);

      // Online first: the screens are opened once, so the device has them (the app shell and the data they read).
      await page.goto('/dashboard');
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await waitForServiceWorker(page);
      for (const [route, heading] of [
        ['/soil-tests/log', 'Log a soil test'],
        ['/fertilizer', 'Fertilizer Management'],
        ['/irrigation', 'Irrigation & Weather'],
      ] as const) {
        await page.goto(route);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      }
      await expect.poll(() => indicator(page).innerText()).toBe('Online');

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Irrigation & Weather' }).waitFor();
      await expect.poll(() => indicator(page).innerText()).toBe('Offline');
      expect(await page.getByText("You're offline. Some features may not work properly.").count()).toBe(1);

      // An irrigation, offline.
      await page.getByLabel('Depth applied (mm)').fill('25');
      await page.getByRole('button', { name: 'Save irrigation' }).click();
      await page.getByText('Saved on this device. It will be sent when you are back online.').first().waitFor();

      // A soil test, offline: the app opens its screen without the network.
      await page.goto('/soil-tests/log');
      await page.getByRole('heading', { level: 1, name: 'Log a soil test' }).waitFor();
      await page.getByLabel('Nitrogen, N (ppm)').fill('18');
      await page.getByLabel('Phosphorus, P (ppm)').fill('11');
      await page.getByLabel('Potassium, K (ppm)').fill('150');
      await page.getByLabel(/^pH/).fill('5.6');
      await page.getByRole('button', { name: 'Save soil test' }).click();
      await page.waitForURL('**/soil-tests');
      await page.getByText('Waiting to sync').first().waitFor();

      // A fertilizer application, offline.
      await page.goto('/fertilizer');
      await page.getByRole('heading', { level: 1, name: 'Fertilizer Management' }).waitFor();
      await page.getByLabel('Product name').fill('Urea');
      await page.getByLabel('N %').fill('46');
      await page.getByLabel('Rate (kg/ha)').fill('100');
      await page.getByRole('button', { name: 'Save application' }).click();
      await page.getByText('Waiting to sync').first().waitFor();

      // Still offline after a reload: all three are kept, and nothing reached the server.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Fertilizer Management' }).waitFor();
      await expect.poll(() => indicator(page).innerText()).toBe('Offline');
      await page.locator('[data-testid="sync-indicator"]:visible').click();
      const panel = page.getByRole('dialog', { name: 'Sync status' });
      await panel.getByText('Offline Mode').waitFor();
      expect(await panel.getByText(/^(Soil test|Fertilizer application|Irrigation)\b/).count()).toBe(3);
      await page.keyboard.press('Escape');
      const rows = async () =>
        Promise.all(
          ['/api/soil-tests', '/api/fertilizer-applications', '/api/irrigation-events'].map(
            async (path) => ((await callApi(server, token, 'GET', `${path}?fieldId=${field.id}`)).body.data as unknown[]).length,
          ),
        );
      expect(await rows()).toEqual([0, 0, 0]);

      // Back online: each is sent once, and the indicator says so.
      await context.setOffline(false);
      await expect.poll(() => indicator(page).innerText(), { timeout: 20_000 }).toBe('Online');
      expect(await rows()).toEqual([1, 1, 1]);
      const [soilTest] = (await callApi(server, token, 'GET', `/api/soil-tests?fieldId=${field.id}`)).body.data as { ph: number }[];
      expect(soilTest!.ph).toBe(5.6);
      const [irrigation] = (await callApi(server, token, 'GET', `/api/irrigation-events?fieldId=${field.id}`)).body.data as {
        depthMm: number;
      }[];
      expect(irrigation!.depthMm).toBe(25);

      // Signing out leaves nothing of this person on the device: their database goes with the session.
      const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
      expect((await databases()).some((name) => name?.startsWith('murimi-'))).toBe(true);
      if (device === desktop) {
        await page.getByRole('button', { name: /User Account/ }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
      } else {
        await page.getByTestId('menu-button').click();
        await page.getByRole('button', { name: 'Sign Out' }).click();
      }
      await page.waitForURL('**/login');
      await expect.poll(async () => (await databases()).filter((name) => name?.startsWith('murimi-'))).toEqual([]);
      await context.close();
    });
  }
});
