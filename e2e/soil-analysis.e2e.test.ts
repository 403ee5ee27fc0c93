import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

/** Where the screenshots go for a person to look at; CI may point it elsewhere. */
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-soil-analysis-shots');

interface SoilTestRecord {
  id: string;
  sampleDate: string;
  nitrogen: number | null;
  phosphorus: number | null;
  potassium: number | null;
  unit: string;
  ph: number | null;
  organicMatter: number | null;
  ec: number | null;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

let demo: DemoServer;
let browser: Browser;
let field: { id: string; name: string };
let latest: SoilTestRecord;
let tests: SoilTestRecord[];
let untested: { id: string; name: string };
beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  const token = await demo.token();
  const fields = (await callApi(demo.server, token, 'GET', '/api/fields')).body.data as { id: string; name: string }[];
  field = fields.find((candidate) => candidate.name === 'Chongwe maize')!;
  // A newer test beside the demo's one: the gauges must show this one, and the history both.
  const created = await callApi(demo.server, token, 'POST', '/api/soil-tests', {
    fieldId: field.id,
    nitrogen: 18,
    phosphorus: 16.5,
    potassium: 130,
    unit: 'ppm',
    ph: 5.8,
    organicMatter: 2.3,
    ec: 0.4,
    sampleDate: isoDay(new Date(Date.now() - 3 * 86_400_000)),
    depthCm: 20,
    lab: 'Chongwe soil lab',
  });
  expect(created.status).toBe(201);
  tests = (await callApi(demo.server, token, 'GET', `/api/soil-tests?fieldId=${field.id}`)).body.data as SoilTestRecord[];
  latest = tests[0]!;
  // A new field of the demo farm, not yet tested.
  const farms = (await callApi(demo.server, token, 'GET', '/api/farms')).body.data as { id: string }[];
  const [lng, lat, side] = [28.69, -15.335, 0.001];
  const square = [
    [lng, lat],
    [lng + side, lat],
    [lng + side, lat + side],
    [lng, lat + side],
    [lng, lat],
  ];
  const made = await callApi(demo.server, token, 'POST', '/api/fields', {
    name: 'New ground',
    farmId: farms[0]!.id,
    boundary: { type: 'Polygon', coordinates: [square] },
    cropType: 'maize-grain',
  });
  expect(made.status).toBe(201);
  untested = made.body.data as { id: string; name: string };
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

describe.skipIf(onPostgres)('Soil Analysis', () => {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`shows the field's latest soil test as gauges in the guide bands, its history and what it means for maize (${name})`, async () => {
      expect(tests).toHaveLength(2);
      expect(latest.nitrogen).toBe(18);
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page, { selectedFieldId: field.id });
      await page.goto('/soil-analysis');
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: 'Soil Analysis' }).waitFor();
      await page.getByRole('heading', { level: 2, name: /^Latest soil test, / }).waitFor();

      // Each gauge holds the latest test's value, its unit and core's rating, placed in its band.
      const expected = [
        { reading: 'nitrogen', name: 'Nitrogen (N)', value: latest.nitrogen, text: '18 ppm', level: 'Low', band: 'below 20 ppm' },
        { reading: 'phosphorus', name: 'Phosphorus (P)', value: latest.phosphorus, text: '16.5 ppm', level: 'Medium', band: '15–30 ppm' },
        { reading: 'potassium', name: 'Potassium (K)', value: latest.potassium, text: '130 ppm', level: 'Medium', band: '100–200 ppm' },
        { reading: 'ph', name: 'pH', value: latest.ph, text: '5.8', level: 'Acidic', band: 'below 6' },
      ];
      for (const gauge of expected) {
        const card = page.getByTestId(`soil-gauge-${gauge.reading}`);
        expect(await card.getByTestId('soil-gauge-value').innerText()).toBe(gauge.text);
        const meter = card.getByRole('meter', { name: gauge.name });
        expect(Number(await meter.getAttribute('aria-valuenow'))).toBe(gauge.value);
        expect(await meter.getAttribute('aria-valuetext')).toMatch(
          new RegExp(`^${gauge.text}, ${gauge.level} \\(${gauge.band}\\) on the soil test of `),
        );
        expect(await card.innerText()).toContain(gauge.level);
      }
      // The mark sits where the value lies on the bar: 18 ppm N is 30 % along a 0–60 ppm bar, left of the 20 ppm edge.
      const bar = (await page.getByTestId('soil-gauge-nitrogen').getByRole('meter').boundingBox())!;
      const mark = (await page.getByTestId('soil-gauge-nitrogen').getByTestId('soil-gauge-mark').boundingBox())!;
      expect((mark.x + mark.width / 2 - bar.x) / bar.width).toBeCloseTo(18 / 60, 1);
      expect(await page.getByTestId('soil-gauge-organicMatter').getByTestId('soil-gauge-value').innerText()).toBe('2.3 %');
      expect(await page.getByTestId('soil-gauge-ec').getByTestId('soil-gauge-value').innerText()).toBe('0.4 dS/m');
      expect(await page.getByText(/lab: Chongwe soil lab/).count()).toBe(1);

      // What it means for maize, one sentence per rated reading.
      expect(
        await page
          .getByText('Soil nitrogen is low: the maize will need its full N rate, part at planting and a top-dress at V6–V8.')
          .count(),
      ).toBe(1);
      expect(await page.getByText(/^The soil is acidic \(pH below 6\): lime first/).count()).toBe(1);

      // A way to log a newer test for this field.
      const log = page.getByRole('link', { name: 'Log a new soil test' });
      expect(await log.getAttribute('href')).toBe(`/soil-tests/log?fieldId=${field.id}`);

      // The history of N through both tests, with its summary in words.
      await page.waitForSelector('[data-testid="time-series-chart"][data-chart="ready"]', { timeout: 20_000 });
      expect(
        await page
          .getByText(/^Nitrogen \(N\), 2 readings from .+: latest 18 ppm on .+, lowest 12 ppm on .+, highest 18 ppm on .+\.$/)
          .count(),
      ).toBe(1);
      await page.getByRole('radio', { name: 'pH', exact: true }).check();
      expect(await page.getByText(/^pH, 2 readings from .+: latest 5\.8 on .+, lowest 5\.2 on .+/).count()).toBe(1);
      await page.getByRole('radio', { name: 'Nitrogen (N)' }).check();
      await page.waitForSelector('[data-testid="time-series-chart"][data-chart="ready"]');
      await page.screenshot({ path: path.join(shots, `soil-analysis-${name}.png`), fullPage: true });

      expect(await seriousA11yViolations(page)).toEqual([]);

      // The log link opens the soil test form for this field.
      await log.click();
      await page.getByRole('heading', { level: 1, name: 'Log a soil test' }).waitFor();
      expect(new URL(page.url()).searchParams.get('fieldId')).toBe(field.id);
      await context.close();
    });
  }

  it('invites the first soil test of a field that has none (phone)', async () => {
    const { context, page } = await newPage(browser, demo.server.url, phone);
    await demo.signIn(page, { selectedFieldId: untested.id });
    await page.goto('/soil-analysis');
    await waitForApp(page);
    await page.getByText('No soil test for New ground yet').waitFor();
    expect(await page.getByRole('meter').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Log a soil test' }).getAttribute('href')).toBe(`/soil-tests/log?fieldId=${untested.id}`);
    await page.screenshot({ path: path.join(shots, 'soil-analysis-phone-no-test.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
