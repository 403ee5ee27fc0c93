import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

let browser: Browser;
let demo: DemoServer;
beforeAll(async () => {
  if (onPostgres) return;
  [browser, demo] = await Promise.all([launchBrowser(), startDemoServer()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

/** A screen of the tour: where it is, its title, and what of its data it must show again offline. */
interface Stop {
  path: string;
  heading: string;
  /** What shows the screen's data: each waited for online, and the text it matched looked for again offline. */
  shows: RegExp[];
}

const main = (page: Page) => page.locator('main');

describe.skipIf(onPostgres)('every screen a farmer visited opens offline', () => {
  // With the CPU throttled (Emulation.setCPUThrottlingRate 4 or 6) the analyses' advice panels still come back
  // empty offline on this machine: not covered here yet.
  for (const [name, device] of [['desktop', desktop]] as const) {
    it(`keeps each screen's answer as soon as it arrives: reloaded and reached by the app's links offline, each shows it with its age (${name})`, async () => {
      const token = await demo.token();
      const fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
      const field = fields.find((candidate) => candidate.name === 'Centre pivot')!;

      const { context, page } = await newPage(browser, demo.server.url, device, { serviceWorkers: 'allow' });
      await demo.signIn(page, { selectedFieldId: field.id });
      // The app's code is on the device first (the service worker's precache), as on an installed phone.
      await page.goto('/settings');
      await waitForApp(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

      // Each screen's data, as texts the screen shows once its reads have answered.
      const stops: Stop[] = [
        { path: '/dashboard', heading: 'Dashboard', shows: [/Irrigate \d+ mm on/, /Irrigate on \d/, /Still needed this season/, /Expected [\d.]+ t\/ha/] },
        { path: '/alerts', heading: 'Alerts', shows: [/Showing \d+ alerts/, /Heavy rain: [\d.]+ mm on/] },
        { path: '/fields', heading: 'My Fields', shows: [/Showing \d+ of \d+ fields/, ...fields.map((each) => new RegExp(`^${each.name}$`))] },
        { path: '/crop-health', heading: 'Crop Health', shows: [/\d+ images from/, /Checked on \d+/, /NDVI, \d+ readings from/] },
        { path: `/fields/${field.id}`, heading: field.name, shows: [/Polygon with \d+ corners/, /Irrigation is due/, /Expected yield about/] },
        { path: '/irrigation', heading: 'Irrigation & Weather', shows: [/Irrigation is due/, /Root-zone water used/, /\d+(\.\d)? °C$/] },
      ];

      // Online: each screen is opened by its address (a page load each, the device's database opening after it) and
      // left as soon as its data shows.
      const expected = new Map<string, string[]>();
      for (const stop of stops) {
        await page.goto(stop.path);
        await page.getByRole('heading', { level: 1, name: stop.heading }).first().waitFor({ timeout: 30_000 });
        const found: string[] = [];
        for (const pattern of stop.shows) {
          const match = main(page).getByText(pattern).first();
          await match.waitFor({ timeout: 30_000 });
          found.push((await match.innerText()).trim());
        }
        expected.set(stop.path, found);
        // Every part of the screen has its answer (no spinner left): then the device is cut off at once.
        await page.waitForFunction(() => document.querySelectorAll('main .animate-spin').length === 0, undefined, { timeout: 30_000 });
      }
      await context.setOffline(true);

      const problems: string[] = [];
      const check = async (stop: Stop, how: string) => {
        await page.getByRole('heading', { level: 1, name: stop.heading }).first().waitFor({ timeout: 30_000 });
        // The device's copy is read first: give it the time a slow phone needs, then look.
        await main(page).getByTestId('cached-copy-note').first().waitFor({ timeout: 20_000 }).catch(() => undefined);
        await page.waitForTimeout(500);
        const body = await main(page).innerText();
        for (const text of expected.get(stop.path)!) if (!body.includes(text)) problems.push(`${stop.path} (${how}): no "${text}"`);
        if (/No network connection and no cached data available|could not be loaded|Failed to load|Could not load/i.test(body))
          problems.push(`${stop.path} (${how}): ${body.match(/.*(No network connection and no cached data available|could not be loaded|Failed to load|Could not load).*/i)![0]}`);
        if ((await main(page).getByTestId('cached-copy-note').count()) === 0) problems.push(`${stop.path} (${how}): no age shown`);
      };

      // Offline: each reloaded,
      for (const stop of stops) {
        await page.goto(stop.path);
        await check(stop, 'reloaded');
      }
      // and each reached through the app's own links from a reloaded dashboard.
      await page.goto('/dashboard');
      await check(stops[0]!, 'reloaded');
      for (const stop of stops.slice(1)) {
        await page.evaluate((path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        }, stop.path);
        await check(stop, 'in the app');
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 400_000);
  }
});
