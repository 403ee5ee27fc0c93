import { boundaryAsPolygon, cropGroupOf, type CropGroup, type FieldBoundary, type FieldOnMap, type FieldPoint } from '@murimi/core';

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
} as const satisfies Record<CropGroup, string>;

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

/** What a field's point carries, from the server's tiles or made here from a kept list: its label, colour and id. */
export interface FieldPointProperties {
  id: string;
  name: string;
  size_hectares: number;
  cropGroup: CropGroup;
}

export interface FieldPointCollection {
  type: 'FeatureCollection';
  features: { type: 'Feature'; id: number; geometry: { type: 'Point'; coordinates: [number, number] }; properties: FieldPointProperties }[];
}

/**
 * One point per field, at the centre of its area, to carry its label and, far out, its marker (clustered): offline,
 * from the list kept on the device, as the server's tiles carry them online. Labelled from the polygons, MapLibre
 * drew a field's name once per tile the field crosses, so a centre pivot showed its name four times.
 */
export function fieldPointFeatures(fields: FieldPoint[]): FieldPointCollection {
  return {
    type: 'FeatureCollection',
    features: fields.map((field, index) => ({
      type: 'Feature',
      id: index,
      geometry: { type: 'Point', coordinates: field.centroid },
      properties: { id: field.id, name: field.name, size_hectares: field.size_hectares, cropGroup: cropGroupOf(field.cropType) },
    })),
  };
}

/**
 * A map style expression: a field point's label, its name over its size ("12.3 ha"; 2 decimals under 10 ha), with
 * numbers written as the person's language writes them.
 */
export function fieldLabel(locale: string) {
  const hectares = ['get', 'size_hectares'];
  const digits = (most: number) => ['number-format', hectares, { locale, 'max-fraction-digits': most }];
  return ['concat', ['get', 'name'], '\n', ['case', ['<', hectares, 10], digits(2), digits(1)], ' ha'] as const;
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
