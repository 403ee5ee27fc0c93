import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium with the flags this machine needs (no sandbox as root, no background network), and any a test
 * adds (e.g. `--host-resolver-rules` to reach the server under another name).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const desktop = { viewport: { width: 1440, height: 900 } };

export async function newPage(
  browser: Browser,
  baseURL: string,
  device: typeof phone | typeof desktop = desktop,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: no colour transitions for axe to catch half-way. The service worker is blocked unless a test asks
  // for it (the offline tests): installing it fetches every chunk of the app, which would slow the timing of other
  // tests, and it answers the app's own files from its precache, out of reach of a test that intercepts them.
  const context = await browser.newContext({
    ...device,
    baseURL,
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Waits until the app has taken over a prerendered page (forms stay disabled before). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('#root')?.getAttribute('data-hydrated') === 'true', undefined, {
    timeout: 15_000,
  });
}

/** Registers through the API and stores the token the way the app does, so a test can start signed in. */
export async function signUpThroughApi(page: Page, baseURL: string, email: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'maize-season-2026', name: 'Tariro Moyo', country: 'ZW' }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  await page.goto('/terms');
  await page.evaluate((token) => localStorage.setItem('murimi.access_token', token), access_token);
  return access_token;
}

/** axe-core violations of impact serious or critical on the current page. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}
