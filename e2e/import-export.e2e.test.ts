import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';

const fixtures = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/boundaries');

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('importing and exporting field boundaries', () => {
  for (const device of [desktop, phone]) {
    it(`imports a UTM Shapefile written by GDAL after review, then downloads the fields as KML (${device.viewport.width}px)`, async () => {
      const { context, page } = await newPage(browser, server.url, device);
      const token = await signUpThroughApi(page, server.url, `import.${device.viewport.width}.${Date.now()}@example.org`);
      await callApi(server, token, 'POST', '/api/farms', { name: 'Mazowe Estate' });

      await page.goto('/fields');
      await waitForApp(page);
      await page.getByRole('link', { name: 'Import fields' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Import fields' }).waitFor();
      await page.getByLabel('Crop for all imported fields').selectOption({ label: 'Maize (grain)' });
      await page.getByLabel('Boundary file').setInputFiles(path.join(fixtures, 'fields-utm36s.zip'));

      // The review table: two fields ready, the small garden and the bow tie listed with their reasons, nothing saved yet.
      await page.getByText(/fields-utm36s\.zip \(Shapefile\) holds 4 shapes: 2 ready to save, 2 skipped\./).waitFor();
      await page.getByText('Coordinates were converted from WGS_1984_UTM_Zone_36S').waitFor();
      const rows = page.getByTestId('import-row');
      expect(await rows.count()).toBe(4);
      const table = await page.getByRole('table').innerText();
      expect(table).toMatch(/0\.3\d? ha[\s\S]*Skipped[\s\S]*minimum field size is 0\.5 ha/);
      expect(table).toMatch(/Skipped[\s\S]*cross/i);
      expect((await callApi(server, token, 'GET', '/api/fields')).body.data).toEqual([]);

      await page.getByRole('textbox', { name: 'Name of shape 1' }).fill('Mhofu Block North');
      await page.getByRole('button', { name: 'Save 2 fields' }).click();
      await page.waitForURL('**/map');
      await page.getByText('2 fields were imported.').waitFor();

      const saved = (await callApi(server, token, 'GET', '/api/fields')).body.data as {
        name: string;
        size_hectares: number;
        cropType: string;
      }[];
      expect(saved.map((field) => field.name).sort()).toEqual(['Dam Field', 'Mhofu Block North']);
      expect(saved.every((field) => field.cropType === 'maize-grain')).toBe(true);
      // Areas as GDAL/SpatiaLite measure the source polygons (ellipsoidal): 6.5889 ha and 11.2292 ha.
      const byName = Object.fromEntries(saved.map((field) => [field.name, field.size_hectares]));
      expect(byName['Mhofu Block North']).toBeCloseTo(6.5889, 3);
      expect(byName['Dam Field']).toBeCloseTo(11.2292, 3);

      await page.goto('/fields');
      await waitForApp(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'KML (Google Earth)' }).click(),
      ]);
      const kml = readFileSync((await download.path())!, 'utf8');
      expect(download.suggestedFilename()).toMatch(/\.kml$/);
      expect(kml).toContain('<name>Mhofu Block North</name>');
      expect(kml).toContain('<name>Dam Field</name>');
      await context.close();
    });
  }

  it('tells the farmer which datum shift brought an Arc 1950 Shapefile onto WGS 84', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    const token = await signUpThroughApi(page, server.url, `import.arc.${Date.now()}@example.org`);
    await callApi(server, token, 'POST', '/api/farms', { name: 'Old Survey Farm' });
    await page.goto('/fields/import');
    await waitForApp(page);
    await page.getByLabel('Boundary file').setInputFiles(path.join(fixtures, 'fields-arc1950.zip'));
    await page.getByText(/Converted from the Arc 1950 datum to WGS 84 with EPSG:6906 \(Zimbabwe\), accurate to about 17 m/).waitFor();
    expect(await page.getByTestId('import-row').count()).toBe(4);
    await context.close();
  });

  it('says clearly when a file cannot be read, and saves nothing', async () => {
    const { context, page } = await newPage(browser, server.url, desktop);
    const token = await signUpThroughApi(page, server.url, `import.bad.${Date.now()}@example.org`);
    await callApi(server, token, 'POST', '/api/farms', { name: 'Mazowe Estate' });
    await page.goto('/fields/import');
    await waitForApp(page);
    await page.getByLabel('Boundary file').setInputFiles({ name: 'notes.kml', mimeType: 'text/plain', buffer: Buffer.from('maize 3 ha') });
    await page.getByText(/This file could not be read as KML/).waitFor();
    expect(await page.getByTestId('import-row').count()).toBe(0);
    expect((await callApi(server, token, 'GET', '/api/fields')).body.data).toEqual([]);
    await context.close();
  });
});
