import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';

// A new farmer's first field: its analyses start by themselves once it is saved with a crop and a planting date, and
// with the weather service and the imagery catalog out of reach each one fails with the server's own sentence, on its
// progress card, on the field page (also after a reload) and on the screens that read the weather.
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-advice-shots');
const WEATHER_DOWN = 'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.';
const IMAGERY_DOWN = /Satellite imagery is unavailable right now; please try again later\./;
/** Where the browser says the farmer is: the map opens there, ready to draw. */
const inTheField = { latitude: -17.83, longitude: 31.05 };

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  const closed = 'http://127.0.0.1:9';
  [server, browser] = await Promise.all([
    startServer({
      IMAGERY_STAC_URL: closed,
      OPEN_METEO_FORECAST_URL: `${closed}/v1/forecast`,
      OPEN_METEO_ARCHIVE_URL: `${closed}/v1/archive`,
      ANALYSIS_RETRIES: '0',
    }),
    launchBrowser(),
  ]);
  mkdirSync(shots, { recursive: true });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Field Setup as a farmer fills it: name, crop, planting date, four taps on the map, Save. Answers the field's id. */
async function createFieldThroughSetup(page: Page, device: typeof phone | typeof desktop, name: string): Promise<string> {
  await page.goto('/create-farm-field');
  await waitForApp(page);
  await page.getByLabel('Field name').fill(name);
  await page.getByLabel('Crop', { exact: true }).selectOption('maize-grain');
  const planted = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Planting date').fill(planted);
  await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"][data-idle="true"]', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Draw polygon' }).click();
  const map = page.getByRole('application', { name: 'Map for drawing the field boundary' });
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const tap = (x: number, y: number) => (device === phone ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
  for (const [dx, dy] of [
    [-60, -50],
    [60, -50],
    [60, 50],
    [-60, 50],
    [-60, -50],
  ]) {
    await tap(cx + dx!, cy + dy!);
  }
  await page.waitForSelector('[data-testid="map-editor"][data-mode="none"]');
  await page.getByRole('button', { name: 'Save field' }).click();
  await page.waitForURL(/\/fields\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

const progressCard = (page: Page, type: string, field: string) =>
  page.getByTestId('analysis-card').filter({ hasText: `${type} · ${field}` });
const fieldCard = (page: Page, type: string) => page.locator(`[data-analysis-card="${type}"]`);

describe('advice that starts by itself, and says why it failed', () => {
  for (const device of [phone, desktop]) {
    const size = `${device.viewport.width}x${device.viewport.height}`;

    it(`starts a new field's four analyses without a press, and shows each failure with the server's sentence (${size})`, async () => {
      const { context, page } = await newPage(browser, server.url, device);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation(inTheField);
      const token = await signUpThroughApi(page, server.url, `first-week.${device.viewport.width}.${Date.now()}@example.org`);
      await callApi(server, token, 'POST', '/api/farms', { name: 'Chiweshe Farm' });
      const name = `Vlei ${device.viewport.width}`;
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/analysis/')) requests.push(request.url());
      });
      const fieldId = await createFieldThroughSetup(page, device, name);

      // Health first: its card appears by itself and ends with the catalogue's sentence.
      const health = progressCard(page, 'Crop health', name);
      await health.waitFor({ timeout: 30_000 });
      await health.getByText(IMAGERY_DOWN).waitFor({ timeout: 60_000 });
      // Then the others, queued by the server once health ended: irrigation fails with the weather's sentence.
      const irrigation = progressCard(page, 'Irrigation advice', name);
      await irrigation
        .getByText(WEATHER_DOWN)
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          console.log(JSON.stringify((await callApi(server, token, 'GET', `/api/analysis/${fieldId}/history`)).body, null, 1));
          console.log(await page.getByTestId('analysis-card').allInnerTexts());
          await page.screenshot({ path: path.join(shots, `debug-${size}.png`), fullPage: true });
          throw error;
        });
      await expect.poll(() => fieldCard(page, 'irrigation').innerText(), { timeout: 20_000 }).toContain(WEATHER_DOWN);
      await expect.poll(() => fieldCard(page, 'health').innerText(), { timeout: 20_000 }).toMatch(IMAGERY_DOWN);
      for (const type of ['health', 'irrigation', 'fertilizer', 'yield']) {
        await expect.poll(() => fieldCard(page, type).innerText(), { timeout: 30_000 }).toContain('Failed');
      }
      await expect(fieldCard(page, 'irrigation').getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
      // Nothing was pressed: the browser asked to run none of them.
      expect(requests).toEqual([]);
      const history = (await callApi(server, token, 'GET', `/api/analysis/${fieldId}/history`)).body.data as { type: string }[];
      expect(history.map((row) => row.type).sort()).toEqual(['fertilizer', 'health', 'irrigation', 'yield']);
      await page.screenshot({ path: path.join(shots, `field-failed-${size}.png`), fullPage: true });

      // After a reload the field still says it failed and why, not "Not run".
      await page.reload();
      await waitForApp(page);
      await expect.poll(() => fieldCard(page, 'irrigation').innerText(), { timeout: 20_000 }).toContain(WEATHER_DOWN);
      expect(await fieldCard(page, 'irrigation').innerText()).not.toContain('Not run');

      // Irrigation's weather panels: the server's sentence, not "Server error".
      await page.goto('/irrigation');
      await waitForApp(page);
      await page.getByText(WEATHER_DOWN).first().waitFor({ timeout: 30_000 });
      expect(await page.getByText('Server error. Please try again later.').count()).toBe(0);
      // Its water advice says the run failed and why, instead of inviting a first run.
      const advice = page.getByRole('region', { name: 'Water advice' });
      await advice.getByText(`The last run failed: ${WEATHER_DOWN}`).waitFor({ timeout: 20_000 });
      expect(await advice.getByText('No water advice yet').count()).toBe(0);
      await page.screenshot({ path: path.join(shots, `irrigation-weather-down-${size}.png`), fullPage: true });

      // The dashboard: each tile says the run failed and why; the week's water line does not ask for the crop.
      await page.goto('/dashboard');
      await waitForApp(page);
      await page.getByText(WEATHER_DOWN).first().waitFor({ timeout: 30_000 });
      expect(await page.getByText('add the crop and planting date').count()).toBe(0);
      await page.screenshot({ path: path.join(shots, `dashboard-failed-${size}.png`), fullPage: true });
      await context.close();
    }, 240_000);
  }
});
