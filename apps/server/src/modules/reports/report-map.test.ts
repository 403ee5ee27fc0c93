import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { writeDemoCatalog } from '@murimi/earth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import healthResult from '../../../../../packages/core/src/analysis-results/fixtures/health-result.json';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import type { FieldScene } from '../imagery/imagery.service.ts';

// The field report's map on demo imagery: the NDVI pixels of the season's latest clear image, read through the same
// STAC and COG path as the map screen, drawn under the outline with a legend.
const today = isoDay(new Date());
const plantingDate = addDays(today, -70);
const triangle = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [31.048, -17.832],
      [31.052, -17.832],
      [31.05, -17.828],
      [31.048, -17.832],
    ],
  ],
};
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-report-shots');

let folder: string;
let t: TestApp;
let farmer: TestAccount;
let fieldId: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'murimi-report-map-'));
  const catalog = path.join(folder, 'catalog');
  await writeDemoCatalog({
    fields: [{ id: 'kopje', name: 'Kopje Block', crop: 'maize', plantingDate, boundary: triangle as FieldBoundary }],
    from: addDays(today, -90),
    to: today,
    directory: catalog,
  });
  t = await startTestApp({ work: true, env: { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog } });
  farmer = await registerAccount(t.app);
  const farm = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Kopje Farm' } })).json().data.id;
  const created = await as(farmer, t.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: 'Kopje Block', farmId: farm, boundary: triangle, cropType: 'maize-grain', plantingDate },
  });
  fieldId = created.json().data.id;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

it("draws the latest clear image's NDVI under the field's outline, with a legend that reads in black and white", async () => {
  const list = await as(farmer, t.app, { method: 'GET', url: `/api/fields/${fieldId}/imagery?index=ndvi` });
  const scenes: FieldScene[] = list.json().data.scenes;
  const clear = scenes.filter((scene) => scene.usable);
  expect(clear.length).toBeGreaterThan(1);
  const history = scenes.map((scene) => ({
    date: scene.date,
    sceneId: scene.sceneId,
    usable: scene.usable,
    reason: scene.reason,
    ndvi: scene.mean,
  }));
  await t.ctx.database.db
    .insertInto('analyses')
    .values({
      id: randomUUID(),
      orgId: farmer.orgId,
      fieldId,
      type: 'health',
      status: 'completed',
      requestedAt: new Date(),
      startedAt: new Date(),
      finishedAt: new Date(),
      analysisDate: today,
      summary: 'The crop is growing well.',
      simulated: true,
      inputs: JSON.stringify({ options: {} }),
      result: JSON.stringify({ ...healthResult, history }),
    })
    .execute();

  const id = (await as(farmer, t.app, { method: 'POST', url: '/api/reports/generate', payload: { kind: 'field', fieldId } })).json().data
    .id;
  let report: { status: string; simulated: boolean } = { status: 'queued', simulated: false };
  for (let waited = 0; waited < 30_000 && !['done', 'failed'].includes(report.status); waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    report = (await as(farmer, t.app, { method: 'GET', url: `/api/reports/${id}` })).json().data;
  }
  expect(report).toMatchObject({ status: 'done', simulated: true });
  const pdf = (await as(farmer, t.app, { method: 'GET', url: `/api/reports/${id}/download` })).rawPayload;
  const file = path.join(folder, 'map.pdf');
  writeFileSync(file, pdf);

  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  const latest = clear.at(-1)!.date;
  const [year, month, day] = latest.split('-').map(Number);
  const shown = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  expect(text).toContain(`NDVI on ${shown} (simulated)`);
  expect(text).toContain('0.9 and above, dense green crop');
  expect(text).toContain('cloud or shadow: no reading');
  expect(text).toMatch(/Dark is low, light is high, also on a black-and- ?white copy\./);
  expect(text).not.toContain('could not be drawn');

  // One raster in the file (with its transparency mask): the field's window, a few dozen 10 m pixels across.
  const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  const images = rows.map((row) => row.trim().split(/\s+/)).filter(([, , type]) => type === 'image');
  expect(images).toHaveLength(1);
  const [width, height] = images[0]!.slice(3, 5).map(Number);
  expect(width).toBeGreaterThan(20);
  expect(height).toBeGreaterThan(20);
  mkdirSync(shots, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '90', '-f', '1', '-l', '1', file, path.join(shots, 'field-report-map')]);
}, 60_000);
