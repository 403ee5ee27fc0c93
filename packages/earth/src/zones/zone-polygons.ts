import type { LngLat, PolygonBoundary } from '@murimi/core';
import proj4 from 'proj4';
import { utmDefinition, type SceneGrid } from '../geometry/scene-grid.ts';
import { connectedRegions, isLabelled, type ZoneLabels } from './connected-regions.ts';

/**
 * A field's pixels on a scene grid: its window (first `column` and `row` on the grid, `width` × `height` pixels, as
 * `PixelCoverage` gives them), an index per pixel (`values`, NaN where there is none) and each pixel's share inside
 * the field (`fractions`, 0 outside), both row-major. `FieldPixels` from `fieldSceneStatistics` is one.
 */
export interface FieldPixelWindow {
  grid: Pick<SceneGrid, 'epsg' | 'originX' | 'originY' | 'pixelSizeM'>;
  column: number;
  row: number;
  width: number;
  height: number;
  values: Float32Array;
  fractions: Float32Array | Float64Array;
}

/**
 * One connected part of a zone: a GeoJSON Polygon in WGS 84 (RFC 7946: outer ring counter-clockwise, holes
 * clockwise, rings closed) along the edges of its pixels.
 */
export interface ZonePolygon {
  label: number;
  polygon: PolygonBoundary;
  /** The part's share of the field in hectares: its pixels' coverage fractions × the pixel area. */
  areaHa: number;
  /** Pixels in the part (any coverage). */
  pixelCount: number;
  /** Coverage-weighted mean of the part's values; null when none of its pixels has one. */
  meanValue: number | null;
  /** Coverage-weighted centre of the part's pixels, [longitude, latitude]. */
  centroid: LngLat;
}

const SQUARE_METRES_PER_HECTARE = 10_000;
/** A whole pixel's area in hectares. */
export const pixelAreaHa = (pixelSizeM: number) => (pixelSizeM * pixelSizeM) / SQUARE_METRES_PER_HECTARE;

/** Vertices are rounded to 1e-8° (about 1 mm): far below a pixel, and it keeps GeoJSON and Shapefiles small. */
const DEGREE_DECIMALS = 1e8;

const toWgs84 = new Map<number, proj4.Converter>();
/** A scene's UTM zone to WGS 84 longitude/latitude, made once per zone. */
export function utmToLngLat(epsg: number): (x: number, y: number) => LngLat {
  let converter = toWgs84.get(epsg);
  if (!converter) toWgs84.set(epsg, (converter = proj4(utmDefinition(epsg), 'EPSG:4326')));
  const inverse = converter;
  return (x, y) => {
    const [lng, lat] = inverse.forward([x, y]) as [number, number];
    return [Math.round(lng * DEGREE_DECIMALS) / DEGREE_DECIMALS, Math.round(lat * DEGREE_DECIMALS) / DEGREE_DECIMALS];
  };
}

// Tracing works on the window's pixel corners in a y-up frame, as UTM northings run: vertex (x, y) with x the column
// edge (0 … width) and y counted up from the window's bottom edge (0 … height); the pixel whose lower-left corner is
// (x, y) is window pixel (column x, row height − 1 − y). Directions: 0 east, 1 north, 2 west, 3 south.
const STEP_X = [1, 0, -1, 0];
const STEP_Y = [0, 1, 0, -1];
/** The pixel on the left and on the right of the edge leaving vertex (x, y) in each direction, as offsets. */
const LEFT_X = [0, -1, -1, 0];
const LEFT_Y = [0, 0, -1, -1];
const RIGHT_X = [0, 0, -1, -1];
const RIGHT_Y = [-1, 0, 0, -1];
/** Where the edge that has a pixel on its left starts, from the pixel's lower-left corner: bottom, right, top, left side. */
const START_X = [0, 1, 1, 0];
const START_Y = [0, 0, 1, 1];

/** Twice the signed area of a flat [x0, y0, x1, y1, …] ring: positive counter-clockwise. */
function twiceSignedArea(corners: number[]): number {
  let sum = 0;
  for (let i = 0, j = corners.length - 2; i < corners.length; j = i, i += 2)
    sum += corners[j]! * corners[i + 1]! - corners[i]! * corners[j + 1]!;
  return sum;
}

/**
 * The rings of every region, in pixel corners (flat [x0, y0, …], not closed, corners only: vertices along a straight
 * run of pixel edges are never emitted). Each boundary edge is walked once with the region on its left, so outer
 * rings come out counter-clockwise and holes clockwise. Where two of a region's pixels meet only at a corner
 * (the region is joined elsewhere), the walk turns right, from one pixel to the other, so each ring keeps to one
 * side of that corner: an outer ring and a hole may touch there, but no ring touches itself (valid OGC polygons;
 * turning left would pinch the outer ring into the hole).
 */
function traceRegionRings(ids: Int32Array, regionCount: number, width: number, height: number): number[][][] {
  const rings: number[][][] = Array.from({ length: regionCount }, () => []);
  /** Per pixel, which of its sides (bit = direction of the edge) has been walked. */
  const walked = new Uint8Array(ids.length);
  const pixelAt = (x: number, y: number) => (x >= 0 && x < width && y >= 0 && y < height ? (height - 1 - y) * width + x : -1);
  const regionAt = (x: number, y: number) => {
    const i = pixelAt(x, y);
    return i < 0 ? -1 : ids[i]!;
  };
  for (let i = 0; i < ids.length; i++) {
    const region = ids[i]!;
    if (region < 0) continue;
    const px = i % width;
    const py = height - 1 - Math.floor(i / width);
    for (let side = 0; side < 4; side++) {
      if (walked[i]! & (1 << side)) continue;
      // A side is a boundary edge when the pixel across it (the edge's right) is not in the region.
      const startX = px + START_X[side]!;
      const startY = py + START_Y[side]!;
      if (regionAt(startX + RIGHT_X[side]!, startY + RIGHT_Y[side]!) === region) continue;
      const corners: number[] = [];
      let x = startX;
      let y = startY;
      let direction = side;
      do {
        walked[pixelAt(x + LEFT_X[direction]!, y + LEFT_Y[direction]!)]! |= 1 << direction;
        x += STEP_X[direction]!;
        y += STEP_Y[direction]!;
        const aheadRight = regionAt(x + RIGHT_X[direction]!, y + RIGHT_Y[direction]!) === region;
        const aheadLeft = regionAt(x + LEFT_X[direction]!, y + LEFT_Y[direction]!) === region;
        const next = aheadRight ? (direction + 3) % 4 : aheadLeft ? direction : (direction + 1) % 4;
        if (next !== direction) corners.push(x, y);
        direction = next;
      } while (x !== startX || y !== startY || direction !== side);
      rings[region]!.push(corners);
    }
  }
  return rings;
}

/** A zone part before its rings are projected: for callers in this folder that also need its centre in metres. */
export interface TracedZonePart extends ZonePolygon {
  /** Coverage-weighted centre in the scene's UTM metres. */
  centroidUtm: [number, number];
}

/**
 * The polygons of a label grid over a field's window: each 4-connected region of one label (pixels touching only
 * at a corner are two parts) becomes one Polygon, its outer ring and holes along the edges of its pixels. The
 * geometry is the union of the pixel squares with coverage > 0 — not clipped to the field boundary, so an edge
 * part reaches up to a pixel past the field — while `areaHa` counts only the share of each pixel inside the field.
 * Coordinates are projected from the scene's UTM zone to WGS 84. Parts come by label, then largest first.
 */
export function traceZoneParts(window: FieldPixelWindow, labels: ZoneLabels): TracedZonePart[] {
  const { width, height, fractions, values, grid } = window;
  if (labels.length !== width * height || fractions.length !== width * height || values.length !== width * height)
    throw new RangeError(`A ${width} × ${height} window needs ${width * height} labels, fractions and values.`);
  const { ids, labels: regionLabels } = connectedRegions(labels, width, height, (i) => fractions[i]! > 0 && isLabelled(labels, i));
  const count = regionLabels.length;
  const pixelCount = new Float64Array(count);
  const coverage = new Float64Array(count);
  const valueWeight = new Float64Array(count);
  const valueSum = new Float64Array(count);
  const columnSum = new Float64Array(count);
  const rowSum = new Float64Array(count);
  for (let i = 0; i < ids.length; i++) {
    const region = ids[i]!;
    if (region < 0) continue;
    const weight = fractions[i]!;
    pixelCount[region]!++;
    coverage[region]! += weight;
    columnSum[region]! += weight * ((i % width) + 0.5);
    rowSum[region]! += weight * (Math.floor(i / width) + 0.5);
    const value = values[i]!;
    if (Number.isFinite(value)) {
      valueWeight[region]! += weight;
      valueSum[region]! += weight * value;
    }
  }
  const size = grid.pixelSizeM;
  const toLngLat = utmToLngLat(grid.epsg);
  const utmX = (x: number) => grid.originX + (window.column + x) * size;
  const utmY = (y: number) => grid.originY - (window.row + height - y) * size;
  const ringToLngLat = (corners: number[]): LngLat[] => {
    const ring: LngLat[] = [];
    for (let i = 0; i < corners.length; i += 2) ring.push(toLngLat(utmX(corners[i]!), utmY(corners[i + 1]!)));
    ring.push([...ring[0]!]);
    return ring;
  };
  const parts = traceRegionRings(ids, count, width, height).map((rings, region): TracedZonePart => {
    const outer = rings.filter((ring) => twiceSignedArea(ring) > 0);
    // Walking with the region on the left, a 4-connected region has exactly one counter-clockwise ring.
    if (outer.length !== 1) throw new Error(`Zone tracing found ${outer.length} outer rings for one region.`);
    const holes = rings.filter((ring) => twiceSignedArea(ring) < 0);
    const centreX = grid.originX + (window.column + columnSum[region]! / coverage[region]!) * size;
    const centreY = grid.originY - (window.row + rowSum[region]! / coverage[region]!) * size;
    return {
      label: regionLabels[region]!,
      polygon: { type: 'Polygon', coordinates: [outer[0]!, ...holes].map(ringToLngLat) },
      areaHa: coverage[region]! * pixelAreaHa(size),
      pixelCount: pixelCount[region]!,
      meanValue: valueWeight[region]! > 0 ? valueSum[region]! / valueWeight[region]! : null,
      centroid: toLngLat(centreX, centreY),
      centroidUtm: [centreX, centreY],
    };
  });
  return parts.sort((a, b) => a.label - b.label || b.areaHa - a.areaHa);
}

/** `traceZoneParts` for callers: one GeoJSON-ready part per connected region of each label. */
export function zonePolygons(window: FieldPixelWindow, labels: ZoneLabels): ZonePolygon[] {
  return traceZoneParts(window, labels).map(({ centroidUtm: _, ...part }) => part);
}
