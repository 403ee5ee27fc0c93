/**
 * Crop Health on a slow mobile network, in Chromium against the real server on the demo (`murimi demo`).
 *  - Throttling: Chrome DevTools' "Slow 4G" preset, set with the DevTools protocol's
 *    `Network.emulateNetworkConditions`: 562.5 ms latency per request, 180,000 bytes/s down (about 1.44 Mbit/s),
 *    84,375 bytes/s up (about 0.68 Mbit/s).
 *  - Signed in as the demo account, Centre pivot selected, cold cache (a new browser context for every load).
 *  - Crop Health: from navigation start to the index map ready and idle with a scene's overlay drawn
 *    (`data-overlay-scene` set); with the bytes transferred (compressed, as sent) until then.
 *  - Reference, same throttling, same run: from navigation start to the dashboard's first tile showing its figure
 *    (the crop health tile's NDVI), so the ratio is the cost of the map, the image and the chart.
 * Phone size (390×844). Each load is repeated; the median is printed with the runs.
 *
 *   npm run bench:crop-health
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, phone } from '../e2e/support/browser.ts';
import { startDemoServer, type DemoServer } from '../e2e/support/demo.ts';
import { callApi } from '../e2e/support/server.ts';

const RUNS = 3;
/** DevTools' "Slow 4G" (its former "Fast 3G"): 150 ms × 3.75, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

const overlayDrawn = '[data-testid="index-map"][data-state="ready"][data-idle="true"]:not([data-overlay-scene=""])';
const firstTile = '[data-testid="health-ndvi"]';

interface Load {
  ms: number;
  bytes: number;
  /** Of `bytes`: the app's code and styles (/assets/), and the API's answers (/api/, the index image included). */
  assetBytes: number;
  apiBytes: number;
  requests: number;
  largest: { url: string; bytes: number }[];
  largestApi: { url: string; bytes: number }[];
}

/**
 * One cold load of `route`, throttled: milliseconds from navigation start until `selector` matches and the bytes
 * received until then.
 */
async function coldLoad(
  browser: Browser,
  demo: DemoServer,
  access: string,
  fieldId: string,
  route: string,
  selector: string,
): Promise<Load> {
  const context = await browser.newContext({ ...phone, baseURL: demo.server.url, reducedMotion: 'reduce' });
  // Signed in before the first request: nothing is fetched, so nothing is cached, before the measured load.
  await context.addInitScript(
    ([token, field]) => {
      if (location.origin === 'null') return;
      localStorage.setItem('murimi.access_token', token!);
      localStorage.setItem('murimi.selected_field', field!);
    },
    [access, fieldId],
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const urls = new Map<string, string>();
  const received: { url: string; bytes: number; atMs: number }[] = [];
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) =>
    received.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength, atMs: performance.now() }),
  );

  await page.goto(route);
  // Checked on every frame, in the page: the time is the page's own, from its navigation start.
  const reached = await page.waitForFunction((wanted) => (document.querySelector(wanted) ? performance.now() : false), selector, {
    polling: 'raf',
    timeout: 180_000,
  });
  const ms = (await reached.jsonValue()) as number;
  const reachedAt = performance.now();
  await context.close();
  const until = received.filter((entry) => entry.atMs <= reachedAt);
  const path = (url: string) => (url.startsWith(demo.server.url) ? url.slice(demo.server.url.length) : url);
  return {
    ms,
    bytes: until.reduce((sum, entry) => sum + entry.bytes, 0),
    assetBytes: until.filter((entry) => path(entry.url).startsWith('/assets/')).reduce((sum, entry) => sum + entry.bytes, 0),
    apiBytes: until.filter((entry) => path(entry.url).startsWith('/api/')).reduce((sum, entry) => sum + entry.bytes, 0),
    requests: until.length,
    largest: [...until]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((entry) => ({ url: path(entry.url).slice(0, 90), bytes: entry.bytes })),
    largestApi: until
      .filter((entry) => path(entry.url).startsWith('/api/'))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((entry) => ({ url: path(entry.url).slice(0, 90), bytes: entry.bytes })),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const templateDir = mkdtempSync(path.join(tmpdir(), 'murimi-bench-demo-'));
console.log('Building the demo (about 20 s)…');
const demo = await startDemoServer({ templateDir });
const browser = await launchBrowser();
try {
  const access = await demo.token();
  const fields = (await callApi(demo.server, access, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
  const field = fields.find((candidate) => candidate.name === 'Centre pivot')!;
  const cropHealth: Load[] = [];
  const dashboard: Load[] = [];
  for (let run = 0; run < RUNS; run++) {
    cropHealth.push(await coldLoad(browser, demo, access, field.id, '/crop-health', overlayDrawn));
    dashboard.push(await coldLoad(browser, demo, access, field.id, '/dashboard', firstTile));
  }
  const cropHealthMs = median(cropHealth.map((load) => load.ms));
  const dashboardMs = median(dashboard.map((load) => load.ms));
  console.log(`\nCrop Health on Slow 4G (562.5 ms, 180,000 B/s down, 84,375 B/s up), phone 390×844, cold cache, ${field.name}`);
  console.log(`  to the overlay drawn:        ${s(cropHealthMs)} (runs ${cropHealth.map((load) => s(load.ms)).join(', ')})`);
  console.log(`  reference, dashboard's first tile: ${s(dashboardMs)} (runs ${dashboard.map((load) => s(load.ms)).join(', ')})`);
  console.log(`  ratio ${(cropHealthMs / dashboardMs).toFixed(2)}`);
  const last = cropHealth.at(-1)!;
  console.log(
    `  transferred until the overlay: ${kb(last.bytes)} in ${last.requests} requests (dashboard until its tile: ` +
      `${kb(dashboard.at(-1)!.bytes)} in ${dashboard.at(-1)!.requests})`,
  );
  console.log(
    `    app code and styles ${kb(last.assetBytes)}, API answers ${kb(last.apiBytes)}, other ${kb(last.bytes - last.assetBytes - last.apiBytes)}`,
  );
  console.log('  largest API answers of the Crop Health load:');
  for (const entry of last.largestApi) console.log(`    ${kb(entry.bytes).padStart(7)}  ${entry.url}`);
  console.log('  largest transfers of the Crop Health load:');
  for (const entry of last.largest) console.log(`    ${kb(entry.bytes).padStart(7)}  ${entry.url}`);
} finally {
  await browser.close();
  await demo.server.stop();
  rmSync(templateDir, { recursive: true, force: true });
}
