import { colourOf, LEGENDS, NO_CLEAR_READING_RGB, type LegendName } from '@murimi/core';
import proj4 from 'proj4';
import type { PixelCoverage } from '../geometry/pixel-coverage.ts';
import { utmDefinition, type SceneGrid } from '../geometry/scene-grid.ts';
import { encodePng } from './png.ts';

/** A measure per pixel over a field's window of a scene grid: NaN where masked (cloud, shadow) or without value. */
export interface FieldWindowPixels extends PixelCoverage {
  values: Float32Array;
  grid: SceneGrid;
}

/** A point as longitude, latitude (WGS 84). */
export type LonLat = [number, number];

/** Where a field's window lies on the globe: its box, and its four corners as MapLibre's image source takes them. */
export interface WindowPlacement {
  west: number;
  south: number;
  east: number;
  north: number;
  /** Top left, top right, bottom right, bottom left: a UTM window is not quite square to the meridians. */
  corners: [LonLat, LonLat, LonLat, LonLat];
}

/**
 * A field's index as a PNG at the scene's own resolution: each pixel the field touches coloured on the index's
 * legend, pixels of the field with no clear reading (cloud, shadow, no data) neutral grey, the rest of the window
 * transparent, so the map shows the field's shape and its clouds as they are.
 */
export function renderFieldIndexPng(pixels: FieldWindowPixels, legendName: LegendName): Buffer {
  const legend = LEGENDS[legendName];
  const rgba = new Uint8Array(pixels.width * pixels.height * 4);
  for (let i = 0; i < pixels.values.length; i++) {
    if (!(pixels.fractions[i]! > 0)) continue;
    const value = pixels.values[i]!;
    const [r, g, b] = Number.isFinite(value) ? colourOf(legend, value) : NO_CLEAR_READING_RGB;
    const at = i * 4;
    rgba[at] = r;
    rgba[at + 1] = g;
    rgba[at + 2] = b;
    rgba[at + 3] = 255;
  }
  return encodePng(pixels.width, pixels.height, rgba);
}

/** The geographic corners of a field's window: its UTM pixel edges projected to longitude and latitude. */
export function windowPlacement(pixels: Pick<FieldWindowPixels, 'grid' | 'column' | 'row' | 'width' | 'height'>): WindowPlacement {
  const { grid } = pixels;
  const toLonLat = proj4(utmDefinition(grid.epsg), 'EPSG:4326');
  const west = grid.originX + pixels.column * grid.pixelSizeM;
  const east = west + pixels.width * grid.pixelSizeM;
  const north = grid.originY - pixels.row * grid.pixelSizeM;
  const south = north - pixels.height * grid.pixelSizeM;
  const corner = (x: number, y: number) => toLonLat.forward([x, y]) as LonLat;
  const corners: WindowPlacement['corners'] = [corner(west, north), corner(east, north), corner(east, south), corner(west, south)];
  const lons = corners.map(([lon]) => lon);
  const lats = corners.map(([, lat]) => lat);
  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats), corners };
}
