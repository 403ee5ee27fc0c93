import type { FieldBoundary } from '@murimi/core';
import type { CogReader } from '../cog/cog-reader.ts';
import { fieldOnGrid, type PixelWeighting, type SceneGrid } from '../geometry/scene-grid.ts';
import { computeIndex, INDICES, type Band, type IndexName } from '../scene/indices.ts';
import { reflectanceRuleFor, toReflectance, type SceneReflectanceFacts } from '../scene/reflectance.ts';
import { isClear, summariseClear, type ClearSummary } from '../scene/scene-classification.ts';
import { zonalStatistics, type ZonalStatistics } from './zonal-statistics.ts';

/** One scene's bands as COG readers: the index's bands and the scene classification (SCL). */
export type SceneBands = Partial<Record<Band, CogReader>> & { scl: CogReader };

export interface FieldSceneRequest {
  boundary: FieldBoundary;
  index: IndexName;
  bands: SceneBands;
  /** The scene's facts for the 2022 offset rule (collection, `boa_offset_applied`, processing baseline). */
  reflectance: SceneReflectanceFacts;
  weighting?: PixelWeighting;
}

export type FieldSceneResult =
  | {
      usable: boolean;
      /** Why a date is not usable for this field: under 80 % of its coverage clear. */
      reason: 'too-cloudy' | null;
      statistics: ZonalStatistics;
      clear: ClearSummary;
      /** Share of the field inside the scene, 0–1. */
      insideShare: number;
    }
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
 * One index over one field on one scene date: the field's pixels (coverage-weighted), reflectance by the 2022
 * rule, SCL-masked, the index per pixel, then its statistics and the field's clear share. A field outside the
 * scene says so; a field under cloud is answered with its statistics and `usable: false`.
 */
export async function fieldSceneStatistics(request: FieldSceneRequest): Promise<FieldSceneResult> {
  const definition = INDICES[request.index];
  const bandReaders = definition.bands.map((band) => {
    const reader = request.bands[band];
    if (!reader) throw new Error(`${request.index.toUpperCase()} needs the ${band} band of the scene.`);
    return [band, reader] as const;
  });
  // The index is measured on its finest band's grid (10 m where it has a 10 m band).
  const grid = bandReaders.map(([, reader]) => gridOf(reader)).sort((a, b) => a.pixelSizeM - b.pixelSizeM)[0]!;
  const onGrid = fieldOnGrid(request.boundary, grid, request.weighting);
  if (!onGrid.inScene) return { usable: false, reason: 'outside-scene', insideShare: 0 };
  const { coverage } = onGrid;
  const window = { column: coverage.column, row: coverage.row, width: coverage.width, height: coverage.height };

  const scl = await readOnto(request.bands.scl, grid, window);
  const reflectance: Partial<Record<Band, Float32Array>> = {};
  for (const [band, reader] of bandReaders) {
    const rule = reflectanceRuleFor(request.reflectance);
    const values = toReflectance(await readOnto(reader, grid, window), rule);
    for (let i = 0; i < values.length; i++) if (!isClear(scl[i]!)) values[i] = Number.NaN;
    reflectance[band] = values;
  }
  const index = computeIndex(request.index, reflectance);
  const statistics = zonalStatistics(index, coverage.fractions);
  const clear = summariseClear(scl, coverage.fractions);
  return { usable: clear.usable, reason: clear.usable ? null : 'too-cloudy', statistics, clear, insideShare: onGrid.insideShare };
}
