import type { LngLat, PolygonBoundary } from '@murimi/core';
import { strToU8, zipSync } from 'fflate';

/**
 * A zipped ESRI Shapefile of polygons in WGS 84: .shp, .shx, .dbf, .prj and .cpg (UTF-8).
 * Layout from the ESRI Shapefile Technical Description (July 1998) and dBase III for the .dbf.
 */

export type DbfValue = string | number | boolean | null;

export interface DbfColumn {
  /** At most 10 ASCII characters: the .dbf format keeps no more. */
  name: string;
  /** C text (UTF-8), N number, L logical, D date (YYYY-MM-DD in, YYYYMMDD stored). */
  type: 'C' | 'N' | 'L' | 'D';
  /** Digits after the decimal point, for N. */
  decimals?: number;
}

export interface ShapefileRecord {
  polygon: PolygonBoundary;
  attributes: Record<string, DbfValue>;
}

/** WGS 84 in the ESRI WKT dialect that .prj files use (as GDAL writes it). */
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

const FILE_CODE = 9994;
const VERSION = 1000;
const SHAPE_POLYGON = 5;
const MAX_TEXT_BYTES = 254;

export function zippedShapefile(layerName: string, columns: DbfColumn[], records: ShapefileRecord[], today: Date): Uint8Array {
  const { shp, shx } = polygonShapes(records.map((record) => record.polygon));
  return zipSync(
    {
      [`${layerName}.shp`]: shp,
      [`${layerName}.shx`]: shx,
      [`${layerName}.dbf`]: dbfTable(
        columns,
        records.map((record) => record.attributes),
        today,
      ),
      [`${layerName}.prj`]: strToU8(WGS84_PRJ),
      [`${layerName}.cpg`]: strToU8('UTF-8'),
    },
    { mtime: today },
  );
}

type Box = [minX: number, minY: number, maxX: number, maxY: number];

function boxOf(points: LngLat[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return box;
}

/** Twice the signed area in degrees²: positive when the ring runs counter-clockwise. */
function signedArea(ring: LngLat[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

/** Readers tell a hole from another field by its direction: outer rings run clockwise, holes counter-clockwise. */
function shapefileRings(polygon: PolygonBoundary): LngLat[][] {
  return polygon.coordinates.map((ring, i) => {
    const clockwise = signedArea(ring) < 0;
    return clockwise === (i === 0) ? ring : [...ring].reverse();
  });
}

/** The main file (.shp) and its index (.shx). Header integers are big-endian, the rest little-endian. */
function polygonShapes(polygons: PolygonBoundary[]): { shp: Uint8Array; shx: Uint8Array } {
  const contents = polygons.map(polygonContent);
  const shpBytes = 100 + contents.reduce((sum, content) => sum + 8 + content.length, 0);
  const shxBytes = 100 + 8 * contents.length;
  const shp = new Uint8Array(shpBytes);
  const shx = new Uint8Array(shxBytes);
  // An empty layer's extent is written as zeros.
  const extent: Box = polygons.length > 0 ? boxOf(polygons.flatMap((p) => p.coordinates[0]!)) : [0, 0, 0, 0];
  writeFileHeader(shp, extent);
  writeFileHeader(shx, extent);
  const shpView = new DataView(shp.buffer);
  const shxView = new DataView(shx.buffer);
  let offset = 100;
  contents.forEach((content, i) => {
    // Offsets and lengths count 16-bit words.
    shxView.setInt32(100 + 8 * i, offset / 2);
    shxView.setInt32(100 + 8 * i + 4, content.length / 2);
    shpView.setInt32(offset, i + 1);
    shpView.setInt32(offset + 4, content.length / 2);
    shp.set(content, offset + 8);
    offset += 8 + content.length;
  });
  return { shp, shx };
}

function writeFileHeader(file: Uint8Array, extent: Box): void {
  const view = new DataView(file.buffer);
  view.setInt32(0, FILE_CODE);
  view.setInt32(24, file.length / 2);
  view.setInt32(28, VERSION, true);
  view.setInt32(32, SHAPE_POLYGON, true);
  extent.forEach((value, i) => view.setFloat64(36 + 8 * i, value, true));
}

function polygonContent(polygon: PolygonBoundary): Uint8Array {
  const rings = shapefileRings(polygon);
  const points = rings.flat();
  const content = new Uint8Array(44 + 4 * rings.length + 16 * points.length);
  const view = new DataView(content.buffer);
  view.setInt32(0, SHAPE_POLYGON, true);
  boxOf(points).forEach((value, i) => view.setFloat64(4 + 8 * i, value, true));
  view.setInt32(36, rings.length, true);
  view.setInt32(40, points.length, true);
  let first = 0;
  rings.forEach((ring, i) => {
    view.setInt32(44 + 4 * i, first, true);
    first += ring.length;
  });
  const pointsAt = 44 + 4 * rings.length;
  points.forEach(([x, y], i) => {
    view.setFloat64(pointsAt + 16 * i, x, true);
    view.setFloat64(pointsAt + 16 * i + 8, y, true);
  });
  return content;
}

const encoder = new TextEncoder();

/** A value as the bytes of its .dbf cell, before padding. */
function cellBytes(column: DbfColumn, value: DbfValue): Uint8Array {
  if (value === null || value === undefined) return new Uint8Array();
  switch (column.type) {
    case 'N':
      return strToU8(typeof value === 'number' && Number.isFinite(value) ? value.toFixed(column.decimals ?? 0) : '');
    case 'L':
      return strToU8(value ? 'T' : 'F');
    case 'D':
      return strToU8(String(value).replaceAll('-', ''));
    case 'C': {
      const bytes = encoder.encode(String(value));
      if (bytes.length <= MAX_TEXT_BYTES) return bytes;
      // Cut at a character boundary: never inside a multi-byte UTF-8 sequence (continuation bytes are 10xxxxxx).
      let end = MAX_TEXT_BYTES;
      while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
      return bytes.subarray(0, end);
    }
  }
}

const SPACE = 0x20;

/** The attribute table (.dbf, dBase III): each column as wide as its longest value. */
function dbfTable(columns: DbfColumn[], rows: Record<string, DbfValue>[], today: Date): Uint8Array {
  const cells = rows.map((row) => columns.map((column) => cellBytes(column, row[column.name] ?? null)));
  const widths = columns.map((column, c) => {
    if (column.type === 'L') return 1;
    if (column.type === 'D') return 8;
    // A number column holds at least "0.0…" even when every value is empty.
    const least = column.type === 'N' && column.decimals ? column.decimals + 2 : 1;
    return Math.max(least, ...cells.map((row) => row[c]!.length));
  });
  const headerBytes = 32 + 32 * columns.length + 1;
  const recordBytes = 1 + widths.reduce((sum, width) => sum + width, 0);
  const table = new Uint8Array(headerBytes + recordBytes * rows.length + 1).fill(SPACE);
  const view = new DataView(table.buffer);
  table.fill(0, 0, headerBytes);
  view.setUint8(0, 0x03);
  view.setUint8(1, today.getUTCFullYear() - 1900);
  view.setUint8(2, today.getUTCMonth() + 1);
  view.setUint8(3, today.getUTCDate());
  view.setUint32(4, rows.length, true);
  view.setUint16(8, headerBytes, true);
  view.setUint16(10, recordBytes, true);
  columns.forEach((column, c) => {
    const at = 32 + 32 * c;
    table.set(strToU8(column.name.slice(0, 10)), at);
    view.setUint8(at + 11, column.type.charCodeAt(0));
    view.setUint8(at + 16, widths[c]!);
    view.setUint8(at + 17, column.type === 'N' ? (column.decimals ?? 0) : 0);
  });
  view.setUint8(headerBytes - 1, 0x0d);
  cells.forEach((row, r) => {
    // Each record starts with its deletion flag, a space for a live record; cells are padded with spaces.
    let at = headerBytes + recordBytes * r + 1;
    row.forEach((bytes, c) => {
      const width = widths[c]!;
      // Numbers align right, everything else left.
      table.set(bytes, columns[c]!.type === 'N' ? at + width - bytes.length : at);
      at += width;
    });
  });
  view.setUint8(table.length - 1, 0x1a);
  return table;
}
