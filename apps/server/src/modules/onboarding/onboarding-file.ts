import { createHash } from 'node:crypto';
import { cropCatalogue, findCropType, measureFieldBoundary, type PolygonBoundary } from '@murimi/core';
import { readSheet } from 'read-excel-file/universal';
import { AppError } from '../../errors.ts';
import { MAX_CORNERS_PER_IMPORT, readBoundaryFile, type BoundaryFile } from '../fields/fields.import.ts';
import { unzipFiles, ZipProblem } from '../fields/fields.zip.ts';
import { textableNumber } from '../notifications/phone-numbers.ts';
import { checkFarmPoint } from './land-mask.ts';

/**
 * Reads the spreadsheet a programme keeps of its farmers and farms (CSV, or the first sheet of an XLSX) into rows
 * to create and the problems of the others, in words: the row number as the spreadsheet shows it, the column as
 * its header says, and what to fix. A row's field is a circle of its area around its point, or the boundary it names in
 * a file of the upload (a zip of the spreadsheet and boundary files). Pure, and run on a worker thread: a 5,000-row
 * file takes about half a second.
 */

/** Largest spreadsheet read: a 10,000-row spreadsheet of these columns is about 1.5 MB as CSV, 0.4 MB as XLSX. */
export const MAX_ONBOARDING_BYTES = 5 * 1024 * 1024;
/**
 * Largest upload: a zip of the spreadsheet and the boundary files its rows name. A walked KML boundary is 5–20 KB,
 * so 20 MB holds a thousand or more; the corners over all of them are bounded as a boundary import's are.
 */
export const MAX_ONBOARDING_PACK_BYTES = 20 * 1024 * 1024;
/** Most rows one file may hold; a larger programme splits its list (by ward or district). */
export const MAX_ONBOARDING_ROWS = 10_000;
/** A field drawn from a point is a circle of the stated area: 0.05 ha (a garden) to 1,000 ha (a large commercial block). */
export const POINT_AREA_HA = { min: 0.05, max: 1000 } as const;

export interface OnboardingRow {
  /** The row's number as the spreadsheet shows it (the header is row 1 when it is the first). */
  row: number;
  /** What makes the row the same row when the file comes again: its own id column, else farmer, phone and farm. */
  key: string;
  farmerName: string;
  /** E.164. */
  phone: string | null;
  email: string | null;
  group: string | null;
  farmName: string;
  cropType: string | null;
  plantingDate: string | null;
  /** Where the field is, for a circle of its area; null when the row has no coordinates (a field drawn later). */
  point: { latitude: number; longitude: number; areaHectares: number } | null;
  /** The field's boundary from the boundary file the row names (WGS 84, checked as a drawn field); null without one. */
  boundary: PolygonBoundary | null;
}

export interface RowProblem {
  row: number;
  column: string;
  message: string;
}

export interface OnboardingFile {
  rows: OnboardingRow[];
  problems: RowProblem[];
  /** Rows read, empty ones left out. */
  rowsRead: number;
}

type Cell = string | number | boolean | Date | null;

/** The columns the reader knows, and the header words each may be written as (compared without case, spaces or signs). */
const COLUMNS = {
  rowId: ['rowid', 'id', 'key', 'reference', 'ref'],
  farmerName: ['farmer', 'farmername', 'name', 'fullname'],
  phone: ['phone', 'mobile', 'phonenumber', 'mobilenumber', 'cell', 'cellphone'],
  email: ['email', 'emailaddress'],
  group: ['group', 'ward', 'club', 'groupname'],
  farmName: ['farm', 'farmname'],
  crop: ['crop', 'croptype'],
  plantingDate: ['plantingdate', 'planted', 'planting', 'dateplanted'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lng', 'lon', 'long'],
  areaHectares: ['areaha', 'area', 'hectares', 'ha', 'sizeha', 'size', 'areahectares'],
  boundaryFile: ['boundaryfile', 'boundary', 'boundaryreference', 'boundaryref', 'kmlfile', 'shapefile'],
  boundaryName: ['boundaryname', 'featurename', 'placemark', 'polygonname'],
} as const;
type Column = keyof typeof COLUMNS;

/** The words programmes write for the crops of the region, mapped to the catalogue (its ids and names work too). */
const CROP_WORDS: Record<string, string> = {
  maize: 'maize-grain',
  corn: 'maize-grain',
  soybean: 'soybean',
  soybeans: 'soybean',
  soya: 'soybean',
  soyabean: 'soybean',
  soyabeans: 'soybean',
  tobacco: 'tobacco-flue-cured',
  sorghum: 'sorghum-grain',
  wheat: 'wheat-spring',
  groundnut: 'groundnut',
  groundnuts: 'groundnut',
  peanut: 'groundnut',
  peanuts: 'groundnut',
  beans: 'bean-dry',
  sugarbeans: 'bean-dry',
  cowpea: 'cowpea',
  cowpeas: 'cowpea',
  cotton: 'cotton',
  sunflower: 'sunflower',
  potato: 'potato',
  potatoes: 'potato',
  sweetpotato: 'sweet-potato',
  cassava: 'cassava-year-1',
};

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function cropOf(text: string): string | null {
  const word = squash(text);
  if (findCropType(text.trim().toLowerCase())) return text.trim().toLowerCase();
  if (CROP_WORDS[word]) return CROP_WORDS[word];
  return cropCatalogue.find((crop) => squash(crop.name) === word)?.id ?? null;
}

const textOf = (cell: Cell): string => {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A calendar date as spreadsheets hold it: a date cell, an Excel day number, 2026-11-15, 15/11/2026 (day first, as
 * written across southern Africa) or 15 Nov 2026. Null when it is none of these.
 */
function dateOf(cell: Cell): string | null {
  const iso = (year: number, month: number, day: number) => {
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
      ? date.toISOString().slice(0, 10)
      : null;
  };
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  // Excel's day numbers count from 30 December 1899; 20,000–80,000 is 1954–2119.
  if (typeof cell === 'number')
    return cell > 20_000 && cell < 80_000 ? new Date(Date.UTC(1899, 11, 30) + cell * 86_400_000).toISOString().slice(0, 10) : null;
  const text = textOf(cell);
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return iso(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) return iso(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[\s-]([A-Za-z]{3,})[\s-](\d{4})$/.exec(text);
  const month = match ? MONTHS.indexOf(match[2]!.slice(0, 3).toLowerCase()) : -1;
  if (match && month >= 0) return iso(Number(match[3]), month + 1, Number(match[1]));
  return null;
}

function numberOf(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const text = textOf(cell).replace(',', '.');
  if (text === '' || !/^[-+]?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** RFC 4180 CSV, with the separator a spreadsheet in a comma-decimal locale writes (;) or a tab, and a UTF-8 BOM. */
function readCsv(text: string): Cell[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (rows.length > MAX_ONBOARDING_ROWS + 1) break;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const looksLikeXlsx = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

async function readCells(bytes: Uint8Array, fileName: string): Promise<Cell[][]> {
  if (looksLikeXlsx(bytes)) {
    try {
      const copy = bytes.slice().buffer;
      return (await readSheet(copy)) as Cell[][];
    } catch {
      throw new AppError(
        'VALIDATION_FAILED',
        `${fileName} could not be read as an Excel workbook (.xlsx). Save it again from Excel, or as CSV.`,
      );
    }
  }
  if (/\.xls$/i.test(fileName)) {
    throw new AppError('VALIDATION_FAILED', 'This is an old Excel file (.xls). Save it as .xlsx or CSV and upload that.');
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\u0000')) throw new AppError('VALIDATION_FAILED', `${fileName} is not a CSV or XLSX file.`);
  return readCsv(text);
}

/** The spreadsheet of an upload, and the boundary files beside it when the upload is a zip (by file name, lower case). */
interface Upload {
  sheet: { bytes: Uint8Array; fileName: string };
  boundaryFiles: Map<string, { bytes: Uint8Array; fileName: string }> | null;
}

const baseName = (path: string) => path.split(/[\\/]/).pop()!.trim().toLowerCase();

/** A spreadsheet as it is, or a zip (`.zip`) of one spreadsheet and the boundary files its rows name. */
function unpack(bytes: Uint8Array, fileName: string): Upload {
  if (!/\.zip$/i.test(fileName.trim())) {
    if (bytes.length > MAX_ONBOARDING_BYTES)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `A spreadsheet can be at most ${MAX_ONBOARDING_BYTES / 1024 / 1024} MB. Split it by ward or district.`,
      );
    return { sheet: { bytes, fileName }, boundaryFiles: null };
  }
  let files: Map<string, Uint8Array>;
  try {
    files = unzipFiles(bytes, (path) => !path.endsWith('/') && !path.startsWith('__MACOSX/') && !baseName(path).startsWith('.'));
  } catch (error) {
    if (error instanceof ZipProblem) throw new AppError('VALIDATION_FAILED', `${fileName} could not be opened: ${error.message}.`);
    throw error;
  }
  const sheets = [...files.keys()].filter((path) => /\.(csv|xlsx)$/i.test(path));
  if (sheets.length !== 1) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The zip must hold one spreadsheet (.csv or .xlsx) beside the boundary files; ${fileName} holds ${sheets.length}.`,
    );
  }
  const sheetPath = sheets[0]!;
  const boundaryFiles = new Map<string, { bytes: Uint8Array; fileName: string }>();
  for (const [path, content] of files)
    if (path !== sheetPath) boundaryFiles.set(baseName(path), { bytes: content, fileName: baseName(path) });
  return { sheet: { bytes: files.get(sheetPath)!, fileName: baseName(sheetPath) }, boundaryFiles };
}

export interface ReadOptions {
  /** Today where the programme is, YYYY-MM-DD: a planting date after it is refused. */
  today: string;
  /** ISO 3166 code for numbers written without their country code: the manager's country. */
  country: string;
  /** Countries whose numbers the SMS provider reaches. */
  smsCountries: readonly string[];
}

const countryName = (code: string | null) =>
  code ? (new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code) : 'another country';

export async function readOnboardingFile(upload: Uint8Array, uploadName: string, options: ReadOptions): Promise<OnboardingFile> {
  const { sheet, boundaryFiles } = unpack(upload, uploadName);
  const { bytes, fileName } = sheet;
  const cells = await readCells(bytes, fileName);
  const headerIndex = cells.findIndex((row) => row.some((cell) => textOf(cell) !== ''));
  if (headerIndex < 0) throw new AppError('VALIDATION_FAILED', `${fileName} is empty.`);
  const header = cells[headerIndex]!.map(textOf);
  const at: Partial<Record<Column, number>> = {};
  header.forEach((title, index) => {
    const word = squash(title);
    for (const [column, words] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
      if (at[column] === undefined && words.includes(word)) at[column] = index;
    }
  });
  const missing = (['farmerName', 'farmName'] as const).filter((column) => at[column] === undefined);
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The first row must name the columns; ${missing.map((c) => (c === 'farmerName' ? '"Farmer name"' : '"Farm name"')).join(' and ')} ` +
        'could not be found. Columns read: Farmer name, Phone, E-mail, Group, Farm name, Crop, Planting date, Latitude, Longitude, Area (ha), Boundary file, Boundary name.',
    );
  }
  const body = cells.slice(headerIndex + 1);
  if (body.length > MAX_ONBOARDING_ROWS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This file has more than ${MAX_ONBOARDING_ROWS.toLocaleString('en-US')} rows. Split it (by ward or district) and upload each part.`,
    );
  }
  const titleOf = (column: Column) => header[at[column]!] ?? column;
  // Each boundary file is read once, however many rows name it; the corners kept over all of them are bounded.
  const boundaryFilesRead = new Map<string, BoundaryFile | string>();
  let cornersKept = 0;

  const rows: OnboardingRow[] = [];
  const problems: RowProblem[] = [];
  const firstRowOfKey = new Map<string, number>();
  let rowsRead = 0;
  body.forEach((cellsOfRow, index) => {
    const rowNumber = headerIndex + index + 2;
    const cell = (column: Column): Cell => (at[column] === undefined ? null : (cellsOfRow[at[column]!] ?? null));
    if (cellsOfRow.every((value) => textOf(value) === '')) return;
    rowsRead += 1;
    const found: RowProblem[] = [];
    const problem = (column: Column, message: string) => found.push({ row: rowNumber, column: titleOf(column), message });

    const farmerName = textOf(cell('farmerName'));
    if (!farmerName) problem('farmerName', "The farmer's name is empty. Write their name as they are known in the programme.");
    else if (farmerName.length > 120) problem('farmerName', 'The name is longer than 120 characters.');
    const farmName = textOf(cell('farmName'));
    if (!farmName) problem('farmName', 'The farm has no name. Give each farm a name, e.g. "Moyo plot 1".');
    else if (farmName.length > 120) problem('farmName', 'The farm name is longer than 120 characters.');

    let phone: string | null = null;
    const phoneText = textOf(cell('phone'));
    if (phoneText) {
      const read = textableNumber(phoneText, options.country, options.smsCountries);
      if (read.ok) phone = read.phone;
      else if (read.problem === 'unreadable') {
        problem('phone', `"${phoneText}" is not a phone number we can read. Write it with its country code, e.g. +263 77 123 4567.`);
      } else if (read.problem === 'country') {
        problem(
          'phone',
          `${read.phone} is a number in ${countryName(read.country)}; SMS go to numbers in ${options.smsCountries.map((c) => countryName(c)).join(', ')}.`,
        );
      } else problem('phone', `${read.phone} is ${read.typeWords}; an invitation by SMS needs a mobile number.`);
    }
    const emailText = textOf(cell('email'));
    const email = emailText ? emailText.toLowerCase() : null;
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problem('email', `"${emailText}" is not an e-mail address.`);

    const group = textOf(cell('group')) || null;
    if (group && group.length > 80) problem('group', 'The group name is longer than 80 characters.');

    let cropType: string | null = null;
    const cropText = textOf(cell('crop'));
    if (cropText) {
      cropType = cropOf(cropText);
      if (!cropType) {
        problem(
          'crop',
          `"${cropText}" is not a crop Murimi knows. Write maize, soybean, tobacco, sorghum, groundnut, beans, cotton or another crop as Field setup lists it.`,
        );
      }
    }

    let plantingDate: string | null = null;
    if (textOf(cell('plantingDate'))) {
      plantingDate = dateOf(cell('plantingDate'));
      if (!plantingDate) problem('plantingDate', `"${textOf(cell('plantingDate'))}" is not a date. Write it as 2026-11-15 or 15/11/2026.`);
      else if (plantingDate > options.today) {
        problem('plantingDate', `${plantingDate} is in the future. Give the day the crop was planted, or leave it empty until it is.`);
        plantingDate = null;
      }
    }

    let point: OnboardingRow['point'] = null;
    const hasLat = textOf(cell('latitude')) !== '';
    const hasLng = textOf(cell('longitude')) !== '';
    if (hasLat || hasLng) {
      const latitude = numberOf(cell('latitude'));
      const longitude = numberOf(cell('longitude'));
      const areaHectares = numberOf(cell('areaHectares'));
      if (!hasLat || !hasLng) problem(hasLat ? 'longitude' : 'latitude', 'A place needs both latitude and longitude, in decimal degrees.');
      else if (latitude === null || longitude === null) {
        problem(latitude === null ? 'latitude' : 'longitude', 'Write the coordinates in decimal degrees, e.g. -17.8292 and 31.0522.');
      } else {
        const place = checkFarmPoint(latitude, longitude);
        if (place === 'outside-region') {
          problem(
            'latitude',
            `${latitude}, ${longitude} is outside southern Africa. Latitudes here are negative (south of the equator); check that latitude and longitude are not swapped.`,
          );
        } else if (place === 'sea') {
          problem('latitude', `${latitude}, ${longitude} is in the sea. Check the digits of both coordinates.`);
        } else if (areaHectares === null || at.areaHectares === undefined) {
          problem(
            at.areaHectares === undefined ? 'latitude' : 'areaHectares',
            "A field drawn from a point needs its area in hectares (an 'Area (ha)' column).",
          );
        } else if (areaHectares < POINT_AREA_HA.min || areaHectares > POINT_AREA_HA.max) {
          problem(
            'areaHectares',
            `${areaHectares} ha is outside ${POINT_AREA_HA.min}–${POINT_AREA_HA.max} ha. Check the unit: 1 acre is 0.405 ha.`,
          );
        } else {
          point = { latitude, longitude, areaHectares };
          const measured = measureFieldBoundary(circleAround(point));
          if (!measured.ok) problem('areaHectares', measured.problem.message);
        }
      }
    }

    let boundary: PolygonBoundary | null = null;
    const boundaryRef = textOf(cell('boundaryFile'));
    if (boundaryRef) {
      const chosen = boundaryOf(boundaryRef, textOf(cell('boundaryName')), boundaryFiles, boundaryFilesRead);
      if (typeof chosen === 'string') problem('boundaryFile', chosen);
      else if (point)
        problem('boundaryFile', 'The row gives both coordinates and a boundary file. Keep one: the boundary file is the field itself.');
      else {
        const [longitude, latitude] = chosen.coordinates[0]![0]!;
        const place = checkFarmPoint(latitude!, longitude!);
        if (place !== 'land')
          problem(
            'boundaryFile',
            `The boundary from ${boundaryRef} lies ${place === 'sea' ? 'in the sea' : 'outside southern Africa'}. Check the file.`,
          );
        else {
          cornersKept += chosen.coordinates.reduce((sum, ring) => sum + ring.length, 0);
          if (cornersKept > MAX_CORNERS_PER_IMPORT) {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              `The boundaries named hold more than ${MAX_CORNERS_PER_IMPORT.toLocaleString('en-US')} corners in all. Split the upload by ward or district.`,
            );
          }
          boundary = chosen;
        }
      }
    }

    const ownId = textOf(cell('rowId'));
    const key = ownId
      ? `id:${ownId}`
      : `h:${createHash('sha256')
          .update(`${squash(farmerName)}|${phone ?? squash(phoneText)}|${squash(farmName)}`)
          .digest('base64url')
          .slice(0, 22)}`;
    const earlier = firstRowOfKey.get(key);
    if (earlier !== undefined && found.length === 0) {
      found.push({
        row: rowNumber,
        column: ownId ? titleOf('rowId') : titleOf('farmName'),
        message: `The same farmer and farm as row ${earlier}. Remove one of the two rows.`,
      });
    }
    if (found.length > 0) {
      problems.push(...found);
      return;
    }
    firstRowOfKey.set(key, rowNumber);
    rows.push({ row: rowNumber, key, farmerName, phone, email, group, farmName, cropType, plantingDate, point, boundary });
  });
  return { rows, problems, rowsRead };
}

/**
 * The boundary a row names: the file (by its name in the zip), and in a file of several boundaries the one of
 * `featureName`; a sentence saying what to fix when there is none to take.
 */
function boundaryOf(
  reference: string,
  featureName: string,
  files: Upload['boundaryFiles'],
  read: Map<string, BoundaryFile | string>,
): PolygonBoundary | string {
  if (!files)
    return `Boundary files come in a zip with the spreadsheet: put ${reference} and this spreadsheet in one .zip and upload that.`;
  const name = baseName(reference);
  const file = files.get(name);
  if (!file)
    return `There is no file named ${reference} in the zip. Add it, or correct the name (the files are: ${[...files.keys()].slice(0, 5).join(', ') || 'none'}).`;
  let content = read.get(name);
  if (content === undefined) {
    try {
      content = readBoundaryFile(file.bytes, file.fileName);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      content = `${reference} could not be read: ${error.message}`;
    }
    read.set(name, content);
  }
  if (typeof content === 'string') return content;
  const drafts = featureName ? content.drafts.filter((draft) => squash(draft.name) === squash(featureName)) : content.drafts;
  if (featureName && drafts.length === 0) {
    return `${reference} has no boundary named "${featureName}". Its boundaries are: ${content.drafts
      .slice(0, 5)
      .map((draft) => draft.name)
      .join(', ')}.`;
  }
  if (drafts.length > 1) {
    return `${reference} holds ${drafts.length} boundaries. Name the one of this farm in a "Boundary name" column (e.g. ${drafts[0]!.name}).`;
  }
  const [draft] = drafts;
  if (draft!.status !== 'ready' || !draft!.boundary) {
    return `The boundary in ${reference} cannot be used: ${draft!.reasons.map((reason) => reason.message).join(' ')}`;
  }
  return draft!.boundary;
}

/** The circle of a point's stated area, as the map editor draws one: a Point with its radius in metres. */
export function circleAround(point: NonNullable<OnboardingRow['point']>) {
  const radius = Math.sqrt((point.areaHectares * 10_000) / Math.PI);
  return {
    type: 'Point' as const,
    coordinates: [point.longitude, point.latitude] as [number, number],
    properties: { radius: Math.round(radius * 10) / 10, circle: true as const },
  };
}
