/**
 * The web app's weight and Lighthouse scores, measured on the built app served by the real server.
 *  - first-load bytes: JS and CSS transferred (compressed, as sent) until the page's load event, for `/`
 *    (a public page) and `/dashboard` (the signed-in shell); also what the public page fetches afterwards.
 *  - Lighthouse 12, mobile preset (its default), performance and accessibility on `/`, `/pricing`, `/login`.
 * Goals: public first load ≤ 80 KB, signed-in shell ≤ 180 KB, no app code after load for a first visit, Lighthouse ≥ 95 for both categories.
 *
 *   npm run bench:web
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = 3911;
const baseUrl = `http://127.0.0.1:${port}`;
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function startServer() {
  const child = spawn('node', ['apps/server/dist/cli.mjs', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'murimi-bench-web-')),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready at')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

/** JS and CSS bytes as transferred (after compression), split at the page's load event. */
async function transferredBytes(page: Page, url: string, settle: () => Promise<void>) {
  const sizes: { type: string; bytes: number; beforeLoad: boolean; url: string }[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('requestfinished', async (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const beforeLoad = !loaded;
    const { responseBodySize } = await request.sizes();
    sizes.push({ type, bytes: responseBodySize, beforeLoad, url: request.url() });
  });
  await page.goto(url, { waitUntil: 'load' });
  await settle();
  await page.waitForTimeout(500);
  const sum = (list: typeof sizes) => list.reduce((total, s) => total + s.bytes, 0);
  return { firstLoad: sum(sizes.filter((s) => s.beforeLoad)), afterLoad: sum(sizes.filter((s) => !s.beforeLoad)), files: sizes.length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromeFlags });
  try {
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
    const landing = await transferredBytes(await context.newPage(), `${baseUrl}/`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500)); // let the deferred app load, to report it
    });

    // Someone who signed in on this device before (a device token kept across sign-outs) gets the app after load.
    const returningContext = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
    await returningContext.addInitScript(() => localStorage.setItem('murimi.device.bench', 'device-token'));
    const returning = await transferredBytes(await returningContext.newPage(), `${baseUrl}/`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
    });

    const session = (await (
      await fetch(`${baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench-web@example.org', password: 'bench-password-1', name: 'Bench', country: 'ZW' }),
      })
    ).json()) as { access_token: string };
    const signedIn = await browser.newContext();
    await signedIn.addInitScript((token) => localStorage.setItem('murimi.access_token', token), session.access_token);
    const dashboardPage = await signedIn.newPage();
    const dashboard = await transferredBytes(dashboardPage, `${baseUrl}/dashboard`, () => dashboardPage.waitForLoadState('networkidle'));

    console.log('Transferred JS + CSS (compressed)');
    console.log(
      `  /           first load ${kb(landing.firstLoad).padStart(9)}   (goal ≤ 80 KB); app code fetched after load: ${kb(landing.afterLoad)} ` +
        `for a first visit (goal 0), ${kb(returning.afterLoad)} for someone who signed in here before`,
    );
    console.log(
      `  /dashboard  first load ${kb(dashboard.firstLoad + dashboard.afterLoad).padStart(9)}   (goal ≤ 180 KB, no map on this screen)`,
    );

    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags });
    try {
      console.log('Lighthouse 12, mobile (goals ≥ 95)');
      for (const route of ['/', '/pricing', '/login']) {
        const result = await lighthouse(`${baseUrl}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const categories = result?.lhr.categories;
        const score = (name: 'performance' | 'accessibility') => Math.round((categories?.[name]?.score ?? 0) * 100);
        const audits = result?.lhr.audits;
        console.log(
          `  ${route.padEnd(10)} performance ${String(score('performance')).padStart(3)}   accessibility ${String(score('accessibility')).padStart(3)}   ` +
            `FCP ${audits?.['first-contentful-paint']?.displayValue}  LCP ${audits?.['largest-contentful-paint']?.displayValue}  ` +
            `TBT ${audits?.['total-blocking-time']?.displayValue}  CLS ${audits?.['cumulative-layout-shift']?.displayValue}  SI ${audits?.['speed-index']?.displayValue}`,
        );
      }
    } finally {
      await chrome.kill();
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

await main();
