import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, signInThroughForm } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

// The demo programme's agronomist and their visit queue: Ward 7's plots ranked with each score's parts, on a list and
// a map; a visit logged on a phone with no connection, with a photo, sent once when the connection comes back even
// though the first answer is lost on the way.
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-visit-shots');
const AGRONOMIST = 'agronomist.demo@example.com';

let demo: DemoServer;
let browser: Browser;
beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  mkdirSync(shots, { recursive: true });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

async function agronomistToken(): Promise<string> {
  const response = await fetch(`${demo.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: AGRONOMIST, password: demo.password }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('No frame in this JPEG');
}

describe.skipIf(onPostgres)("the officer's visit queue", () => {
  for (const [name, device] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    it(`ranks the agronomist's fields with each score's parts, on a list and a map (${name})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await signInThroughForm(page, AGRONOMIST, demo.password);
      await page.goto('/visits');
      await page.getByRole('heading', { level: 1, name: 'Visit queue' }).waitFor();
      await page.getByText('18 fields ranked').waitFor({ timeout: 15_000 });
      const items = page.getByTestId('visit-queue-item');
      expect(await items.count()).toBe(18);
      // Scores fall down the list, and every item states its five parts.
      const scores = await items.evaluateAll((nodes) => nodes.map((node) => Number(node.querySelector('button')!.textContent)));
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const first = items.first();
      for (const part of ['NDVI decline', 'Water stress', 'Pests and diseases', 'Unresolved alerts', 'Days since a visit']) {
        await first.getByText(part).waitFor();
      }
      expect(await page.getByText('Never visited', { exact: true }).count()).toBe(3);
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (name === 'phone') {
        await page.screenshot({ path: path.join(shots, 'visit-queue-list-phone.png'), fullPage: false });
        await page.getByRole('button', { name: 'Map', exact: true }).click();
      }
      await page.locator('[data-testid="visit-queue-map"][data-state="ready"][data-idle="true"]').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(shots, `visit-queue-${name === 'phone' ? 'map-phone' : 'desktop'}.png`), fullPage: false });
      await context.close();
    }, 120_000);
  }

  it('logs a visit with a photo offline on a phone, and sends it once when back online though the first answer is lost', async () => {
    const token = await agronomistToken();
    const queue = (await callApi(demo.server, token, 'GET', '/api/visit-queue')).body as unknown as {
      data: { fieldId: string; fieldName: string; facts: { daysSinceVisit: number | null } }[];
    };
    const field = queue.data.find((item) => item.facts.daysSinceVisit === null)!;
    const visitsOf = async () =>
      (await callApi(demo.server, token, 'GET', `/api/visits?fieldId=${field.fieldId}`)).body.data as {
        id: string;
        photoIds: string[];
        notes: string | null;
      }[];
    expect(await visitsOf()).toEqual([]);

    const { context, page } = await newPage(browser, demo.server.url, phone);
    await signInThroughForm(page, AGRONOMIST, demo.password);
    await page.goto('/visits');
    await page.getByText('18 fields ranked').waitFor({ timeout: 15_000 });
    // A camera photo as the phone has it: a JPEG at the screen's full resolution (780 × 1688).
    const cameraPhoto = await page.screenshot({ type: 'jpeg', quality: 95 });
    await page
      .locator(`[data-testid="visit-queue-item"][data-field-id="${field.fieldId}"]`)
      .getByRole('link', { name: 'Log a visit' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Log a visit' }).waitFor();

    await context.setOffline(true);
    await page.getByLabel('Crop stage').selectOption('vegetative');
    await page.getByLabel('Pest seen').fill('Fall armyworm');
    await page.getByLabel('How many counted').fill('7');
    await page.getByLabel('Water status').selectOption('dry');
    await page.getByLabel('Notes').fill('Windowing on the youngest leaves; frass in the whorls.');
    await page.getByLabel('Photos').setInputFiles({ name: 'whorl.jpg', mimeType: 'image/jpeg', buffer: cameraPhoto });
    await page.getByTestId('visit-photos').locator('img').waitFor();
    await page.screenshot({ path: path.join(shots, 'visit-form-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save visit' }).click();
    await page.getByText('Visit saved on this phone. It is sent when there is a connection.').waitFor();
    await page.waitForURL('**/visits');
    expect(await visitsOf()).toEqual([]);

    // The first answer is lost on the way back: the server keeps the visit, the phone hears nothing and sends it again.
    let posts = 0;
    await page.route('**/api/visits', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => posts, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await visitsOf()).length, { timeout: 30_000 }).toBe(1);
    // Give any further sending a moment: still one visit, with its one photo.
    await page.waitForTimeout(6000);
    const visits = await visitsOf();
    expect(visits).toHaveLength(1);
    expect(visits[0]!.photoIds).toHaveLength(1);
    expect(visits[0]!.notes).toBe('Windowing on the youngest leaves; frass in the whorls.');
    const photo = await fetch(`${demo.server.url}/api/visits/${visits[0]!.id}/photos/${visits[0]!.photoIds[0]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const jpeg = Buffer.from(await photo.arrayBuffer());
    // Made smaller on the phone: the long edge at 1280 px, a fraction of the camera's bytes.
    const camera = jpegSize(cameraPhoto);
    expect(camera).toEqual({ width: 780, height: 1688 });
    expect(jpegSize(jpeg)).toEqual({ width: Math.round((780 * 1280) / 1688), height: 1280 });
    expect(jpeg.length).toBeLessThan(cameraPhoto.length);

    // The field leaves the "never visited" part of the queue, and its page shows the visit with its photo.
    const after = (await callApi(demo.server, token, 'GET', '/api/visit-queue')).body as unknown as typeof queue;
    expect(after.data.find((item) => item.fieldId === field.fieldId)!.facts.daysSinceVisit).toBe(0);
    await page.unroute('**/api/visits');
    await page.goto(`/fields/${field.fieldId}`);
    await page.getByTestId('visit-list').getByText('Fall armyworm: 7 counted').waitFor();
    await page.getByTestId('visit-list').locator('img').first().waitFor();
    await page.getByTestId('visit-list').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'field-visits-phone.png'), fullPage: false });
    await context.close();
  }, 180_000);
});
