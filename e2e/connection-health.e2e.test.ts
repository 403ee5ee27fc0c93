import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, signUpThroughApi } from './support/browser.ts';
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

/** Moves the page's clock by `ms` and waits for the health check that comes due to end as `outcome`. */
async function nextHealthCheck(page: Page, ms: number, outcome: 'failed' | 'answered'): Promise<void> {
  const isHealth = (url: string) => new URL(url).pathname === '/api/health';
  const ended =
    outcome === 'failed'
      ? page.waitForEvent('requestfailed', (request) => isHealth(request.url()))
      : page.waitForResponse((response) => isHealth(response.url()) && response.ok());
  await page.clock.fastForward(ms);
  await ended;
}

describe('the connection health monitor', () => {
  it('toasts once after three failed checks while the server is down, and says when the connection is restored', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    await signUpThroughApi(page, server.url, `health.${Date.now()}@example.org`);
    // The page's clock is the test's to move: the checks come every 30 s, the retries after 5 s and 10 s.
    await page.clock.install();
    const firstCheck = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await firstCheck;

    await server.pause();
    const failedToast = page.getByText('Network connection failed. Please check your internet connection.');
    await nextHealthCheck(page, 30_000, 'failed');
    await nextHealthCheck(page, 5_000, 'failed');
    expect(await failedToast.count()).toBe(0);
    await nextHealthCheck(page, 10_000, 'failed');
    await failedToast.waitFor();
    expect(await failedToast.count()).toBe(1);

    // Every batch of log entries the page sends from now on.
    const logged: { severity: string; message: string }[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === '/api/logs') logged.push(...(request.postDataJSON() as { logs: typeof logged }).logs);
    });
    await server.start();
    // The third failure ended the quick retries: the next check is the usual one, 30 s later.
    await nextHealthCheck(page, 30_000, 'answered');
    await page.getByText('Connection restored successfully').waitFor();
    expect(await failedToast.count()).toBeLessThanOrEqual(1);

    // What failed while the server was down reached its log once it was back (the logger's 5 s batch).
    const restored = page.waitForEvent(
      'requestfinished',
      (request) => request.postData()?.includes('Connection restored after 3 failed health checks') ?? false,
    );
    await page.clock.fastForward(5_000);
    await restored;
    expect(logged.filter((entry) => entry.severity === 'WARNING' && entry.message.startsWith('Health check failed'))).toHaveLength(3);
    expect(logged.filter((entry) => entry.message === 'Connection restored after 3 failed health checks')).toHaveLength(1);
    await context.close();
  });
});

describe('the developer pages', () => {
  it('are not found unless the server runs with DEV_PAGES=1', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    await signUpThroughApi(page, server.url, `dev-off.${Date.now()}@example.org`);
    await page.goto('/test-api-debug');
    await page.getByRole('heading', { level: 1, name: 'Not Found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Test API' }).count()).toBe(0);
    await context.close();
  });

  it('with DEV_PAGES=1, call health, fields, farms and crop types and show each status and body', async () => {
    const devServer = await startServer({ DEV_PAGES: '1' });
    try {
      const { context, page } = await newPage(browser, devServer.url, desktop);
      await signUpThroughApi(page, devServer.url, `dev-on.${Date.now()}@example.org`);
      await page.goto('/test-api-debug');
      await page.getByRole('heading', { level: 1, name: 'API debug' }).waitFor();
      await page.getByRole('button', { name: 'Test API' }).click();
      const calls = page.locator('[data-outcome]');
      await calls.nth(3).waitFor();
      expect(await calls.allTextContents()).toEqual([
        expect.stringMatching(/^GET \/api\/health.*Status 200/),
        expect.stringMatching(/^GET \/api\/fields.*Status 200/),
        expect.stringMatching(/^GET \/api\/farms.*Status 200/),
        expect.stringMatching(/^GET \/api\/crop-types.*Status 200/),
      ]);
      expect(await calls.evaluateAll((items) => items.map((item) => item.getAttribute('data-outcome')))).toEqual([
        'success',
        'success',
        'success',
        'success',
      ]);

      // The analysis testing dashboard runs a `test-` field's analysis through the real engine, off the network.
      await page.goto('/test-analysis');
      await page.getByRole('button', { name: 'Run analysis' }).click();
      await page.getByText('1 analysis running').waitFor();
      const run = page.locator('[data-run="test-field-1:health"]').first();
      await run.getByText('Completed').waitFor({ timeout: 20_000 });
      await page.getByText('0 analyses running').waitFor();

      await page.goto('/test-mobile-nav');
      await page.getByText('/test-mobile-nav', { exact: true }).waitFor();
      await page.getByText('1440 × 900 px').waitFor();

      // The responsive suite measures this page and exports its report as JSON.
      await page.goto('/test-responsive-suite');
      await page.getByRole('tab', { name: /^Touch Interactions/ }).click();
      await page.getByRole('button', { name: 'Run suite' }).click();
      await page.getByRole('tab', { name: 'Touch Interactions · Done' }).waitFor();
      await page.getByText(/Targets at least 44 px/).waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export Report' }).click();
      const report = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as {
        device: { viewport: { width: number } };
        network: { online: boolean };
        suites: Record<string, { state: string }>;
      };
      expect(report.device.viewport.width).toBe(1440);
      expect(report.network.online).toBe(true);
      expect(report.suites.touch!.state).toBe('done');
      expect(report.suites.performance!.state).toBe('idle');
      await context.close();
    } finally {
      await devServer.stop();
    }
  });
});
