import { boundaryAsPolygon, type FieldBoundary, type LngLat } from '@murimi/core';
import proj4 from 'proj4';
import { utmDefinition, type SceneGrid } from '../geometry/scene-grid.ts';
import type { DemoCrop } from './crop-phenology.ts';

/** A field to simulate imagery for. */
export interface DemoField {
  id: string;
  name: string;
  crop: DemoCrop;
  /** YYYY-MM-DD (for tobacco, the transplanting date). */
  plantingDate: string;
  boundary: FieldBoundary;
  /**
   * The green cover its canopy reaches, 0–1, when not the crop's well-managed default: a smallholder's unfertilised,
   * hand-weeded plot rarely closes its canopy.
   */
  peakCover?: number;
}

/**
 * Fields that share one simulated scene per date, like the fields of a farm under one Sentinel-2 tile: the scene
 * covers their bounding box plus a margin, in their UTM zone.
 */
export interface DemoSite {
  /** `36S-1`: UTM zone and hemisphere, then the site's number within that zone. */
  id: string;
  fields: DemoField[];
  /** The scene's 10 m grid; its 20 m bands share the origin at half the width and height. */
  grid10m: SceneGrid;
}

/** Room around a site's fields, so clouds and shadows have somewhere to be and a map has context. */
export const SCENE_MARGIN_M = 500;
/** Scene edges sit on multiples of the coarsest band's pixel (20 m), as Sentinel-2 tile origins do. */
const COARSEST_PIXEL_M = 20;

interface UtmBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const projections = new Map<number, proj4.Converter>();
/** WGS 84 longitude/latitude ⇄ a UTM zone (EPSG 326zz or 327zz). */
export function utmProjection(epsg: number): proj4.Converter {
  let converter = projections.get(epsg);
  if (!converter) projections.set(epsg, (converter = proj4('EPSG:4326', utmDefinition(epsg))));
  return converter;
}

/** The WGS 84 UTM zone of a position: 6° zones from 180° W, 326zz north of the equator, 327zz south (no Norway exceptions). */
export function utmZoneEpsg([lng, lat]: LngLat): number {
  const zone = Math.min(60, Math.floor((lng + 180) / 6) + 1);
  return (lat < 0 ? 32700 : 32600) + zone;
}

const outerRing = (boundary: FieldBoundary) => boundaryAsPolygon(boundary).coordinates[0]!;

function fieldBox(field: DemoField, epsg: number): UtmBox {
  const toZone = utmProjection(epsg);
  const points = outerRing(field.boundary).map((position) => toZone.forward(position) as [number, number]);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

const grow = (box: UtmBox, metres: number): UtmBox => ({
  minX: box.minX - metres,
  minY: box.minY - metres,
  maxX: box.maxX + metres,
  maxY: box.maxY + metres,
});
const union = (a: UtmBox, b: UtmBox): UtmBox => ({
  minX: Math.min(a.minX, b.minX),
  minY: Math.min(a.minY, b.minY),
  maxX: Math.max(a.maxX, b.maxX),
  maxY: Math.max(a.maxY, b.maxY),
});
const overlaps = (a: UtmBox, b: UtmBox) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

/**
 * Groups fields into sites: fields in one UTM zone whose scenes (box plus margin) would overlap share one, so no
 * place is in two demo scenes of the same zone and date. Fields at Harare, Lusaka and Lilongwe end up in three
 * sites, in zones 36S, 35S and 36S. A field's zone is that of the middle of its bounding box.
 */
export function groupIntoSites(fields: readonly DemoField[]): DemoSite[] {
  interface Group {
    epsg: number;
    fields: DemoField[];
    box: UtmBox;
  }
  let groups: Group[] = [];
  for (const field of fields) {
    const ring = outerRing(field.boundary);
    const lngs = ring.map(([lng]) => lng);
    const lats = ring.map(([, lat]) => lat);
    const epsg = utmZoneEpsg([(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2]);
    let group: Group = { epsg, fields: [field], box: grow(fieldBox(field, epsg), SCENE_MARGIN_M) };
    // A merged scene is larger and may now overlap another: merge until none does.
    for (let merging = true; merging;) {
      const other = groups.find((candidate) => candidate.epsg === epsg && overlaps(candidate.box, group.box));
      merging = other !== undefined;
      if (other) {
        groups = groups.filter((candidate) => candidate !== other);
        group = { epsg, fields: [...other.fields, ...group.fields], box: union(other.box, group.box) };
      }
    }
    groups.push(group);
  }

  const order = (field: DemoField) => fields.indexOf(field);
  groups.sort((a, b) => Math.min(...a.fields.map(order)) - Math.min(...b.fields.map(order)));
  const sitesPerZone = new Map<number, number>();
  return groups.map(({ epsg, fields: siteFields, box }) => {
    const number = (sitesPerZone.get(epsg) ?? 0) + 1;
    sitesPerZone.set(epsg, number);
    const minX = Math.floor(box.minX / COARSEST_PIXEL_M) * COARSEST_PIXEL_M;
    const maxX = Math.ceil(box.maxX / COARSEST_PIXEL_M) * COARSEST_PIXEL_M;
    const minY = Math.floor(box.minY / COARSEST_PIXEL_M) * COARSEST_PIXEL_M;
    const maxY = Math.ceil(box.maxY / COARSEST_PIXEL_M) * COARSEST_PIXEL_M;
    return {
      id: `${epsg % 100}${epsg >= 32700 ? 'S' : 'N'}-${number}`,
      fields: [...siteFields].sort((a, b) => order(a) - order(b)),
      grid10m: { epsg, originX: minX, originY: maxY, pixelSizeM: 10, width: (maxX - minX) / 10, height: (maxY - minY) / 10 },
    };
  });
}
