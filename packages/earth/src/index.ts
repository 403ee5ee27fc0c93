/**
 * The imagery engine: finds scenes in a STAC catalog, reads the pixels a field needs from cloud-optimised GeoTIFFs,
 * and turns them into per-field index statistics (architecture §4, science brief §1–§2).
 */
export * from './stac/sources.ts';
export * from './stac/stac-item.ts';
export * from './stac/stac-client.ts';
export * from './stac/scene-search-cache.ts';
export * from './scene/reflectance.ts';
export * from './scene/scene-classification.ts';
export * from './scene/indices.ts';
export * from './geometry/pixel-coverage.ts';
export * from './geometry/scene-grid.ts';
export * from './zonal/zonal-statistics.ts';
// The index legends live in core, where the web app reads them too; the engine's callers find them here as well.
export { colourOf, LEGENDS, NO_CLEAR_READING_RGB, type ColourStop, type IndexLegend, type LegendName } from '@murimi/core';
export * from './render/index-map.ts';
export * from './render/field-map.ts';
export * from './cog/cog-error.ts';
export * from './cog/cog-reader.ts';
export * from './cog/tile-cache.ts';
export * from './cog/zlib-decoder.ts';
export * from './zonal/field-statistics.ts';
export * from './render/geotiff-writer.ts';
export * from './scene/landsat.ts';
export * from './scene/leaf-area.ts';
export * from './zonal/field-time-series.ts';
export * from './scene/biophysical-network.ts';
export * from './scene/viewing-geometry.ts';
export * from './scene/sensor.ts';
export * from './scene/measures.ts';
export * from './demo/index.ts';
export * from './zones/index.ts';
