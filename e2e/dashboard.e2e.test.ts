import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';

// The dashboard and a field's page on the demo (`murimi demo`: six fields with simulated imagery, every analysis run
// once), at phone and desktop size.
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-dashboard-shots');

let demo: DemoServer;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  baseUrl = demo.server.url;
  mkdirSync(shots, { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

const signIn = (page: Page) => demo.signIn(page);

/** Every API request the page makes from now on, with its response body size in bytes. */
function recordApiRequests(page: Page) {
  const requests: { path: string; status: number; bytes: number }[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    void Promise.all([request.sizes(), request.response()]).then(([sizes, response]) =>
      requests.push({
        path: `${url.pathname}${url.search}`,
        status: response?.status() ?? 0,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      }),
    );
  });
  return requests;
}

describe.skipIf(onPostgres)('the dashboard and a field on the demo', () => {
  for (const device of [phone, desktop]) {
    const size = `${device.viewport.width}x${device.viewport.height}`;
    it(`shows the selected field's crop health with its NDVI and "simulated", and the farm totals (${size})`, async () => {
      const { context, page } = await newPage(browser, baseUrl, device);
      await signIn(page);
      const requests = recordApiRequests(page);
      await page.goto('/dashboard');
      await waitForApp(page);

      const health = page.getByRole('region', { name: 'Crop health' });
      const ndvi = health.getByTestId('health-ndvi');
      await ndvi.waitFor({ timeout: 30_000 });
      expect(Number(await ndvi.innerText())).toBeGreaterThan(0);
      expect(Number(await ndvi.innerText())).toBeLessThanOrEqual(1);
      expect(await health.innerText()).toMatch(/Simulated/);
      expect(await health.innerText()).toMatch(/Image of \d{1,2} \w{3} \d{4}/);
      await expect.poll(async () => health.getByRole('link', { name: 'Open Crop Health' }).count()).toBe(1);

      const totals = page.getByRole('heading', { name: 'Fields by crop health' }).locator('..');
      await totals
        .getByText(/Healthy/)
        .first()
        .waitFor();
      // Six demo fields, counted once each across the four groups.
      const counts = (await totals.locator('dd').allInnerTexts()).map((text) => Number(/^(\d+) field/.exec(text)![1]));
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(6);

      await page.getByRole('region', { name: "Today's weather" }).getByText(/°C/).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(shots, `dashboard-${size}.png`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The farm totals are one request, not one per field.
      expect(requests.filter((r) => r.path === '/api/analysis/overview')).toHaveLength(1);
      expect(requests.filter((r) => r.path.endsWith('/latest-summaries'))).toHaveLength(1);
      writeFileSync(
        path.join(shots, `dashboard-requests-${size}.json`),
        JSON.stringify({ count: requests.length, bytes: requests.reduce((sum, r) => sum + r.bytes, 0), requests }, null, 2),
      );
      await context.close();
    });

    it(`shows a field's four analysis cards with the NDVI map (${size})`, async () => {
      const { context, page } = await newPage(browser, baseUrl, device);
      await signIn(page);
      await page.goto('/fields');
      await waitForApp(page);
      await page
        .getByRole('link', { name: /Centre pivot/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Centre pivot' }).waitFor();

      const cards = page.locator('[data-analysis-card]');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(4);
      const health = page.locator('[data-analysis-card="health"]');
      expect(await health.innerText()).toMatch(/Simulated/);
      await health.getByRole('img', { name: /NDVI map of Centre pivot from the satellite image of/ }).waitFor({ timeout: 30_000 });
      await health.getByRole('img', { name: /NDVI of the season/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Run again' }).count()).toBe(4);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(shots, `field-detail-${size}.png`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
