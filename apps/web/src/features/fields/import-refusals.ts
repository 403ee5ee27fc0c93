import { ApiError } from '../../lib/api/client.ts';
import { describeProblem, type DescribableProblem } from '../../lib/form-errors.ts';

/** One item of a refused bulk save as the server lists it: its position in the request and what is wrong. */
interface RefusedItem {
  index: number;
  problems: DescribableProblem[];
}

/**
 * The reasons per item of a refused bulk save (the server lists each failing item by its position in the request),
 * each worded in the person's language when core names the problem. Empty when the failure is not such a refusal.
 */
export function refusedReasons(error: unknown): Map<number, string[]> {
  const items = error instanceof ApiError ? (error.details as { items?: RefusedItem[] } | undefined)?.items : undefined;
  if (!Array.isArray(items)) return new Map();
  return new Map(items.map((item) => [item.index, item.problems.map(describeProblem)]));
}

/** A draft of the import table, as far as refusing it is concerned. */
export interface RefusableRow {
  include: boolean;
  status: 'ready' | 'invalid';
  reasons: string[];
}

/**
 * The import table after a refused save: the request held only the included, ready rows, so the server's positions
 * are positions among those. Each refused row turns invalid with its reasons and leaves the selection; the others
 * stay as they were.
 */
export function markRefused<Row extends RefusableRow>(rows: readonly Row[], reasons: Map<number, string[]>): Row[] {
  const sentIndexes = rows.flatMap((row, index) => (row.include && row.status === 'ready' ? [index] : []));
  return rows.map((row, index) => {
    const position = sentIndexes.indexOf(index);
    const found = position === -1 ? undefined : reasons.get(position);
    return found ? { ...row, status: 'invalid', include: false, reasons: found } : row;
  });
}
