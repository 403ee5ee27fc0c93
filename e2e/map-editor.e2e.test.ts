import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** A field near Harare: the browser reports this position when the farmer taps "Use my location". */
const inTheField = { latitude: -17.83, longitude: 31.05 };

interface Setup {
  context: BrowserContext;
  page: Page;
  token: string;
  /** The map's top-left corner on the page, in CSS pixels. */
  origin: { x: number; y: number };
}

/**
 * Signs up, adds a farm without fields, opens Field Setup: with the browser allowed to tell the position, the map
 * opens there at field zoom, without the farmer pressing "Use my location".
 */
async function openFieldSetup(device: typeof desktop | typeof phone, name: string): Promise<Setup> {
  const { context, page } = await newPage(browser, server.url, device);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(inTheField);
  const token = await signUpThroughApi(
    page,
    server.url,
    `${name.toLowerCase().replace(/\W+/g, '-')}.${device.viewport.width}.${Date.now()}@example.org`,
  );
  await callApi(server, token, 'POST', '/api/farms', { name: 'Chiweshe Farm' });
  await page.goto('/create-farm-field');
  await waitForApp(page);
  await page.getByLabel('Field name').fill(name);
  const editor = page.getByTestId('map-editor');
  await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"]', { timeout: 20_000 });
  await waitForZoom(page, 16);
  const map = page.getByRole('application', { name: 'Map for drawing the field boundary' });
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  expect(await editor.getAttribute('data-mode')).toBe('none');
  return { context, page, token, origin: { x: box.x, y: box.y } };
}

/** Waits until the map has settled at `zoom` (the editor reports its zoom and whether it is still moving). */
async function waitForZoom(page: Page, zoom: number) {
  await page.waitForSelector(`[data-testid="map-editor"][data-zoom="${zoom.toFixed(1)}"][data-idle="true"]`);
}

const areaText = (page: Page) => page.getByTestId('map-editor-area').innerText();
/** Waits until the area summary shows `expected` (it follows the map's events, a moment after the action). */
const areaShows = (page: Page, expected: string | RegExp) => expect.poll(() => areaText(page)).toMatch(expected);
const hectaresIn = (text: string) => Number(/Area: ([\d.,]+) ha/.exec(text)![1]!.replace(',', ''));

describe('the field boundary map editor', () => {
  it('draws a polygon with mouse clicks, saves it, and the server keeps the same geometry and area (desktop)', async () => {
    const { context, page, token, origin } = await openFieldSetup(desktop, 'Mouse Block');
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    const corners = [
      [100, 100],
      [300, 100],
      [300, 260],
      [100, 260],
    ];
    for (const [x, y] of corners) await page.mouse.click(origin.x + x!, origin.y + y!);
    await areaShows(page, /Area so far/);
    await page.mouse.click(origin.x + 100, origin.y + 100); // the first corner again closes the ring
    await page.waitForSelector('[data-testid="map-editor"][data-mode="none"]');
    const shown = hectaresIn(await areaText(page));
    // MapLibre's world is 512 px wide at zoom 0, so at zoom 16 and 17.83° S a CSS pixel is
    // 40,075,017 m · cos(lat) / (512 · 2^16) = 1.137 m: 200 × 160 px ≈ 227 m × 182 m ≈ 4.1 ha.
    expect(shown).toBeGreaterThan(3.9);
    expect(shown).toBeLessThan(4.3);

    await page.getByRole('button', { name: 'Save field' }).click();
    await page.waitForURL(/\/fields\/[0-9a-f-]{36}$/);
    const fieldId = page.url().split('/').pop()!;
    const stored = (await callApi(server, token, 'GET', `/api/fields/${fieldId}`)).body.data as {
      boundary: { type: string; coordinates: number[][][] };
      size_hectares: number;
    };
    expect(stored.boundary.type).toBe('Polygon');
    expect(stored.boundary.coordinates[0]).toHaveLength(5);
    expect(stored.boundary.coordinates[0]![4]).toEqual(stored.boundary.coordinates[0]![0]);
    expect(stored.size_hectares.toFixed(2)).toBe(shown.toFixed(2));
    // The corners are where the farmer clicked: around the position the browser reported.
    const lngs = stored.boundary.coordinates[0]!.map(([lng]) => lng!);
    expect(Math.min(...lngs)).toBeLessThan(inTheField.longitude + 0.01);
    expect(Math.max(...lngs)).toBeGreaterThan(inTheField.longitude - 0.01);

    await page.reload();
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Mouse Block' }).waitFor();
    expect(await page.locator('main').innerText()).toContain(`${stored.size_hectares.toFixed(2)} ha`);
    await context.close();
  });

  it('draws a circle, resizes it by its edge and by its radius, undoes, and Clear Shape leaves no boundary', async () => {
    const { context, page, origin } = await openFieldSetup(desktop, 'Pivot');
    await page.getByRole('button', { name: 'Draw circle' }).click();
    await page.mouse.click(origin.x + 300, origin.y + 200);
    await page.mouse.click(origin.x + 340, origin.y + 200);
    await page.waitForSelector('[data-testid="map-editor"][data-mode="none"]');
    const radiusOf = async () => Number(/Circle, radius ([\d.,]+) m/.exec(await areaText(page))![1]!.replace(',', ''));
    const drawnRadius = await radiusOf();
    // Dragging the edge outwards by 40 px (1.14 m each at zoom 16) makes the circle about 45 m wider.
    await page.mouse.move(origin.x + 340, origin.y + 200);
    await page.mouse.down();
    await page.mouse.move(origin.x + 380, origin.y + 200, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction((before) => {
      const found = /Circle, radius ([\d.,]+) m/.exec(document.querySelector('[data-testid="map-editor-area"]')?.textContent ?? '');
      return found && Number(found[1]!.replace(',', '')) > before + 30;
    }, drawnRadius);

    await page.getByLabel('Radius (metres)').fill('150');
    await page.getByRole('button', { name: 'Apply radius' }).click();
    // π · 150² m² = 7.07 ha
    await page.waitForFunction(() => document.querySelector('[data-testid="map-editor-area"]')?.textContent?.includes('Area: 7.07 ha'));
    await areaShows(page, 'Circle, radius 150 m');

    await page.getByRole('button', { name: 'Clear Shape' }).click();
    await areaShows(page, 'No boundary yet.');
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.getByText('Draw the field boundary on the map (Draw polygon or Draw circle) before saving.').waitFor();

    await page.getByRole('button', { name: 'Undo' }).click();
    await areaShows(page, 'Area: 7.07 ha');
    await page.getByRole('button', { name: 'Redo' }).click();
    await areaShows(page, 'No boundary yet.');
    await context.close();
  });

  it('refuses a 0.3 ha field with the 0.5 ha message, and a boundary that crosses itself', async () => {
    const { context, page, token, origin } = await openFieldSetup(desktop, 'Garden');
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    await zoomIn.click();
    await waitForZoom(page, 17);
    // Zoom 17: 0.568 m per pixel, so 96 × 96 px is about 55 m × 55 m ≈ 0.30 ha.
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    for (const [x, y] of [
      [200, 150],
      [296, 150],
      [296, 246],
      [200, 246],
      [200, 150],
    ]) {
      await page.mouse.click(origin.x + x!, origin.y + y!);
    }
    await page.waitForSelector('[data-testid="map-editor"][data-mode="none"]');
    expect(hectaresIn(await areaText(page))).toBeCloseTo(0.3, 1);
    await areaShows(page, 'under the 0.5 ha (1.2 acres) minimum');
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.getByText(/The minimum field size is 0\.5 ha \(1\.2 acres\)/).waitFor();
    expect((await callApi(server, token, 'GET', '/api/fields')).body.data).toEqual([]);

    await page.getByRole('button', { name: 'Clear Shape' }).click();
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    const map = page.getByRole('application', { name: 'Map for drawing the field boundary' });
    await map.scrollIntoViewIfNeeded(); // the refused save scrolled the page to its message
    const now = (await map.boundingBox())!;
    // A bow tie: the fourth corner's edge would cross the first edge.
    for (const [x, y] of [
      [100, 100],
      [300, 300],
      [300, 100],
      [100, 300],
    ]) {
      await page.mouse.click(now.x + x!, now.y + y!);
    }
    await page.getByText('A field boundary cannot cross itself.').waitFor();
    await page.keyboard.press('Escape'); // give up this drawing
    await areaShows(page, 'No boundary yet.');
    await context.close();
  });

  it('loads a boundary from a Google Earth KMZ into the editor, and saves the chosen shape', async () => {
    const { context, page, token } = await openFieldSetup(desktop, 'Top Field');
    const kmz = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/boundaries/google-earth.kmz');
    await page.getByLabel('Or load the boundary from a file').setInputFiles(kmz);
    await page.getByText('The file holds 3 shapes. Choose the one for this field:').waitFor();
    await page.getByRole('button', { name: /^Top Field/ }).click();
    // SpatiaLite's ellipsoidal area of this Google Earth polygon: 8.929022 ha.
    await page.waitForFunction(() => document.querySelector('[data-testid="map-editor-area"]')?.textContent?.includes('Area: 8.93 ha'));
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.waitForURL(/\/fields\/[0-9a-f-]{36}$/);
    const stored = (await callApi(server, token, 'GET', `/api/fields/${page.url().split('/').pop()}`)).body.data as {
      size_hectares: number;
    };
    expect(stored.size_hectares).toBeCloseTo(8.929, 3);
    await context.close();
  });

  it('draws with touch on a phone, ignoring a double tap (390 px)', async () => {
    const { context, page, token } = await openFieldSetup(phone, 'Thumb Field');
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    const map = page.getByRole('application', { name: 'Map for drawing the field boundary' });
    await map.scrollIntoViewIfNeeded();
    // Pressing the button scrolled the page: where the map is now.
    const origin = (await map.boundingBox())!;
    const tap = (x: number, y: number) => page.touchscreen.tap(origin.x + x, origin.y + y);
    // Clear of the zoom buttons in the map's top-right corner.
    await tap(60, 100);
    await tap(250, 100);
    await tap(250, 290);
    await tap(250, 292); // a shaky second tap on the same corner within 300 ms: ignored
    await page.waitForTimeout(350);
    await tap(60, 290);
    await tap(60, 100);
    await page.waitForSelector('[data-testid="map-editor"][data-mode="none"]');
    const shown = hectaresIn(await areaText(page));
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.waitForURL(/\/fields\/[0-9a-f-]{36}$/);
    const stored = (await callApi(server, token, 'GET', `/api/fields/${page.url().split('/').pop()}`)).body.data as {
      boundary: { coordinates: number[][][] };
      size_hectares: number;
    };
    expect(stored.boundary.coordinates[0]).toHaveLength(5); // four corners, closed: the double tap added none
    expect(stored.size_hectares.toFixed(2)).toBe(shown.toFixed(2));
    await context.close();
  });
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

const zoomOf = async (page: Page) => Number(await page.getByTestId('map-editor').getAttribute('data-zoom'));
const zoomInNotice = 'Zoom in to your field to draw its boundary';

describe('where the drawing map opens', () => {
  for (const device of [desktop, phone]) {
    it(`opens on the chosen farm's fields at a zoom where four taps make a field of a few hectares (${device.viewport.width} px)`, async () => {
      // No permission to read the position: the farm's fields alone place the map.
      const { context, page } = await newPage(browser, server.url, device);
      const token = await signUpThroughApi(page, server.url, `opening.${device.viewport.width}.${Date.now()}@example.org`);
      await callApi(server, token, 'POST', '/api/farms', { name: 'Other Farm' });
      const farm = (await callApi(server, token, 'POST', '/api/farms', { name: 'Mazowe Co-op' })).body.data as { id: string };
      const fields = [
        { name: 'Dam Field', farmId: farm.id, boundary: square(31.05, -17.83, 300), cropType: 'maize-grain-medium' },
        { name: 'Hill Field', farmId: farm.id, boundary: square(31.06, -17.83, 200), cropType: 'soybean' },
      ];
      await callApi(server, token, 'POST', '/api/fields/bulk', { fields });
      await page.goto(`/create-farm-field?farmId=${farm.id}`);
      await waitForApp(page);
      await page.getByLabel('Field name').fill('New Block');
      await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"][data-idle="true"]', { timeout: 20_000 });
      // The two fields are 1.2 km apart: fitted on a wide screen (zoom 15.x); a phone's map opens at zoom 15 on their middle.
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(15);
      expect(await page.getByText(zoomInNotice).count()).toBe(0);

      await page.getByRole('button', { name: 'Draw polygon' }).click();
      const map = page.getByRole('application', { name: 'Map for drawing the field boundary' });
      await map.scrollIntoViewIfNeeded();
      const box = (await map.boundingBox())!;
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      const tap = (x: number, y: number) => (device === phone ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
      for (const [dx, dy] of [
        [-60, -50],
        [60, -50],
        [60, 50],
        [-60, 50],
        [-60, -50],
      ]) {
        await tap(cx + dx!, cy + dy!);
      }
      await page.waitForSelector('[data-testid="map-editor"][data-mode="none"]');
      const shown = hectaresIn(await areaText(page));
      // 120 × 100 px at zoom 15–16 (1.1–2.3 m a pixel): about 1.5 to 6 ha, a field and not a district.
      expect(shown).toBeGreaterThan(1);
      expect(shown).toBeLessThan(10);
      await page.getByRole('button', { name: 'Save field' }).click();
      await page.waitForURL(/\/fields\/[0-9a-f-]{36}$/);
      const stored = (await callApi(server, token, 'GET', `/api/fields/${page.url().split('/').pop()}`)).body.data as {
        size_hectares: number;
      };
      expect(stored.size_hectares.toFixed(2)).toBe(shown.toFixed(2));
      await context.close();
    });
  }

  it('opens far out without fields or a known position, says to zoom in, and comes in on "Use my location"', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    const token = await signUpThroughApi(page, server.url, `far.${Date.now()}@example.org`);
    await callApi(server, token, 'POST', '/api/farms', { name: 'New Farm' });
    await page.goto('/create-farm-field');
    await waitForApp(page);
    await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"][data-idle="true"]', { timeout: 20_000 });
    expect(await zoomOf(page)).toBeLessThan(13);
    await page.getByText(zoomInNotice).waitFor();
    // Drawing stays possible: the notice warns, it does not block.
    expect(await page.getByRole('button', { name: 'Draw polygon' }).isEnabled()).toBe(true);

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(inTheField);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await waitForZoom(page, 16);
    await page.getByText(zoomInNotice).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('the basemap', () => {
  it('says when satellite imagery cannot be loaded, and drawing still works on the plain map', async () => {
    // Tiles from a port where nothing listens: what a phone without internet sees.
    const offline = await startServer({
      MAP_SATELLITE_TILES_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.jpg',
      MAP_OVERLAY_TILES_URLS: 'http://127.0.0.1:9/roads/{z}/{x}/{y}.png',
    });
    try {
      const { context, page } = await newPage(browser, offline.url, desktop);
      const token = await signUpThroughApi(page, offline.url, `offline.${Date.now()}@example.org`);
      await fetch(`${offline.url}/api/farms`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Far Farm' }),
      });
      await page.goto('/create-farm-field');
      await waitForApp(page);
      await page.waitForSelector('[data-testid="map-editor"][data-tools="ready"]', { timeout: 20_000 });
      // Field Setup says so and offers the ways that need no picture (field-setup-without-imagery.e2e.test.ts).
      await page.getByText(/^The satellite picture could not be loaded \(no internet, or the imagery service is down\)/).waitFor();
      await page.getByRole('button', { name: 'Draw circle' }).click();
      const drawing = page.getByRole('application', { name: 'Map for drawing the field boundary' });
      await drawing.scrollIntoViewIfNeeded(); // the offer of other ways stands above the map
      const map = (await drawing.boundingBox())!;
      await page.mouse.click(map.x + 200, map.y + 200);
      await page.mouse.click(map.x + 240, map.y + 200);
      await page.waitForSelector('[data-testid="map-editor"][data-mode="none"]');
      await areaShows(page, /Circle, radius/);
      await context.close();
    } finally {
      await offline.stop();
    }
  });
});
