import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IrrigationAdviceResult } from '@murimi/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

/** Where the screenshots go for a person to look at; CI may point it elsewhere. */
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-irrigation-shots');

let browser: Browser;
beforeAll(async () => {
  if (onPostgres) return;
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

interface Latest {
  id: string;
  summary: string;
  result: IrrigationAdviceResult;
}

async function latestIrrigation(demo: DemoServer, token: string, fieldId: string): Promise<Latest | null> {
  const summaries = (await callApi(demo.server, token, 'GET', `/api/analysis/${fieldId}/latest-summaries`)).body.data as {
    irrigation: { id: string; summary: string } | null;
  };
  if (!summaries.irrigation) return null;
  const detail = (await callApi(demo.server, token, 'GET', `/api/analysis/${fieldId}/irrigation/${summaries.irrigation.id}`)).body.data as {
    result: IrrigationAdviceResult;
  };
  return { id: summaries.irrigation.id, summary: summaries.irrigation.summary, result: detail.result };
}

const depletionDrawn = async (page: Page) =>
  JSON.parse((await page.getByTestId('depletion-chart').getAttribute('data-depletion'))!) as (number | null)[];

describe.skipIf(onPostgres)('Irrigation & Weather', () => {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`shows the pivot's weather and water advice, logs the advised irrigation and the advice takes it in (${name})`, async () => {
      // A demo of its own: the irrigation logged here must not change the other size's starting advice.
      const demo = await startDemoServer();
      try {
        const token = await demo.token();
        const fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
        const field = fields.find((candidate) => candidate.name === 'Centre pivot')!;
        const before = (await latestIrrigation(demo, token, field.id))!;
        expect(before.result.advice.kind).toBe('irrigation-schedule');

        const { context, page } = await newPage(browser, demo.server.url, device);
        await demo.signIn(page, { selectedFieldId: field.id });
        await page.goto('/irrigation');
        await waitForApp(page);
        await page.getByRole('heading', { level: 1, name: 'Irrigation & Weather' }).waitFor();

        // The advice's own sentence, its inputs behind "Why", the chart, the weather now and the week's forecast.
        const recommendation = page.getByTestId('water-recommendation');
        expect((await recommendation.innerText()).trim()).toBe(before.summary);
        await page.getByText('Why', { exact: true }).click();
        const advice = await page.getByRole('region', { name: 'Water advice' }).innerText();
        expect(advice).toMatch(/Readily available water \(RAW\)[^\n]*\n?[^\n]*\d+(\.\d)? mm/);
        expect(advice).toMatch(/Total available water \(TAW\)/);
        expect(await page.getByText('Simulated weather').count()).toBeGreaterThan(0);
        const forecastRows = page.getByRole('table', { name: /next 7 days/ }).locator('tbody tr');
        expect(await forecastRows.count()).toBe(7);
        expect(await forecastRows.first().innerText()).toMatch(/Rain [\d.]+ mm[\s\S]*ET₀ [\d.]+ mm[\s\S]*-?\d+ \/ -?\d+ °C/);
        await page.getByRole('region', { name: 'Now at the field' }).getByText(/°C/).first().waitFor();
        const drawnBefore = await depletionDrawn(page);
        expect(drawnBefore.length).toBeGreaterThan(7);
        await page.locator('[data-testid="depletion-chart"] canvas').first().waitFor();
        await page.screenshot({ path: path.join(shots, `irrigation-${name}.png`), fullPage: true });
        expect(await seriousA11yViolations(page)).toEqual([]);

        // The log form starts at today and the advised depth.
        const depth = page.getByLabel('Depth applied (mm)');
        const advised = before.result.advice.kind === 'irrigation-schedule' ? before.result.advice.depthMm : null;
        if (advised !== null) expect(Number(await depth.inputValue())).toBeCloseTo(advised, 1);
        else await depth.fill('30');
        const applied = Number(await depth.inputValue());
        await page.getByLabel('Method').selectOption('pivot');
        await page.getByRole('button', { name: 'Save irrigation' }).click();
        await page
          .getByTestId('water-log-list')
          .getByText(/irrigation [\d.]+ mm \(Centre pivot\)/)
          .waitFor();
        const events = (await callApi(demo.server, token, 'GET', `/api/irrigation-events?fieldId=${field.id}`)).body.data as {
          depthMm: number;
          method: string;
        }[];
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ depthMm: applied, method: 'pivot' });

        // "Check again" works the advice out again with the irrigation counted: the chart and the sentence change.
        const prompt = page.getByRole('status').filter({ hasText: 'Check the advice again' });
        await prompt.getByRole('button', { name: 'Check again' }).click();
        await expect.poll(async () => (await latestIrrigation(demo, token, field.id))?.id, { timeout: 60_000 }).not.toBe(before.id);
        const after = (await latestIrrigation(demo, token, field.id))!;
        expect(after.result.advice.projection.some((day) => day.irrigationMm > 0)).toBe(true);
        await expect
          .poll(async () => JSON.stringify(await depletionDrawn(page)), { timeout: 30_000 })
          .not.toBe(JSON.stringify(drawnBefore));
        await expect.poll(async () => (await recommendation.innerText()).trim(), { timeout: 30_000 }).toBe(after.summary);
        expect(after.summary).not.toBe(before.summary);
        await page.screenshot({ path: path.join(shots, `irrigation-${name}-after-log.png`), fullPage: true });
        expect(await seriousA11yViolations(page)).toEqual([]);

        // A rain-fed field gets the water-stress view: how short of water the crop is and no schedule; water can still
        // be logged either way (buckets count too).
        const rainFed = fields.find((candidate) => candidate.id !== field.id && !(candidate as { irrigated?: boolean }).irrigated);
        if (rainFed) {
          await page.getByRole('main').getByLabel('Field', { exact: true }).selectOption(rainFed.id);
          const stress = await latestIrrigation(demo, token, rainFed.id);
          if (stress) {
            expect(stress.result.advice.kind).toBe('water-stress-report');
            await expect.poll(async () => (await recommendation.innerText()).trim(), { timeout: 30_000 }).toBe(stress.summary);
            await page.getByText('This field is rain-fed', { exact: false }).waitFor();
          }
          await page.getByRole('button', { name: 'Save irrigation' }).waitFor();
          await page.getByRole('button', { name: 'Save rain reading' }).waitFor();
          await page.screenshot({ path: path.join(shots, `irrigation-${name}-rain-fed.png`), fullPage: true });
          expect(await seriousA11yViolations(page)).toEqual([]);
        }

        // /weather is the same screen.
        await page.goto('/weather');
        await page.getByRole('heading', { level: 1, name: 'Irrigation & Weather' }).waitFor();
        await context.close();
      } finally {
        await demo.server.stop();
      }
    }, 180_000);
  }
});
