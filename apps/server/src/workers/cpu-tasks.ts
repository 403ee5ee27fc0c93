/**
 * The CPU-heavy steps a request can cause, run on the worker threads of `CpuPool`. Each takes and gives plain
 * data; large results travel as JSON text, which crosses threads as one copy instead of being rebuilt object by
 * object on the main thread (a 22 MB boundary list takes ~0.3 s to clone or parse there). An AppError becomes an
 * outcome, since errors lose their class between threads.
 */
import type { BoundingBox, ErrorCode } from '@murimi/core';
// Not the package's index: it loads geotiff, whose web-worker shim takes any worker thread for one of its own.
import { measureFieldSceneWindows, type FieldSceneResult, type FieldSceneWindows } from '@murimi/earth/field-statistics';
import type { FieldPixels, Measure } from '@murimi/earth';
import type { ProblemZone } from '@murimi/earth/zones';
import { weakestCluster } from '../modules/analysis/problem-areas.ts';
import { AppError } from '../errors.ts';
import { readBoundaryFile, type BoundaryFile, type FieldImportDraft } from '../modules/fields/fields.import.ts';
import { findOverlaps, type FieldOutline } from '../modules/fields/fields.overlaps.ts';
import { prepareFieldBatch } from '../modules/fields/fields.batch.ts';
import { exportFields, type ExportedFile, type ExportFormat, type FieldWithFarm } from '../modules/fields/fields.export.ts';
import { seasonZones, type SeasonImage, type SeasonZones } from '../modules/zones/zones.composite.ts';
import { readOnboardingFile, type OnboardingFile, type ReadOptions } from '../modules/onboarding/onboarding-file.ts';

export type TaskOutcome<Value> = { ok: true; value: Value } | { ok: false; error: { code: ErrorCode; message: string; details?: unknown } };

/** A refusal in words crosses as an outcome; anything else is a fault of the task, thrown. */
function refusalOf(error: unknown): TaskOutcome<never> {
  if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
  throw error;
}

function outcomeOf<Value>(work: () => Value): TaskOutcome<Value> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    return refusalOf(error);
  }
}

export interface ReadImportFile {
  file: Omit<BoundaryFile, 'drafts'>;
  /** The drafts as JSON, for `reviewImportOverlaps`. */
  draftsJson: string;
  /** The box around the ready drafts: only the organisation's fields inside it can overlap them. Null when none is ready. */
  extent: BoundingBox | null;
}

/** Reads a boundary file into drafts (format, datum, each shape checked by the rules of a drawn field). */
export function readImportFile(input: { bytes: Uint8Array; fileName: string }): TaskOutcome<ReadImportFile> {
  return outcomeOf(() => {
    const { drafts, ...file } = readBoundaryFile(input.bytes, input.fileName);
    return { file, draftsJson: JSON.stringify(drafts), extent: extentOf(drafts) };
  });
}

/**
 * The preview's answer as JSON text (`{"data": …}`): the drafts with their overlaps among themselves and with the
 * organisation's nearby fields (`fieldsJson`: `[{id, name, boundary}]`), and a note when the overlap budget ran out.
 */
export function reviewImportOverlaps(input: {
  fileName: string;
  file: Omit<BoundaryFile, 'drafts'>;
  draftsJson: string;
  fieldsJson: string;
}): TaskOutcome<string> {
  return outcomeOf(() => {
    const drafts = JSON.parse(input.draftsJson) as FieldImportDraft[];
    const fields = JSON.parse(input.fieldsJson) as FieldOutline[];
    const review = findOverlaps(drafts, fields);
    const notes = [...input.file.notes];
    if (review.pairsNotChecked > 0) {
      notes.push(
        `Overlaps were not checked for ${review.pairsNotChecked.toLocaleString('en-US')} pairs of shapes that lie close together ` +
          '(the file is too large to compare every pair); the drafts concerned say so. Import the file in smaller parts to check them all.',
      );
    }
    return JSON.stringify({ data: { fileName: input.fileName, ...input.file, notes, drafts: review.drafts } });
  });
}

/** Reads and checks the body of a bulk create: see `prepareFieldBatch`. */
export function checkFieldBatch(input: { body: Uint8Array }): TaskOutcome<ReturnType<typeof prepareFieldBatch>> {
  return outcomeOf(() => prepareFieldBatch(input.body));
}

/**
 * Writes the organisation's boundaries as GeoJSON, KML or a zipped Shapefile (`fieldsJson`: `[{field, farmName}]`
 * as UTF-8 bytes),
 * always as bytes: a 25 MB text would cross to the server's thread as a string on its heap, to be encoded there
 * again and collected later (a quarter-second pause measured with the embedded database); bytes live off the heap.
 */
export function writeFieldExport(input: {
  fieldsJson: Uint8Array;
  format: ExportFormat;
  title: string;
  today: string;
}): TaskOutcome<ExportedFile & { body: Buffer }> {
  return outcomeOf(() => {
    const fieldsText = Buffer.from(input.fieldsJson.buffer, input.fieldsJson.byteOffset, input.fieldsJson.byteLength).toString('utf8');
    const file = exportFields(JSON.parse(fieldsText) as FieldWithFarm[], input.format, input.title, new Date(input.today));
    return { ...file, body: typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body };
  });
}

/** A season's NDVI composite of a field and its management zones: see `seasonZones`. */
export function zonesOfSeason(input: { images: SeasonImage[]; zoneCount: number }): TaskOutcome<SeasonZones> {
  return outcomeOf(() => seasonZones(input.images, input.zoneCount));
}

/** One field's pixels of one scene measured (coverage, mask, reflectance, indices, statistics): see `measureFieldSceneWindows`. */
export function measureFieldScene(input: FieldSceneWindows): TaskOutcome<Map<Measure, FieldSceneResult>> {
  return outcomeOf(() => measureFieldSceneWindows(input));
}

/** The field's weakest NDVI cluster as problem zones: see `weakestCluster`. */
export function weakestNdviCluster(input: { pixels: FieldPixels; fieldMean: number }): TaskOutcome<ProblemZone[]> {
  return outcomeOf(() => weakestCluster(input.pixels, input.fieldMean));
}

/** Reads a programme's spreadsheet of farmers and farms into rows and their problems: see `readOnboardingFile`. */
export async function readOnboardingRows(input: {
  bytes: Uint8Array;
  fileName: string;
  options: ReadOptions;
}): Promise<TaskOutcome<OnboardingFile>> {
  try {
    return { ok: true, value: await readOnboardingFile(input.bytes, input.fileName, input.options) };
  } catch (error) {
    return refusalOf(error);
  }
}

export const cpuTasks = {
  readImportFile,
  reviewImportOverlaps,
  checkFieldBatch,
  writeFieldExport,
  zonesOfSeason,
  readOnboardingRows,
  measureFieldScene,
  weakestNdviCluster,
};
export type CpuTasks = typeof cpuTasks;
export type CpuTaskName = keyof CpuTasks;

/** The one function a worker thread runs: the named task on its input. */
export default function runCpuTask<Name extends CpuTaskName>({ name, input }: { name: Name; input: Parameters<CpuTasks[Name]>[0] }) {
  return (cpuTasks[name] as (input: unknown) => unknown)(input);
}
export { runCpuTask };

/** The box around the ready drafts' outer rings; null when none is ready. */
function extentOf(drafts: FieldImportDraft[]): BoundingBox | null {
  let extent: BoundingBox | null = null;
  for (const draft of drafts) {
    if (draft.status !== 'ready' || !draft.boundary) continue;
    for (const [lng, lat] of draft.boundary.coordinates[0]!) {
      extent ??= { minLng: lng, minLat: lat, maxLng: lng, maxLat: lat };
      extent.minLng = Math.min(extent.minLng, lng);
      extent.minLat = Math.min(extent.minLat, lat);
      extent.maxLng = Math.max(extent.maxLng, lng);
      extent.maxLat = Math.max(extent.maxLat, lat);
    }
  }
  return extent;
}
