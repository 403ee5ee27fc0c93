import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
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

const uniqueEmail = (what: string) => `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.org`;

describe('signing in', () => {
  it('registers, lands on the dashboard, and signs out', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/register');
    await waitForApp(page);
    await page.getByLabel('Full name').fill('Nyasha Dube');
    await page.getByLabel('E-mail').fill(uniqueEmail('nyasha'));
    await page.getByLabel('Password', { exact: true }).fill('groundnuts-2026');
    await page.getByLabel('Country').selectOption('ZW');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.waitForFunction(() => document.title === 'Dashboard - Murimi');
    await page.getByRole('button', { name: /User Account/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('murimi.access_token'))).toBeNull();
    await context.close();
  });

  it('shows the 401 text for a wrong password', async () => {
    const { context, page } = await newPage(browser, server.url);
    const email = uniqueEmail('wrong');
    await signUpThroughApi(page, server.url, email);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await waitForApp(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
    await context.close();
  });

  it('shows the 409 text for an e-mail already registered', async () => {
    const { context, page } = await newPage(browser, server.url);
    const email = uniqueEmail('taken');
    await signUpThroughApi(page, server.url, email);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/register');
    await waitForApp(page);
    await page.getByLabel('Full name').fill('Second Person');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe(
      'An account with this email already exists. Please use a different email or try logging in.',
    );
    await context.close();
  });

  it('redirects a protected route to /login and returns there after signing in', async () => {
    const { context, page } = await newPage(browser, server.url);
    const email = uniqueEmail('return');
    await signUpThroughApi(page, server.url, email);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/soil-tests');
    await page.waitForURL('**/login');
    await waitForApp(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('maize-season-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/soil-tests');
    // Signed in, /login itself sends the person to the dashboard.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('shows the connect text when the server does not answer', async () => {
    const lonely = await startServer();
    const { context, page } = await newPage(browser, lonely.url, phone);
    await page.goto('/login');
    await waitForApp(page);
    await lonely.kill();
    await page.getByLabel('E-mail').fill('someone@example.org');
    await page.getByLabel('Password').fill('whatever-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
    await context.close();
    await lonely.stop();
  });
});

describe('the shell', () => {
  it('shows Not Found for an unknown path', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Not Found');
    await expect(page.getByText('Sorry, page not found.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('on a phone: bottom navigation, no sidebar', async () => {
    const { context, page } = await newPage(browser, server.url, phone);
    await signUpThroughApi(page, server.url, uniqueEmail('phone'));
    await page.goto('/dashboard');
    await page.getByTestId('bottom-nav').waitFor();
    expect(await page.getByTestId('bottom-nav').isVisible()).toBe(true);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await page.getByTestId('bottom-nav').getByRole('link').count()).toBe(4);
    // "More" opens the side menu; Escape closes it and gives focus back to the button.
    await page.getByTestId('menu-button').click();
    await page.getByRole('dialog').getByRole('link', { name: 'My Fields' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
    await context.close();
  });

  it('on a desktop: sidebar and breadcrumbs, collapsed past four items', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    await signUpThroughApi(page, server.url, uniqueEmail('desk'));
    await page.goto('/soil-tests/log');
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('bottom-nav').isVisible()).toBe(false);
    expect(await page.getByTestId('breadcrumbs').innerText()).toMatch(/Dashboard\s*\/\s*Soil Test Records\s*\/\s*Log Soil Test/);
    await page.goto('/fields/a/b/c/d');
    await page.getByTestId('breadcrumbs').waitFor();
    const crumbs = await page.getByTestId('breadcrumbs').locator('li').allInnerTexts();
    expect(crumbs.map((c) => c.replace('/', '').trim())).toEqual(['Dashboard', '…', 'Details', 'Details']);
    await context.close();
  });

  it('signs out when a call answers 401 (the session was revoked elsewhere)', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    const token = await signUpThroughApi(page, server.url, uniqueEmail('revoked'));
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    // The stored token still looks valid to the browser; the server's 401 on the next call ends the session.
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('murimi.access_token'))).toBeNull();
    await context.close();
  });

  it('says so when the code of a screen cannot be fetched, with a button to refresh', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    await signUpThroughApi(page, server.url, uniqueEmail('chunk'));
    await page.route('**/assets/SettingsPage-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByText('Failed to load component. Please refresh the page to try again.').waitFor();
    expect(await page.getByRole('button', { name: 'Refresh Page' }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows the offline banner on protected screens when the connection drops', async () => {
    const { context, page } = await newPage(browser, server.url, phone);
    await signUpThroughApi(page, server.url, uniqueEmail('offline'));
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.setOffline(true);
    await page.getByText("You're offline. Some features may not work properly.").waitFor();
    await context.setOffline(false);
    await page.getByText("You're offline. Some features may not work properly.").waitFor({ state: 'detached' });
    await context.close();
  });
});
