/**
 * Crop Health and the dashboard on a slow mobile network, in Chromium against the real server on the demo
 * (`murimi demo`).
 *  - Throttling: Chrome DevTools' "Slow 4G" preset, set with the DevTools protocol's
 *    `Network.emulateNetworkConditions`: 562.5 ms latency per request, 180,000 bytes/s down (about 1.44 Mbit/s),
 *    84,375 bytes/s up (about 0.68 Mbit/s). Set on the page and on the app's service worker, whose own fetches
 *    (field imagery) would otherwise pass unthrottled.
 *  - Signed in as the demo account, Centre pivot selected, phone size (390×844).
 *  - Cold: a new browser context for every load, nothing cached.
 *    Warm: the installed app: the same context visited the screen once before (unthrottled) and its service worker
 *    holds the code; what the app and the browser kept from that visit (kept reads, HTTP cache) stays.
 *  - Crop Health: from navigation start to the scene's index image on screen over the field, whichever draws it
 *    first: the picture drawn without the map library (`data-image-scene` set) or the map (`data-overlay-scene`);
 *    with the requests and bytes (compressed, as sent) until then. Then on to the map itself ready and idle with the
 *    overlay (what the figure measured before the picture came first), printed beside it.
 *  - The dashboard: from navigation start to its first tile showing its figure (the crop health tile's NDVI).
 * Each load is repeated; the median is printed with the runs, next to the figure measured on the code before this
 * work (`BEFORE`), the goal, and the floor: the round trips the load cannot avoid at 562.5 ms each plus the bytes it
 * received at 180,000 B/s.
 *
 *   npm run bench:crop-health            (BENCH_LIST=1 also lists every request of the last load of each kind)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser, phone } from '../e2e/support/browser.ts';
import { startDemoServer, type DemoServer } from '../e2e/support/demo.ts';
import { callApi } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** DevTools' "Slow 4G" (its former "Fast 3G"): 150 ms × 3.75, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

const mapWithOverlay = '[data-testid="index-map"][data-state="ready"][data-idle="true"]:not([data-overlay-scene=""])';
const overlayDrawn = `[data-testid="field-picture"]:not([data-image-scene=""]), ${mapWithOverlay}`;
const firstTile = '[data-testid="health-ndvi"]';

type Figure = 'coldOverlay' | 'coldTile' | 'warmOverlay' | 'warmTile';

/**
 * Medians measured on the code before the work on slow networks (28 Nov 2026, on this machine while other jobs shared
 * its two cores; the cold figures of two runs were 11.57 s and 11.16 s, 6.97 s and 6.76 s): milliseconds, and the
 * cold Crop Health load's requests and kilobytes.
 */
const BEFORE: Record<Figure, number> & { requests: number; kB: number } = {
  coldOverlay: 11_570,
  coldTile: 6_970,
  warmOverlay: 4_760,
  warmTile: 1_920,
  requests: 52,
  kB: 587,
};
const GOAL: Record<Figure, number> & { requests: number } = {
  coldOverlay: 5_000,
  coldTile: 3_500,
  warmOverlay: 2_000,
  warmTile: 1_500,
  requests: 20,
};
/**
 * Round trips no load can avoid. Cold Crop Health: the connection, the page, its code, the screen's data, the image;
 * the dashboard: the same without the image. Warm: the code comes from the device; the data and the image cost one
 * round trip each, the dashboard's data one.
 */
const ROUND_TRIPS: Record<Figure, number> = { coldOverlay: 5, coldTile: 4, warmOverlay: 2, warmTile: 1 };

interface Received {
  url: string;
  bytes: number;
  atMs: number;
  fromServiceWorker: boolean;
  fromDiskCache: boolean;
}

interface Load {
  ms: number;
  bytes: number;
  /** Of `bytes`: the app's code and styles (/assets/), and the API's answers (/api/, the index image included). */
  assetBytes: number;
  apiBytes: number;
  requests: number;
  /** Of `requests`: those that reached the network (neither the service worker nor the HTTP cache answered). */
  networkRequests: number;
  received: Received[];
  /** Milliseconds from navigation start until the load's second selector matched (Crop Health: the map drawn). */
  thenMs: number | null;
}

/**
 * Throttles the context's service workers too: the page's emulation does not reach a worker's own fetches. Playwright
 * hands out DevTools sessions for pages only, so the worker is reached through the browser's session.
 */
async function throttleServiceWorkers(browserSession: CDPSession): Promise<void> {
  const { targetInfos } = (await browserSession.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string }[];
  };
  let id = 0;
  for (const target of targetInfos.filter((info) => info.type === 'service_worker')) {
    const { sessionId } = (await browserSession.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as {
      sessionId: string;
    };
    for (const [method, params] of [
      ['Network.enable', {}],
      ['Network.emulateNetworkConditions', SLOW_4G],
    ] as const)
      await browserSession.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
  }
}

async function signedInContext(browser: Browser, demo: DemoServer, access: string, fieldId: string): Promise<BrowserContext> {
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
  return context;
}

/** Milliseconds from the page's navigation start until `selector` matches, checked in the page on every frame. */
async function pageTimeWhen(page: Page, selector: string): Promise<number> {
  const reached = await page.waitForFunction((wanted) => (document.querySelector(wanted) ? performance.now() : false), selector, {
    polling: 'raf',
    timeout: 180_000,
  });
  return (await reached.jsonValue()) as number;
}

/** One throttled load of `route` in `context`: milliseconds from navigation start until `selector` matches. */
async function measuredLoad(context: BrowserContext, demo: DemoServer, route: string, selector: string, then?: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const urls = new Map<string, string>();
  const served = new Map<string, { fromServiceWorker: boolean; fromDiskCache: boolean }>();
  const received: Received[] = [];
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.responseReceived', (event) =>
    served.set(event.requestId, {
      fromServiceWorker: Boolean(event.response.fromServiceWorker),
      fromDiskCache: Boolean(event.response.fromDiskCache),
    }),
  );
  cdp.on('Network.requestServedFromCache', (event) => served.set(event.requestId, { fromServiceWorker: false, fromDiskCache: true }));
  cdp.on('Network.loadingFinished', (event) =>
    received.push({
      url: urls.get(event.requestId) ?? '?',
      bytes: event.encodedDataLength,
      atMs: performance.now(),
      ...(served.get(event.requestId) ?? { fromServiceWorker: false, fromDiskCache: false }),
    }),
  );

  await page.goto(route);
  const ms = await pageTimeWhen(page, selector);
  const reachedAt = performance.now();
  const thenMs = then ? await pageTimeWhen(page, then) : null;
  await page.close();
  const until = received.filter((entry) => entry.atMs <= reachedAt);
  const pathOf = (url: string) => (url.startsWith(demo.server.url) ? url.slice(demo.server.url.length) : url);
  const sum = (entries: Received[]) => entries.reduce((total, entry) => total + entry.bytes, 0);
  return {
    ms,
    bytes: sum(until),
    assetBytes: sum(until.filter((entry) => pathOf(entry.url).startsWith('/assets/'))),
    apiBytes: sum(until.filter((entry) => pathOf(entry.url).startsWith('/api/'))),
    requests: until.length,
    networkRequests: until.filter((entry) => !entry.fromServiceWorker && !entry.fromDiskCache).length,
    received: until.map((entry) => ({ ...entry, url: pathOf(entry.url) })),
    thenMs,
  };
}

/** A load to measure: who, which field, the screen, what to wait for and, optionally, what to wait for after it. */
interface Visit {
  access: string;
  fieldId: string;
  route: string;
  selector: string;
  then?: string;
}

async function coldLoad(browser: Browser, demo: DemoServer, { access, fieldId, route, selector, then }: Visit) {
  const context = await signedInContext(browser, demo, access, fieldId);
  try {
    return await measuredLoad(context, demo, route, selector, then);
  } finally {
    await context.close();
  }
}

/** The installed app: the screen visited once with the service worker installed and in charge, then measured. */
async function warmLoad(browser: Browser, demo: DemoServer, { access, fieldId, route, selector, then }: Visit) {
  const context = await signedInContext(browser, demo, access, fieldId);
  try {
    const first = await context.newPage();
    await first.goto(route);
    await first.waitForSelector(then ?? selector, { timeout: 120_000 });
    // Installed: the worker has precached every chunk and controls the app's pages.
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    // What the app keeps on the device is written after its answers arrive.
    await first.waitForTimeout(1_000);
    await first.close();
    await throttleServiceWorkers(await browser.newBrowserCDPSession());
    return await measuredLoad(context, demo, route, selector, then);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const floorMs = (figure: Figure, load: Load) => ROUND_TRIPS[figure] * SLOW_4G.latency + (load.bytes / SLOW_4G.downloadThroughput) * 1000;

function printFigure(label: string, figure: Figure, loads: Load[]) {
  const ms = median(loads.map((load) => load.ms));
  const before = `before ${s(BEFORE[figure])}`;
  const floor = median(loads.map((load) => floorMs(figure, load)));
  console.log(
    `  ${label.padEnd(28)} ${s(ms).padStart(8)}   ${before}, goal ≤ ${s(GOAL[figure])}, floor ${s(floor)}` +
      `   (runs ${loads.map((load) => s(load.ms)).join(', ')})`,
  );
}

/** The map drawn with the overlay, after the picture: the figure the overlay's was before the picture came first. */
function printMap(label: string, loads: Load[]) {
  const ms = median(loads.map((load) => load.thenMs ?? Number.NaN));
  console.log(`  ${label.padEnd(28)} ${s(ms).padStart(8)}   (runs ${loads.map((load) => s(load.thenMs ?? Number.NaN)).join(', ')})`);
}

function printTransfers(label: string, load: Load) {
  console.log(
    `  ${label}: ${kb(load.bytes)} in ${load.requests} requests, ${load.networkRequests} of them over the network ` +
      `(code and styles ${kb(load.assetBytes)}, API ${kb(load.apiBytes)}, other ${kb(load.bytes - load.assetBytes - load.apiBytes)})`,
  );
}

function listRequests(label: string, load: Load) {
  console.log(`  requests of the ${label}:`);
  const start = load.received.length ? Math.min(...load.received.map((entry) => entry.atMs)) : 0;
  for (const entry of load.received) {
    const where = entry.fromServiceWorker ? ' (worker)' : entry.fromDiskCache ? ' (cache)' : '';
    console.log(`    +${s(entry.atMs - start)} ${kb(entry.bytes).padStart(7)}  ${entry.url.slice(0, 90)}${where}`);
  }
}

const templateDir = mkdtempSync(path.join(tmpdir(), 'murimi-bench-demo-'));
console.log('Building the demo (about 20 s)…');
const demo = await startDemoServer({ templateDir });
const browser = await launchBrowser();
try {
  const access = await demo.token();
  const fields = (await callApi(demo.server, access, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
  const field = fields.find((candidate) => candidate.name === 'Centre pivot')!;
  const loads: Record<Figure, Load[]> = { coldOverlay: [], coldTile: [], warmOverlay: [], warmTile: [] };
  for (let run = 0; run < RUNS; run++) {
    loads.coldOverlay.push(
      await coldLoad(browser, demo, { access, fieldId: field.id, route: '/crop-health', selector: overlayDrawn, then: mapWithOverlay }),
    );
    loads.coldTile.push(await coldLoad(browser, demo, { access, fieldId: field.id, route: '/dashboard', selector: firstTile }));
    loads.warmOverlay.push(
      await warmLoad(browser, demo, { access, fieldId: field.id, route: '/crop-health', selector: overlayDrawn, then: mapWithOverlay }),
    );
    loads.warmTile.push(await warmLoad(browser, demo, { access, fieldId: field.id, route: '/dashboard', selector: firstTile }));
  }
  console.log(`\nSlow 4G (562.5 ms, 180,000 B/s down, 84,375 B/s up), phone 390×844, ${field.name}; medians of ${RUNS}`);
  printFigure('cold, Crop Health overlay', 'coldOverlay', loads.coldOverlay);
  printFigure("cold, dashboard's first tile", 'coldTile', loads.coldTile);
  printMap('cold, and the map with it', loads.coldOverlay);
  printFigure('warm, Crop Health overlay', 'warmOverlay', loads.warmOverlay);
  printMap('warm, and the map with it', loads.warmOverlay);
  printFigure("warm, dashboard's first tile", 'warmTile', loads.warmTile);
  const cold = loads.coldOverlay.at(-1)!;
  console.log(
    `  cold Crop Health until the overlay: ${cold.requests} requests (before ${BEFORE.requests}, goal ≤ ${GOAL.requests}), ` +
      `${kb(cold.bytes)} (before ${BEFORE.kB} kB)`,
  );
  printTransfers('cold Crop Health', cold);
  printTransfers('cold dashboard', loads.coldTile.at(-1)!);
  printTransfers('warm Crop Health', loads.warmOverlay.at(-1)!);
  printTransfers('warm dashboard', loads.warmTile.at(-1)!);
  console.log('  largest transfers of the cold Crop Health load:');
  for (const entry of [...cold.received].sort((a, b) => b.bytes - a.bytes).slice(0, 5))
    console.log(`    ${kb(entry.bytes).padStart(7)}  ${entry.url.slice(0, 90)}`);
  if (process.env.BENCH_LIST) {
    listRequests('cold Crop Health load', cold);
    listRequests('cold dashboard load', loads.coldTile.at(-1)!);
    listRequests('warm Crop Health load', loads.warmOverlay.at(-1)!);
    listRequests('warm dashboard load', loads.warmTile.at(-1)!);
  }
} finally {
  await browser.close();
  await demo.server.stop();
  rmSync(templateDir, { recursive: true, force: true });
}
