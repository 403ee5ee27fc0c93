import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { smallFieldBoundary } from './support/offline-queue.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';

/** Where the screenshots go for a person to look at; CI may point it elsewhere. */
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-records-shots');

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

/**
 * Goes offline and adds "River plot" through Field Setup, its corners typed (this server has no satellite imagery:
 * the screen offers the other ways to give a boundary once its map is set up); ends on My Fields.
 */
async function addRiverPlotOffline(context: BrowserContext, page: Page): Promise<void> {
  await page.goto('/create-farm-field');
  await page.getByTestId('no-imagery').waitFor({ timeout: 20_000 });
  await context.setOffline(true);
  await page.getByLabel('Field name').fill('River plot');
  await page.getByTestId('no-imagery').getByRole('button', { name: 'Type the corners' }).click();
  await page.getByLabel('Corners of the field').fill('-17.8252, 31.0335\n-17.8252, 31.0362\n-17.8275, 31.0362\n-17.8275, 31.0335');
  await page.getByRole('button', { name: 'Save field' }).click();
  await page.waitForURL('**/fields');
}

describe('a field added without signal', () => {
  it("is listed, opens as waiting to sync, is counted on the dashboard, and shows the server's field once sent", async () => {
    const { context, page } = await newPage(browser, server.url, phone, { serviceWorkers: 'allow' });
    const token = await signUpThroughApi(page, server.url, `offline.field.${Date.now()}@example.org`);
    const farm = (await callApi(server, token, 'POST', '/api/farms', { name: 'Moyo Farm' })).body.data as { id: string };
    await callApi(server, token, 'POST', '/api/fields', {
      name: 'Dam Block',
      farmId: farm.id,
      boundary: smallFieldBoundary,
      cropType: 'soybean',
      plantingDate: '2026-11-20',
    });
    // Read once online, so the screens have their kept copies offline.
    await page.goto('/dashboard');
    await waitForApp(page);
    await page.getByText('Fields', { exact: true }).first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.goto(`/farms/${farm.id}`);
    await page.getByRole('link', { name: /Dam Block/ }).waitFor();
    await addRiverPlotOffline(context, page);
    const row = page.getByRole('link', { name: /River plot/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Waiting to sync');

    await row.click();
    await page.waitForURL(/\/fields\/[0-9a-f-]{36}$/);
    const fieldPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: 'River plot' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Waiting to sync');
    expect(await page.getByText('Field not found').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'field-waiting-to-sync-phone.png'), fullPage: true });

    await page.goto('/dashboard');
    await page.getByText('(1 waiting to sync)').first().waitFor();
    const dashboard = await page.locator('main').innerText();
    expect(dashboard).toMatch(/Fields\s*2\s*\(1 waiting to sync\)/);
    expect(dashboard).toMatch(/Moyo Farm\s*2 fields · [\d.]+ ha\s*\(1 waiting to sync\)/);
    await page.screenshot({ path: path.join(shots, 'dashboard-waiting-to-sync-phone.png'), fullPage: true });

    // The farm's page lists it with the farm's other field, marked.
    await page.goto(`/farms/${farm.id}`);
    const onFarm = page.getByRole('link', { name: /River plot/ });
    await onFarm.waitFor();
    expect(await onFarm.innerText()).toContain('Waiting to sync');
    expect(await page.getByRole('link', { name: /Dam Block/ }).count()).toBe(1);
    await page.screenshot({ path: path.join(shots, 'farm-waiting-to-sync-phone.png'), fullPage: true });

    // Back online it is sent: its page shows the server's field, measured, and the dashboard no longer waits.
    await context.setOffline(false);
    await expect
      .poll(async () => ((await callApi(server, token, 'GET', '/api/fields')).body.data as unknown[]).length, { timeout: 30_000 })
      .toBe(2);
    await page.goto(fieldPath);
    await page.getByText(/^7\.\d+ ha \(/).waitFor({ timeout: 15_000 });
    expect(await page.locator('main').innerText()).not.toMatch(/Waiting to sync|Field not found/);
    await context.close();
  }, 180_000);

  it('as the first field, says on the dashboard that it is saved on the phone and opens it, instead of asking for a first field', async () => {
    const { context, page } = await newPage(browser, server.url, desktop, { serviceWorkers: 'allow' });
    const token = await signUpThroughApi(page, server.url, `offline.first-field.${Date.now()}@example.org`);
    await callApi(server, token, 'POST', '/api/farms', { name: 'Moyo Farm' });
    await page.goto('/dashboard');
    await waitForApp(page);
    await page.getByText('Set up your first field').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await addRiverPlotOffline(context, page);
    await page.goto('/dashboard');
    await page.getByText('Your new field is saved on this phone').waitFor();
    expect(await page.getByText('Set up your first field').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'dashboard-first-field-waiting-desktop.png'), fullPage: true });
    await page.getByRole('link', { name: 'Open River plot' }).click();
    await page.getByRole('heading', { level: 1, name: 'River plot' }).waitFor();
    await context.close();
  }, 180_000);
});
