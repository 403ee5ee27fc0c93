import type { FieldOnMap, FieldPoint, FieldPoints } from '@murimi/core';

/**
 * Where the map's outlines come from, chosen once as Map View opens: the server's tiles at the field list's version
 * (online), or the list a field pack keeps (offline; empty without one, leaving the markers and labels).
 */
export type FieldOutlines = { from: 'tiles'; version: number } | { from: 'list'; fields: FieldOnMap[] };

/** What Map View draws: every field as a point, the outlines, or that nothing could be read (`failed`). */
export interface MapFields {
  fields: FieldPoint[] | undefined;
  outlines: FieldOutlines | null;
  failed: boolean;
}

/**
 * Map View's fields from its two reads. Online: the points (one answer) and the tiles at their version. Offline: the
 * list with simplified boundaries that a field pack keeps, whose fields are points too; without a pack, the points
 * kept from the last visit, drawn as markers and labels without outlines. Undefined fields while a read is pending.
 */
export function mapFields(
  online: boolean,
  points: { data?: FieldPoints | undefined; isError: boolean },
  kept: { data?: FieldOnMap[] | undefined; isPending: boolean; isError: boolean },
): MapFields {
  if (online) {
    return {
      fields: points.data?.data,
      outlines: points.data ? { from: 'tiles', version: points.data.version } : null,
      failed: !points.data && points.isError,
    };
  }
  if (kept.isPending) return { fields: undefined, outlines: null, failed: false };
  const fields = kept.data ?? points.data?.data;
  return { fields, outlines: { from: 'list', fields: kept.data ?? [] }, failed: !fields && points.isError && kept.isError };
}
