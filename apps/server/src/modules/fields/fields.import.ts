import {
  closeRing,
  codedProblemOf,
  fieldBoundarySchema,
  measureFieldBoundary,
  type LngLat,
  type PolygonBoundary,
  type WordedProblem,
} from '@murimi/core';
import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { parseDbf, parseShp } from 'shpjs';
import type { z } from 'zod';
import { bestShift, checkDatum, withShift } from './datum-shifts.ts';
import { AppError } from '../../errors.ts';
import { looksLikeZip, unzipFiles, ZipProblem } from './fields.zip.ts';
import { roundHectares } from './fields.rows.ts';

export type BoundaryFileFormat = 'kml' | 'kmz' | 'geojson' | 'shapefile' | 'gpx';

/** One import of a co-op's or programme's boundaries: the most one bulk create accepts. */
export const MAX_FIELDS_PER_IMPORT = 2_000;
/**
 * Corners one import may hold over all its boundaries (and the most one bulk create accepts): 100 GPS-walked
 * fields of 5,000 corners, or 2,000 ordinary ones. It bounds the checking a file can cost (about 1 s of one thread).
 */
export const MAX_CORNERS_PER_IMPORT = 500_000;

export interface FieldImportOverlap {
  /** An existing field of the organisation… */
  fieldId?: string;
  /** …or another draft of the same file. */
  draftIndex?: number;
  name: string;
  overlapHectares: number;
}

/** One boundary found in a file, checked by the same rules as a field the farmer draws. */
export interface FieldImportDraft {
  index: number;
  name: string;
  /** Rings closed, without heights; null when the feature has no polygon to show (a point, a line, bad coordinates). */
  boundary: PolygonBoundary | null;
  areaHectares: number | null;
  status: 'ready' | 'invalid';
  /** Why the draft cannot be saved: the English sentence, with the code and numbers when the problem is named. */
  reasons: WordedProblem[];
  overlaps: FieldImportOverlap[];
  /** False when the preview's overlap budget ran out before every shape near this one was compared with it. */
  overlapsChecked: boolean;
}

export interface BoundaryFile {
  format: BoundaryFileFormat;
  /** The coordinate system the file was written in; null for a Shapefile without .prj read as WGS 84. */
  sourceCrs: string | null;
  /**
   * The coordinate system the positions were converted from, to be told to the farmer; null when the file was
   * already in WGS 84 longitude and latitude (every GeoJSON, KML and GPX file), so nothing was converted.
   */
  convertedFrom: string | null;
  /** What the farmer should know about the conversion: a datum shift applied, or one we could not apply. */
  notes: string[];
  drafts: FieldImportDraft[];
}

export const UNKNOWN_FILE_TYPE_MESSAGE =
  'Murimi reads KML, KMZ, GeoJSON, zipped Shapefile (.zip with .shp, .dbf, .shx and .prj) and GPX files.';
export const NO_BOUNDARIES_MESSAGE = 'The file holds no field boundaries.';

const WGS84 = 'EPSG:4326';
const FORMAT_NAMES: Record<BoundaryFileFormat, string> = {
  kml: 'KML',
  kmz: 'KMZ',
  geojson: 'GeoJSON',
  shapefile: 'a zipped Shapefile',
  gpx: 'GPX',
};
const MAX_NAME_LENGTH = 120;

/** Shapes a file may hold that are no field boundary, named like core's boundary problems so a client can word them. */
const reasons = {
  noShape: { message: 'This feature has no boundary.', code: 'NO_BOUNDARY', params: {} },
  point: { message: 'A point is not a field boundary.', code: 'POINT_NOT_BOUNDARY', params: {} },
  line: { message: 'A line is not a field boundary; draw the field as a polygon.', code: 'LINE_NOT_BOUNDARY', params: {} },
  badCoordinates: {
    message: 'The coordinates of this boundary are not longitude and latitude numbers.',
    code: 'NOT_LONGITUDE_LATITUDE',
    params: {},
  },
} satisfies Record<string, WordedProblem>;

/** A feature as read from any format: its name, if it has one, and its GeoJSON geometry, not yet trusted. */
interface SourceFeature {
  name: string | null;
  geometry: unknown;
}

interface SourceContent {
  sourceCrs: string | null;
  convertedFrom?: string | null;
  notes?: string[];
  features: SourceFeature[];
}

const unreadable = (format: BoundaryFileFormat, reason: string) =>
  AppError.invalid('file', `This file could not be read as ${FORMAT_NAMES[format]}: ${reason}.`);

/**
 * Reads a boundary file (KML, KMZ, GeoJSON, zipped Shapefile or GPX) into draft fields, without saving anything.
 * The format comes from the file name's extension and is verified against the content. Every feature becomes a
 * draft: ready when its boundary passes the rules of a drawn field (closed rings, no crossing edges,
 * 0.5–10,000 ha, measured on the WGS 84 ellipsoid), otherwise invalid with the reasons. Overlaps are left empty.
 */
export function readBoundaryFile(bytes: Uint8Array, fileName: string): BoundaryFile {
  const format = formatOf(bytes, fileName);
  if (bytes.length === 0) throw AppError.invalid('file', 'The file is empty.');
  try {
    const { sourceCrs, convertedFrom = null, notes = [], features } = readers[format](bytes);
    if (features.length === 0) throw AppError.invalid('file', NO_BOUNDARIES_MESSAGE);
    return { format, sourceCrs, convertedFrom, notes, drafts: draftsOf(features, format === 'gpx') };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ZipProblem) throw unreadable(format, error.message);
    // The parsers fail on content they cannot follow (a record cut short, an offset past the end).
    throw unreadable(format, 'it is damaged or incomplete');
  }
}

function formatOf(bytes: Uint8Array, fileName: string): BoundaryFileFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  switch (extension) {
    case 'kml':
    case 'kmz':
      // Google Earth files get renamed between the two; the content tells which one it is.
      return looksLikeZip(bytes) ? 'kmz' : 'kml';
    case 'geojson':
    case 'json':
      return 'geojson';
    case 'zip':
      return 'shapefile';
    case 'gpx':
      return 'gpx';
    case 'shp':
    case 'shx':
    case 'dbf':
    case 'prj':
      throw AppError.invalid('file', 'A Shapefile is several files: put the .shp, .shx, .dbf and .prj files in one .zip and send that.');
    default:
      throw AppError.invalid('file', UNKNOWN_FILE_TYPE_MESSAGE);
  }
}

const readers: Record<BoundaryFileFormat, (bytes: Uint8Array) => SourceContent> = {
  kml: (bytes) => readKml(bytes, 'kml'),
  kmz: readKmz,
  geojson: readGeoJson,
  shapefile: readShapefile,
  gpx: readGpx,
};

/** XML text in the encoding its declaration names (older tools write ISO-8859-1); UTF-8 otherwise. */
function xmlText(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding=["']([\w.:-]+)["']/.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** The document element, named as `rootName` requires. xmldom expands no external or custom entities. */
function parseXml(bytes: Uint8Array, format: BoundaryFileFormat, rootName: string) {
  const text = xmlText(bytes);
  if (!text.trimStart().startsWith('<')) throw unreadable(format, 'it is not XML');
  let problem: string | undefined;
  const parser = new DOMParser({
    locator: false,
    onError: (level, message) => {
      if (level === 'warning') return;
      problem ??= message;
      throw new Error(message);
    },
  });
  let document;
  try {
    document = parser.parseFromString(text, 'text/xml');
  } catch {
    throw unreadable(format, `the XML is not well formed (${(problem ?? 'no root element').trim().slice(0, 120)})`);
  }
  const root = document.documentElement?.localName;
  if (root !== rootName) throw unreadable(format, `its main element is <${root ?? 'none'}>, not <${rootName}>`);
  return document;
}

// togeojson is typed against the browser DOM; xmldom's document offers the same methods it calls.
type BrowserDocument = Parameters<typeof kml>[0];

function readKml(bytes: Uint8Array, format: BoundaryFileFormat): SourceContent {
  const document = parseXml(bytes, format, 'kml') as unknown as BrowserDocument;
  // A placemark's name is its field's name; description and style columns are not names.
  const features = kml(document).features.map((feature) => ({ name: cleanName(feature.properties?.name), geometry: feature.geometry }));
  return { sourceCrs: WGS84, features };
}

function readKmz(bytes: Uint8Array): SourceContent {
  const files = unzipFiles(bytes, (path) => /\.kml$/i.test(path) && !isMacMetadata(path));
  const paths = [...files.keys()];
  // Google Earth writes doc.kml; other tools use their own name, and some nest the file in a folder.
  const main = paths.find((path) => path.toLowerCase() === 'doc.kml') ?? paths.find((path) => !path.includes('/')) ?? paths[0];
  if (!main) throw unreadable('kmz', 'the archive holds no .kml file');
  return readKml(files.get(main)!, 'kmz');
}

function readGpx(bytes: Uint8Array): SourceContent {
  const document = parseXml(bytes, 'gpx', 'gpx') as unknown as BrowserDocument;
  const features = gpx(document)
    // Waypoints mark a gate, a borehole or a corner; only tracks and routes walk a boundary.
    .features.filter((feature) => feature.geometry?.type !== 'Point')
    .map((feature) => ({ name: cleanName(feature.properties?.name), geometry: feature.geometry }));
  return { sourceCrs: WGS84, features };
}

const isMacMetadata = (path: string) => path.startsWith('__MACOSX/') || /(^|\/)\._/.test(path);

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

function readGeoJson(bytes: Uint8Array): SourceContent {
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw unreadable('geojson', 'it is not valid JSON');
  }
  if (!isRecord(document) || typeof document.type !== 'string') {
    throw unreadable('geojson', 'it is JSON, but not a GeoJSON FeatureCollection, Feature or geometry');
  }
  // RFC 7946 GeoJSON is always WGS 84; files from before it may name another system, which we cannot convert.
  const crsName = isRecord(document.crs) && isRecord(document.crs.properties) ? document.crs.properties.name : undefined;
  if (typeof crsName === 'string' && !/CRS84|EPSG:+4326$|WGS[ _]?84$/i.test(crsName)) {
    throw unreadable('geojson', `its coordinates are in ${crsName}; export it again in WGS 84 longitude and latitude (EPSG:4326)`);
  }
  const featureOf = (item: unknown): SourceFeature =>
    isRecord(item) ? { name: nameFromAttributes(item.properties), geometry: item.geometry } : { name: null, geometry: null };
  if (document.type === 'FeatureCollection') {
    if (!Array.isArray(document.features)) throw unreadable('geojson', 'its FeatureCollection has no list of features');
    return { sourceCrs: WGS84, features: document.features.map(featureOf) };
  }
  if (document.type === 'Feature') return { sourceCrs: WGS84, features: [featureOf(document)] };
  if (GEOMETRY_TYPES.has(document.type)) return { sourceCrs: WGS84, features: [{ name: null, geometry: document }] };
  throw unreadable('geojson', 'it is JSON, but not a GeoJSON FeatureCollection, Feature or geometry');
}

const SHAPEFILE_PART = /\.(shp|shx|dbf|prj|cpg)$/i;

/**
 * How many records a Shapefile holds, by its index (.shx: a 100-byte header, then 8 bytes a record) or else its
 * table (.dbf header). shpjs walks the .shp to its last byte instead, so a .shp an exporter padded with zeros reads
 * as one empty record per 8 bytes: 40 phantom fields behind one real one. Null when neither file is there.
 */
function shapefileRecordCount(shx: Uint8Array | undefined, dbf: Uint8Array | undefined): number | null {
  if (shx && shx.byteLength >= 100) {
    const view = new DataView(shx.buffer, shx.byteOffset, shx.byteLength);
    // The header's file length, in 16-bit words; a damaged one counts no more than the bytes there are.
    const declaredBytes = view.getInt32(24) * 2;
    const bytes = declaredBytes >= 100 && declaredBytes <= shx.byteLength ? declaredBytes : shx.byteLength;
    return Math.floor((bytes - 100) / 8);
  }
  if (dbf && dbf.byteLength >= 32) return new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength).getUint32(4, true);
  return null;
}

function readShapefile(bytes: Uint8Array): SourceContent {
  const files = unzipFiles(bytes, (path) => SHAPEFILE_PART.test(path) && !isMacMetadata(path));
  const byLowerPath = new Map([...files].map(([path, data]) => [path.toLowerCase(), data]));
  const layers = [...byLowerPath.keys()].filter((path) => path.endsWith('.shp')).map((path) => path.slice(0, -4));
  if (layers.length === 0) throw unreadable('shapefile', 'the zip holds no .shp file');
  const features: SourceFeature[] = [];
  const crsNames: string[] = [];
  const convertedFrom: string[] = [];
  const notes = new Set<string>();
  for (const layer of layers.sort()) {
    const part = (extension: string) => byLowerPath.get(`${layer}.${extension}`);
    const written = new TextDecoder().decode(part('prj') ?? new Uint8Array()).trim() || undefined;
    const datum = written ? checkDatum(written) : ({ kind: 'wgs84' } as const);
    let prj = written;
    const recordCount = shapefileRecordCount(part('shx'), part('dbf'));
    // shpjs converts positions with the .prj through proj4, and silently keeps them as stored when proj4
    // cannot read it: metres then show up where degrees belong.
    const shapes = (withPrj: string | undefined) => parseShp(part('shp')!, withPrj).slice(0, recordCount ?? undefined);
    let geometries = shapes(prj);
    if (datum.kind === 'known') {
      // Convert with the datum's regional shift, then again with the most accurate one for where the fields are.
      geometries = shapes(withShift(written!, datum.shifts[0]!));
      const shift = positionsAreLonLat(geometries) ? bestShift(datum.shifts, centreOf(geometries)) : datum.shifts[0]!;
      prj = withShift(written!, shift);
      if (shift !== datum.shifts[0]) geometries = shapes(prj);
      notes.add(
        `Converted from the ${datum.datum.replace(/^D_/, '').replaceAll('_', ' ')} datum to WGS 84 with ${shift.source}, ` +
          `accurate to about ${shift.accuracyM} m: check the fields on the map.`,
      );
    } else if (datum.kind === 'within-metres') {
      notes.add(datum.note);
    } else if (datum.kind === 'unknown') {
      notes.add(
        `The .prj uses the ${datum.datum} datum and gives no conversion to WGS 84, so positions may be off by up to a few ` +
          'hundred metres. Check the fields on the map, or export the file again in WGS 84 (EPSG:4326).',
      );
    }
    if (!positionsAreLonLat(geometries)) {
      if (prj) throw unreadable('shapefile', `its .prj describes a coordinate system Murimi cannot convert (${crsNameOf(prj)})`);
      throw AppError.invalid(
        'file',
        'This Shapefile has no .prj file, and its coordinates are not longitude and latitude. Add the .prj file that came with it to the zip.',
      );
    }
    const dbf = part('dbf');
    const records = dbf ? readDbf(dbf, part('cpg')) : [];
    // A record with no shape (null type) holds attributes alone: nothing to draw, so no draft; the review says so.
    const withoutShape: string[] = [];
    geometries.forEach((geometry, i) => {
      const name = nameFromAttributes(records[i]);
      if (geometry) features.push({ name, geometry });
      else withoutShape.push(name ?? `record ${i + 1}`);
    });
    if (withoutShape.length > 0) notes.add(noShapeNote(withoutShape));
    if (prj && !crsNames.includes(crsNameOf(prj))) crsNames.push(crsNameOf(prj));
    if (prj && !isWgs84LonLat(prj) && !convertedFrom.includes(crsNameOf(prj))) convertedFrom.push(crsNameOf(prj));
  }
  return {
    sourceCrs: crsNames.length > 0 ? crsNames.join(', ') : null,
    convertedFrom: convertedFrom.length > 0 ? convertedFrom.join(', ') : null,
    notes: [...notes],
    features,
  };
}

function noShapeNote(names: string[]): string {
  const listed = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  return names.length === 1
    ? `1 record of the file has no shape (${listed}) and was left out.`
    : `${names.length} records of the file have no shape (${listed}) and were left out.`;
}

/**
 * Whether a .prj describes plain WGS 84 longitude and latitude (GCS_WGS_1984), which needs no conversion: a
 * geographic system on the WGS 84 datum with no shift, or a zero one, written in.
 */
function isWgs84LonLat(prj: string): boolean {
  const shift = /TOWGS84\[([^\]]*)\]/i.exec(prj)?.[1];
  const zeroShift = shift === undefined || shift.split(',').every((value) => Number(value) === 0);
  return /^\s*GEOGCS\[/i.test(prj) && checkDatum(prj).kind === 'wgs84' && zeroShift;
}

/** The name a .prj gives its coordinate system: `PROJCS["WGS_1984_UTM_Zone_36S",…` → WGS_1984_UTM_Zone_36S. */
const crsNameOf = (prj: string) => /^\s*\w+\[\s*"([^"]{1,100})"/.exec(prj)?.[1] ?? 'unnamed';

function readDbf(dbf: Uint8Array, cpg: Uint8Array | undefined): Record<string, unknown>[] {
  // The record count comes from the header; a damaged one would send the parser round millions of times.
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  if (dbf.length < 32 || view.getUint16(8, true) + view.getUint32(4, true) * view.getUint16(10, true) > dbf.length + 1) {
    throw unreadable('shapefile', 'its .dbf file is damaged');
  }
  return parseDbf(dbf, cpg);
}

function positionsAreLonLat(geometries: unknown[]): boolean {
  let fits = true;
  for (const geometry of geometries) {
    eachPosition(isRecord(geometry) ? geometry.coordinates : undefined, ([x = NaN, y = NaN]) => {
      if (!(Math.abs(x) <= 180 && Math.abs(y) <= 90)) fits = false;
    });
    if (!fits) return false;
  }
  return true;
}

/** The middle of the positions' extent, to choose the datum shift for where the fields are. */
function centreOf(geometries: unknown[]): LngLat {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const geometry of geometries) {
    eachPosition(isRecord(geometry) ? geometry.coordinates : undefined, ([x = NaN, y = NaN]) => {
      [west, south, east, north] = [Math.min(west, x), Math.min(south, y), Math.max(east, x), Math.max(north, y)];
    });
  }
  return [(west + east) / 2, (south + north) / 2];
}

function eachPosition(coordinates: unknown, visit: (position: number[]) => void): void {
  if (!Array.isArray(coordinates)) return;
  if (typeof coordinates[0] === 'number') visit(coordinates as number[]);
  else for (const item of coordinates) eachPosition(item, visit);
}

const NAME_COLUMNS = ['name', 'Name', 'NAME', 'field_name', 'FIELD_NAME'];

/** A name for a field from a feature's attributes: a name column, else the first text column with a value. */
function nameFromAttributes(attributes: unknown): string | null {
  if (!isRecord(attributes)) return null;
  for (const column of NAME_COLUMNS) {
    const name = cleanName(attributes[column]);
    if (name) return name;
  }
  for (const value of Object.values(attributes)) {
    const name = typeof value === 'string' ? cleanName(value) : null;
    if (name) return name;
  }
  return null;
}

// Line breaks, tabs and other control characters in a name become single spaces.
// eslint-disable-next-line no-control-regex
const SPACING_IN_NAMES = /[\u0000-\u001f\u007f\s]+/g;

function cleanName(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const name = String(value).replace(SPACING_IN_NAMES, ' ').trim();
  return name ? name.slice(0, MAX_NAME_LENGTH) : null;
}

/** One polygon of a feature, or the reason the feature gives none. */
type Part = { polygon: PolygonBoundary } | { polygon: null; reason: WordedProblem };

function draftsOf(features: SourceFeature[], linesArePerimeters: boolean): FieldImportDraft[] {
  const tooMany = (count: number) =>
    AppError.invalid(
      'file',
      `The file holds ${count.toLocaleString('en-US')} field boundaries; Murimi imports at most ` +
        `${MAX_FIELDS_PER_IMPORT.toLocaleString('en-US')} at a time. Split it into smaller files.`,
    );
  if (features.length > MAX_FIELDS_PER_IMPORT) throw tooMany(features.length);
  const named = features.flatMap((feature, i) => {
    const name = feature.name ?? `Field ${i + 1}`;
    const parts = partsOf(feature.geometry, linesArePerimeters);
    if (parts.length === 1) return [{ name, part: parts[0]! }];
    return parts.map((part, p) => {
      const suffix = ` (${p + 1} of ${parts.length})`;
      return { name: `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`, part };
    });
  });
  if (named.length > MAX_FIELDS_PER_IMPORT) throw tooMany(named.length);
  const corners = named.reduce((sum, { part }) => sum + (part.polygon?.coordinates.reduce((n, ring) => n + ring.length, 0) ?? 0), 0);
  if (corners > MAX_CORNERS_PER_IMPORT) throw tooManyCorners(corners);
  return named.map(({ name, part }, index) => draftOf(index, name, part));
}

/** The polygons of a geometry: a MultiPolygon gives one per part; in GPX a track or route is a walked perimeter. */
function partsOf(geometry: unknown, linesArePerimeters: boolean): Part[] {
  if (!isRecord(geometry)) return [{ polygon: null, reason: reasons.noShape }];
  const { type, coordinates } = geometry;
  const parts: Part[] = [];
  switch (type) {
    case 'Polygon':
      parts.push(polygonPart(coordinates));
      break;
    case 'MultiPolygon':
      if (Array.isArray(coordinates)) parts.push(...coordinates.map(polygonPart));
      break;
    case 'GeometryCollection': {
      const members = Array.isArray(geometry.geometries) ? geometry.geometries.flatMap((g) => partsOf(g, linesArePerimeters)) : [];
      // A KML MultiGeometry often pairs a field with a point for its label: the polygons are the boundary.
      const polygons = members.filter((part) => part.polygon);
      parts.push(...(polygons.length > 0 ? polygons : members.slice(0, 1)));
      break;
    }
    case 'LineString':
    case 'MultiLineString':
      parts.push(
        linesArePerimeters ? perimeterPart(type === 'LineString' ? [coordinates] : coordinates) : { polygon: null, reason: reasons.line },
      );
      break;
    case 'Point':
    case 'MultiPoint':
      parts.push({ polygon: null, reason: reasons.point });
      break;
  }
  return parts.length > 0 ? parts : [{ polygon: null, reason: reasons.noShape }];
}

function polygonPart(coordinates: unknown): Part {
  if (!Array.isArray(coordinates)) return { polygon: null, reason: reasons.badCoordinates };
  const rings = coordinates.map(positionsOf);
  if (rings.some((ring) => ring === null)) return { polygon: null, reason: reasons.badCoordinates };
  return { polygon: { type: 'Polygon', coordinates: rings as LngLat[][] } };
}

/**
 * A walk around a field, closed back to its start. A track of several segments is one walk whose GPS signal
 * dropped (under trees, in a gully): its segments join, in order, into one perimeter.
 */
function perimeterPart(lines: unknown): Part {
  if (!Array.isArray(lines)) return { polygon: null, reason: reasons.badCoordinates };
  const segments = lines.map(positionsOf);
  if (segments.some((segment) => segment === null)) return { polygon: null, reason: reasons.badCoordinates };
  return { polygon: { type: 'Polygon', coordinates: [closeRing(segments.flat() as LngLat[])] } };
}

/** [longitude, latitude] pairs, heights dropped; null when any position is not numbers. */
function positionsOf(ring: unknown): LngLat[] | null {
  if (!Array.isArray(ring)) return null;
  const positions: LngLat[] = [];
  for (const position of ring) {
    const [lng, lat] = Array.isArray(position) ? (position as unknown[]) : [];
    if (typeof lng !== 'number' || typeof lat !== 'number') return null;
    positions.push([lng, lat]);
  }
  return positions;
}

/** The answer to a file or a bulk create with more corners than one import may check. */
export function tooManyCorners(corners: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The boundaries hold ${corners.toLocaleString('en-US')} corners; Murimi checks at most ` +
      `${MAX_CORNERS_PER_IMPORT.toLocaleString('en-US')} in one import. Split them into smaller files, or simplify the boundaries.`,
  );
}

function draftOf(index: number, name: string, part: Part): FieldImportDraft {
  const draft: FieldImportDraft = {
    index,
    name,
    boundary: null,
    areaHectares: null,
    status: 'invalid',
    reasons: [],
    overlaps: [],
    overlapsChecked: true,
  };
  if (!part.polygon) return { ...draft, reasons: [part.reason] };
  const measured = measureFieldBoundary(part.polygon);
  if (!measured.ok) {
    // Positions off the map cannot be drawn; any other invalid boundary is shown so the farmer sees what is wrong.
    const drawable = measured.problem.code !== 'COORDINATE_OUT_OF_RANGE';
    const closed: PolygonBoundary = { type: 'Polygon', coordinates: part.polygon.coordinates.map(closeRing) };
    const { code, params, message, areaHectares } = measured.problem;
    return {
      ...draft,
      boundary: drawable ? closed : null,
      areaHectares: areaHectares === undefined ? null : roundHectares(areaHectares),
      reasons: [{ message, code, params }],
    };
  }
  const boundary = measured.value.boundary as PolygonBoundary;
  // The schema a bulk create applies adds its own limits (at most 99 holes): ready means it will be accepted.
  const accepted = fieldBoundarySchema.safeParse(boundary);
  if (!accepted.success) return { ...draft, boundary, reasons: accepted.error.issues.map(wordedProblemOf) };
  return { ...draft, boundary, areaHectares: roundHectares(measured.value.areaHectares), status: 'ready' };
}

/**
 * A schema issue as the API tells it: a boundary rule keeps its code and numbers (see `codedIssueParams`), so the
 * preview's reasons and a bulk create's item reports word it alike.
 */
export function wordedProblemOf(issue: z.core.$ZodIssue): WordedProblem {
  const coded = issue.code === 'custom' ? codedProblemOf(issue.params) : undefined;
  return coded ? { message: issue.message, ...coded } : { message: issue.message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
