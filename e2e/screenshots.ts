/**
 * Screenshots of the main screens at phone (390×844) and desktop (1440×900) size, into ./screenshots/, with
 * a seeded account: to look at what people will see. The alerts screens are shot on the demo (`murimi demo`, built
 * into a temporary folder first, about 20 s): alerts come from weather and imagery, which a fresh account has none
 * of.   npm run screenshots
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { startDemoServer } from './support/demo.ts';
import { callApi, startServer } from './support/server.ts';

const out = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    const { context, page } = await newPage(browser, server.url, device);
    for (const route of ['/', '/pricing', '/login']) {
      await page.goto(route);
      await waitForApp(page);
      await page.screenshot({
        path: path.join(out, `${name}${route === '/' ? '-landing' : route.replace('/', '-')}.png`),
        fullPage: false,
      });
    }
    const token = await signUpThroughApi(page, server.url, `shots.${name}.${Date.now()}@example.org`);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const post = async (route: string, body: unknown) =>
      (await (await fetch(`${server.url}${route}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()).data;
    const farm = await post('/api/farms', { name: 'Chikomo Farm', district: 'Goromonzi', country: 'ZW' });
    const square = (lng: number, lat: number, d: number) => ({
      type: 'Polygon',
      coordinates: [
        [
          [lng, lat],
          [lng + d, lat],
          [lng + d, lat + d],
          [lng, lat + d],
          [lng, lat],
        ],
      ],
    });
    const maize = await post('/api/fields', {
      name: 'Vlei Block',
      farmId: farm.id,
      boundary: square(31.05, -17.83, 0.003),
      cropType: 'maize-grain',
      plantingDate: '2026-11-15',
      soilTexture: 'sandy-loam',
    });
    await post('/api/fields', {
      name: 'Top Land',
      farmId: farm.id,
      boundary: square(31.06, -17.83, 0.004),
      cropType: 'soybean',
      plantingDate: '2026-11-28',
    });
    await post('/api/fields', {
      name: 'Pivot 2',
      farmId: farm.id,
      boundary: { type: 'Point', coordinates: [31.07, -17.84], properties: { radius: 200, circle: true } },
      cropType: 'tobacco-flue-cured',
      irrigated: true,
    });
    await post('/api/soil-tests', {
      fieldId: maize.id,
      nitrogen: 16,
      phosphorus: 12,
      potassium: 140,
      ph: 5.4,
      organicMatter: 1.6,
      sampleDate: '2026-10-02',
      depthCm: 20,
    });
    await post('/api/fertilizer-applications', {
      fieldId: maize.id,
      product: 'Compound D',
      nitrogenPct: 7,
      phosphatePct: 14,
      potashPct: 7,
      rateKgPerHa: 300,
      applicationDate: '2026-11-15',
      method: 'banded',
    });
    for (const route of ['/dashboard', '/fields', `/fields/${maize.id}`]) {
      await page.goto(route);
      await waitForApp(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const file = route.startsWith('/fields/') ? 'field-detail' : route.slice(1);
      await page.screenshot({ path: path.join(out, `${name}-${file}.png`), fullPage: false });
    }
    const mapReady = '[data-testid="fields-map"][data-state="ready"][data-idle="true"]';
    await page.goto('/map');
    await page.waitForSelector(mapReady, { timeout: 20_000 });
    await page.screenshot({ path: path.join(out, `${name}-map.png`) });
    await page.goto(`/map/${maize.id}`);
    await page.waitForSelector(mapReady, { timeout: 20_000 });
    // The sheet's farm, variety and planting date come with the field read by id.
    await page.getByRole('complementary').getByText('…').first().waitFor({ state: 'detached' });
    await page.screenshot({ path: path.join(out, `${name}-map-field.png`) });
    await page.getByRole('button', { name: 'Edit Boundary' }).click();
    await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"][data-idle="true"]', { timeout: 20_000 });
    await page.screenshot({ path: path.join(out, `${name}-edit-boundary.png`) });

    // Import: the review of a Shapefile written by GDAL.
    await page.goto('/fields/import');
    await waitForApp(page);
    await page
      .getByLabel('Boundary file')
      .setInputFiles(path.resolve(import.meta.dirname, '../apps/server/test/fixtures/boundaries/fields-utm36s.zip'));
    await page.getByTestId('import-row').first().waitFor();
    await page.getByRole('heading', { name: '2. Check the fields before saving' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, `${name}-import-review.png`) });

    // Field Setup with a polygon being drawn on the map editor.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: -17.84, longitude: 31.08 });
    await page.goto('/create-farm-field');
    await waitForApp(page);
    await page.getByLabel('Field name').fill('River Flats');
    await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"]', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.waitForSelector('[data-testid="map-editor"][data-zoom="16.0"][data-idle="true"]');
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    const editor = page.getByRole('application', { name: 'Map for drawing the field boundary' });
    await editor.scrollIntoViewIfNeeded();
    const box = (await editor.boundingBox())!;
    for (const [x, y] of [
      [0.2, 0.25],
      [0.75, 0.2],
      [0.8, 0.7],
      [0.3, 0.75],
      [0.2, 0.25],
    ]) {
      await page.mouse.click(box.x + box.width * x!, box.y + box.height * y!);
    }
    await page.waitForSelector('[data-testid="map-editor"][data-mode="none"]');
    await page.screenshot({ path: path.join(out, `${name}-field-setup-map.png`) });
    await page.screenshot({ path: path.join(out, `${name}-field-setup-full.png`), fullPage: true });
    await context.close();
  }

  // The alerts screen, an alert with a chart of its evidence, and Settings → Alerts and messages, on the demo.
  const demoFolder = mkdtempSync(path.join(tmpdir(), 'murimi-screenshots-demo-'));
  const demo = await startDemoServer({ templateDir: demoFolder });
  try {
    const token = await demo.token();
    type Alert = { id: string; evidence: { values: { name: string; date: string | null }[] } };
    const alerts = (await callApi(demo.server, token, 'GET', '/api/alerts?limit=100')).body.data as Alert[];
    const datedTwice = (alert: Alert) =>
      alert.evidence.values.some((value, i, all) => value.date && all.findIndex((other) => other.name === value.name && other.date) !== i);
    const shown = alerts.find(datedTwice) ?? alerts[0]!;
    for (const [name, device] of [
      ['phone', phone],
      ['desktop', desktop],
    ] as const) {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page);
      await page.goto('/alerts');
      await waitForApp(page);
      await page.getByText(/^Showing \d+ alerts?$/).waitFor();
      await page.screenshot({ path: path.join(out, `${name}-alerts.png`), fullPage: false });
      await page.goto(`/alerts/${shown.id}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (datedTwice(shown)) await page.locator('[data-chart="ready"]').first().waitFor();
      await page.screenshot({ path: path.join(out, `${name}-alert-detail.png`), fullPage: true });
      await page.goto('/settings#alerts');
      await page.getByRole('button', { name: 'Save alert settings' }).waitFor();
      await page.locator('#alerts').screenshot({ path: path.join(out, `${name}-settings-alerts.png`) });
      await context.close();
    }
  } finally {
    await demo.server.stop();
    rmSync(demoFolder, { recursive: true, force: true });
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
