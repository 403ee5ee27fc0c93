import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isoDay, seasonWindow, type FieldBoundary } from '@murimi/core';
import { createLocalStacHandler, SceneSearchCache, simulatedSentinel2, writeDemoCatalog } from '@murimi/earth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squareBoundary } from '../../../test/harness.ts';
import { runHealthAnalysis } from './health-analysis.ts';

// The health analysis on a field with a season's imagery and the same field a year before.
const DAY_MS = 86_400_000;
// A fixed day: the simulated scenes' clouds are seeded by date, and which image is the latest clear one (so which weeks
// of last season are compared, and searched) must not change with the day the tests run.
const today = new Date('2026-11-27T12:00:00Z');
const plantingDate = isoDay(new Date(today.getTime() - 75 * DAY_MS));
const boundary = squareBoundary(5, [31.06, -17.84]) as FieldBoundary;
/** Another field of the same farm, 400 m east, planted the same week. */
const neighbour = squareBoundary(3, [31.064, -17.84]) as FieldBoundary;

let folder: string;
let stac: { url: string; close(): void };
/** Catalogue searches received (`/search`, every page). */
let searches = 0;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'murimi-health-'));
  // Two seasons: the catalog reaches back past the same weeks a year ago (the simulated crop is this season's, so a
  // year ago the field reads as bare soil: a large difference, in a known direction).
  await writeDemoCatalog({
    fields: [
      { id: 'f', name: 'F', crop: 'maize', plantingDate, boundary },
      { id: 'g', name: 'G', crop: 'maize', plantingDate, boundary: neighbour },
    ],
    from: isoDay(new Date(today.getTime() - 400 * DAY_MS)),
    to: isoDay(today),
    directory: folder,
  });
  const handler = await createLocalStacHandler(folder);
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/search')) searches += 1;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stac = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}, 60_000);
afterAll(async () => {
  stac?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('crop health', () => {
  it('compares the latest NDVI with the same weeks of the seasons before, where the catalog has them', async () => {
    const outcome = await runHealthAnalysis(
      { boundary },
      seasonWindow({ plantingDate, harvestDate: null, cropType: 'maize-grain' }, isoDay(today)),
      { source: simulatedSentinel2(stac.url), simulated: true, cog: {}, search: {} },
    );
    const result = outcome.result as {
      latest: { ndvi: { mean: number } };
      anomaly: { ndviDifference: number | null; earlier: { season: string; ndvi: number }[]; note: string | null };
    };
    expect(result.anomaly.earlier.map((season) => season.season)).toEqual([String(today.getUTCFullYear() - 1)]);
    const [lastYear] = result.anomaly.earlier;
    expect(result.anomaly.ndviDifference).toBeCloseTo(result.latest.ndvi.mean - lastYear!.ndvi, 2);
    expect(result.anomaly.ndviDifference!).toBeGreaterThan(0.2);
    expect(result.anomaly.note).toBeNull();
    expect(outcome.summary).toContain('Greener than earlier seasons at this time of year.');
    // Dates in sentences read as the app shows them ("23 Nov"), never as ISO days.
    expect(outcome.summary).toMatch(/^Crop health \w[\w ]*: NDVI \d\.\d\d on \d{1,2} [A-Z][a-z]{2}\./);
    expect(outcome.summary).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  }, 60_000);

  it('asks the catalogue once for the season and once for each earlier season; a field next to it, nothing more', async () => {
    const window = seasonWindow({ plantingDate, harvestDate: null, cropType: 'maize-grain' }, isoDay(today));
    const imagery = { source: simulatedSentinel2(stac.url), simulated: true, cog: {}, search: { cache: new SceneSearchCache() } };
    searches = 0;
    const first = await runHealthAnalysis({ boundary }, window, imagery);
    expect(searches).toBe(3);
    const next = await runHealthAnalysis({ boundary: neighbour }, window, imagery);
    expect(searches).toBe(3);
    expect((next.inputs as { sceneIds: string[] }).sceneIds).toEqual((first.inputs as { sceneIds: string[] }).sceneIds);
    expect((next.result as { status: string }).status).not.toBe('no-clear-image');
  }, 60_000);

  it('speaks for its last clear image and says it saw the cloudy ones after it, so the schedule does not ask again', async () => {
    const imagery = { source: simulatedSentinel2(stac.url), simulated: true, cog: {}, search: {} };
    const seasonUntil = (to: string) => ({
      ...seasonWindow({ plantingDate, harvestDate: null, cropType: 'maize-grain' }, isoDay(today)),
      to,
    });
    const { result } = await runHealthAnalysis({ boundary }, seasonUntil(isoDay(today)), imagery);
    const history = (result as { history: { date: string; usable: boolean }[] }).history;
    // The seeded sky's first cloudy scene after a clear one, and the clear one before it.
    const cloudy = history.findIndex((scene, i) => i > 0 && !scene.usable && history[i - 1]!.usable);
    expect(cloudy).toBeGreaterThan(0);
    const outcome = await runHealthAnalysis({ boundary }, seasonUntil(history[cloudy]!.date), imagery);
    expect(outcome.analysisDate).toBe(history[cloudy - 1]!.date);
    expect(outcome.newestSceneDate).toBe(history[cloudy]!.date);
  }, 60_000);
});
