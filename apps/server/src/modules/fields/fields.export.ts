import { boundaryAsPolygon, findCropType, type Field, type FieldBoundary, type LngLat } from '@murimi/core';

export type ExportFormat = 'geojson' | 'kml';

export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: string;
}

interface FieldWithFarm {
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

export function exportFields(fields: FieldWithFarm[], format: ExportFormat, title: string, today: Date): ExportedFile {
  const stamp = today.toISOString().slice(0, 10);
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'fields';
  return format === 'kml'
    ? { fileName: `${slug}-${stamp}.kml`, contentType: 'application/vnd.google-earth.kml+xml', body: toKml(fields, title) }
    : { fileName: `${slug}-${stamp}.geojson`, contentType: 'application/geo+json', body: toGeoJson(fields) };
}
