import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixelOf, type MapView } from '../apps/web/src/features/maps/fit-view.ts';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A square field of `sideM` metres with its south-west corner at (lng, lat). */
function square(lng: number, lat: number, sideM: number) {
  const dLat = sideM / 110_700;
  const dLng = sideM / (111_320 * Math.cos((lat * Math.PI) / 180));
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng, lat],
        [lng + dLng, lat],
        [lng + dLng, lat + dLat],
        [lng, lat + dLat],
        [lng, lat],
      ],
    ],
  };
}

async function signedInWithFields(device: typeof desktop | typeof phone) {
  const { context, page } = await newPage(browser, server.url, device);
  const token = await signUpThroughApi(page, server.url, `map.${device.viewport.width}.${Date.now()}@example.org`);
  const farm = (await callApi(server, token, 'POST', '/api/farms', { name: 'Mazowe Co-op' })).body.data as { id: string };
  const fields = [
    { name: 'Dam Field', farmId: farm.id, boundary: square(31.05, -17.83, 300), cropType: 'maize-grain-medium' },
    { name: 'Hill Field', farmId: farm.id, boundary: square(31.06, -17.83, 200), cropType: 'soybean' },
    { name: 'Barn Field', farmId: farm.id, boundary: square(31.05, -17.84, 250), cropType: 'tobacco-flue-cured' },
  ];
  const created = (await callApi(server, token, 'POST', '/api/fields/bulk', { fields })).body.data as { id: string; name: string }[];
  return { context, page, token, created };
}

const mapReady = (page: Page) =>
  page.waitForSelector('[data-testid="fields-map"][data-state="ready"][data-idle="true"]', { timeout: 20_000 });

/** The map's exact centre and zoom once it has settled, and not `before` (a click's move has begun and ended). */
async function settledView(page: Page, before: string | null = null): Promise<{ raw: string; view: MapView }> {
  const handle = await page.waitForFunction(
    (previous) => {
      const map = document.querySelector('[data-testid="fields-map"][data-state="ready"][data-idle="true"]');
      const raw = map?.getAttribute('data-view');
      return raw && raw !== previous ? raw : null;
    },
    before,
    { timeout: 20_000 },
  );
  const raw = (await handle.jsonValue()) as string;
  const [lng, lat, zoom] = raw.split(',').map(Number) as [number, number, number];
  return { raw, view: { centre: [lng, lat], zoom } };
}

/** The middle of a field created from `square`, where its marker is drawn. */
const middleOf = (field: { bbox: { minLng: number; minLat: number; maxLng: number; maxLat: number } }): [number, number] => [
  (field.bbox.minLng + field.bbox.maxLng) / 2,
  (field.bbox.minLat + field.bbox.maxLat) / 2,
];

describe('Map View', () => {
  it('shows every field, opens a field by clicking it, and Edit Boundary saves a new version (desktop)', async () => {
    const { context, page, token, created } = await signedInWithFields(desktop);
    const fieldReads: string[] = [];
    // Every file the page names for Map View is there: one missing came back as the app's page, a wasted download.
    const missingFiles: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/assets/') && (response.status() >= 400 || response.headers()['content-type']?.includes('html')))
        missingFiles.push(`${response.status()} ${url.pathname}`);
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/fields' || url.pathname === '/api/fields/map-summary') fieldReads.push(`${url.pathname}${url.search}`);
    });
    await page.goto('/map');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Map View' }).waitFor();
    await page.getByText(/^3 fields, 19\.[23] ha$/).waitFor(); // 9 + 4 + 6.25 ha
    await mapReady(page);
    // Online the map reads a summary, once, and no list of fields: the outlines, markers and labels are tiles.
    expect(fieldReads).toEqual(['/api/fields/map-summary']);
    expect(missingFiles).toEqual([]);
    const legend = await page.getByRole('list', { name: 'Crop colours' }).innerText();
    for (const group of ['Cereals', 'Legumes', 'Tobacco, sugarcane']) expect(legend).toContain(group);

    // Open one field by its address: the map fits to it, so its middle is the map's middle.
    const dam = created.find((field) => field.name === 'Dam Field')!;
    const tiles: { status: number; type: string | undefined }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/fields/tiles/'))
        tiles.push({ status: response.status(), type: response.headers()['content-type'] });
    });
    await page.goto(`/map/${dam.id}`);
    await mapReady(page);
    // Close in, the outlines are the server's vector tiles, fetched with the person's token.
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles).toContainEqual({ status: 200, type: 'application/vnd.mapbox-vector-tile' });
    expect(tiles.filter((tile) => tile.status >= 400)).toEqual([]);
    const sheet = page.getByRole('complementary', { name: 'Dam Field' });
    await sheet.waitFor();
    // The farm comes with the field read by id, after the map's own facts.
    await sheet.getByText('Mazowe Co-op').waitFor();
    expect(await sheet.innerText()).toMatch(/Mazowe Co-op[\s\S]*9(\.0+)? ha/);

    // Clicking empty ground closes the sheet; clicking the field opens it again.
    const map = (await page.getByRole('region', { name: 'Map of your fields' }).boundingBox())!;
    await page.mouse.click(map.x + 20, map.y + map.height - 20);
    await page.waitForURL('**/map');
    await mapReady(page);
    await page.mouse.click(map.x + map.width / 2, map.y + map.height / 2);
    await page.waitForURL(`**/map/${dam.id}`);

    await page.getByRole('button', { name: 'Edit Boundary' }).click();
    await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"]', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Draw circle' }).click();
    const editor = (await page.getByRole('application', { name: 'Map for drawing the field boundary' }).boundingBox())!;
    await page.mouse.click(editor.x + editor.width / 2, editor.y + editor.height / 2);
    await page.mouse.click(editor.x + editor.width / 2 + 60, editor.y + editor.height / 2);
    await page.getByLabel('Radius (metres)').fill('120');
    await page.getByRole('button', { name: 'Apply radius' }).click();
    await page.getByText('Circle, radius 120 m').waitFor();
    await page.getByRole('button', { name: 'Save boundary' }).click();
    await page.getByText('The boundary of Dam Field was saved.').waitFor();

    const field = (await callApi(server, token, 'GET', `/api/fields/${dam.id}`)).body.data as {
      boundary: { type: string };
      size_hectares: number;
    };
    expect(field.boundary.type).toBe('Point');
    expect(field.size_hectares).toBeCloseTo((Math.PI * 120 * 120) / 10_000, 2);
    const versions = (await callApi(server, token, 'GET', `/api/fields/${dam.id}/boundary-versions`)).body.data as {
      size_hectares: number;
    }[];
    expect(versions).toHaveLength(1);
    expect(versions[0]!.size_hectares).toBeCloseTo(9, 1);
    await context.close();
  });

  it('answers a field of another organisation as not found, and fits the sheet on a phone (390 px)', async () => {
    const other = await signedInWithFields(desktop);
    await other.context.close();
    const { context, page } = await signedInWithFields(phone);
    await page.goto(`/map/${other.created[0]!.id}`);
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Field not found' }).waitFor();
    await mapReady(page);
    await page.getByRole('button', { name: 'Close field details' }).click();
    await page.waitForURL('**/map');
    // The address changes before the screen redraws: wait for the sheet to go.
    await page.getByRole('heading', { name: 'Field not found' }).waitFor({ state: 'detached' });
    await context.close();
  });

  for (const device of [desktop, phone]) {
    it(`opens on fields in three countries with a marker per field and counted groups that open on a click (${device.viewport.width} px)`, async () => {
      const { context, page, token } = await signedInWithFields(device);
      const farm = (await callApi(server, token, 'POST', '/api/farms', { name: 'Regional Trial Sites' })).body.data as { id: string };
      const far = [
        { name: 'Lusaka Plot', farmId: farm.id, boundary: square(28.28, -15.41, 300), cropType: 'soybean' },
        { name: 'Lilongwe Plot', farmId: farm.id, boundary: square(33.78, -13.96, 300), cropType: 'maize-grain-medium' },
      ];
      await callApi(server, token, 'POST', '/api/fields/bulk', { fields: far });
      const fieldsNow = (await callApi(server, token, 'GET', '/api/fields')).body.data as {
        id: string;
        name: string;
        bbox: { minLng: number; minLat: number; maxLng: number; maxLat: number };
      }[];
      expect(fieldsNow).toHaveLength(5);
      const named = (name: string) => fieldsNow.find((field) => field.name === name)!;

      await page.goto('/map');
      await waitForApp(page);
      let { raw, view } = await settledView(page);
      const box = (await page.getByRole('region', { name: 'Map of your fields' }).boundingBox())!;
      // Fitted to all five: 600 km apart, so far out that a field is smaller than a pixel, yet every one is on screen.
      expect(view.zoom).toBeGreaterThan(3.5);
      expect(view.zoom).toBeLessThan(8);
      const at = (field: { bbox: { minLng: number; minLat: number; maxLng: number; maxLat: number } }) => {
        const { x, y } = pixelOf(middleOf(field), view, box.width, box.height);
        return { x: box.x + x, y: box.y + y };
      };
      for (const field of fieldsNow) {
        const { x, y } = at(field);
        expect(x).toBeGreaterThan(box.x + 20);
        expect(x).toBeLessThan(box.x + box.width - 20);
        expect(y).toBeGreaterThan(box.y + 20);
        expect(y).toBeLessThan(box.y + box.height - 20);
      }

      // A lone field's marker: the map goes to that field and opens it.
      const lusaka = named('Lusaka Plot');
      await page.mouse.click(at(lusaka).x, at(lusaka).y);
      await page.waitForURL(`**/map/${lusaka.id}`);
      await page.getByRole('complementary', { name: 'Lusaka Plot' }).waitFor();
      view = (await settledView(page, raw)).view;
      expect(view.zoom).toBeGreaterThanOrEqual(12);
      expect(view.centre[0]).toBeCloseTo(middleOf(lusaka)[0], 2);

      // The three fields near Harare are one counted circle; clicking it comes closer until each has its marker.
      await page.goto('/map');
      ({ raw, view } = await settledView(page));
      const dam = named('Dam Field');
      const startZoom = view.zoom;
      for (let click = 0; click < 6 && !page.url().endsWith(dam.id); click += 1) {
        const previousZoom = view.zoom;
        await page.mouse.click(at(dam).x, at(dam).y);
        ({ raw, view } = await settledView(page, raw));
        if (!page.url().endsWith(dam.id)) expect(view.zoom).toBeGreaterThan(previousZoom);
      }
      expect(page.url()).toMatch(new RegExp(`/map/${dam.id}$`));
      expect(view.zoom).toBeGreaterThan(startZoom + 4);
      await page.getByRole('complementary', { name: 'Dam Field' }).waitFor();
      await context.close();
    });
  }
});
