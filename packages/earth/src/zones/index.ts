/**
 * Within-field zones from a field's index map on its scene window: management zones (weighted k-means, smoothed,
 * capped at 100 polygons), a variable-rate prescription from them, and problem zones for crop health. Pure: pixels
 * in, WGS 84 GeoJSON polygons out.
 */
export { isLabelled, type ZoneLabels } from './connected-regions.ts';
export { weightedKMeans1d, type WeightedKMeans } from './kmeans.ts';
export { majorityFilter } from './majority-filter.ts';
export { medianComposite } from './median-composite.ts';
export { capZoneParts, MAX_ZONE_POLYGONS } from './zone-cap.ts';
export { pixelAreaHa, zonePolygons, type FieldPixelWindow, type ZonePolygon } from './zone-polygons.ts';
export {
  DEFAULT_ZONE_COUNT,
  managementZones,
  MAX_ZONE_COUNT,
  MIN_ZONE_COUNT,
  type ManagementZoneClass,
  type ManagementZoneOptions,
  type ManagementZones,
} from './management-zones.ts';
export {
  PRESCRIPTION_SHAPEFILE_COLUMNS,
  variableRatePrescription,
  type PrescriptionFeature,
  type PrescriptionRow,
  type PrescriptionShapefileColumn,
  type PrescriptionShapefileRecord,
  type VariableRatePrescription,
} from './prescription.ts';
export {
  MIN_PROBLEM_ZONE_HECTARES,
  problemZones,
  type CompassDirection,
  type ProblemZone,
  type ProblemZoneOptions,
  type ProblemZones,
} from './problem-zones.ts';
