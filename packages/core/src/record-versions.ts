/**
 * A record's version travels as its `lastModified` (an ISO instant to the millisecond, e.g.
 * `2026-03-01T08:15:30.123Z`). The API sends it as a strong ETag on every record it answers with, and an update
 * that carries it back in `If-Match` is applied only if the record has not changed since; otherwise the answer is
 * 409 `RECORD_CHANGED` with the current record in `details.current`.
 */

/** The `ETag` (and `If-Match`) value of a record's version: its `lastModified` in double quotes. */
export const lastModifiedEtag = (lastModified: string): string => `"${lastModified}"`;

// Exactly what `Date.prototype.toISOString` writes, so the value compares equal to the `lastModified` it came from.
const ISO_INSTANT = /^"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)"$/;

/**
 * The `lastModified` an `If-Match` header names, or `undefined` when the header is not one of our ETags (a list,
 * a weak tag, `*`, or a date that does not exist such as the 30th of February).
 */
export function lastModifiedOfEtag(etag: string): string | undefined {
  const instant = ISO_INSTANT.exec(etag.trim())?.[1];
  if (instant === undefined) return undefined;
  const time = Date.parse(instant);
  return Number.isNaN(time) || new Date(time).toISOString() !== instant ? undefined : instant;
}

/** What a 409 `RECORD_CHANGED` carries: the record as `GET /:id` answers it now. */
export interface RecordChangedDetails<Item> {
  current: Item;
}

/** The words of a 409 `RECORD_CHANGED` (an update sent with an `If-Match` the record no longer has). */
export const RECORD_CHANGED_MESSAGE = 'This record was changed since you opened it. Review the current version and save again.';
