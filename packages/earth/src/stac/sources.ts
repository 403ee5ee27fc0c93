/** Where a scene's pixels come from; every number from `simulated` imagery says so. */
export const imagerySources = ['earth-search', 'landsat', 'simulated'] as const;
export type ImagerySource = (typeof imagerySources)[number];

/** Sentinel-2 L2A bands the engine reads, by the common names Earth Search v1 uses as asset keys (science.md §1.1). */
export const sentinel2BandNames = [
  'blue',
  'green',
  'red',
  'rededge1',
  'rededge2',
  'rededge3',
  'nir',
  'nir08',
  'swir16',
  'swir22',
  'scl',
] as const;
export type Sentinel2BandName = (typeof sentinel2BandNames)[number];

/** Landsat Collection 2 Level-2 bands the engine reads: 30 m surface reflectance and the QA_PIXEL mask (science.md §1.5). */
export const landsatBandNames = ['blue', 'green', 'red', 'nir08', 'swir16', 'swir22', 'qa_pixel'] as const;
export type LandsatBandName = (typeof landsatBandNames)[number];

export type BandName = Sentinel2BandName | LandsatBandName;

/**
 * Where scenes come from: a STAC API, one collection in it, and which asset of an item holds each band.
 * The band names are the product's; the asset keys are the catalogue's, so a catalogue that names its assets
 * differently (`B04` instead of `red`) needs only a different map.
 */
export interface StacSource<B extends BandName> {
  id: ImagerySource;
  /** Root of the STAC API, without `/search`. */
  stacUrl: string;
  collection: string;
  assetKeys: Readonly<Record<B, string>>;
  /** Scenes whose tile-wide `eo:cloud_cover` is at or above this are not asked for. */
  maxCloudCoverPct: number;
}

export type Sentinel2Source = StacSource<Sentinel2BandName>;
export type LandsatSource = StacSource<LandsatBandName>;

export const earthSearchStacUrl = 'https://earth-search.aws.element84.com/v1';

/**
 * Earth Search v1, `sentinel-2-l2a` (science.md §1.3). Its pixels follow the v1 offset rule of §1.2, which the
 * reflectance step applies from the item's `boaOffsetApplied` and `processingBaseline`.
 */
export const earthSearchSentinel2: Sentinel2Source = {
  id: 'earth-search',
  stacUrl: earthSearchStacUrl,
  collection: 'sentinel-2-l2a',
  assetKeys: {
    blue: 'blue',
    green: 'green',
    red: 'red',
    rededge1: 'rededge1',
    rededge2: 'rededge2',
    rededge3: 'rededge3',
    nir: 'nir',
    nir08: 'nir08',
    swir16: 'swir16',
    swir22: 'swir22',
    scl: 'scl',
  },
  maxCloudCoverPct: 60,
};

/**
 * Landsat 8/9 (and 4–7) Collection 2 Level-2 in Earth Search v1, `landsat-c2-l2`: 30 m, reflectance from each
 * band's `raster:bands` (scale 0.0000275, offset −0.2), clouds from QA_PIXEL (science.md §1.5). The asset keys follow
 * the USGS STAC items this collection is built from (common names, `qa_pixel`). Mapping `qa_pixel` is what makes
 * `fieldTimeSeries` read a source as Landsat (`sensorOfSource`); QA_RADSAT is not mapped (see `landsatMaskReason`).
 */
export const earthSearchLandsat: LandsatSource = {
  id: 'landsat',
  stacUrl: earthSearchStacUrl,
  collection: 'landsat-c2-l2',
  assetKeys: {
    blue: 'blue',
    green: 'green',
    red: 'red',
    nir08: 'nir08',
    swir16: 'swir16',
    swir22: 'swir22',
    qa_pixel: 'qa_pixel',
  },
  maxCloudCoverPct: 60,
};

/**
 * The demo catalogue: GeoTIFFs written for the demo fields and served by Murimi itself under `stacUrl`. It mimics
 * Earth Search's `sentinel-2-l2a` so it goes through the same code path; every result from it is labelled `simulated`.
 */
export function simulatedSentinel2(stacUrl: string): Sentinel2Source {
  return { ...earthSearchSentinel2, id: 'simulated', stacUrl };
}
