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

/**
 * Waits until the app has taken over a prerendered page (forms stay disabled before). A reading page fetches the app
 * for a visitor who never signed in here only at their first touch (src/boot.ts): this gives it one.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.evaluate(() => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
  await page.waitForFunction(() => document.querySelector('#root')?.getAttribute('data-hydrated') === 'true', undefined, {
    timeout: 15_000,
  });
}

/** The password of the accounts tests register. */
export const TEST_PASSWORD = 'maize-season-2026';

/** Registers an account through the API, signing no page in; its token. */
export async function registerThroughApi(baseURL: string, email: string, name = 'Tariro Moyo'): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD, name, country: 'ZW' }),
  });
  if (response.status !== 201) throw new Error(`Registering ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Signs in through the login form, as a person does, and waits for the dashboard. */
export async function signInThroughForm(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Registers through the API and stores the token the way the app does, so a test can start signed in. */
export async function signUpThroughApi(page: Page, baseURL: string, email: string): Promise<string> {
  const access_token = await registerThroughApi(baseURL, email);
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
