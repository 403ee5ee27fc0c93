import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, waitForApp } from './support/browser.ts';
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
  // A phone, and a slow one (its CPU four times slower): the page's load ends, the device's database opens and each
  // answer is written long after the screen showed it, and the screen is left just as soon.
  const runs = [
    { name: 'desktop', device: desktop, cpuSlowdown: 1 },
    { name: 'phone', device: phone, cpuSlowdown: 1 },
    { name: 'phone, CPU 4× slower', device: phone, cpuSlowdown: 4 },
  ] as const;
  for (const { name, device, cpuSlowdown } of runs) {
    it(`keeps each screen's answer as soon as it arrives: reloaded and reached by the app's links offline, each shows it with its age (${name})`, async () => {
      const token = await demo.token();
      const fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
      const field = fields.find((candidate) => candidate.name === 'Centre pivot')!;

      const { context, page } = await newPage(browser, demo.server.url, device, { serviceWorkers: 'allow' });
      const devtools = cpuSlowdown > 1 ? await context.newCDPSession(page) : null;
      await devtools?.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await demo.signIn(page, { selectedFieldId: field.id });
      // The app's code is on the device first (the service worker's precache), as on an installed phone.
      await page.goto('/settings');
      await waitForApp(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

      // Each screen's data, as texts the screen shows once its reads have answered.
      const stops: Stop[] = [
        {
          path: '/dashboard',
          heading: 'Dashboard',
          shows: [/Irrigate \d+ mm on/, /Irrigate on \d/, /Still needed this season/, /Expected [\d.]+ t\/ha/],
        },
        { path: '/alerts', heading: 'Alerts', shows: [/Showing \d+ alerts/, /Heavy rain: [\d.]+ mm on/] },
        {
          path: '/fields',
          heading: 'My Fields',
          shows: [/Showing \d+ of \d+ fields/, ...fields.map((each) => new RegExp(`^${each.name}$`))],
        },
        { path: '/crop-health', heading: 'Crop Health', shows: [/\d+ images from/, /Checked on \d+/, /NDVI, \d+ readings from/] },
        {
          path: `/fields/${field.id}`,
          heading: field.name,
          shows: [/Polygon with \d+ corners/, /Irrigation is due/, /Expected yield about/],
        },
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
      // Chromium gives a new document the network conditions of each DevTools session attached, the last one winning:
      // unless this session says offline too, a page reloaded offline reads `navigator.onLine` as true.
      await devtools?.send('Network.enable');
      await devtools?.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

      const problems: string[] = [];
      const check = async (stop: Stop, how: string) => {
        await page.getByRole('heading', { level: 1, name: stop.heading }).first().waitFor({ timeout: 30_000 });
        // The device's copy is read first: give it the time a slow phone needs, then look.
        await main(page)
          .getByTestId('cached-copy-note')
          .first()
          .waitFor({ timeout: 20_000 })
          .catch(() => undefined);
        await page.waitForTimeout(500);
        const body = await main(page).innerText();
        for (const text of expected.get(stop.path)!) if (!body.includes(text)) problems.push(`${stop.path} (${how}): no "${text}"`);
        if (/No network connection and no cached data available|could not be loaded|Failed to load|Could not load/i.test(body))
          problems.push(
            `${stop.path} (${how}): ${body.match(/.*(No network connection and no cached data available|could not be loaded|Failed to load|Could not load).*/i)![0]}`,
          );
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
