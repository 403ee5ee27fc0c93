import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, signUpThroughApi, waitForApp } from './support/browser.ts';
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

/** Requests for the app's own files (not the API) that got no answer: with no network, each is a screen that breaks. */
function failedAppFiles(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(server.url).origin && !url.pathname.startsWith('/api/')) failed.push(url.pathname);
  });
  return failed;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

describe('the app with no network', () => {
  // First: the server is stopped by the next test.
  it('leaves public pages alone: a signed-out visit to / registers no service worker and fetches none of its code', async () => {
    const { context, page } = await newPage(browser, server.url, desktop, { serviceWorkers: 'allow' });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await waitForApp(page);
    // The signed-in shell registers once the page has loaded; give a public page the same chance to (wrongly) do so.
    await page.waitForTimeout(1500);

    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((registrations) => registrations.length))).toBe(0);
    expect(requested.filter((pathname) => /\/sw\.js|pwa-register|workbox|manifest\.webmanifest/.test(pathname))).toEqual([]);
    await context.close();
  });

  it('opens the signed-in shell, Soil Tests and Fertilizer offline, by reload and by the app’s own links', async () => {
    const { context, page } = await newPage(browser, server.url, desktop, { serviceWorkers: 'allow' });
    await signUpThroughApi(page, server.url, `offline.${Date.now()}@example.org`);
    await page.goto('/dashboard');
    await heading(page, 'Dashboard');
    // The worker precaches the app's code before it activates, and then takes the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => caches.keys())).toContain('mobile-critical-v1');

    const failed = failedAppFiles(page);
    await context.setOffline(true);
    // No server at all either: nothing can come from the network, whatever the browser's offline mode covers.
    await server.kill();

    await page.reload();
    await heading(page, 'Dashboard');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Soil Analysis' }).click();
    await heading(page, 'Soil Test Records');
    await page.reload();
    await heading(page, 'Soil Test Records');

    await nav.getByRole('link', { name: 'Fertilizer' }).click();
    await heading(page, 'Fertilizer Management');
    await page.reload();
    await heading(page, 'Fertilizer Management');

    expect(failed).toEqual([]);
    await context.close();
  });
});
