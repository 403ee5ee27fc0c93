import { fieldCreateSchema, type FieldProblem } from '@murimi/core';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { MAX_CORNERS_PER_IMPORT, MAX_FIELDS_PER_IMPORT, tooManyCorners, wordedProblemOf } from './fields.import.ts';
import { fieldRowOf } from './fields.rows.ts';

/** One import of a co-op's or programme's boundaries: up to 2,000 fields (about 20 MB of detailed polygons). */
export const MAX_BULK_FIELDS = MAX_FIELDS_PER_IMPORT;

export const bulkBodySchema = z.strictObject({
  fields: z.array(z.unknown()).min(1, 'Send at least one field.').max(MAX_BULK_FIELDS, `Send at most ${MAX_BULK_FIELDS} fields at once.`),
});

/** One problem report per rejected item of a bulk create, by its position in the request. */
export interface BulkItemReport {
  index: number;
  name: string | null;
  problems: FieldProblem[];
}

/** A checked item of a bulk create: its stored columns, without the organisation, which the caller adds. */
export type PreparedField = Omit<ReturnType<typeof fieldRowOf>, 'orgId'>;

/**
 * Reads a bulk create's JSON body and checks every item (schema, boundary rules), without the database: the
 * worker-thread half of `createFields`. The whole body is refused when it holds more corners than one import may
 * check, before any boundary is measured.
 */
export function prepareFieldBatch(bodyBytes: Uint8Array): { prepared: { index: number; row: PreparedField }[]; reports: BulkItemReport[] } {
  const bodyText = Buffer.from(bodyBytes.buffer, bodyBytes.byteOffset, bodyBytes.byteLength).toString('utf8');
  if (bodyText.trim() === '') throw new AppError('VALIDATION_FAILED', 'The request body is empty; send a JSON object.');
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON.');
  }
  const shape = bulkBodySchema.safeParse(body);
  if (!shape.success) {
    const problems = shape.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
    throw new AppError('VALIDATION_FAILED', problems[0]!.message, problems);
  }
  const items = shape.data.fields;
  const corners = items.reduce<number>((sum, item) => sum + cornersIn((item as { boundary?: unknown } | null)?.boundary), 0);
  if (corners > MAX_CORNERS_PER_IMPORT) throw tooManyCorners(corners);

  const prepared: { index: number; row: PreparedField }[] = [];
  const reports: BulkItemReport[] = [];
  items.forEach((item, index) => {
    const parsed = fieldCreateSchema.safeParse(item);
    if (parsed.success) {
      const { orgId: _org, ...row } = fieldRowOf('', parsed.data);
      prepared.push({ index, row });
      return;
    }
    const given = item as { name?: unknown } | null;
    reports.push({
      index,
      name: typeof given?.name === 'string' ? given.name : null,
      problems: parsed.error.issues.map((issue) => itemProblem(issue)),
    });
  });
  return { prepared, reports };
}

/** One problem of a bulk item; a boundary rule keeps its code and numbers, as in a single create's details. */
function itemProblem(issue: z.core.$ZodIssue): FieldProblem {
  return { path: issue.path.join('.') || 'field', ...wordedProblemOf(issue) };
}

/** Positions in a boundary as sent (not yet trusted): every array of two or more numbers counts once. */
function cornersIn(value: unknown, depth = 0): number {
  if (!Array.isArray(value)) {
    return depth === 0 && typeof value === 'object' && value !== null ? cornersIn((value as { coordinates?: unknown }).coordinates, 1) : 0;
  }
  if (typeof value[0] === 'number') return 1;
  // GeoJSON nests positions at most three deep (MultiPolygon); deeper arrays are not positions of a field.
  if (depth > 4) return 0;
  return value.reduce<number>((sum, member) => sum + cornersIn(member, depth + 1), 0);
}
