/**
 * Which basemap tiles a field pack keeps: the XYZ Web Mercator tiles (256 px, the scheme of every raster tile
 * service the basemap accepts) over each field of a farm with some land around it. Pure: no map library, no network.
 */

/** A field's bounding box in degrees (WGS 84), as the field list carries it. */
export interface LngLatBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

export interface TileId {
  z: number;
  x: number;
  y: number;
}

/**
 * The tile zooms a pack keeps. The screens show a field between map zoom 12 (below it Map View draws markers) and
 * map zoom 17 (the closest Map View and Crop Health open on a field). MapLibre counts its zoom in 512 px tiles and
 * draws a 256 px raster source one zoom deeper, rounded (`coveringZoomLevel` with `roundZoom`), so map zoom 17 asks
 * for tiles of zoom 18: without them the fitted field would find its tiles missing offline.
 */
export const PACK_MIN_TILE_ZOOM = 12;
export const PACK_MAX_TILE_ZOOM = 18;

/**
 * Land kept around each field, in metres: at least this, or half the field's longer side if more. A field fitted
 * to a landscape screen (Map View's 64 px padding on a 1440 × 900 map) shows up to about 0.45 of its width again
 * on either side, so half a side keeps the opening view whole; the floor keeps a small plot's tracks and neighbours.
 */
export const PACK_MIN_MARGIN_M = 150;
export const PACK_MARGIN_SHARE_OF_SIDE = 0.5;

/** Web Mercator stops short of the poles. */
const MAX_LATITUDE = 85.051129;
/** Metres per degree of latitude on the WGS 84 sphere used by Web Mercator (radius 6,378,137 m). */
const METRES_PER_DEGREE = (6_378_137 * Math.PI) / 180;

const clampLatitude = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));

/** The column of the tile holding `lng` at zoom `z`. */
export function tileX(lng: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
}

/** The row of the tile holding `lat` at zoom `z` (row 0 at the north edge). */
export function tileY(lat: number, z: number): number {
  const n = 2 ** z;
  const phi = (clampLatitude(lat) * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n;
  return Math.min(n - 1, Math.max(0, Math.floor(y)));
}

/** The field's box grown by `marginM` metres on every side (longitude degrees shrink towards the poles). */
export function growBox(box: LngLatBox, marginM: number): LngLatBox {
  const dLat = marginM / METRES_PER_DEGREE;
  // The widest latitude of the box has the shortest degree of longitude: use it so the margin is never short.
  const widestLat = Math.min(MAX_LATITUDE, Math.max(Math.abs(box.minLat), Math.abs(box.maxLat)) + dLat);
  const dLng = marginM / (METRES_PER_DEGREE * Math.cos((widestLat * Math.PI) / 180));
  return {
    minLng: Math.max(-180, box.minLng - dLng),
    maxLng: Math.min(180, box.maxLng + dLng),
    minLat: clampLatitude(box.minLat - dLat),
    maxLat: clampLatitude(box.maxLat + dLat),
  };
}

/** The margin kept around a field (see PACK_MIN_MARGIN_M). */
export function packMarginM(box: LngLatBox): number {
  const midLat = (box.minLat + box.maxLat) / 2;
  const widthM = (box.maxLng - box.minLng) * METRES_PER_DEGREE * Math.cos((midLat * Math.PI) / 180);
  const heightM = (box.maxLat - box.minLat) * METRES_PER_DEGREE;
  return Math.max(PACK_MIN_MARGIN_M, PACK_MARGIN_SHARE_OF_SIDE * Math.max(widthM, heightM));
}

/** Every tile of zoom `z` that a box touches, row by row. */
export function tilesOfBox(box: LngLatBox, z: number): TileId[] {
  const xMin = tileX(box.minLng, z);
  const xMax = tileX(box.maxLng, z);
  // North has the smaller row number.
  const yMin = tileY(box.maxLat, z);
  const yMax = tileY(box.minLat, z);
  const tiles: TileId[] = [];
  for (let y = yMin; y <= yMax; y++) for (let x = xMin; x <= xMax; x++) tiles.push({ z, x, y });
  return tiles;
}

export interface PackTileOptions {
  minZoom?: number;
  maxZoom?: number;
  /** The margin around a field in metres; by default `packMarginM` of its box. */
  marginM?: (box: LngLatBox) => number;
}

/**
 * The tiles of a pack: each field's own box with its margin, at each zoom, each tile once. Boxes are taken per field,
 * not one over the farm, so a farm whose fields lie kilometres apart does not fetch the bush between them.
 */
export function packTiles(boxes: readonly LngLatBox[], options: PackTileOptions = {}): TileId[] {
  const minZoom = options.minZoom ?? PACK_MIN_TILE_ZOOM;
  const maxZoom = options.maxZoom ?? PACK_MAX_TILE_ZOOM;
  const margin = options.marginM ?? packMarginM;
  const seen = new Set<string>();
  const tiles: TileId[] = [];
  for (const box of boxes) {
    const grown = growBox(box, margin(box));
    for (let z = minZoom; z <= maxZoom; z++) {
      for (const tile of tilesOfBox(grown, z)) {
        const key = `${tile.z}/${tile.x}/${tile.y}`;
        if (seen.has(key)) continue;
        seen.add(key);
        tiles.push(tile);
      }
    }
  }
  return tiles;
}

/** Leaflet's usual subdomains for a `{s}` template, chosen per tile the way Leaflet does (`(x + y) % 3`). */
const SUBDOMAINS = ['a', 'b', 'c'] as const;

/**
 * A tile's URL from the basemap's template, as the map asks for it: `{z}`, `{x}`, `{y}` replaced, and `{s}` by a
 * subdomain. The service worker answers a request from the pack only when its URL is the same, letter for letter.
 */
export function tileUrl(template: string, tile: TileId): string {
  return template
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y))
    .replaceAll('{s}', SUBDOMAINS[(tile.x + tile.y) % SUBDOMAINS.length]!);
}

/** The tile URLs of a pack; none when no satellite imagery is configured (the map is plain, nothing to keep). */
export function packTileUrls(template: string | null, boxes: readonly LngLatBox[], options?: PackTileOptions): string[] {
  if (!template) return [];
  return packTiles(boxes, options).map((tile) => tileUrl(template, tile));
}
