import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, waitForApp } from './support/browser.ts';
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

describe('a farmer keeps records', () => {
  for (const device of [desktop, phone]) {
    it(`registers, adds a farm and a field, sees it in My Fields, logs a soil test and signs out (${device.viewport.width}px)`, async () => {
      const { context, page } = await newPage(browser, server.url, device);
      await page.goto('/register');
      await waitForApp(page);
      await page.getByLabel('Full name').fill('Farai Ncube');
      await page.getByLabel('E-mail').fill(`farai.${device.viewport.width}.${Date.now()}@example.org`);
      await page.getByLabel('Password', { exact: true }).fill('soya-beans-2026');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/dashboard');

      // The farm and field through the API with the session the app stored (the map editor draws fields later).
      const token = await page.evaluate(() => localStorage.getItem('murimi.access_token'));
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const farm = (
        await (await fetch(`${server.url}/api/farms`, { method: 'POST', headers, body: JSON.stringify({ name: 'Ncube Farm' }) })).json()
      ).data;
      const boundary = {
        type: 'Polygon',
        coordinates: [
          [
            [31.05, -17.83],
            [31.06, -17.83],
            [31.06, -17.84],
            [31.05, -17.84],
            [31.05, -17.83],
          ],
        ],
      };
      const created = await fetch(`${server.url}/api/fields`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'River Block', farmId: farm.id, boundary, cropType: 'soybean', plantingDate: '2026-11-20' }),
      });
      expect(created.status).toBe(201);

      await page.goto('/fields');
      await page.getByRole('heading', { level: 1, name: 'My Fields' }).waitFor();
      const row = page.getByRole('link', { name: /River Block/ }).first();
      await row.waitFor();
      expect(await page.locator('main').innerText()).toMatch(/River Block[\s\S]*117\.\d ha/);

      await page.goto('/soil-tests/log');
      await page.getByRole('heading', { level: 1, name: 'Log a soil test' }).waitFor();
      await page.getByLabel('Nitrogen, N (ppm)').fill('18');
      await page.getByLabel('Phosphorus, P (ppm)').fill('11');
      await page.getByLabel('Potassium, K (ppm)').fill('150');
      await page.getByLabel(/^pH/).fill('5.6');
      await page.getByRole('button', { name: 'Save soil test' }).click();
      await page.waitForURL('**/soil-tests');
      await page.getByRole('heading', { level: 1, name: 'Soil Test Records' }).waitFor();
      // The new record is listed with its field and pH (option elements of the field filter do not count).
      await page.waitForFunction(() => /River Block[\s\S]*5\.6/.test(document.querySelector('main')?.innerText ?? ''));

      const stored = await (await fetch(`${server.url}/api/soil-tests`, { headers })).json();
      expect(stored.data).toHaveLength(1);
      expect(stored.data[0]).toMatchObject({ nitrogen: 18, phosphorus: 11, potassium: 150, ph: 5.6, unit: 'ppm' });

      // The app signs out at once and tells the server after (signing out must work offline): wait for that call.
      const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
      if (device === desktop) {
        await page.getByRole('button', { name: /User Account/ }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
      } else {
        await page.getByTestId('menu-button').click();
        await page.getByRole('button', { name: 'Sign Out' }).click();
      }
      await page.waitForURL('**/login');
      expect((await loggedOut).status()).toBe(200);
      expect((await fetch(`${server.url}/api/auth/me`, { headers })).status).toBe(401);
      await context.close();
    });
  }
});
