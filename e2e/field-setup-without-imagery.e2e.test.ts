import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';

/**
 * Field Setup where the satellite picture does not come (no internet, the imagery service down): the map is a plain
 * beige box, so the screen offers walking the boundary with the phone's GPS, typing the corners, or a file, and
 * each ends as the same boundary with the same checks as a drawn one.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    // A tile host the browser is never allowed to reach: each test aborts its requests.
    startServer({ MAP_SATELLITE_TILES_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.jpg' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shots = process.env.SCREENSHOT_DIR;

/** The four corners of a 290 m × 255 m block near Harare (about 7.3 ha), as a farmer walks round it. */
const corners = [
  { latitude: -17.8252, longitude: 31.0335, accuracy: 4 },
  { latitude: -17.8252, longitude: 31.0362, accuracy: 6 },
  { latitude: -17.8275, longitude: 31.0362, accuracy: 5 },
  { latitude: -17.8275, longitude: 31.0335, accuracy: 3 },
];
const ring = [...corners, corners[0]!].map(({ latitude, longitude }) => [longitude, latitude]);

async function openWithoutTiles(device: typeof phone | typeof desktop, label: string) {
  const { context, page } = await newPage(browser, server.url, device);
  let tilesAsked = 0;
  await context.route('**/tiles/**', (route) => {
    tilesAsked += 1;
    return route.abort('internetdisconnected');
  });
  const token = await signUpThroughApi(
    page,
    server.url,
    `no-tiles.${label.toLowerCase().replace(/\W+/g, '-')}.${device.viewport.width}.${Date.now()}@example.org`,
  );
  await callApi(server, token, 'POST', '/api/farms', { name: 'Chiweshe Farm' });
  await page.goto('/create-farm-field');
  await waitForApp(page);
  await page.getByLabel('Field name').fill(label);
  await page.getByTestId('no-imagery').waitFor({ timeout: 20_000 });
  expect(tilesAsked).toBeGreaterThan(0);
  return { context, page, token };
}

const savedBoundary = async (page: Page, token: string) => {
  await page.getByRole('button', { name: 'Save field' }).click();
  await page.waitForURL(/\/fields\/[0-9a-f-]{36}$/);
  const stored = await callApi(server, token, 'GET', `/api/fields/${page.url().split('/').pop()}`);
  return stored.body.data as { boundary: { type: string; coordinates: number[][][] }; size_hectares: number };
};

describe('Field Setup without satellite imagery', () => {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`walks the boundary with the GPS, each corner with its accuracy, and saves it (${name})`, async () => {
      const { context, page, token } = await openWithoutTiles(device, `Walked ${name}`);
      const offer = page.getByTestId('no-imagery');
      expect(await offer.innerText()).toContain('The satellite picture could not be loaded');
      await offer.scrollIntoViewIfNeeded();
      if (shots) await page.screenshot({ path: path.join(shots, `${name}-field-setup-no-tiles.png`) });

      await context.grantPermissions(['geolocation']);
      await offer.getByRole('button', { name: 'Walk round it with my phone’s GPS' }).click();
      const list = page.getByRole('list', { name: 'Corners walked' });
      for (const [i, corner] of corners.entries()) {
        await context.setGeolocation(corner);
        await page.getByRole('button', { name: 'Add my position' }).click();
        await list
          .getByText(`Corner ${i + 1}: ${corner.latitude.toFixed(6)}, ${corner.longitude.toFixed(6)} (within ${corner.accuracy} m)`)
          .waitFor();
      }
      expect(await page.getByTestId('boundary-area').innerText()).toMatch(/^Area: 7\.29 ha/);
      await list.scrollIntoViewIfNeeded();
      if (shots) await page.screenshot({ path: path.join(shots, `${name}-field-setup-walked.png`) });

      const stored = await savedBoundary(page, token);
      expect(stored.boundary).toEqual({ type: 'Polygon', coordinates: [ring] });
      expect(stored.size_hectares).toBeCloseTo(7.29, 2);
      await context.close();
    });
  }

  it('types the corners, names the line that is wrong, refuses a crossing one like the map does, then saves', async () => {
    const { context, page, token } = await openWithoutTiles(phone, 'Typed');
    await page.getByTestId('no-imagery').getByRole('button', { name: 'Type the corners' }).click();
    const input = page.getByLabel('Corners of the field');
    await input.fill('-17.8252, 31.0335\n-17.8252 31.0362\nby the borehole\n-17.8275, 31.0335');
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.getByText('Line 3 (“by the borehole”) is not a corner').first().waitFor();

    // Longitude first, both numbers within ±90: only where it would put the field gives it away.
    await input.fill(corners.map((corner) => `${corner.longitude}, ${corner.latitude}`).join('\n'));
    await page.getByRole('button', { name: 'Save field' }).click();
    await page
      .getByText(/far from southern Africa; the other way round they are in it/)
      .first()
      .waitFor();
    await input.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: path.join(shots, 'phone-field-setup-swapped.png') });

    await input.fill('-17.8252, 31.0335\n-17.8252, 31.0362\n-17.8275, 31.0335\n-17.8275, 31.0362');
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.getByText(/cross/i).first().waitFor();
    await input.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: path.join(shots, 'phone-field-setup-typed.png') });

    await input.fill(corners.map((corner) => `${corner.latitude}, ${corner.longitude}`).join('\n'));
    const stored = await savedBoundary(page, token);
    expect(stored.boundary).toEqual({ type: 'Polygon', coordinates: [ring] });
    await context.close();
  });

  it('loads a boundary file without the map', async () => {
    const { context, page, token } = await openWithoutTiles(desktop, 'Imported');
    await page.getByTestId('no-imagery').getByRole('button', { name: 'Load a file' }).click();
    const geojson = { type: 'Feature', properties: { name: 'Dam block' }, geometry: { type: 'Polygon', coordinates: [ring] } };
    await page.getByLabel('Or load the boundary from a file').setInputFiles({
      name: 'dam-block.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(geojson)),
    });
    await page.getByText('Loaded from the file: a boundary of 4 corners.').waitFor();
    expect(await page.getByTestId('boundary-area').innerText()).toMatch(/^Area: 7\.29 ha/);
    const stored = await savedBoundary(page, token);
    expect(stored.boundary.coordinates[0]).toHaveLength(5);
    await context.close();
  });
});
