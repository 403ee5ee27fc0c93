import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

/** Where the screenshots go for a person to look at; CI may point it elsewhere. */
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-crop-health-shots');

let demo: DemoServer;
let browser: Browser;
let token: string;
let field: { id: string; name: string };
beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  token = await demo.token();
  const fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
  field = fields.find((candidate) => candidate.name === 'Centre pivot')!;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

type Rgb = [number, number, number];
/** The plain map background the overlay is drawn on when there are no satellite tiles (basemap.ts). */
const PLAIN_BACKGROUND: Rgb = [231, 229, 216];
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The screen's pixels on a 7 × 7 grid over the middle of the map (where the fitted field lies), read from a
 * screenshot: what a person sees, not what the page says it drew.
 */
async function fieldPixels(page: Page, testId = 'index-map'): Promise<Rgb[]> {
  // Visible first: the picture is drawn anew as the map's code starts to load (the same picture, a new element).
  const target = page.getByTestId(testId);
  await target.waitFor();
  const box = (await target.boundingBox())!;
  const png = await page.screenshot({ clip: box });
  return page.evaluate(
    async ({ base64, width, height }) => {
      // Decoded from bytes: the page's Content-Security-Policy refuses fetching a data: URL.
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const scale = bitmap.width / width;
      const samples: [number, number, number][] = [];
      for (let row = 0; row < 7; row++) {
        for (let column = 0; column < 7; column++) {
          const x = Math.round((0.35 + (column * 0.3) / 6) * width * scale);
          const y = Math.round((0.35 + (row * 0.3) / 6) * height * scale);
          const [r, g, b] = context.getImageData(x, y, 1, 1).data;
          samples.push([r!, g!, b!]);
        }
      }
      return samples;
    },
    { base64: png.toString('base64'), width: box.width, height: box.height },
  );
}

/** Waits until the map has drawn the scene's image and settled. */
async function overlayDrawn(page: Page, sceneId?: string) {
  const scene = sceneId ? `[data-overlay-scene="${sceneId}"]` : ':not([data-overlay-scene=""])';
  await page.waitForSelector(`[data-testid="index-map"][data-state="ready"][data-idle="true"]${scene}`, { timeout: 30_000 });
  return (await page.getByTestId('index-map').getAttribute('data-overlay-scene'))!;
}

describe.skipIf(onPostgres)('Crop Health', () => {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`maps the demo field's NDVI on its latest clear image, changes with the date and shows the chart's summary (${name})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: field.id });
      await page.goto('/crop-health');
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: 'Crop Health' }).waitFor();

      // The latest usable scene opens, and the screen says the imagery is simulated.
      const list = (await callApi(demo.server, token, 'GET', `/api/fields/${field.id}/imagery?index=ndvi`)).body.data as {
        scenes: { sceneId: string; date: string; usable: boolean }[];
      };
      const usable = list.scenes.filter((scene) => scene.usable);
      expect(usable.length).toBeGreaterThan(2);
      const latest = usable.at(-1)!;
      expect(await overlayDrawn(page)).toBe(latest.sceneId);
      // Said once, on the map it is about (not again beside the index choice and on the health check).
      expect(await page.getByText('Simulated imagery', { exact: true }).count()).toBe(1);

      // Inside the field the screen shows the index colours, not the plain map under them.
      const before = await fieldPixels(page);
      const onOverlay = before.filter((pixel) => distance(pixel, PLAIN_BACKGROUND) > 40);
      expect(onOverlay.length, JSON.stringify(before)).toBeGreaterThan(before.length * 0.8);
      await page.screenshot({ path: path.join(shots, `crop-health-${name}.png`), fullPage: true });

      // The first clear image of the season: the young crop is drawn in other colours.
      const slider = page.getByRole('slider', { name: 'Image date' });
      await slider.focus();
      await page.keyboard.press('Home');
      const first = usable[0]!;
      if (!list.scenes[0]!.usable) await page.getByRole('button', { name: 'Next clear image' }).click();
      expect(await overlayDrawn(page, first.sceneId)).toBe(first.sceneId);
      const after = await fieldPixels(page);
      const changed = after.filter((pixel, i) => distance(pixel, before[i]!) > 30);
      expect(changed.length, JSON.stringify({ before, after })).toBeGreaterThan(after.length * 0.5);
      expect(await slider.getAttribute('aria-valuetext')).toMatch(/\d+ % clear/);

      // Previous / next pass over the cloudy dates.
      await page.getByRole('button', { name: 'Next clear image' }).click();
      expect(await overlayDrawn(page, usable[1]!.sceneId)).toBe(usable[1]!.sceneId);

      // The chart's summary, the legend with its thresholds and grey, and the health check.
      expect(
        await page.getByText(/^NDVI, \d+ readings from .+: latest [\d.]+ on .+, lowest [\d.]+ on .+, highest [\d.]+ on .+\.$/).count(),
      ).toBe(1);
      const legend = await page.getByRole('region', { name: 'NDVI colours' }).innerText();
      for (const text of [
        'Bare or stressed',
        'below 0.2',
        'Moderate',
        '0.2 to 0.5',
        'Healthy',
        '0.5 and above',
        'Cloud or shadow — no reading',
      ]) {
        expect(legend).toContain(text);
      }
      const health = await page.getByRole('region', { name: 'Latest health check' }).innerText();
      expect(health).toMatch(/Last clear image[\s\S]*days? ago|today/);
      expect(health).toMatch(/Trend \(NDVI change per week\)/);
      await page.getByRole('button', { name: 'Check again' }).waitFor();
      await page.screenshot({ path: path.join(shots, `crop-health-${name}-first-date.png`), fullPage: true });

      // axe-core (WCAG 2.1 A and AA rules) on the whole screen: map, slider, chart, legend and health check.
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });

    it(`draws the scene on a picture of the field before it asks for the map's code, and the map takes over in the same place (${name})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      // When the image arrived and when the map library was asked for; the library is held until the picture is seen.
      let imageAt: number | null = null;
      let mapAskedAt: number | null = null;
      let releaseMap!: () => void;
      const mapHeld = new Promise<void>((resolve) => (releaseMap = resolve));
      page.on('response', (response) => {
        if (/\/imagery\/[^/]+\/ndvi\.png/.test(response.url())) imageAt ??= performance.now();
      });
      await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, async (route) => {
        mapAskedAt ??= performance.now();
        await mapHeld;
        await route.continue();
      });
      await demo.signIn(page, { selectedFieldId: field.id });
      await page.goto('/crop-health');
      await waitForApp(page);

      const picture = page.locator('[data-testid="field-picture"]:not([data-image-scene=""])');
      await picture.waitFor({ timeout: 30_000 });
      const shown = await picture.getAttribute('data-image-scene');
      const list = (await callApi(demo.server, token, 'GET', `/api/fields/${field.id}/imagery?index=ndvi`)).body.data as {
        scenes: { sceneId: string; usable: boolean }[];
      };
      expect(shown).toBe(list.scenes.filter((scene) => scene.usable).at(-1)!.sceneId);
      expect(await page.getByRole('img', { name: 'Picture of NDVI over Centre pivot' }).count()).toBe(1);
      // The index colours inside the field, not the plain background.
      const pixels = await fieldPixels(page, 'field-picture');
      expect(pixels.filter((pixel) => distance(pixel, PLAIN_BACKGROUND) > 40).length, JSON.stringify(pixels)).toBeGreaterThan(
        pixels.length * 0.8,
      );
      await page.screenshot({ path: path.join(shots, `crop-health-picture-${name}.png`), fullPage: true });
      // The map's code was asked for only once the image had come.
      expect(imageAt).not.toBeNull();
      if (mapAskedAt !== null) expect(mapAskedAt).toBeGreaterThanOrEqual(imageAt!);

      releaseMap();
      expect(await overlayDrawn(page)).toBe(shown);
      // The map now shows the scene; the picture has made way for it.
      expect(await page.getByTestId('field-picture').count()).toBe(0);
      await context.close();
    });
  }
});
