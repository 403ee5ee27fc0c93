import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, signUpThroughApi, waitForApp } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** axe-core (WCAG 2.1 A and AA rules) finds no serious or critical violation on any public page or main screen. */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const publicPaths = [
  '/',
  '/features',
  '/guides',
  '/pricing',
  '/terms',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=x',
  '/no-such-page',
];

describe('accessibility', () => {
  for (const device of [phone, desktop]) {
    const size = `${device.viewport.width}px`;
    it(`public pages at ${size}`, async () => {
      const { context, page } = await newPage(browser, server.url, device);
      for (const path of publicPaths) {
        await page.goto(path);
        await waitForApp(page);
        expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
      }
      await context.close();
    });

    it(`signed-in screens at ${size}`, async () => {
      const { context, page } = await newPage(browser, server.url, device);
      const token = await signUpThroughApi(page, server.url, `a11y.${size}.${Date.now()}@example.org`);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const farm = (
        await (await fetch(`${server.url}/api/farms`, { method: 'POST', headers, body: JSON.stringify({ name: 'Hillside' }) })).json()
      ).data;
      const boundary = { type: 'Point', coordinates: [31.05, -17.83], properties: { radius: 150, circle: true } };
      const field = (
        await (
          await fetch(`${server.url}/api/fields`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: 'Pivot 1', farmId: farm.id, boundary, cropType: 'maize-grain' }),
          })
        ).json()
      ).data;
      const screens = [
        '/dashboard',
        '/fields',
        `/fields/${field.id}`,
        `/farms/${farm.id}`,
        '/create-farm-field',
        '/fields/import',
        '/map',
        '/soil-tests',
        '/soil-tests/log',
        '/fertilizer',
        '/soil-analysis',
        '/settings',
        '/reports',
        '/weather',
      ];
      for (const path of screens) {
        await page.goto(path);
        await waitForApp(page);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
      }
      await context.close();
    });
  }
});
