import type { Page } from '@murimi/core';
import { z } from 'zod';
import { AppError } from '../errors.ts';

/** One page of a list as the API answers it. */
export interface ListPage<Item> {
  data: Item[];
  page: Page;
}

/** A cursor's key values: the last row's position in the list's order (strings and numbers only). */
type SortKey = readonly (string | number)[];

const BAD_CURSOR = 'This cursor is not one this list gave; start again without it.';

/**
 * The position after a row, as the opaque text a client sends back (`?cursor=`). It holds only that row's sort
 * key (base64url JSON); every query is still scoped by the caller's organisation, so a cursor read from someone
 * else's list only says where to start in one's own.
 */
function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key in a cursor, checked against the list's key shape; anything else is a 400 naming `cursor`. */
export function decodeCursor<Key extends SortKey>(cursor: string | undefined, keySchema: z.ZodType<Key>): Key | undefined {
  if (cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw AppError.invalid('cursor', BAD_CURSOR);
  }
  const parsed = keySchema.safeParse(decoded);
  if (!parsed.success) throw AppError.invalid('cursor', BAD_CURSOR);
  return parsed.data;
}

/**
 * The page from rows read with `limit + 1` (the extra row says whether another page follows; it is not sent).
 * The next cursor is the sort key of the last row sent.
 */
export function pageOf<Row, Item>(rows: Row[], limit: number, keyOf: (row: Row) => SortKey, present: (row: Row) => Item): ListPage<Item> {
  const sent = rows.slice(0, limit);
  const last = sent[sent.length - 1];
  const nextCursor = rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null;
  return { data: sent.map(present), page: { limit, nextCursor } };
}

/** PostgreSQL has no year 0: a cursor forged with one must be refused here, not by the database (a 500). */
const fromYearOne = (value: string) => !value.startsWith('0000');

/** Key shapes of the lists' orders. */
export const nameIdKey = z.tuple([z.string().max(1_000), z.uuid()]);
/** A calendar day (descending lists of records), the creation time to the millisecond, and the id. */
export const dayCreatedIdKey = z.tuple([z.iso.date().refine(fromYearOne), z.iso.datetime().refine(fromYearOne), z.uuid()]);
export const timeIdKey = z.tuple([z.iso.datetime().refine(fromYearOne), z.uuid()]);
