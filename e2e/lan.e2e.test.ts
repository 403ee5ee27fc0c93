import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, registerThroughApi, signUpThroughApi, waitForApp } from './support/browser.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';

/**
 * A farm office runs the server on its LAN and opens it by the machine's name over plain HTTP. Chromium resolves
 * that name to this machine (traffic stays on loopback), so the page is an ordinary http origin that is not
 * localhost: no https upgrade may reach it, and nothing the app loads may fail.
 */
const LAN_NAME = 'farm-office.test';
/** The office's own tile server for the satellite basemap, another host on the same LAN. */
const TILES_NAME = 'tiles.farm-office.test';
/** A 1 × 1 green PNG: all a map needs to draw a tile. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: RunningServer;
let browser: Browser;
let tiles: Server;
let tilesServed = 0;
let lanUrl: string;
let tilesUrl: string;
beforeAll(async () => {
  tiles = createServer((request, response) => {
    tilesServed += 1;
    // A tile server on another origin allows any page to read its tiles, as public ones do.
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(TILE_PNG);
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  tilesUrl = `http://${TILES_NAME}:${(tiles.address() as AddressInfo).port}`;
  [server, browser] = await Promise.all([
    startServer({ MAP_SATELLITE_TILES_URL: `${tilesUrl}/imagery/{z}/{y}/{x}.png` }),
    launchBrowser([`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1,MAP ${TILES_NAME} 127.0.0.1`]),
  ]);
  const url = new URL(server.url);
  url.hostname = LAN_NAME;
  lanUrl = url.origin;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => tiles?.close(resolve));
});

/** Every request that failed, every request to anywhere but the server and its tile host, and every console error. */
function watch(page: Page) {
  const failed: string[] = [];
  const elsewhere: string[] = [];
  const consoleErrors: string[] = [];
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // A request the page itself gave up on (it navigated on while the answer was coming) did not fail to load; the
    // failures this test is about are the browser refusing or being unable to fetch (ERR_SSL_PROTOCOL_ERROR, CSP).
    if (reason !== 'net::ERR_ABORTED') failed.push(`${request.url()}: ${reason}`);
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(`${lanUrl}/`) && !request.url().startsWith(`${tilesUrl}/`)) elsewhere.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { failed, elsewhere, consoleErrors };
}

describe('the app on a farm-office LAN, over plain HTTP', () => {
  it('loads styled, signs in and reaches the dashboard with no failed request', async () => {
    const email = `lan.${Date.now()}@example.org`;
    await registerThroughApi(server.url, email, 'Chipo Banda');

    const { context, page } = await newPage(browser, lanUrl, desktop);
    const seen = watch(page);
    const landing = await page.goto('/login');
    expect(landing?.status()).toBe(200);
    expect(page.url()).toBe(`${lanUrl}/login`);
    await waitForApp(page);

    // The stylesheet applied: the reset takes the browser's 8 px body margin away and the page gets its colour.
    const body = await page.evaluate(() => {
      const style = getComputedStyle(document.body);
      return { margin: style.marginTop, background: style.backgroundColor };
    });
    expect(body.margin).toBe('0px');
    expect(body.background).not.toBe('rgba(0, 0, 0, 0)');

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('maize-season-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${lanUrl}/dashboard`);
    await page.waitForFunction(() => document.title === 'Dashboard - Murimi');
    await page.waitForLoadState('networkidle');

    expect(seen.failed).toEqual([]);
    expect(seen.elsewhere).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows the LAN tile server's imagery and saves a field (client ids need no secure context)", async () => {
    const { context, page } = await newPage(browser, lanUrl, desktop);
    const token = await signUpThroughApi(page, server.url, `lan.map.${Date.now()}@example.org`);
    await callApi(server, token, 'POST', '/api/farms', { name: 'Mazowe Farm' });
    // Let the page the token was stored on finish loading: leaving it earlier cancels its requests.
    await waitForApp(page);
    const seen = watch(page);
    const tilesBefore = tilesServed;
    await page.goto('/create-farm-field');
    await waitForApp(page);
    await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"][data-idle="true"]', { timeout: 20_000 });
    expect(tilesServed).toBeGreaterThan(tilesBefore);
    expect(await page.getByText('Satellite imagery could not be loaded', { exact: false }).count()).toBe(0);

    await page.getByLabel('Field name').fill('Dam Block');
    await page.getByLabel('Round field (centre and radius)').check();
    await page.getByLabel('Latitude of the centre').fill('-17.8252');
    await page.getByLabel('Longitude of the centre').fill('31.0335');
    await page.getByLabel('Radius (metres)').fill('60');
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.waitForURL(/\/fields\/[0-9a-f-]{36}$/);

    expect(seen.failed).toEqual([]);
    expect(seen.elsewhere).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    await context.close();
  });

  it('answers HEAD / as an uptime checker asks it', async () => {
    const response = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toBe('');
  });
});
