import type { SoilTest } from '@murimi/core';
import { guideEdges, isRatedReading, readingUnit, soilReadings, type SoilReading, type SoilReadingUnit } from './soil-gauges.ts';

export interface SoilHistorySeries {
  reading: SoilReading;
  /** Sample days, ascending, one per value. */
  dates: string[];
  values: number[];
  unit: SoilReadingUnit;
  /** The guide's band edges to draw as lines; none when the reading has no guide band or is not in ppm. */
  edges: { lower: number; upper: number } | null;
  /** Tests with this reading in another unit (% where the latest is in ppm): left off the line, which has one unit. */
  otherUnitCount: number;
}

const isReading = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * One reading through a field's soil tests (given newest first, the server's order), oldest to newest. The line
 * keeps the unit of the newest test that measured it; where two tests share a sample day the newer record wins.
 */
export function soilHistory(testsNewestFirst: readonly SoilTest[], reading: SoilReading): SoilHistorySeries {
  const measured = testsNewestFirst.filter((test) => isReading(test[reading]));
  const unit = measured[0] ? readingUnit(measured[0], reading) : readingUnit({ unit: 'ppm' }, reading);
  const byDay = new Map<string, number>();
  let otherUnitCount = 0;
  for (const test of measured) {
    if (readingUnit(test, reading) !== unit) otherUnitCount += 1;
    else if (!byDay.has(test.sampleDate)) byDay.set(test.sampleDate, test[reading]!);
  }
  const dates = [...byDay.keys()].sort();
  const edges = unit === '%' || !isRatedReading(reading) ? null : guideEdges(reading);
  return { reading, dates, values: dates.map((date) => byDay.get(date)!), unit, edges, otherUnitCount };
}

/** The readings measured in at least one of the tests, in screen order: the ones with a history to show. */
export function readingsWithHistory(tests: readonly SoilTest[]): SoilReading[] {
  return soilReadings.filter((reading) => tests.some((test) => isReading(test[reading])));
}
