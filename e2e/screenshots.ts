/**
 * Screenshots of the main screens at phone (390×844) and desktop (1440×900) size, into ./screenshots/, with
 * a seeded account: to look at what people will see.   npm run screenshots
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { startServer } from './support/server.ts';

const out = path.resolve(import.meta.dirname, '../screenshots');
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
    await context.close();
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
