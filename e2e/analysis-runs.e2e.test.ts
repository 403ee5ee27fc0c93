import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

// Running an analysis from the screens on the demo, against the real server and job worker: the floating progress
// card, its end (completed, cancelled, failed) and the result arriving on the dashboard without a reload.
const shots = process.env.SCREENSHOT_DIR ?? '/tmp/h/shots';

let demo: DemoServer;
let browser: Browser;
let token: string;
let fields: { id: string; name: string }[];
beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  token = await demo.token();
  fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
  mkdirSync(shots, { recursive: true });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

const fieldNamed = (name: string) => fields.find((field) => field.name === name)!;

/** The id of the field's newest completed health analysis, as the API gives it. */
async function latestHealthId(fieldId: string): Promise<string | null> {
  const summaries = (await callApi(demo.server, token, 'GET', `/api/analysis/${fieldId}/latest-summaries`)).body.data as {
    health: { id: string } | null;
  };
  return summaries.health?.id ?? null;
}

/** Starts a crop health check of `field` with the dashboard's run control. */
async function runFromDashboard(page: Page, field: { id: string; name: string }) {
  const form = page.getByRole('form', { name: 'Run an analysis' });
  await form.getByLabel('Field').selectOption({ label: field.name });
  await form.getByLabel('Analysis').selectOption({ label: 'Crop health' });
  await form.getByRole('button', { name: 'Run' }).click();
}

const cardOf = (page: Page, field: { name: string }) =>
  page.getByTestId('analysis-card').filter({ hasText: `Crop health · ${field.name}` });

/** The card lies inside the window, at its right, and on a phone above the bottom bar. */
async function expectPlacedBottomRight(page: Page, card: Locator) {
  const viewport = page.viewportSize()!;
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // 0.75 rem from the right edge on a phone, 1.5 rem on wider screens; in the lower half of the window.
  expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(25);
  expect(box.y + box.height / 2).toBeGreaterThan(viewport.height / 2);
  const bottomBar = page.getByTestId('bottom-nav');
  if (await bottomBar.isVisible()) expect(box.y + box.height).toBeLessThanOrEqual((await bottomBar.boundingBox())!.y);
}

describe.skipIf(onPostgres)('analysis runs on the demo', () => {
  for (const device of [phone, desktop]) {
    const size = `${device.viewport.width}x${device.viewport.height}`;

    it(`runs crop health from the dashboard: a card at the bottom right shows its progress, and the health tile shows the new analysis without a reload (${size})`, async () => {
      const field = fieldNamed('Centre pivot');
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: field.id });
      const earlier = await latestHealthId(field.id);
      expect(earlier).not.toBeNull();
      // The demo's images have not changed since it ran, so the new analysis reads the NDVI the earlier one read. Its
      // answer comes from the server with the mean NDVI set to 0.87, so the tile shows which analysis it reads.
      const resultReads: string[] = [];
      await page.route(`**/api/analysis/${field.id}/health/*`, async (route) => {
        const id = new URL(route.request().url()).pathname.split('/').at(-1)!;
        if (route.request().method() !== 'GET' || id === earlier) return route.continue();
        const response = await route.fetch();
        const body = (await response.json()) as { data: { status: string; result?: { latest?: { ndvi: { mean: number } } } } };
        if (body.data.status === 'completed' && body.data.result?.latest) {
          body.data.result.latest.ndvi.mean = 0.87;
          resultReads.push(id);
        }
        return route.fulfill({ response, json: body });
      });

      await page.goto('/dashboard');
      await waitForApp(page);
      const ndvi = page.getByRole('region', { name: 'Crop health' }).getByTestId('health-ndvi');
      await ndvi.waitFor({ timeout: 30_000 });
      const ndviBefore = await ndvi.innerText();
      expect(ndviBefore).not.toBe('0.87');
      // A mark on this document: a reload or a navigation to another page would lose it.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      const started = page.waitForResponse(
        (r) => r.url().endsWith(`/api/analysis/${field.id}/health/run`) && r.request().method() === 'POST',
      );
      await runFromDashboard(page, field);
      const newId = ((await (await started).json()) as { data: { id: string } }).data.id;
      expect(newId).not.toBe(earlier);

      const card = cardOf(page, field);
      await card.waitFor();
      await expectPlacedBottomRight(page, card);
      const progress = card.getByRole('progressbar');
      const percent = Number(await progress.getAttribute('aria-valuenow'));
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThan(100);
      expect(await progress.getAttribute('aria-valuetext')).toMatch(/^\d+ % done$/);
      expect(await card.innerText()).toMatch(
        /Getting your field ready|Gathering satellite images|Loading your field|Finding satellite images|Reading the|Computing the results|Looking at how your crop|Working out the advice|Almost done/,
      );
      expect(await card.innerText()).toContain('This typically takes 1–3 minutes. You can keep using the app.');
      await card.getByRole('button', { name: 'Cancel' }).waitFor();
      await page.screenshot({ path: path.join(shots, `analysis-card-running-${size}.png`) });

      // Other cards may show runs of the demo's own that ended a moment ago: this field's card is the one followed.
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('completed');
      expect(await card.getAttribute('data-type')).toBe('health');
      expect(await card.innerText()).toContain('Analysis complete.');
      expect(await card.innerText()).toContain('From simulated demo imagery');
      expect(await progress.getAttribute('aria-valuenow')).toBe('100');
      await expectPlacedBottomRight(page, card);
      await page.screenshot({ path: path.join(shots, `analysis-card-completed-${size}.png`) });

      // The tile reads the new analysis, in the same document, on the same screen.
      await expect.poll(() => ndvi.innerText(), { timeout: 15_000 }).toBe('0.87');
      expect(resultReads).toContain(newId);
      expect(await latestHealthId(field.id)).toBe(newId);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await context.close();
    }, 120_000);

    it(`cancels a run before it reaches the server: the toast says so, the card goes and no analysis is started (${size})`, async () => {
      const field = fieldNamed('Vlei soybean');
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: field.id });
      const earlier = await latestHealthId(field.id);
      // A health check of the demo ends within a second on the server, so the request that starts it is held back:
      // the card waits, as it does on a slow network, when Cancel is pressed.
      let release: (() => Promise<void>) | undefined;
      await page.route(`**/api/analysis/${field.id}/health/run`, (route) => {
        release = () => route.abort('internetdisconnected');
      });
      await page.goto('/dashboard');
      await waitForApp(page);
      await runFromDashboard(page, field);

      const card = cardOf(page, field);
      await expect.poll(() => card.getAttribute('data-state')).toBe('starting');
      await expect.poll(() => release !== undefined).toBe(true);
      await card.getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('Analysis cancelled successfully').waitFor();
      await card.waitFor({ state: 'detached' });
      expect(await card.count()).toBe(0);
      // The held start now fails as a lost connection would; the cancelled run shows no card for it.
      const failed = page.waitForEvent('requestfailed');
      await release!();
      await failed;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await card.count()).toBe(0);
      expect(await latestHealthId(field.id)).toBe(earlier);
      await context.close();
    }, 120_000);

    it(`says why a run failed: a start the server refuses, then an analysis the server marks failed (${size})`, async () => {
      const field = fieldNamed('Tobacco lands');
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: field.id });
      await page.route(`**/api/analysis/${field.id}/health/run`, (route) =>
        route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Something went wrong' } }),
      );
      await page.goto('/dashboard');
      await waitForApp(page);
      await runFromDashboard(page, field);
      const card = cardOf(page, field);
      await page.waitForSelector('[data-testid="analysis-card"][data-state="failed"]');
      expect(await card.getByRole('alert').innerText()).toBe(
        'Analysis request failed. Please try again or contact support if the issue persists.',
      );
      expect(await card.getByRole('progressbar').count()).toBe(0);
      await expectPlacedBottomRight(page, card);
      await page.screenshot({ path: path.join(shots, `analysis-card-start-failed-${size}.png`) });

      // Try again reaches the server this time; the analysis's answer says it failed, with the server's sentence.
      await page.unroute(`**/api/analysis/${field.id}/health/run`);
      const reason = 'No satellite image of this field could be read: the imagery service did not answer.';
      await page.route(`**/api/analysis/${field.id}/health/*`, async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const response = await route.fetch();
        const body = (await response.json()) as { data: { status: string; error: string | null } };
        return route.fulfill({ response, json: { ...body, data: { ...body.data, status: 'failed', error: reason } } });
      });
      await card.getByRole('button', { name: 'Try again' }).click();
      await page.waitForSelector('[data-testid="analysis-card"][data-state="running"]');
      await page.waitForSelector('[data-testid="analysis-card"][data-state="failed"]', { timeout: 30_000 });
      expect(await card.getByRole('alert').innerText()).toBe(reason);
      await card.getByRole('button', { name: 'Try again' }).waitFor();
      await page.screenshot({ path: path.join(shots, `analysis-card-analysis-failed-${size}.png`) });
      await card.getByRole('button', { name: 'Close' }).click();
      await card.waitFor({ state: 'detached' });
      await context.close();
    }, 120_000);

    it(`allows one run per field and type: the button waits while its run goes on (${size})`, async () => {
      const field = fieldNamed('Chongwe maize');
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: field.id });
      const starts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/run')) starts.push(request.url());
      });
      await page.goto('/crop-health');
      await waitForApp(page);
      const button = page.getByRole('button', { name: 'Check again' });
      await button.click();

      const running = page.locator('button[data-analysis-type="health"]');
      await expect.poll(() => running.innerText()).toMatch(/^Running… \d+ %$/);
      expect(await running.isDisabled()).toBe(true);
      expect(await running.getAttribute('aria-busy')).toBe('true');
      // A press on the waiting button starts nothing.
      const box = (await running.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      expect(await page.getByTestId('analysis-card').count()).toBe(1);

      // The run ends and the button is there again.
      const card = cardOf(page, field);
      await expect
        .poll(async () => `${await card.getAttribute('data-state')}: ${await card.innerText()}`, { timeout: 60_000 })
        .toMatch(/^completed: /);
      await button.waitFor();
      expect(await button.isEnabled()).toBe(true);
      expect(starts).toEqual([`${demo.server.url}/api/analysis/${field.id}/health/run`]);
      await context.close();
    }, 120_000);
  }
});
