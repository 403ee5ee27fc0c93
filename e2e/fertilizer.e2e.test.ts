import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FertilizerAdviceResult } from '@murimi/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

/** Where the screenshots go for a person to look at; CI may point it elsewhere. */
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-fertilizer-shots');

interface DemoField {
  id: string;
  name: string;
  size_hectares: number;
}
interface SoilTestRecord {
  sampleDate: string;
  nitrogen: number | null;
  phosphorus: number | null;
  potassium: number | null;
}

let demo: DemoServer;
let browser: Browser;
let token: string;
/**
 * A demo field whose newest fertilizer advice has products and bags, with that advice: one that says to apply now when
 * the demo has it, else one held back (the demo's weather is simulated for today's date, and in the rains its forecast
 * can hold every field's fertilizer for heavy rain, which is then the advice to show).
 */
let field: DemoField;
let advice: FertilizerAdviceResult;
/** The advice's event the test reads: apply now, or held with its reasons. */
let event: FertilizerAdviceResult['events'][number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function latestFertilizerAdvice(fieldId: string): Promise<FertilizerAdviceResult | null> {
  const latest = (await callApi(demo.server, token, 'GET', `/api/analysis/${fieldId}/latest-summaries`)).body.data as {
    fertilizer: { id: string } | null;
  };
  if (!latest.fertilizer) return null;
  const detail = (await callApi(demo.server, token, 'GET', `/api/analysis/${fieldId}/fertilizer/${latest.fertilizer.id}`)).body.data as {
    result: FertilizerAdviceResult | { status: 'needs-field-details' };
  };
  return detail.result.status === 'needs-field-details' ? null : (detail.result as FertilizerAdviceResult);
}

beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  token = await demo.token();
  const fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as DemoField[];
  const planned: { candidate: DemoField; result: FertilizerAdviceResult; planned: FertilizerAdviceResult['events'][number] }[] = [];
  for (const candidate of fields) {
    const result = await latestFertilizerAdvice(candidate.id);
    for (const plannedEvent of result?.events ?? []) {
      if ((plannedEvent.plan?.lines.length ?? 0) > 0 && plannedEvent.action !== 'wait')
        planned.push({ candidate, result: result!, planned: plannedEvent });
    }
  }
  const chosen = planned.find((entry) => entry.planned.action === 'apply-now') ?? planned.find((entry) => entry.planned.action === 'hold');
  if (chosen) ({ candidate: field, result: advice, planned: event } = chosen);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

describe.skipIf(onPostgres)('Fertilizer Management', () => {
  it('has a demo field whose advice is worked out in products and bags, to apply now or held back with its reasons', () => {
    expect(field, 'no demo field has fertilizer advice in products and bags').toBeDefined();
    if (event.action === 'hold') expect(event.suppressions.length).toBeGreaterThan(0);
  });

  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`shows the advice with its reasons and bag count, and logs the application from it when it says to apply now (${name})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: field.id });
      await page.goto('/fertilizer');
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: 'Fertilizer Management' }).waitFor();

      // The advice, from the newest analysis, labelled simulated (the demo's imagery and weather).
      const region = page.getByRole('region', { name: `Fertilizer advice for ${field.name}` });
      const line = event.plan!.lines[0]!;
      await region.getByText(`${line.product.name} (`).first().waitFor();
      const adviceText = await region.innerText();
      expect(adviceText).toContain('Simulated');
      expect(adviceText).toMatch(/Still needed this season/);
      expect(adviceText).toContain(`N (nitrogen)\n${String(advice.stillNeeded.nitrogenKgPerHa)} kg/ha`);
      expect(adviceText).toContain(event.action === 'apply-now' ? 'Apply now' : 'Held back');
      // The bags the engine worked out for the field's area: rate × area ÷ 50 kg, rounded up.
      expect(Math.ceil((line.rateKgPerHa * field.size_hectares) / 50 - 1e-9)).toBe(line.quantity.bagsToBuy);
      expect(adviceText).toMatch(new RegExp(`= ${line.quantity.bagsToBuy} bags of 50 kg`));

      // The reasons: the soil test against the thresholds, removal for the target yield, what was applied, NDRE.
      const reasons = page.getByRole('region', { name: 'Why this advice' });
      const soil = (await callApi(demo.server, token, 'GET', `/api/soil-tests?fieldId=${field.id}`)).body.data as SoilTestRecord[];
      const test = soil.find((candidate) => candidate.sampleDate === advice.soilTest?.sampleDate);
      expect(test).toBeDefined();
      await reasons.getByText(`${test!.phosphorus} ppm`, { exact: true }).waitFor();
      const reasonsText = await reasons.innerText();
      expect(reasonsText).toContain('Soil test against the guide thresholds');
      expect(reasonsText).toMatch(/Phosphorus \(P\)\s+\d+ ppm\s+(Low|Medium|High)\s+low below 15 ppm, high above 30 ppm/);
      expect(reasonsText).toMatch(/Removed by the target yield\s+[\d.]+ kg\/ha/);
      expect(reasonsText).toMatch(/Already applied this season\s+− [\d.]+ kg\/ha/);
      expect(reasonsText).toMatch(/Target yield: [\d.]+ t\/ha/);
      expect(reasonsText).toContain('Nitrogen from the satellite image (NDRE)');

      // The bag calculator starts from the advice's product and rate.
      const calculator = page.getByRole('region', { name: 'Bag calculator' });
      expect(await calculator.getByLabel('Rate (kg of product per ha)').inputValue()).toBe(String(line.rateKgPerHa));
      expect(await calculator.getByTestId('bag-calculation').innerText()).toContain(`${line.quantity.bagsToBuy} bags of 50 kg`);
      await page.screenshot({ path: path.join(shots, `fertilizer-${name}.png`), fullPage: true });

      if (event.action === 'hold') {
        // Held back: each rule holding it says why, and the advice offers nothing to log until it may go on.
        for (const suppression of event.suppressions) await region.getByText(suppression.reason, { exact: false }).first().waitFor();
        const heldEvent = region.locator(`[data-event-kind="${event.kind}"][data-action="hold"]`);
        expect(await heldEvent.getByRole('button', { name: /^Log this/ }).count()).toBe(0);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await context.close();
        return;
      }

      // Log this application: the form opens filled in from the advice and a save adds a row to the list.
      const rows = page.getByRole('button', { name: new RegExp(`^Delete ${escape(line.product.name)} application of `) });
      const before = await rows.count();
      await region
        .getByRole('button', { name: /^Log this/ })
        .first()
        .click();
      const form = page.getByRole('region', { name: 'Log an application' });
      await form.getByText('Filled in from the advice').waitFor();
      expect(await form.getByLabel('Product name').inputValue()).toBe(line.product.name);
      expect(await form.getByLabel('Rate (kg/ha)').inputValue()).toBe(String(line.rateKgPerHa));
      expect(await form.getByLabel('N %').inputValue()).toBe(String(line.product.nitrogenPct));
      await page.screenshot({ path: path.join(shots, `fertilizer-${name}-log-from-advice.png`), fullPage: true });
      await form.getByRole('button', { name: 'Save application' }).click();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(before + 1);
      // The advice now says it predates the new application.
      await region.getByText('An application was logged after this advice was worked out').waitFor();

      // axe-core (WCAG 2.1 A and AA rules) on the whole screen.
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, `fertilizer-${name}-logged.png`), fullPage: true });

      // The logged application is this field's, with the advice's product and rate.
      const applications = (await callApi(demo.server, token, 'GET', `/api/fertilizer-applications?fieldId=${field.id}`)).body.data as {
        product: string;
        rateKgPerHa: number;
      }[];
      expect(applications.filter((a) => a.product === line.product.name && a.rateKgPerHa === line.rateKgPerHa).length).toBeGreaterThan(0);
      await context.close();
    });
  }
});
