import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

/**
 * What the screens look like on a phone and a desktop, seen on the demo: one field picker per screen, titles whole,
 * a way from Map View to the other screens, "Simulated imagery" said once, and the public footer's links reachable.
 */
let demo: DemoServer;
let browser: Browser;
let fieldId: string;
beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  const token = await demo.token();
  const fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
  fieldId = fields.find((candidate) => candidate.name === 'Centre pivot')!.id;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

const shots = process.env.SCREENSHOT_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

const devices = [
  ['phone', phone],
  ['desktop', desktop],
] as const;

/** The field pickers the frame (phone header, desktop sidebar) shows, visible ones only. */
const shellPickers = (page: Page) =>
  page.locator('[data-testid="mobile-header"] select:visible, [data-testid="sidebar"] select:visible').count();

describe.skipIf(onPostgres)('the screens’ layout', () => {
  for (const [name, device] of devices) {
    it(`shows one field picker on Crop Health, Irrigation and Fertilizer, and the frame's on the dashboard (${name})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: fieldId });
      for (const [route, label, shot] of [
        ['/crop-health', 'Field', 'crop-health'],
        ['/weather', 'Field', 'irrigation'],
        ['/fertilizer', 'Show advice for', 'fertilizer'],
      ] as const) {
        await page.goto(route);
        await waitForApp(page);
        const own = page.locator('main').getByLabel(label, { exact: true });
        await own.waitFor();
        expect(await own.locator('option:checked').innerText()).toContain('Centre pivot');
        expect(await shellPickers(page), route).toBe(0);
        if (route === '/crop-health') {
          await page.waitForSelector('[data-testid="index-map"][data-state="ready"]:not([data-overlay-scene=""])', { timeout: 30_000 });
          // Said once, on the map it is about.
          expect(await page.getByText('Simulated imagery', { exact: true }).count()).toBe(1);
        }
        await shoot(page, `${name}-${shot}`);
      }
      await page.goto('/dashboard');
      await waitForApp(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await shellPickers(page)).toBe(1);
      await shoot(page, `${name}-dashboard`);
      await context.close();
    });
  }

  it('keeps each phone title whole beside the header’s picker and the sync indicator', async () => {
    const { context, page } = await newPage(browser, demo.server.url, phone);
    await demo.signIn(page, { selectedFieldId: fieldId });
    for (const [route, title] of [
      ['/dashboard', 'Dashboard'],
      ['/soil-analysis', 'Soil Analysis'],
      ['/crop-health', 'Crop Health'],
    ] as const) {
      await page.goto(route);
      await waitForApp(page);
      const heading = page.getByTestId('mobile-header').locator('p').first();
      await expect.poll(() => heading.innerText()).toBe(title);
      const cut = await heading.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut, route).toBe(false);
    }
    await context.close();
  });

  it('gives Map View on a phone the bottom bar, under the map rather than over it, and leaves it by the bar', async () => {
    const { context, page } = await newPage(browser, demo.server.url, phone);
    await demo.signIn(page);
    await page.goto('/map');
    await waitForApp(page);
    const bar = page.getByTestId('bottom-nav');
    await bar.waitFor();
    const map = (await page.locator('main#main').boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(phone.viewport.height, 0);
    expect(map.y + map.height).toBeLessThanOrEqual(barBox.y + 0.5);
    await shoot(page, 'phone-map');
    await bar.getByRole('link', { name: 'Crop Health' }).click();
    await page.waitForURL('**/crop-health');
    await context.close();

    const wide = await newPage(browser, demo.server.url, desktop);
    await demo.signIn(wide.page);
    await wide.page.goto('/map');
    await waitForApp(wide.page);
    await wide.page.locator('main#main').waitFor();
    expect(await wide.page.getByTestId('bottom-nav').isVisible()).toBe(false);
    await wide.context.close();
  });

  for (const [name, device] of devices) {
    it(`leaves the public footer's Privacy link uncovered by the menu button (${name})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await page.goto('/terms');
      await waitForApp(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const privacy = page.locator('footer').getByText('Privacy Policy');
      const box = (await privacy.boundingBox())!;
      const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? '', {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      });
      expect(onTop).toBe('Privacy Policy');
      if (device === phone) {
        const button = (await page.getByTestId('menu-button').boundingBox())!;
        expect(button.y).toBeGreaterThan(box.y + box.height);
      }
      await shoot(page, `${name}-public-footer`);
      await context.close();
    });
  }
});
