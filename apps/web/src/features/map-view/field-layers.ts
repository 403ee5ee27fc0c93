import { boundaryAsPolygon, findCropType, type FieldBoundary, type FieldOnMap, type FieldPoint } from '@murimi/core';
import { formatNumber } from '../../lib/format.ts';

/** Fill colours by crop group, so a programme officer sees at a glance where maize, legumes and tobacco are. */
export const CROP_GROUP_COLOURS = {
  cereal: '#eab308',
  legume: '#16a34a',
  oilseed: '#f97316',
  fibre: '#e2e8f0',
  industrial: '#92400e',
  vegetable: '#a855f7',
  'root-tuber': '#f43f5e',
  fruit: '#ec4899',
  forage: '#84cc16',
  none: '#64748b',
} as const;

export type CropGroup = keyof typeof CROP_GROUP_COLOURS;

export function cropGroupOf(cropType: string | null | undefined): CropGroup {
  return (cropType ? findCropType(cropType)?.category : undefined) ?? 'none';
}

/**
 * A map style expression: the colour of a feature's `cropGroup`. The server's field tiles carry the group, not the
 * colour, so the colours live here only.
 */
export const cropGroupColour = [
  'match',
  ['get', 'cropGroup'],
  ...Object.entries(CROP_GROUP_COLOURS).flat(),
  CROP_GROUP_COLOURS.none,
] as const;

export interface FieldFeatureProperties {
  id: string;
  name: string;
  cropGroup: CropGroup;
  colour: string;
}

export interface FieldFeatureCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: { type: 'Polygon'; coordinates: number[][][] };
    properties: FieldFeatureProperties;
  }[];
}

const hectaresLabel = (hectares: number) => `${formatNumber(hectares, hectares < 10 ? 2 : 1)} ha`;

/**
 * Every field as one GeoJSON polygon (circles traced), unlabelled (see `fieldLabelPoints`), for one map source: Map
 * View's outlines when offline (online they come as the server's tiles), and the neighbours drawn under the editor.
 * The boundaries are the API's map form (simplified to about 1 m), not the full ones.
 */
export function fieldFeatures(fields: FieldOnMap[]): FieldFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: fields.map((field, index) => ({
      type: 'Feature',
      id: index,
      geometry: boundaryAsPolygon(field.mapBoundary as FieldBoundary),
      properties: {
        id: field.id,
        name: field.name,
        cropGroup: cropGroupOf(field.cropType),
        colour: CROP_GROUP_COLOURS[cropGroupOf(field.cropType)],
      },
    })),
  };
}

export interface FieldLabelCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: { type: 'Point'; coordinates: [number, number] };
    /** `label`: two lines on the map, the field's name, then its size; `colour`: its crop group's, for its marker. */
    properties: { id: string; label: string; colour: string };
  }[];
}

/**
 * One point per field, at the centre of its area, to carry its label and, far out, its marker (clustered). Labelled
 * from the polygons, MapLibre drew a field's name once per tile the field crosses, so a centre pivot showed its name
 * four times.
 */
export function fieldLabelPoints(fields: FieldPoint[]): FieldLabelCollection {
  return {
    type: 'FeatureCollection',
    features: fields.map((field, index) => ({
      type: 'Feature',
      id: index,
      geometry: { type: 'Point', coordinates: field.centroid },
      properties: {
        id: field.id,
        label: `${field.name}\n${hectaresLabel(field.size_hectares)}`,
        colour: CROP_GROUP_COLOURS[cropGroupOf(field.cropType)],
      },
    })),
  };
}

/** [west, south, east, north] around the given fields (from the bounding boxes the API measured), or null for none. */
export function boundsOfFields(fields: Pick<FieldPoint, 'bbox'>[]): [number, number, number, number] | null {
  if (fields.length === 0) return null;
  return [
    Math.min(...fields.map((field) => field.bbox.minLng)),
    Math.min(...fields.map((field) => field.bbox.minLat)),
    Math.max(...fields.map((field) => field.bbox.maxLng)),
    Math.max(...fields.map((field) => field.bbox.maxLat)),
  ];
}
