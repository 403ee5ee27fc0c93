import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexName } from '../scene/indices.ts';
import { simulatedSentinel2 } from '../stac/sources.ts';
import { fieldTimeSeries, type TimeSeriesPoint } from '../zonal/field-time-series.ts';
import { greenCoverFraction, phenologyCurve } from './crop-phenology.ts';
import { writeDemoCatalog, type DemoCatalogSummary } from './demo-catalog.ts';
import { BARE_SOIL_REFLECTANCE, dayNumber, GREEN_CANOPY_REFLECTANCE } from './demo-scenes.ts';
import type { DemoField } from './demo-sites.ts';
import { startLocalStacApi, type LocalStacApi } from './local-stac-api.ts';
import { harareMaize, lusakaSoybean } from './testing/demo-fields.ts';

// A whole rainy season, read back through the engine's own STAC search and COG reads, as the product reads it.
const season = { from: '2024-11-01', to: '2025-04-30' };
let summary: DemoCatalogSummary;
let api: LocalStacApi;
beforeAll(async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'murimi-demo-season-'));
  summary = await writeDemoCatalog({ fields: [harareMaize, lusakaSoybean], ...season, directory, seed: 5 });
  api = await startLocalStacApi(directory);
});
afterAll(async () => {
  await api?.close();
});

const seriesAsked = new Map<string, Promise<TimeSeriesPoint[]>>();
/** One field's series of one index, asked once per test file. */
function series(field: DemoField, index: IndexName): Promise<TimeSeriesPoint[]> {
  const key = `${field.id} ${index}`;
  if (!seriesAsked.has(key)) {
    const asked = fieldTimeSeries({ source: simulatedSentinel2(api.url), boundary: field.boundary, ...season, index });
    seriesAsked.set(
      key,
      asked.then(({ points }) => points),
    );
  }
  return seriesAsked.get(key)!;
}

interface Reading {
  point: TimeSeriesPoint;
  daysAfterPlanting: number;
  mean: number;
  median: number;
  p10: number;
  clearFraction: number;
}

/** Each point with its statistics (null when it has none) and how far into the season it is. */
function readings(points: TimeSeriesPoint[], field: DemoField): Array<Reading | { point: TimeSeriesPoint; clearFraction: number | null }> {
  return points.map((point) => {
    const { result } = point;
    const clearFraction = 'clear' in result ? result.clear.clearFraction : null;
    const statistics = 'statistics' in result ? result.statistics : null;
    if (!statistics || statistics.mean === null || statistics.median === null || statistics.p10 === null || clearFraction === null) {
      return { point, clearFraction };
    }
    const daysAfterPlanting = dayNumber(point.datetime.slice(0, 10)) - dayNumber(field.plantingDate);
    return { point, daysAfterPlanting, mean: statistics.mean, median: statistics.median, p10: statistics.p10, clearFraction };
  });
}
const usable = (all: ReturnType<typeof readings>) =>
  all.filter((reading): reading is Reading => reading.point.result.usable && 'mean' in reading);

/** NDVI of a healthy stand on a day, from the model's phenology and its two spectra (no noise, no stress). */
function modelNdvi(field: DemoField, daysAfterPlanting: number): number {
  const cover = greenCoverFraction(phenologyCurve(field.crop), daysAfterPlanting);
  const mix = (band: 'red' | 'nir') => cover * GREEN_CANOPY_REFLECTANCE[band] + (1 - cover) * BARE_SOIL_REFLECTANCE[band];
  return (mix('nir') - mix('red')) / (mix('nir') + mix('red'));
}

describe('a season of demo imagery through the engine', () => {
  it('gives the maize field one simulated point per scene of its site under the cloud limit, following the phenology', async () => {
    const points = await series(harareMaize, 'ndvi');
    expect(points.every((point) => point.source === 'simulated')).toBe(true);
    // The search keeps the Harare site's scenes under 60 % cloud (the overcast dates stay out), in time order.
    expect(points.map((point) => point.sceneId)).toEqual(
      summary.items.filter((item) => item.siteId === '36S-1' && item.cloudCoverPct < 60).map((item) => item.id),
    );
    expect(summary.items.some((item) => item.siteId === '36S-1' && item.cloudCoverPct >= 60)).toBe(true);

    const clear = usable(readings(points, harareMaize));
    expect(clear.length).toBeGreaterThan(12);
    // The median (outside the stressed patch) follows the model's healthy stand date by date.
    for (const reading of clear) expect(Math.abs(reading.median - modelNdvi(harareMaize, reading.daysAfterPlanting))).toBeLessThan(0.05);
    // Bare at planting, above 0.6 mid-season, declining by the end of April.
    const early = clear.filter((reading) => reading.daysAfterPlanting < 20);
    const peak = clear.reduce((best, reading) => (reading.mean > best.mean ? reading : best));
    const late = clear.filter((reading) => reading.daysAfterPlanting > 160);
    expect(early.length).toBeGreaterThan(0);
    expect(late.length).toBeGreaterThan(0);
    for (const reading of early) expect(reading.mean).toBeLessThan(0.3);
    expect(peak.mean).toBeGreaterThan(0.6);
    expect(peak.daysAfterPlanting).toBeGreaterThan(60);
    expect(peak.daysAfterPlanting).toBeLessThan(150);
    for (const reading of late) expect(reading.mean).toBeLessThan(peak.mean - 0.2);

    // The stressed patch (a fifth of the field) pulls the lowest decile well below the mean once the crop is up.
    for (const reading of clear.filter((candidate) => candidate.mean > 0.6)) expect(reading.p10).toBeLessThan(reading.mean - 0.1);
  });

  it('answers the dates the generator clouded over the field as not usable, too cloudy where part of it is clear', async () => {
    const points = await series(harareMaize, 'ndvi');
    const intendedClear = new Map(summary.items.map((item) => [item.id, item.clearShareByField[harareMaize.id]!]));
    let partlyCloudy = 0;
    for (const reading of readings(points, harareMaize)) {
      const intended = intendedClear.get(reading.point.sceneId)!;
      // The engine weighs edge pixels by their share inside the field; the generator counts pixel centres.
      expect(Math.abs(reading.clearFraction! - intended)).toBeLessThan(0.05);
      if (intended >= 0.9) expect(reading.point.result.usable).toBe(true);
      if (intended < 0.7) expect(reading.point.result.usable).toBe(false);
      if (intended > 0 && intended < 0.7) {
        expect(reading.point.result.reason).toBe('too-cloudy');
        partlyCloudy += 1;
      }
    }
    expect(partlyCloudy).toBeGreaterThan(0);
  });

  it('gives NDMI and NDRE too: water and chlorophyll rising with the canopy, the stressed patch drier', async () => {
    const ndmi = usable(readings(await series(harareMaize, 'ndmi'), harareMaize));
    const ndre = usable(readings(await series(harareMaize, 'ndre'), harareMaize));
    const first = (all: Reading[]) => all[0]!;
    const highest = (all: Reading[]) => all.reduce((best, reading) => (reading.mean > best.mean ? reading : best));
    expect(first(ndmi).mean).toBeLessThan(0); // bare soil reflects more at 1.6 µm than at 0.86 µm
    expect(highest(ndmi).mean).toBeGreaterThan(0.2);
    expect(highest(ndmi).p10).toBeLessThan(highest(ndmi).mean - 0.1);
    expect(first(ndre).mean).toBeLessThan(0.25);
    expect(highest(ndre).mean).toBeGreaterThan(0.45);
  });

  it('reads the Lusaka soybean field from its own site’s scenes, in UTM 35S', async () => {
    const points = await series(lusakaSoybean, 'ndvi');
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((point) => point.sceneId.startsWith('S2SIM_35S-1_'))).toBe(true);
    const clear = usable(readings(points, lusakaSoybean));
    for (const reading of clear) expect(Math.abs(reading.median - modelNdvi(lusakaSoybean, reading.daysAfterPlanting))).toBeLessThan(0.05);
    expect(Math.max(...clear.map((reading) => reading.mean))).toBeGreaterThan(0.6);
  });
});
