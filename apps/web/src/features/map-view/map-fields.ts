import type { FieldMapSummary, FieldOnMap, FieldPoint } from '@murimi/core';
import { cropGroupOf } from '@murimi/core';
import { boundsOfFields } from './field-layers.ts';

/**
 * Where the map's fields come from, chosen once as Map View opens. Online: the server's tiles at the field list's
 * version, which carry the outlines, the markers and counted circles, and the labels. Offline: the points of a list
 * kept on the device, and the outlines of a field pack (none without one, leaving markers and labels).
 */
export type MapSource = { from: 'tiles'; version: number } | { from: 'list'; points: FieldPoint[]; outlines: FieldOnMap[] };

export type MapSummary = Omit<FieldMapSummary, 'version'>;

/** What Map View shows: the summary (header, legend, fit), the map's source, or that nothing could be read (`failed`). */
export interface MapFields {
  summary: MapSummary | undefined;
  source: MapSource | null;
  failed: boolean;
}

/** Offline without a field pack: no outlines (one list, so the map is not given a new one each render). */
const NO_OUTLINES: FieldOnMap[] = [];

interface Read<T> {
  data?: T | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * Map View's fields from its reads. Online: the server's summary, and tiles at its version. Offline: the list with
 * simplified boundaries a field pack keeps; without a pack, the field list kept from the last visit (points only).
 * Undefined while a read is pending.
 */
export function mapFields(
  online: boolean,
  summary: Read<FieldMapSummary>,
  pack: Read<FieldOnMap[]>,
  listed: Read<FieldPoint[]>,
): MapFields {
  if (online) {
    const { data } = summary;
    return {
      summary: data && { count: data.count, size_hectares: data.size_hectares, bounds: data.bounds, cropGroups: data.cropGroups },
      source: data ? { from: 'tiles', version: data.version } : null,
      failed: !data && summary.isError,
    };
  }
  const points = pack.isPending ? undefined : (pack.data ?? listed.data);
  if (!points) return { summary: undefined, source: null, failed: pack.isError && listed.isError };
  return { summary: summariseFields(points), source: { from: 'list', points, outlines: pack.data ?? NO_OUTLINES }, failed: false };
}

/** The summary the server gives, made from a kept list. */
export function summariseFields(fields: FieldPoint[]): MapSummary {
  return {
    count: fields.length,
    // To 10⁻⁴ ha, as the server sums them.
    size_hectares: Math.round(fields.reduce((sum, field) => sum + field.size_hectares, 0) * 10_000) / 10_000,
    bounds: boundsOfFields(fields),
    cropGroups: [...new Set(fields.map((field) => cropGroupOf(field.cropType)))].sort(),
  };
}
