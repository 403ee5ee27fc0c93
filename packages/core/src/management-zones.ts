import type { PolygonBoundary } from './geometry/field-boundary.ts';

/** One management zone polygon as GeoJSON, with what it was made from. */
export interface ManagementZoneFeature {
  type: 'Feature';
  geometry: PolygonBoundary;
  properties: {
    zone: number;
    /** Hectares, to 0.0001 ha. */
    areaHa: number;
    /** Mean NDVI of its pixels in the season composite, to 3 decimals; null when it has none. */
    meanNdvi: number | null;
    /** The dates and scenes of the season composite, oldest first. */
    dates: string[];
    sceneIds: string[];
    simulated: boolean;
    source: string;
  };
}

/** A field's management zones from its season's NDVI, as `GET /api/fields/{id}/management-zones` answers. */
export interface ManagementZonesView {
  fieldId: string;
  /** Classes made: the number asked for, or 0 when there is no clear image yet. */
  zoneCount: number;
  message: string;
  /** YYYY-MM-DD. */
  from: string;
  to: string;
  /** Images of the field the catalog has in the period, usable or not. */
  imagesFound: number;
  /** The dates and scenes in the composite, oldest first. */
  dates: string[];
  sceneIds: string[];
  /** Clear dates left out because their scene is on another grid (another UTM zone). */
  datesOnOtherGrid: string[];
  simulated: boolean;
  source: string;
  fieldAreaHa: number;
  /** Area inside the field with no value on any date, in no zone. */
  unclassifiedAreaHa: number;
  /** Zone 1 has the lowest NDVI; areas in hectares. */
  classes: { zone: number; meanNdvi: number | null; centroidNdvi: number; areaHa: number; partCount: number }[];
  features: { type: 'FeatureCollection'; features: ManagementZoneFeature[] };
}
