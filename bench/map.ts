/**
 * Map View with 2,000 and with 30,000 fields (a programme's season), in Chromium against the real server.
 *  - first render: to the map drawn and settled (fields source loaded, map idle), loading /map from the address
 *    bar (the whole app starts) and following the Map View link from the Dashboard (the app already running). The
 *    first load after the fields are made is reported on its own as the cold one: the server makes the map's answers
 *    afresh (as after any edit), and the browser holds none of them.
 *  - frames per second while the map is dragged for 3 s, at the zoom that fits all fields and 2 levels closer
 *    (where names and sizes are drawn).
 * Reference, measured in the same run: the same screen for an organisation with 1 field, so the ratio is the
 * cost of the fields alone. Goals: first render ≤ 1.5 s at 2,000 fields and ≤ 2 s at 30,000, ≥ 30 fps.
 *
 *   npm run bench:map          (BENCH_MAP_FIELDS=2000 measures 2,000 fields alone)
 */
import type { Browser, Page } from 'playwright-core';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi } from '../e2e/support/browser.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';

const FIELD_COUNTS = (process.env.BENCH_MAP_FIELDS ?? '2000,30000').split(',').map(Number);
/** First render goals by field count. */
const firstRenderGoalMs = (count: number) => (count <= 2_000 ? 1_500 : 2_000);
/** A bulk create takes at most this many fields. */
const BULK_FIELDS = 2_000;
const DRAG_MS = 3_000;
const RUNS = 3;
const mapReady = '[data-testid="fields-map"][data-state="ready"][data-idle="true"]';

/** Square fields of 1–20 ha on a grid around Harare, 600 m apart, as a co-operative's registry might hold them. */
function generatedFields(farmId: string, count: number) {
  const perRow = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / perRow);
    const column = index % perRow;
    const lat = -17.7 - row * 0.0054;
    const lng = 30.9 + column * 0.0057;
    const sideM = Math.sqrt((1 + (index % 20)) * 10_000);
    const dLat = sideM / 110_700;
    const dLng = sideM / (111_320 * Math.cos((lat * Math.PI) / 180));
    const ring = [
      [lng, lat],
      [lng + dLng, lat],
      [lng + dLng, lat + dLat],
      [lng, lat + dLat],
      [lng, lat],
    ];
    const crops = ['maize-grain-medium', 'soybean', 'tobacco-flue-cured', 'groundnut', null];
    return { name: `Plot ${index + 1}`, farmId, boundary: { type: 'Polygon', coordinates: [ring] }, cropType: crops[index % crops.length] };
  });
}

async function accountWithFields(server: RunningServer, page: Page, count: number): Promise<void> {
  const token = await signUpThroughApi(page, server.url, `bench.map.${count}.${Date.now()}@example.org`);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const farm = await (
    await fetch(`${server.url}/api/farms`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench Co-op' }) })
  ).json();
  const fields = generatedFields(farm.data.id, count);
  for (let start = 0; start < fields.length; start += BULK_FIELDS) {
    const response = await fetch(`${server.url}/api/fields/bulk`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ fields: fields.slice(start, start + BULK_FIELDS) }),
    });
    if (response.status !== 201) throw new Error(`bulk create answered ${response.status}: ${await response.text()}`);
  }
}

/** Milliseconds from navigation start to the map drawn and idle, loading the page from the address bar. */
async function firstRenderMs(page: Page): Promise<number> {
  await page.goto('/dashboard');
  await page.goto('/map');
  await page.waitForSelector(mapReady, { timeout: 60_000 });
  return page.evaluate(() => performance.now());
}

/** Milliseconds from following the Map View link on the Dashboard (the app already running) to the map drawn and idle. */
async function inAppRenderMs(page: Page): Promise<number> {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // On a phone the bottom bar holds four screens: Map View is in the menu behind More.
  const more = page.getByRole('button', { name: 'More' });
  if (await more.isVisible()) await more.click();
  const link = page.getByRole('link', { name: 'Map View' }).first();
  await link.waitFor();
  const started = await page.evaluate(() => performance.now());
  await link.click();
  await page.waitForSelector(mapReady, { timeout: 60_000 });
  return (await page.evaluate(() => performance.now())) - started;
}

/** Frames per second while the mouse drags the map back and forth across its middle. */
async function dragFps(page: Page): Promise<number> {
  const box = (await page.getByRole('region', { name: 'Map of your fields' }).boundingBox())!;
  const y = box.y + box.height / 2;
  // A string, not a function: the TypeScript loader would wrap a named inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    window.benchFrames = 0;
    window.benchCounting = true;
    const tick = () => {
      if (!window.benchCounting) return;
      window.benchFrames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const started = Date.now();
  await page.mouse.move(box.x + box.width * 0.3, y);
  await page.mouse.down();
  let step = 0;
  while (Date.now() - started < DRAG_MS) {
    const phase = (step++ % 60) / 60;
    const x = box.x + box.width * (0.3 + 0.4 * Math.abs(1 - 2 * phase));
    await page.mouse.move(x, y + 40 * Math.sin(phase * Math.PI * 2), { steps: 2 });
  }
  await page.mouse.up();
  const elapsedMs = Date.now() - started;
  const frames = (await page.evaluate('(() => { window.benchCounting = false; return window.benchFrames; })()')) as number;
  return (frames * 1000) / elapsedMs;
}

async function zoomInTwice(page: Page) {
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(400);
    await page.waitForSelector(mapReady);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(browser: Browser, server: RunningServer, device: typeof desktop | typeof phone, count: number) {
  const { context, page } = await newPage(browser, server.url, device);
  await accountWithFields(server, page, count);
  const coldMs = await firstRenderMs(page);
  const renders: number[] = [];
  for (let run = 0; run < RUNS; run++) renders.push(await firstRenderMs(page));
  const inApp: number[] = [];
  for (let run = 0; run < RUNS; run++) inApp.push(await inAppRenderMs(page));
  const overviewFps = await dragFps(page);
  await zoomInTwice(page);
  const closeFps = await dragFps(page);
  await context.close();
  return { coldMs, firstRenderMs: median(renders), renders, inAppMs: median(inApp), inApp, overviewFps, closeFps };
}

// An organisation of 30,000 fields is a programme's: past the default quota of a farm's account.
const server = await startServer({ QUOTA_FIELDS: String(Math.max(...FIELD_COUNTS, 5_000)) });
const browser = await launchBrowser();
try {
  for (const [name, device] of [
    ['desktop 1440×900', desktop],
    ['phone 390×844', phone],
  ] as const) {
    const reference = await measure(browser, server, device, 1);
    const f = (value: number) => value.toFixed(0);
    console.log(`\nMap View, ${name}`);
    console.log(
      `  first render, 1 field: cold ${f(reference.coldMs)} ms, then ${f(reference.firstRenderMs)} ms (runs ${reference.renders.map(f).join(', ')})`,
    );
    for (const count of FIELD_COUNTS) {
      const loaded = await measure(browser, server, device, count);
      const goalMs = firstRenderGoalMs(count);
      const verdict = (ms: number) => `goal ≤ ${goalMs} ms: ${ms <= goalMs ? 'met' : 'MISSED'}`;
      console.log(
        `  first render, ${count} fields, cold: ${f(loaded.coldMs)} ms  ratio ${(loaded.coldMs / reference.coldMs).toFixed(2)}  ${verdict(loaded.coldMs)}`,
      );
      console.log(
        `  first render, ${count} fields, warm (median): ${f(loaded.firstRenderMs)} ms (runs ${loaded.renders.map(f).join(', ')})` +
          `  ratio ${(loaded.firstRenderMs / reference.firstRenderMs).toFixed(2)}  ${verdict(loaded.firstRenderMs)}`,
      );
      console.log(
        `  from the Dashboard link: 1 field ${f(reference.inAppMs)} ms, ${count} fields ${f(loaded.inAppMs)} ms ` +
          `(runs ${loaded.inApp.map(f).join(', ')})  ratio ${(loaded.inAppMs / reference.inAppMs).toFixed(2)}  ${verdict(loaded.inAppMs)}`,
      );
      for (const [label, key] of [
        ['all fields in view', 'overviewFps'],
        ['zoomed in, labels', 'closeFps'],
      ] as const) {
        console.log(
          `  drag fps, ${label}: 1 field ${reference[key].toFixed(1)}, ${count} fields ${loaded[key].toFixed(1)}` +
            `  ratio ${(loaded[key] / reference[key]).toFixed(2)}  goal ≥ 30: ${loaded[key] >= 30 ? 'met' : 'MISSED'}`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
