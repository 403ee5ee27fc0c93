import type { FieldBoundary } from '@murimi/core';
import type { CogReader } from '../cog/cog-reader.ts';
import type { PixelCoverage } from '../geometry/pixel-coverage.ts';
import { fieldOnGrid, fieldWindowOnGrid, type PixelWeighting, type SceneGrid } from '../geometry/scene-grid.ts';
import { offsetLooksWrong, toReflectance, type SceneReflectanceFacts } from '../scene/reflectance.ts';
import { MIN_CLEAR_FRACTION, summariseMask, type ClearSummary, type MaskReason } from '../scene/scene-classification.ts';
import { pixelMeasure, type LaiInputs, type Measure } from '../scene/measures.ts';
import { sensorById, sentinel2Sensor, type Sensor } from '../scene/sensor.ts';
import type { BandName } from '../stac/sources.ts';
import {
  hasValidPixels,
  zonalStatistics,
  type EmptyZonalStatistics,
  type MeasuredZonalStatistics,
  type ZonalStatistics,
} from './zonal-statistics.ts';

/** One scene's bands as COG readers, by the sensor's band names: the index's bands and the mask band (SCL, QA_PIXEL). */
export type SceneBands = Partial<Record<BandName, CogReader>>;

export interface FieldSceneRequest {
  boundary: FieldBoundary;
  /** An index, or `lai`. */
  index: Measure;
  bands: SceneBands;
  /** For `lai`: ESA's network and the scene's angles; without them the empirical relation. */
  lai?: LaiInputs;
  /** Whose pixels these are (band names, reflectance rule, mask); Sentinel-2 L2A when absent. */
  sensor?: Sensor;
  /**
   * The scene's facts for each band's reflectance rule: the collection, Sentinel-2's `boa_offset_applied` and
   * processing baseline (the 2022 rule), and each band's own `raster:bands` scale and offset.
   */
  reflectance: SceneReflectanceFacts;
  weighting?: PixelWeighting;
  /** Also give back the measure per pixel on the field's window (for zones and maps). */
  keepPixels?: boolean;
}

/** The measure per pixel over the field's window of the scene grid: NaN where no value; `fractions` its coverage. */
export interface FieldPixels extends PixelCoverage {
  values: Float32Array;
  grid: SceneGrid;
}

interface FieldOnScene {
  /** How the values were made: the index's formula and source, or which LAI method. */
  method: string;
  /** The measure per pixel, when asked for with `keepPixels`. */
  pixels?: FieldPixels;
  clear: ClearSummary;
  /** Share of the field inside the scene, 0–1. */
  insideShare: number;
}

/**
 * A field on one scene date. Usable: at least 80 % of its coverage clear, with statistics. `too-cloudy`: statistics
 * of the clear pixels, but too few of them. `partly-outside-scene`: statistics of the part inside, under 80 % of the
 * field (its neighbouring tile of the same pass holds it whole). `reflectance-suspect`: over 5 % of the field's
 * SCL-vegetation pixels have negative red, the mark of the 2022 offset applied twice (science brief §1.2); numbers
 * from such a scene must not reach advice. `no-valid-pixels`: not one pixel with a value (all masked, all no data
 * though the mask says clear, or the index undefined), so no statistic at all (nulls, `pixelCount` 0).
 */
export type FieldSceneResult =
  | (FieldOnScene & { usable: true; reason: null; statistics: MeasuredZonalStatistics })
  | (FieldOnScene & {
      usable: false;
      reason: 'too-cloudy' | 'partly-outside-scene' | 'reflectance-suspect';
      statistics: MeasuredZonalStatistics;
    })
  | (FieldOnScene & { usable: false; reason: 'no-valid-pixels'; statistics: EmptyZonalStatistics })
  | { usable: false; reason: 'outside-scene'; insideShare: 0 };

/** A band's grid as its reader describes it; scenes are north-up UTM with square pixels. */
export function gridOf(reader: CogReader): SceneGrid {
  if (!reader.geoTransform || reader.epsg === null)
    throw new Error(`${reader.location} has no georeferencing (geotransform and EPSG code).`);
  return {
    epsg: reader.epsg,
    originX: reader.geoTransform.originX,
    originY: reader.geoTransform.originY,
    pixelSizeM: reader.geoTransform.pixelSizeX,
    width: reader.width,
    height: reader.height,
  };
}

/**
 * A band read onto the target window of a finer grid, nearest neighbour (20 m bands and SCL onto the 10 m grid):
 * each target pixel takes the source pixel holding its centre. Grids must share the CRS.
 */
async function readOnto(reader: CogReader, target: SceneGrid, window: { column: number; row: number; width: number; height: number }) {
  const source = gridOf(reader);
  if (source.epsg !== target.epsg) throw new Error(`Bands of one scene must share a CRS (EPSG:${source.epsg} and EPSG:${target.epsg}).`);
  const sourceColumn = (targetColumn: number) =>
    Math.floor((target.originX + (targetColumn + 0.5) * target.pixelSizeM - source.originX) / source.pixelSizeM);
  const sourceRow = (targetRow: number) =>
    Math.floor((source.originY - (target.originY - (targetRow + 0.5) * target.pixelSizeM)) / source.pixelSizeM);
  const x0 = sourceColumn(window.column);
  const y0 = sourceRow(window.row);
  const x1 = sourceColumn(window.column + window.width - 1);
  const y1 = sourceRow(window.row + window.height - 1);
  const read = await reader.readWindow({ x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 });
  if (source.pixelSizeM === target.pixelSizeM && x0 === window.column && y0 === window.row) return read.values;
  const out = new Float64Array(window.width * window.height);
  for (let r = 0; r < window.height; r++) {
    const sourceOffset = (sourceRow(window.row + r) - y0) * read.width;
    for (let c = 0; c < window.width; c++) out[r * window.width + c] = read.values[sourceOffset + sourceColumn(window.column + c) - x0]!;
  }
  return out;
}

/**
 * One index over one field on one scene date: the field's pixels (coverage-weighted) on the index's finest band
 * grid, each band's reflectance by its own rule, the sensor's mask, the index per pixel, then its statistics and the
 * field's clear share. Sentinel-2 and Landsat differ only in the `sensor`. A field outside the scene says so; a field
 * under cloud is answered with its statistics and `usable: false`; a field without one valid pixel with no
 * statistics. An index the sensor cannot measure (NDRE on Landsat) is an `IndexNotAvailableError`.
 */
export async function fieldSceneStatistics(request: FieldSceneRequest): Promise<FieldSceneResult> {
  const { index, keepPixels, ...rest } = request;
  const results = await fieldSceneMeasures({ ...rest, measures: [index], keepPixels });
  return results.get(index)!;
}

/** Several measures of one field on one scene date, as `fieldSceneStatistics` gives each. */
export interface FieldSceneMeasuresRequest extends Omit<FieldSceneRequest, 'index' | 'keepPixels'> {
  measures: readonly Measure[];
  /** Where the pixels are measured once read: in line when absent. */
  measurer?: SceneMeasurer;
  /** Handed to the measurer: a cancelled read stops waiting for a thread. */
  signal?: AbortSignal;
  /** Also give back the values per pixel: of every measure (`true`) or of those listed. */
  keepPixels?: boolean | readonly Measure[];
}

/**
 * A field's pixels of one scene date as read, with everything measuring them needs, in plain data: it crosses to a
 * worker thread as it is (the sensor by its id; the arrays may be moved, not copied).
 */
export interface FieldSceneWindows {
  boundary: FieldBoundary;
  sensorId: Sensor['id'];
  reflectance: SceneReflectanceFacts;
  lai?: LaiInputs;
  weighting?: PixelWeighting;
  keepPixels?: boolean | readonly Measure[];
  /** Per grid the measures are measured on: the window read (null when the field misses the grid), the mask and each band on it. */
  grids: {
    grid: SceneGrid;
    window: Omit<PixelCoverage, 'fractions'> | null;
    measures: Measure[];
    mask: ArrayLike<number> | null;
    bands: Partial<Record<BandName, ArrayLike<number>>>;
  }[];
}

/**
 * Measures read windows: `measureFieldSceneWindows` on a worker thread (the server's CPU pool), or in line. `signal`
 * is the reader's (a cancelled analysis): a measurer that waits for a thread stops waiting.
 */
export type SceneMeasurer = (windows: FieldSceneWindows, signal?: AbortSignal) => Promise<Map<Measure, FieldSceneResult>>;

/** Measures in the calling thread: for tools, tests and benchmarks, and whatever runs without a pool. */
export const measureInLine: SceneMeasurer = async (windows) => measureFieldSceneWindows(windows);

/**
 * Several measures of one field on one scene date from one read of each band: measures on the same grid (their
 * finest band's) share the mask and every band they have in common, so NDVI, NDMI, NDRE and LAI of a scene cost
 * the bands they need once, not once per measure. Each measure's result is the one `fieldSceneStatistics` gives.
 * The bands are read here; their pixels are measured by `measurer` (in line when absent), so a server can keep the
 * per-pixel work off its event loop.
 */
export async function fieldSceneMeasures(request: FieldSceneMeasuresRequest): Promise<Map<Measure, FieldSceneResult>> {
  const sensor = request.sensor ?? sentinel2Sensor;
  const readerOf = (measure: Measure, band: BandName) => {
    const reader = request.bands[band];
    if (!reader) throw new Error(`${measure.toUpperCase()} on ${sensor.name} needs the ${band} band of the scene.`);
    return reader;
  };
  // Measures grouped by the grid they are measured on (10 m where they have a 10 m band).
  type Group = { grid: SceneGrid; maskReader: CogReader; measures: Measure[]; readers: Map<BandName, CogReader> };
  const groups = new Map<string, Group>();
  for (const name of new Set(request.measures)) {
    const measure = pixelMeasure(name, sensor, request.lai);
    const readers = new Map(measure.sensorBands.map((band) => [band, readerOf(name, band)]));
    const maskReader = readerOf(name, sensor.maskBand);
    const grid = [...readers.values()].map(gridOf).sort((a, b) => a.pixelSizeM - b.pixelSizeM)[0]!;
    const key = JSON.stringify(grid);
    const group: Group = groups.get(key) ?? { grid, maskReader, measures: [], readers: new Map() };
    group.measures.push(name);
    for (const [band, reader] of readers) group.readers.set(band, reader);
    groups.set(key, group);
  }
  const grids: FieldSceneWindows['grids'] = [];
  for (const { grid, maskReader, measures, readers } of groups.values()) {
    const window = fieldWindowOnGrid(request.boundary, grid);
    if (!window) {
      grids.push({ grid, window, measures, mask: null, bands: {} });
      continue;
    }
    const mask = await readOnto(maskReader, grid, window);
    const bands: Partial<Record<BandName, ArrayLike<number>>> = {};
    for (const [band, reader] of readers) bands[band] = await readOnto(reader, grid, window);
    grids.push({ grid, window, measures, mask, bands });
  }
  const { boundary, reflectance, lai, weighting, keepPixels } = request;
  return (request.measurer ?? measureInLine)(
    { boundary, sensorId: sensor.id, reflectance, lai, weighting, keepPixels, grids },
    request.signal,
  );
}

/**
 * The measuring half of `fieldSceneMeasures`, all per-pixel work: the field's coverage of each pixel, each band's
 * reflectance by its own rule, the sensor's mask, each measure per pixel, its statistics and the scene's verdict.
 */
export function measureFieldSceneWindows(windows: FieldSceneWindows): Map<Measure, FieldSceneResult> {
  const sensor = sensorById(windows.sensorId);
  const kept = (measure: Measure) =>
    typeof windows.keepPixels === 'boolean' ? windows.keepPixels : (windows.keepPixels?.includes(measure) ?? false);
  const results = new Map<Measure, FieldSceneResult>();
  for (const { grid, window, measures, mask, bands } of windows.grids) {
    const onGrid = window && mask ? fieldOnGrid(windows.boundary, grid, windows.weighting) : null;
    if (!onGrid?.inScene || !mask) {
      for (const measure of measures) results.set(measure, { usable: false, reason: 'outside-scene', insideShare: 0 });
      continue;
    }
    const { coverage } = onGrid;
    if (coverage.width !== window!.width || coverage.height !== window!.height)
      throw new Error(
        `The field's window (${coverage.width}×${coverage.height}) is not the one read (${window!.width}×${window!.height}).`,
      );
    const reasonOf = remembered(sensor.maskReason);
    const masked = new Uint8Array(mask.length);
    for (let i = 0; i < mask.length; i++) masked[i] = reasonOf(mask[i]!) === null ? 0 : 1;
    const clear = summariseMask(mask, coverage.fractions, reasonOf);
    const reflectanceOf = new Map<BandName, Float32Array>();
    for (const name of measures) {
      const measure = pixelMeasure(name, sensor, windows.lai);
      for (const band of measure.sensorBands) {
        if (reflectanceOf.has(band)) continue;
        // Each band its own rule: raw-DN collections may give bands different scales and offsets.
        reflectanceOf.set(band, toReflectance(bands[band]!, sensor.reflectanceRule(windows.reflectance, band), masked));
      }
      const { sensorBands } = measure;
      const reflectance = Object.fromEntries(measure.bands.map((band, i) => [band, reflectanceOf.get(sensorBands[i]!)!]));
      const values = measure.compute(reflectance);
      const statistics = zonalStatistics(values, coverage.fractions);
      const onScene = {
        method: measure.method,
        clear,
        insideShare: onGrid.insideShare,
        ...(kept(name) ? { pixels: { ...coverage, values, grid } } : {}),
      };
      // Judged on red only where the measure reads it, as when it is measured alone.
      const red = measure.sensorBands.includes('red') ? reflectanceOf.get('red') : undefined;
      results.set(name, judged(statistics, onScene, sensor, red, mask));
    }
  }
  return results;
}

/** The scene's verdict on a field's statistics: usable, or why not. */
function judged(
  statistics: ZonalStatistics,
  onScene: FieldOnScene,
  sensor: Sensor,
  red: Float32Array | undefined,
  mask: ArrayLike<number>,
): FieldSceneResult {
  if (!hasValidPixels(statistics)) return { usable: false, reason: 'no-valid-pixels', statistics: emptied(statistics), ...onScene };
  // Negative red on healthy vegetation: the 2022 offset taken off pixels that already had it (a mis-flagged item).
  if (sensor.maskBand === 'scl' && red && offsetLooksWrong(red, mask).suspect)
    return { usable: false, reason: 'reflectance-suspect', statistics, ...onScene };
  // The 80 % rule is over the whole field: a field at a tile's edge is judged on the tile that holds it.
  if (onScene.insideShare < MIN_CLEAR_FRACTION) return { usable: false, reason: 'partly-outside-scene', statistics, ...onScene };
  if (!onScene.clear.usable || onScene.clear.clearFraction * onScene.insideShare < MIN_CLEAR_FRACTION)
    return { usable: false, reason: 'too-cloudy', statistics, ...onScene };
  return { usable: true, reason: null, statistics, ...onScene };
}

/**
 * A mask holds a handful of distinct values (SCL classes, QA_PIXEL bit patterns), in runs along a row: each value is
 * read once per field, and a pixel like the one before it costs a comparison.
 */
function remembered(maskReason: Sensor['maskReason']): Sensor['maskReason'] {
  const reasons = new Map<number, MaskReason | null>();
  let lastValue = Number.NaN;
  let lastReason: MaskReason | null = null;
  return (value) => {
    if (value === lastValue) return lastReason;
    let reason = reasons.get(value);
    if (reason === undefined) reasons.set(value, (reason = maskReason(value)));
    lastValue = value;
    lastReason = reason;
    return reason;
  };
}

function emptied(statistics: ZonalStatistics): EmptyZonalStatistics {
  return { ...statistics, mean: null, median: null, p10: null, p90: null, std: null, pixelCount: 0 };
}
