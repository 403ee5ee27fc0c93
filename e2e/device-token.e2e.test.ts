import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signInThroughForm, signUpThroughApi } from './support/browser.ts';
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

describe("the owner's known browser", () => {
  it('keeps its device token across sign-out and signs in while strangers at the same address are made to wait', async () => {
    const { context, page } = await newPage(browser, server.url);
    const email = `owner.${Date.now()}@example.org`;
    await signUpThroughApi(page, server.url, email);
    await page.evaluate(() => localStorage.clear());

    const signIn = () => signInThroughForm(page, email);
    await signIn();
    await page.getByRole('button', { name: /User Account/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // Kept across the sign-out, and nothing else: the account's device token and the organisation this device works in.
    const kept = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatch(/^murimi\.device\.[0-9a-f]{8}$/);
    expect(kept[1]).toMatch(/^murimi\.device\.org\.[0-9a-f]{8}$/);

    // Five wrong guesses from another client at the same address (this machine): that client must now wait…
    const guess = (password: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < 5; i++) expect((await guess(`stranger-guess-${i}`)).status).toBe(401);
    const refused = await guess('maize-season-2026');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // …while the browser that signed in before goes straight in.
    await signIn();
    await context.close();
  });
});
