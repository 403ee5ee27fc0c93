import { boundaryAsPolygon, type FieldBoundary } from '@murimi/core';
import proj4 from 'proj4';
import { coverageWindow, pixelCentresInside, pixelCoverage, signedArea, type PixelCoverage, type PixelPoint } from './pixel-coverage.ts';

/** A scene band's pixel grid: its CRS, top-left corner and pixel size in metres, and its size in pixels. */
export interface SceneGrid {
  epsg: number;
  originX: number;
  originY: number;
  /** Pixel width and height in metres (both positive; rows run south). */
  pixelSizeM: number;
  width: number;
  height: number;
}

export class UnsupportedCrsError extends Error {
  constructor(readonly epsg: number) {
    super(`EPSG:${epsg} is not a WGS 84 UTM zone; Sentinel-2 and Landsat scenes come in UTM (EPSG:32601–32660, 32701–32760).`);
    this.name = 'UnsupportedCrsError';
  }
}

/** The proj4 definition of a WGS 84 UTM zone: EPSG 326zz north, 327zz south. */
export function utmDefinition(epsg: number): string {
  const zone = epsg % 100;
  const hemisphere = Math.floor(epsg / 100);
  if (zone < 1 || zone > 60 || (hemisphere !== 326 && hemisphere !== 327)) throw new UnsupportedCrsError(epsg);
  return `+proj=utm +zone=${zone}${hemisphere === 327 ? ' +south' : ''} +datum=WGS84 +units=m +no_defs`;
}

const projections = new Map<number, proj4.Converter>();
/** WGS 84 longitude/latitude to a UTM zone, made once per zone (parsing the definition cost more than projecting a field). */
function toZone(epsg: number): proj4.Converter {
  let converter = projections.get(epsg);
  if (!converter) projections.set(epsg, (converter = proj4('EPSG:4326', utmDefinition(epsg))));
  return converter;
}

/** A field's rings (circles traced) in the grid's pixel units. UTM reaches well past its zone, so a field near a zone edge projects into either scene. */
export function fieldInPixels(boundary: FieldBoundary, grid: SceneGrid): PixelPoint[][] {
  const toScene = toZone(grid.epsg);
  return boundaryAsPolygon(boundary).coordinates.map((ring) =>
    ring.map(([lng, lat]) => {
      const [x, y] = toScene.forward([lng, lat]) as [number, number];
      return [(x - grid.originX) / grid.pixelSizeM, (grid.originY - y) / grid.pixelSizeM] as PixelPoint;
    }),
  );
}

const ringArea = (ring: PixelPoint[]) => Math.abs(signedArea(ring));

export type FieldOnGrid =
  | { inScene: true; coverage: PixelCoverage; /** Share of the field inside the scene, 0–1. */ insideShare: number }
  | { inScene: false; reason: 'outside-scene' };

/**
 * How pixels count: `coverage` weights each by the share of it inside the field (the product's rule);
 * `centroid` counts whole the pixels whose centre is inside, as GDAL rasterises (to compare with it).
 */
export type PixelWeighting = 'coverage' | 'centroid';

/** Which pixels of the scene the field covers, and how much of the field the scene holds. */
export function fieldOnGrid(boundary: FieldBoundary, grid: SceneGrid, weighting: PixelWeighting = 'coverage'): FieldOnGrid {
  const rings = fieldInPixels(boundary, grid);
  const exact = pixelCoverage(rings, grid.width, grid.height);
  const coverage = weighting === 'centroid' && exact ? pixelCentresInside(rings, grid.width, grid.height) : exact;
  const fieldPixels = ringArea(rings[0]!) - rings.slice(1).reduce((sum, hole) => sum + ringArea(hole), 0);
  const inside = exact ? exact.fractions.reduce((sum, value) => sum + value, 0) : 0;
  if (!coverage || inside <= 0) return { inScene: false, reason: 'outside-scene' };
  return { inScene: true, coverage, insideShare: Math.min(1, inside / fieldPixels) };
}

/** The window of the grid a field's pixels lie in (null when it misses the grid): what to read before measuring it. */
export function fieldWindowOnGrid(boundary: FieldBoundary, grid: SceneGrid): Omit<PixelCoverage, 'fractions'> | null {
  return coverageWindow(fieldInPixels(boundary, grid), grid.width, grid.height);
}
