/**
 * Demo imagery: a local STAC catalog of simulated Sentinel-2 L2A scenes for given fields, and a small STAC API
 * that serves it, so the product works without internet through the same search and COG reads as real imagery.
 * Every result from it is labelled `simulated` (`simulatedSentinel2`).
 */
export { demoCrops, type DemoCrop } from './crop-phenology.ts';
export type { DemoField } from './demo-sites.ts';
export type { StressedPatch, SkyKind } from './demo-scenes.ts';
export { DEMO_CATALOG_ID, writeDemoCatalog, type DemoCatalogRequest, type DemoCatalogSummary } from './demo-catalog.ts';
export {
  createLocalStacHandler,
  startLocalStacApi,
  type LocalStacApi,
  type LocalStacApiOptions,
  type RequestHandler,
} from './local-stac-api.ts';
