import {
  boundaryAsPolygon,
  boundaryCornerCount,
  MAP_BOUNDARY_MAX_CORNERS,
  measureFieldBoundary,
  simplifyBoundaryForMap,
  type FieldBoundary,
  type LngLat,
  type PolygonBoundary,
} from '@murimi/core';
import { featureCollection, polygon as turfPolygon } from '@turf/helpers';
import { intersect } from '@turf/intersect';
import Flatbush from 'flatbush';
import type { FieldImportDraft, FieldImportOverlap } from './fields.import.ts';
import { roundHectares } from './fields.rows.ts';

/** Overlaps under 0.01 ha (100 m²) are slivers where two drawings of a shared edge differ, not land counted twice. */
export const MIN_OVERLAP_HECTARES = 0.01;

/**
 * Clipping work one preview may do, counted as the corners of both shapes of every pair clipped (about 7 ms per
 * 500 corners here). 150,000 is about 2 s of one thread: 300 pairs of detailed fields, or every pair of a farm's
 * worth of ordinary ones. Pairs beyond it are reported as not checked rather than making the farmer wait.
 */
export const MAX_OVERLAP_CLIP_CORNERS = 150_000;

/** An existing field as the overlap check needs it. */
export interface FieldOutline {
  id: string;
  name: string;
  boundary: FieldBoundary;
}

interface Outline {
  polygon: PolygonBoundary;
  /** The shape clipped: the boundary itself, or its map simplification when it has more corners than that keeps. */
  clipShape: PolygonBoundary;
  corners: number;
  /** Its whole area, measured once when first needed (a boundary met twice is all shared). */
  areaHectares?: number | null;
  name: string;
  draftIndex?: number;
  fieldId?: string;
}

export interface OverlapReview {
  drafts: FieldImportDraft[];
  /** Pairs of shapes close enough to overlap that the budget left unclipped; 0 when every pair was checked. */
  pairsNotChecked: number;
}

/**
 * The drafts with their overlaps: each ready draft against the existing fields (circles as their traced
 * polygon) and against the other ready drafts of the file, in hectares on the WGS 84 ellipsoid, largest first.
 * Candidates are found by bounding box (Flatbush) and by the area their boxes could share, then clipped
 * (@turf/intersect) until MAX_OVERLAP_CLIP_CORNERS is spent; a draft with a pair left unclipped is marked
 * `overlapsChecked: false`. Shapes with more corners than the map keeps are clipped as simplified for the map
 * (within 1 m of the boundary, or a few metres for the most detailed), so one pair never costs more than ~10 ms.
 */
export function findOverlaps(drafts: FieldImportDraft[], fields: FieldOutline[]): OverlapReview {
  const outlines: Outline[] = [
    ...drafts.flatMap((draft) =>
      draft.status === 'ready' && draft.boundary ? [outlineOf(draft.boundary, { name: draft.name, draftIndex: draft.index })] : [],
    ),
    ...fields.map((field) => outlineOf(boundaryAsPolygon(field.boundary), { name: field.name, fieldId: field.id })),
  ];
  if (outlines.length === 0) return { drafts, pairsNotChecked: 0 };
  const boxes = outlines.map((outline) => boxOf(outline.polygon.coordinates[0]!));
  const index = new Flatbush(outlines.length);
  for (const box of boxes) index.add(...box);
  index.finish();

  const found = new Map<number, FieldImportOverlap[]>();
  const unchecked = new Set<number>();
  let pairsNotChecked = 0;
  let cornersLeft = MAX_OVERLAP_CLIP_CORNERS;
  const record = (draftIndex: number, overlap: FieldImportOverlap) => found.set(draftIndex, [...(found.get(draftIndex) ?? []), overlap]);
  outlines.forEach((outline, i) => {
    if (outline.draftIndex === undefined) return;
    for (const j of index.search(...boxes[i]!)) {
      const other = outlines[j]!;
      // Each pair of drafts is clipped once and recorded on both.
      if (j === i || (other.draftIndex !== undefined && j < i)) continue;
      // Neighbours sharing an edge meet along a line: their boxes cannot hold an overlap worth clipping for.
      if (boxOverlapHectaresAtMost(boxes[i]!, boxes[j]!) < MIN_OVERLAP_HECTARES) continue;
      const cost = outline.corners + other.corners;
      if (cost > cornersLeft) {
        pairsNotChecked++;
        unchecked.add(outline.draftIndex);
        if (other.draftIndex !== undefined) unchecked.add(other.draftIndex);
        continue;
      }
      cornersLeft -= cost;
      const overlapHectares = roundHectares(sharedHectares(outline, other));
      if (overlapHectares < MIN_OVERLAP_HECTARES) continue;
      if (other.fieldId !== undefined) {
        record(outline.draftIndex, { fieldId: other.fieldId, name: other.name, overlapHectares });
      } else {
        record(outline.draftIndex, { draftIndex: other.draftIndex!, name: other.name, overlapHectares });
        record(other.draftIndex!, { draftIndex: outline.draftIndex, name: outline.name, overlapHectares });
      }
    }
  });
  return {
    pairsNotChecked,
    drafts: drafts.map((draft) => ({
      ...draft,
      overlaps: (found.get(draft.index) ?? []).sort((a, b) => b.overlapHectares - a.overlapHectares),
      overlapsChecked: !unchecked.has(draft.index),
    })),
  };
}

function outlineOf(polygon: PolygonBoundary, about: { name: string; draftIndex?: number; fieldId?: string }): Outline {
  const corners = boundaryCornerCount(polygon);
  const clipShape = corners > MAP_BOUNDARY_MAX_CORNERS ? (simplifyBoundaryForMap(polygon) as PolygonBoundary) : polygon;
  return { polygon, clipShape, corners: boundaryCornerCount(clipShape), ...about };
}

type Box = [minLng: number, minLat: number, maxLng: number, maxLat: number];

function boxOf(ring: LngLat[]): Box {
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

const METRES_PER_DEGREE_LATITUDE_AT_MOST = 111_700;
const METRES_PER_DEGREE_AT_EQUATOR = 111_320;

/** An upper bound of the area two boxes share, in hectares (the common box, measured at its widest latitude). */
function boxOverlapHectaresAtMost(a: Box, b: Box): number {
  const widthDegrees = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const heightDegrees = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (widthDegrees <= 0 || heightDegrees <= 0) return 0;
  const south = Math.max(a[1], b[1]);
  const north = Math.min(a[3], b[3]);
  const latitudeNearestEquator = south <= 0 && north >= 0 ? 0 : Math.min(Math.abs(south), Math.abs(north));
  const widthM = widthDegrees * METRES_PER_DEGREE_AT_EQUATOR * Math.cos((latitudeNearestEquator * Math.PI) / 180);
  return (widthM * heightDegrees * METRES_PER_DEGREE_LATITUDE_AT_MOST) / 10_000;
}

/** 1e-8° is about a millimetre. */
const SNAP_DEGREES = 1e-8;
const snapped = (polygon: PolygonBoundary): LngLat[][] =>
  polygon.coordinates.map((ring) =>
    ring.map(([lng, lat]): LngLat => [Math.round(lng / SNAP_DEGREES) * SNAP_DEGREES, Math.round(lat / SNAP_DEGREES) * SNAP_DEGREES]),
  );

/** The area two outlines share, in hectares. */
function sharedHectares(first: Outline, second: Outline): number {
  // The same boundary twice (a file imported again): all of it is shared, measured exactly as the field was.
  if (sameRings(first.polygon.coordinates, second.polygon.coordinates)) {
    if (first.areaHectares === undefined) {
      const whole = measureFieldBoundary(first.polygon);
      first.areaHectares = whole.ok ? whole.value.areaHectares : null;
    }
    if (first.areaHectares !== null) return first.areaHectares;
  }
  const [a, b] = [first.clipShape, second.clipShape];
  let shared;
  try {
    // The clipper fails on edges that nearly coincide (a shared edge written twice, or reprojected), and is
    // slow on them; snapped to a millimetre grid they coincide exactly.
    shared = intersect(featureCollection([turfPolygon(snapped(a)), turfPolygon(snapped(b))]));
  } catch {
    return 0;
  }
  if (!shared) return 0;
  const polygons = shared.geometry.type === 'Polygon' ? [shared.geometry.coordinates] : shared.geometry.coordinates;
  return polygons.reduce((sum, rings) => sum + polygonHectares(rings as LngLat[][]), 0);
}

function sameRings(a: LngLat[][], b: LngLat[][]): boolean {
  return (
    a.length === b.length &&
    a.every((ring, r) => ring.length === b[r]!.length && ring.every(([lng, lat], i) => lng === b[r]![i]![0] && lat === b[r]![i]![1]))
  );
}

function polygonHectares([outer, ...holes]: LngLat[][]): number {
  return ringHectares(outer!) - holes.reduce((sum, hole) => sum + ringHectares(hole), 0);
}

/** A ring's area in hectares, measured by core like every field (geodesic, WGS 84), small or not. */
function ringHectares(ring: LngLat[]): number {
  const measured = measureFieldBoundary({ type: 'Polygon', coordinates: [ring] });
  // An overlap is usually under the 0.5 ha a field needs: core refuses it as a field but still reports its area.
  return measured.ok ? measured.value.areaHectares : (measured.problem.areaHectares ?? 0);
}
