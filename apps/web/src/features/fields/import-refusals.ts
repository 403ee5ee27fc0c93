import type { WordedProblem } from '@murimi/core';
import { ApiError } from '../../lib/api/client.ts';
import { describeProblem } from '../../lib/form-errors.ts';

/** One item of a refused bulk save as the server lists it: its position in the request and what is wrong. */
interface RefusedItem {
  index: number;
  problems: WordedProblem[];
}

/**
 * The problems per item of a refused bulk save (the server lists each failing item by its position in the request).
 * Empty when the failure is not such a refusal.
 */
export function refusedReasons(error: unknown): Map<number, WordedProblem[]> {
  const items = error instanceof ApiError ? (error.details as { items?: RefusedItem[] } | undefined)?.items : undefined;
  if (!Array.isArray(items)) return new Map();
  return new Map(items.map((item) => [item.index, item.problems]));
}

/**
 * A draft's reasons in the person's language: the locale's words when the server names the problem (a boundary
 * rule, a shape that is no field), else the server's sentence. The same reason twice is told once.
 */
export function reasonTexts(reasons: readonly WordedProblem[]): string[] {
  return [...new Set(reasons.map(describeProblem))];
}

/** A draft of the import table, as far as refusing it is concerned. */
export interface RefusableRow {
  include: boolean;
  status: 'ready' | 'invalid';
  reasons: WordedProblem[];
}

/**
 * The import table after a refused save: the request held only the included, ready rows, so the server's positions
 * are positions among those. Each refused row turns invalid with its reasons and leaves the selection; the others
 * stay as they were.
 */
export function markRefused<Row extends RefusableRow>(rows: readonly Row[], reasons: Map<number, WordedProblem[]>): Row[] {
  const sentIndexes = rows.flatMap((row, index) => (row.include && row.status === 'ready' ? [index] : []));
  return rows.map((row, index) => {
    const position = sentIndexes.indexOf(index);
    const found = position === -1 ? undefined : reasons.get(position);
    return found ? { ...row, status: 'invalid', include: false, reasons: found } : row;
  });
}
