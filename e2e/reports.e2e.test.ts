import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

/** Where the screenshots go for a person to look at; CI may point it elsewhere. */
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-reports-shots');

interface PastAnalysis {
  id: string;
  type: string;
  status: string;
  summary: string | null;
  simulated: boolean;
}

/** The names of the files in a zip, read from its central directory (APPNOTE 4.3.12 and 4.3.16). */
function zipEntryNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a zip: no end of central directory record.');
  const entries = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`Central directory entry ${i} is damaged.`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

let demo: DemoServer;
let browser: Browser;
let field: { id: string; name: string; farmId: string };
let farmFields: { id: string; name: string }[];
let history: PastAnalysis[];
beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  const token = await demo.token();
  const fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as { id: string; name: string; farmId: string }[];
  field = fields.find((candidate) => candidate.name === 'Centre pivot')!;
  farmFields = fields.filter((candidate) => candidate.farmId === field.farmId);
  history = (await callApi(demo.server, token, 'GET', `/api/analysis/${field.id}/history?limit=100`)).body.data as PastAnalysis[];
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

describe.skipIf(onPostgres)('Reports & Analytics', () => {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`lists the field's past analyses, opens one, and downloads a prescription that opens (${name})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: field.id });
      await page.goto('/reports');
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: 'Reports & Analytics' }).waitFor();

      // Every past analysis of the field, each with its status and the simulated mark of the demo.
      expect(history.length).toBeGreaterThanOrEqual(4);
      const items = page.getByTestId('analysis-history').locator('li');
      await items.first().waitFor();
      expect(await items.count()).toBe(history.length);
      expect(await page.getByText(`${history.length} analyses`).count()).toBe(1);
      const list = await page.getByTestId('analysis-history').innerText();
      for (const type of ['Crop health', 'Yield estimate', 'Irrigation advice', 'Fertilizer advice']) expect(list).toContain(type);
      expect(list).toContain('Completed');
      expect(await page.getByTestId('analysis-history').getByText('Simulated', { exact: true }).count()).toBe(
        history.filter((a) => a.simulated).length,
      );

      await page.screenshot({ path: path.join(shots, `reports-history-${name}.png`), fullPage: true });

      // Narrowed to yield estimates, the newest opens with its sentence and its range in t/ha.
      await page.getByLabel('Analysis', { exact: true }).selectOption({ label: 'Yield estimate' });
      const yields = history.filter((analysis) => analysis.type === 'yield');
      await page.getByText(`${yields.length} analys`).waitFor();
      expect(await items.count()).toBe(yields.length);
      await items
        .first()
        .getByRole('button', { name: /^Open the yield estimate of / })
        .click();
      const detail = page.getByTestId('analysis-detail');
      await detail.getByText('Yield range').waitFor();
      const detailText = await detail.innerText();
      expect(detailText).toContain(yields[0]!.summary!);
      expect(detailText).toMatch(/[\d.]+–[\d.]+ t\/ha/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `reports-detail-${name}.png`), fullPage: true });

      // The season so far.
      await page.getByRole('button', { name: 'Season summary' }).click();
      await page.getByTestId('season-yield').waitFor();
      expect(await page.getByTestId('season-yield').innerText()).toMatch(/^[\d.]+–[\d.]+ t\/ha$/);
      const season = await page.getByRole('region', { name: /^Water, / }).innerText();
      expect(season).toMatch(/Irrigation applied\s+[\d.]+ mm/);
      expect(season).toMatch(/Days short of water\s+\d+ days/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `reports-season-${name}.png`), fullPage: true });

      // The harvest as weighed, recorded on the season view, shows beside the estimate at the standard moisture.
      const weighed = name === 'phone' ? '6.4' : '7.2';
      const record = page.getByRole('region', { name: 'Record the harvest' });
      expect(await record.getByLabel('Grain moisture (%)').inputValue()).toBe('12.5');
      await record.getByLabel('Harvest (t/ha)').fill(weighed);
      await record.getByRole('button', { name: 'Save harvest' }).click();
      await page.getByText('Harvest saved.').waitFor();
      const yieldPanel = page.getByRole('region', { name: 'Yield range' });
      await yieldPanel.getByText(`Weighed: ${weighed} t/ha at 12.5 % moisture`, { exact: false }).waitFor();
      expect(await yieldPanel.getByTestId('season-harvest').innerText()).toMatch(
        new RegExp(`^Weighed: ${weighed.replace('.', '\\.')} t/ha at 12\\.5 % moisture, (below|within|above) the range \\(harvest of `),
      );
      expect(await yieldPanel.getByTestId('season-yield').innerText()).toMatch(/^[\d.]+–[\d.]+ t\/ha$/);
      expect(await record.getByTestId('harvest-list').innerText()).toContain(`${weighed} t/ha at 12.5 % moisture, harvested `);

      // Management zones: a rate per zone, checked before the server is asked, then the Shapefile.
      await page.getByRole('button', { name: 'Management zones' }).click();
      const legend = page.getByTestId('zone-legend');
      await legend.waitFor({ timeout: 90_000 });
      await page.waitForSelector('[data-testid="zones-map"][data-state="ready"][data-idle="true"]', { timeout: 30_000 });
      const rates = [120, 150, 180];
      await page.getByLabel('Zone 1 rate (kg/ha)').fill('-5');
      await page.getByRole('button', { name: 'Download Shapefile (.zip)' }).click();
      await page.getByText('A rate cannot be negative.').waitFor();
      for (const [i, rate] of rates.entries()) await page.getByLabel(`Zone ${i + 1} rate (kg/ha)`).fill(String(rate));
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Download Shapefile (.zip)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      const saved = path.join(mkdtempSync(path.join(tmpdir(), 'murimi-prescription-')), download.suggestedFilename());
      await download.saveAs(saved);
      const names = zipEntryNames(readFileSync(saved));
      for (const extension of ['.shp', '.shx', '.dbf', '.prj'])
        expect(
          names.some((entry) => entry.endsWith(extension)),
          names.join(', '),
        ).toBe(true);
      await page.getByText(/^Downloaded .+\.zip\.$/).waitFor();

      // The GeoJSON carries the rates typed for each zone.
      const [geojsonDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download GeoJSON' }).click(),
      ]);
      const geojsonPath = `${saved}.geojson`;
      await geojsonDownload.saveAs(geojsonPath);
      const collection = JSON.parse(readFileSync(geojsonPath, 'utf8')) as { features: { properties: { zone: number; rate: number } }[] };
      expect(collection.features.length).toBeGreaterThanOrEqual(3);
      for (const feature of collection.features) expect(feature.properties.rate).toBe(rates[feature.properties.zone - 1]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `reports-zones-${name}.png`), fullPage: true });

      // The farm's fields side by side.
      await page.getByRole('button', { name: 'Compare fields' }).click();
      const table = page.getByTestId('field-comparison');
      await table.waitFor();
      expect(await table.locator('tbody tr').count()).toBe(farmFields.length);
      await page.waitForFunction(() => !document.querySelector('[data-testid="field-comparison"]')?.textContent?.includes('…'), undefined, {
        timeout: 30_000,
      });
      expect(await table.locator('tbody tr', { hasText: field.name }).innerText()).toMatch(/[\d.]+ t\/ha/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `reports-compare-${name}.png`), fullPage: true });

      // The same screen under its spec name.
      await page.goto('/analysis');
      await page.getByRole('heading', { level: 1, name: 'Crop Analysis' }).waitFor();
      await context.close();
    });
  }
});
