import { boundaryAsPolygon, findCropType, type Field, type FieldBoundary, type LngLat } from '@murimi/core';
import { zippedShapefile, type DbfColumn } from './fields.shapefile.ts';

export type ExportFormat = 'geojson' | 'kml' | 'shapefile';

export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

export interface FieldWithFarm {
  field: Field;
  farmName: string;
}

/** What travels with each boundary: the facts another tool (QGIS, Google Earth, a programme's GIS) can use. */
function propertiesOf({ field, farmName }: FieldWithFarm) {
  const boundary = field.boundary as FieldBoundary;
  return {
    id: field.id,
    name: field.name,
    farm: farmName,
    crop: field.cropType ? (findCropType(field.cropType)?.name ?? field.cropType) : null,
    variety: field.variety,
    size_hectares: field.size_hectares,
    planting_date: field.plantingDate,
    expected_harvest_date: field.expectedHarvestDate,
    soil_texture: field.soilTexture,
    irrigated: field.irrigated,
    ...(boundary.type === 'Point' ? { shape: 'circle', radius_m: boundary.properties.radius } : { shape: 'polygon' }),
  };
}

/** GeoJSON (RFC 7946): one Feature per field; circles as their traced polygon, with `radius_m` kept. */
function toGeoJson(fields: FieldWithFarm[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: fields.map((item) => ({
      type: 'Feature',
      id: item.field.id,
      geometry: boundaryAsPolygon(item.field.boundary as FieldBoundary),
      properties: propertiesOf(item),
    })),
  });
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const kmlRing = (ring: LngLat[]) =>
  `<LinearRing><coordinates>${ring.map(([lng, lat]) => `${lng},${lat},0`).join(' ')}</coordinates></LinearRing>`;

/** KML 2.2 as Google Earth writes it: a Placemark per field with its facts as ExtendedData. */
function toKml(fields: FieldWithFarm[], title: string): string {
  const placemarks = fields.map((item) => {
    const [outer, ...holes] = boundaryAsPolygon(item.field.boundary as FieldBoundary).coordinates;
    const data = Object.entries(propertiesOf(item))
      .filter(([, value]) => value !== null)
      .map(([key, value]) => `<Data name="${key}"><value>${escapeXml(String(value))}</value></Data>`)
      .join('');
    return (
      `<Placemark><name>${escapeXml(item.field.name)}</name><ExtendedData>${data}</ExtendedData>` +
      `<Polygon><outerBoundaryIs>${kmlRing(outer!)}</outerBoundaryIs>` +
      holes.map((hole) => `<innerBoundaryIs>${kmlRing(hole)}</innerBoundaryIs>`).join('') +
      `</Polygon></Placemark>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${escapeXml(title)}</name>` +
    `${placemarks.join('\n')}</Document></kml>\n`
  );
}

/** The Shapefile's columns: the same facts, under the 10-character names a .dbf allows. */
const SHAPEFILE_COLUMNS: DbfColumn[] = [
  { name: 'name', type: 'C' },
  { name: 'farm', type: 'C' },
  { name: 'crop', type: 'C' },
  { name: 'variety', type: 'C' },
  { name: 'size_ha', type: 'N', decimals: 4 },
  { name: 'plant_date', type: 'D' },
  { name: 'soil', type: 'C' },
  { name: 'irrigated', type: 'L' },
  { name: 'shape', type: 'C' },
  { name: 'radius_m', type: 'N', decimals: 1 },
];

/** A zipped Shapefile in WGS 84 for desktop GIS (QGIS, ArcGIS); circles as their traced polygon, with `radius_m` kept. */
function toShapefile(fields: FieldWithFarm[], layerName: string, today: Date): Buffer {
  const records = fields.map((item) => {
    const properties = propertiesOf(item);
    return {
      polygon: boundaryAsPolygon(item.field.boundary as FieldBoundary),
      attributes: {
        name: properties.name,
        farm: properties.farm,
        crop: properties.crop,
        variety: properties.variety,
        size_ha: properties.size_hectares,
        plant_date: properties.planting_date,
        soil: properties.soil_texture,
        irrigated: properties.irrigated,
        shape: properties.shape,
        radius_m: 'radius_m' in properties ? properties.radius_m : null,
      },
    };
  });
  const zip = zippedShapefile(layerName, SHAPEFILE_COLUMNS, records, today);
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}

export function exportFields(fields: FieldWithFarm[], format: ExportFormat, title: string, today: Date): ExportedFile {
  const stamp = today.toISOString().slice(0, 10);
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'fields';
  switch (format) {
    case 'kml':
      return { fileName: `${slug}-${stamp}.kml`, contentType: 'application/vnd.google-earth.kml+xml', body: toKml(fields, title) };
    case 'shapefile':
      return { fileName: `${slug}-${stamp}.zip`, contentType: 'application/zip', body: toShapefile(fields, `${slug}-${stamp}`, today) };
    case 'geojson':
      return { fileName: `${slug}-${stamp}.geojson`, contentType: 'application/geo+json', body: toGeoJson(fields) };
  }
}
