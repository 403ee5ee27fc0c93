import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, registerThroughApi, signInThroughForm, waitForApp } from './support/browser.ts';
import { DEMO_EMAIL, onPostgres, startDemoServer } from './support/demo.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';

/** Where the screenshots go for a person to look at; CI may point it elsewhere. */
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-field-packs-shots');

/** A 1 × 1 green PNG: all a map needs to draw a tile. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: RunningServer;
let browser: Browser;
let tiles: Server;
let tilesUrl: string;
let dataDir: string;
let password: string;
/** Every tile request the tile server answered, by path. */
const tilesServed: string[] = [];

beforeAll(async () => {
  if (onPostgres) return;
  tiles = createServer((request, response) => {
    tilesServed.push(request.url ?? '');
    // A public tile server lets any page read its tiles (the map and the pack fetch them with CORS).
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(TILE_PNG);
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  tilesUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
  // The demo (a field with a season of simulated imagery and completed analyses), served with the tile server as its
  // satellite basemap: the demo's template is built by the first server on it, then copied for this one.
  const demo = await startDemoServer();
  password = demo.password;
  await demo.server.stop();
  dataDir = mkdtempSync(path.join(tmpdir(), 'murimi-e2e-packs-'));
  cpSync(path.join(inject('demoTemplateDir'), 'data'), dataDir, { recursive: true });
  [server, browser] = await Promise.all([
    startServer({ DATA_DIR: dataDir, WEATHER_SOURCE: 'simulated', MAP_SATELLITE_TILES_URL: `${tilesUrl}/sat/{z}/{x}/{y}.png` }),
    launchBrowser(),
  ]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await new Promise((resolve) => (tiles ? tiles.close(resolve) : resolve(undefined)));
});

/** The XYZ tiles (256 px) MapLibre asks for to fill a map of the given size at a view (centre lng, lat, zoom). */
function tilesOfView([lng, lat, zoom]: [number, number, number], widthPx: number, heightPx: number) {
  const z = Math.round(zoom + 1);
  const worldPx = 512 * 2 ** zoom;
  const mercX = (lng + 180) / 360;
  const phi = (lat * Math.PI) / 180;
  const mercY = (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
  const n = 2 ** z;
  const column = (mx: number) => Math.floor(mx * n);
  const tiles: { z: number; x: number; y: number }[] = [];
  for (let y = column(mercY - heightPx / 2 / worldPx); y <= column(mercY + heightPx / 2 / worldPx); y++) {
    for (let x = column(mercX - widthPx / 2 / worldPx); x <= column(mercX + widthPx / 2 / worldPx); x++) tiles.push({ z, x, y });
  }
  return tiles;
}

async function signIn(page: Page, selectedFieldId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  await page.goto('/terms');
  await page.evaluate(
    ([token, fieldId]) => {
      localStorage.setItem('murimi.access_token', token!);
      localStorage.setItem('murimi.selected_field', fieldId!);
    },
    [access_token, selectedFieldId],
  );
  return access_token;
}

/** The Cache Storage cache of the packs of the person a token is for. */
function packCacheOf(token: string): string {
  const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return `murimi-field-packs-v1-${sub}`;
}

/** Downloads the pack of the demo's Chikomo Farm from its page; the page must be signed in as the demo farmer. */
async function downloadChikomoPack(page: Page, token: string): Promise<void> {
  const farms = (await callApi(server, token, 'GET', '/api/farms')).body.data as { id: string; name: string }[];
  await page.goto(`/farms/${farms.find((farm) => farm.name === 'Chikomo Farm')!.id}`);
  await waitForApp(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Download pack' }).click();
  await page.getByText(/^Pack ready: .* kept on this device\.$/).waitFor({ timeout: 120_000 });
}

/** What the page gets for each URL through its service worker: the status, or the failure when nothing answers. */
function fetchThroughWorker(page: Page, urls: string[]): Promise<string[]> {
  return page.evaluate(
    (all) =>
      Promise.all(
        all.map((url) =>
          fetch(url, url.startsWith(location.origin) ? {} : { mode: 'cors', credentials: 'omit' }).then(
            (response) => `${response.status}`,
            () => 'failed',
          ),
        ),
      ),
    urls,
  );
}

/** Stops the page's service worker as the browser does with an idle one; the next request starts it afresh. */
async function stopServiceWorkers(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.stopAllWorkers');
  await devtools.detach();
}

describe.skipIf(onPostgres)('offline field packs', () => {
  it('shows a phone the pack’s size before download, and Settings’ empty list and limit', async () => {
    const { context, page } = await newPage(browser, server.url, phone, { serviceWorkers: 'allow' });
    const token = await signIn(page, '');
    const farms = (await callApi(server, token, 'GET', '/api/farms')).body.data as { id: string; name: string }[];
    await page.goto(`/farms/${farms.find((farm) => farm.name === 'Chikomo Farm')!.id}`);
    await waitForApp(page);
    await page.getByTestId('pack-plan').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('pack-plan').innerText()).toMatch(/^[\d,]+ map tiles around 3 fields, about [\d.]+ MB\.$/);
    await page.screenshot({ path: path.join(shots, 'pack-farm-phone.png'), fullPage: true });
    await page.goto('/settings');
    await page.getByText('No offline packs on this device').scrollIntoViewIfNeeded();
    expect(await page.getByLabel('Storage limit for offline packs (MB)').inputValue()).toBe('100');
    await page.screenshot({ path: path.join(shots, 'pack-settings-phone.png'), fullPage: true });
    await context.close();
  });

  it('downloads a farm’s pack online, then opens Map View on the kept tiles and Crop Health with its overlay offline', async () => {
    const { context, page } = await newPage(browser, server.url, desktop, { serviceWorkers: 'allow' });
    const token = await signIn(page, '');
    const farms = (await callApi(server, token, 'GET', '/api/farms')).body.data as { id: string; name: string }[];
    const farm = farms.find((candidate) => candidate.name === 'Chikomo Farm')!;
    const fields = (await callApi(server, token, 'GET', `/api/fields?farmId=${farm.id}`)).body.data as { id: string; name: string }[];
    const pivot = fields.find((candidate) => candidate.name === 'Centre pivot')!;
    await page.evaluate((id) => localStorage.setItem('murimi.selected_field', id), pivot.id);

    await page.goto(`/farms/${farm.id}`);
    await waitForApp(page);
    // The service worker takes the page once it is installed (it answers the map's tiles from the pack offline).
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    const plan = await page.getByTestId('pack-plan').innerText();
    const [, tileCount] = /^([\d,]+) map tiles around 3 fields, about [\d.]+ MB\.$/.exec(plan) ?? [];
    expect(tileCount, plan).toBeDefined();
    const planned = Number(tileCount!.replaceAll(',', ''));
    await page.getByRole('button', { name: 'Download pack' }).click();
    await page.getByText(/^Pack ready: .* kept on this device\.$/).waitFor({ timeout: 120_000 });
    // Every planned tile fetched once, none missing.
    const packTiles = tilesServed.filter((url) => url.startsWith('/sat/'));
    expect(new Set(packTiles).size).toBe(planned);
    expect(await page.getByText(/could not be fetched/).count()).toBe(0);
    const saved = await page.getByTestId('saved-pack').innerText();
    const record = await page.evaluate(async () => {
      const [info] = (await indexedDB.databases()).filter((db) => db.name?.startsWith('murimi-'));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(info!.name!);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      return new Promise<unknown>((resolve) => {
        const request = db.transaction('documents').objectStore('documents').getAll();
        request.onsuccess = () => resolve((request.result as { data: { bytes: unknown } }[]).map((entry) => entry.data.bytes));
      });
    });
    // The bytes measured: every tile's body counted once, whatever the four downloads at a time did.
    expect(record).toEqual([
      { tiles: planned * TILE_PNG.length, images: expect.any(Number), data: expect.any(Number), total: expect.any(Number) },
    ]);
    const [bytes] = record as { tiles: number; images: number; data: number; total: number }[];
    expect(bytes!.total).toBe(bytes!.tiles + bytes!.images + bytes!.data);
    expect(saved).toMatch(/^Downloaded .+ · 0\.2 MB$/);
    const packCache = packCacheOf(token);
    const kept = await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      const keys = await cache.keys();
      return { tiles: keys.filter((r) => r.url.includes('/sat/')).length, images: keys.filter((r) => r.url.includes('/imagery/')).length };
    }, packCache);
    expect(kept.tiles).toBe(planned);
    // The three fields' four index images each, and the field pages' thumbnails.
    expect(kept.images).toBeGreaterThanOrEqual(12);

    await page.getByTestId('pack-plan').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'pack-farm-desktop.png'), fullPage: true });
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete the pack of Chikomo Farm' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'pack-settings-desktop.png'), fullPage: true });

    // No signal.
    await context.setOffline(true);
    const servedBefore = tilesServed.length;
    const tileAnswers: { url: string; fromServiceWorker: boolean; status: number }[] = [];
    context.on('response', (response) => {
      if (response.url().startsWith(`${tilesUrl}/`)) {
        tileAnswers.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker(), status: response.status() });
      }
    });
    const failedTiles: string[] = [];
    context.on('requestfailed', (request) => {
      if (request.url().startsWith(`${tilesUrl}/`)) failedTiles.push(`${request.url()}: ${request.failure()?.errorText}`);
    });

    await page.goto(`/map/${pivot.id}`);
    await page.reload();
    await page.waitForSelector('[data-testid="fields-map"][data-state="ready"][data-idle="true"]', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Map View' }).waitFor();
    await page.getByText('Centre pivot').first().waitFor();
    // Every tile the fitted view needs is in the pack: MapLibre draws 256 px tiles at round(map zoom + 1).
    const view = (await page.getByTestId('fields-map').getAttribute('data-view'))!.split(',').map(Number) as [number, number, number];
    const box = (await page.getByTestId('fields-map').boundingBox())!;
    const needed = tilesOfView(view, box.width, box.height).map(({ z, x, y }) => `${tilesUrl}/sat/${z}/${x}/${y}.png`);
    expect(needed.length).toBeGreaterThan(3);
    const missing = await page.evaluate(
      async ([name, urls]) => {
        const cache = await caches.open(name);
        const found = await Promise.all(urls.map((url) => cache.match(url)));
        return urls.filter((_, i) => !found[i]);
      },
      [packCache, needed] as const,
    );
    expect(missing).toEqual([]);
    // The map drew them from the pack. (It first draws its default view, zoom 8 over Harare, before fitting the
    // field: those tiles are in no pack, and a failed tile hides the satellite layer.)
    expect.soft(tileAnswers.length).toBeGreaterThan(0);
    expect.soft(tileAnswers.every((answer) => answer.fromServiceWorker && answer.status === 200)).toBe(true);
    expect.soft(failedTiles).toEqual([]);
    expect.soft(await page.getByText('Satellite imagery could not be loaded', { exact: false }).count()).toBe(0);
    expect(tilesServed.length).toBe(servedBefore);
    await page.screenshot({ path: path.join(shots, 'field-pack-offline-map.png') });

    await page.goto('/crop-health');
    await page.getByRole('heading', { level: 1, name: 'Crop Health' }).waitFor();
    await page.waitForSelector('[data-testid="index-map"][data-state="ready"][data-idle="true"]:not([data-overlay-scene=""])', {
      timeout: 30_000,
    });
    await page.screenshot({ path: path.join(shots, 'field-pack-offline-crop-health.png'), fullPage: true });
    // The overlay drew from the pack; the scenes, the field and its health check came from the device's copy.
    expect(await page.getByText(/This could not be loaded|Unable to connect|could not be shown/).allInnerTexts()).toEqual([]);
    expect.soft(await page.getByText('Satellite imagery could not be loaded', { exact: false }).count()).toBe(0);
    expect(tilesServed.length).toBe(servedBefore);
    await context.close();
  });

  it('keeps each person’s pack theirs on a shared phone: kept through another’s sign-out, never served to them', async () => {
    const { context, page } = await newPage(browser, server.url, phone, { serviceWorkers: 'allow' });
    const demoToken = await signIn(page, '');
    await downloadChikomoPack(page, demoToken);
    // Every file the pack kept, wherever it was kept.
    const packed = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('murimi-field-packs-'));
      const files = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
      return files.flat();
    });
    const tile = packed.find((url) => url.includes('/sat/'))!;
    const image = packed.find((url) => url.includes('/imagery/'))!;
    expect([tile, image]).toEqual([expect.any(String), expect.any(String)]);

    // The demo farmer's session ends (an expired token) without signing out; a neighbour signs in on the same phone.
    const email = `neighbour.${Date.now()}@example.org`;
    await registerThroughApi(server.url, email, 'Chipo Banda');
    await page.evaluate(() => localStorage.removeItem('murimi.access_token'));
    await signInThroughForm(page, email);

    // Offline, the neighbour's page is not given the demo farmer's tiles or crop health image, not even by a worker
    // the browser stopped and started again (it reads who is signed in back from its own cache).
    await context.setOffline(true);
    expect(await fetchThroughWorker(page, [tile, image])).toEqual(['failed', 'failed']);
    await stopServiceWorkers(page);
    expect(await fetchThroughWorker(page, [tile, image])).toEqual(['failed', 'failed']);
    await context.setOffline(false);

    // The neighbour signs out: their data goes, the demo farmer's pack stays whole, in a cache of the farmer's own.
    await page.getByTestId('menu-button').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    const left = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('murimi-field-packs-'));
      return Object.fromEntries(await Promise.all(names.map(async (name) => [name, (await (await caches.open(name)).keys()).length])));
    });
    expect(left).toEqual({ [packCacheOf(demoToken)]: packed.length });
    // Signed out, nobody is served a pack.
    await context.setOffline(true);
    expect(await fetchThroughWorker(page, [tile])).toEqual(['failed']);

    // The demo farmer signs in again, still offline: their pack answers.
    await page.evaluate((token) => localStorage.setItem('murimi.access_token', token), demoToken);
    await page.reload();
    await expect.poll(() => fetchThroughWorker(page, [tile, image]), { timeout: 10_000 }).toEqual(['200', '200']);
    await stopServiceWorkers(page);
    expect(await fetchThroughWorker(page, [tile, image])).toEqual(['200', '200']);
    await context.close();
  }, 240_000);
});
