import type { BandName, StacSource } from '../stac/sources.ts';
import { INDICES, type Band, type IndexName } from './indices.ts';
import { landsatMaskReason, landsatReflectanceRule } from './landsat.ts';
import { reflectanceRuleFor, type ReflectanceRule, type SceneReflectanceFacts } from './reflectance.ts';
import { sclMaskReason, type MaskReason } from './scene-classification.ts';

/**
 * What the per-field statistics need to know about a sensor's pixels, so that Sentinel-2 and Landsat share one code
 * path: which of its bands stands for each band the indices name, how each band's DN become reflectance on a
 * scene, and which band masks cloud, read how.
 */
export interface Sensor {
  id: 'sentinel-2-l2a' | 'landsat-c2-l2';
  /** For messages, e.g. "Landsat Collection 2 Level-2". */
  name: string;
  /** The sensor's band for each band the indices are written in (Sentinel-2's names); null where it has none. */
  bandFor: Readonly<Record<Band, BandName | null>>;
  /** The band holding the per-pixel cloud mask: SCL or QA_PIXEL. */
  maskBand: BandName;
  /** Why the mask masks a pixel with this value; null when the pixel is clear. */
  maskReason(maskValue: number): MaskReason | null;
  /** How `band`'s DN become reflectance on a scene with these facts. */
  reflectanceRule(facts: SceneReflectanceFacts, band: BandName): ReflectanceRule;
}

/** Sentinel-2 L2A (science brief §1.1–§1.4): its own band names, the 2022 offset rule, SCL masking 0, 1, 3, 8–11. */
export const sentinel2Sensor: Sensor = {
  id: 'sentinel-2-l2a',
  name: 'Sentinel-2 L2A',
  bandFor: {
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
  },
  maskBand: 'scl',
  maskReason: (scl) => sclMaskReason(scl),
  reflectanceRule: reflectanceRuleFor,
};

/**
 * Landsat 8/9 (and 4–7) Collection 2 Level-2, 30 m (science brief §1.5): OLI band 5 (`nir08`, 0.865 µm) stands for
 * both of Sentinel-2's NIR bands, so NDVI, SAVI, EVI and McFeeters' NDWI use it where they name B08 and NDMI where it
 * names B8A; there is no red-edge band, hence no NDRE. Reflectance per band from `raster:bands`, else the USGS
 * constants; QA_PIXEL bits 0–4 mask.
 */
export const landsatSensor: Sensor = {
  id: 'landsat-c2-l2',
  name: 'Landsat Collection 2 Level-2',
  bandFor: {
    blue: 'blue',
    green: 'green',
    red: 'red',
    rededge1: null,
    rededge2: null,
    rededge3: null,
    nir: 'nir08',
    nir08: 'nir08',
    swir16: 'swir16',
    swir22: 'swir22',
  },
  maskBand: 'qa_pixel',
  maskReason: landsatMaskReason,
  reflectanceRule: landsatReflectanceRule,
};

const SENSORS = [sentinel2Sensor, landsatSensor] as const;

/** A sensor by its id: what crosses to a worker thread in place of the sensor and its functions. */
export function sensorById(id: string): Sensor {
  const sensor = SENSORS.find((candidate) => candidate.id === id);
  if (!sensor) throw new Error(`No sensor has the id ${id}.`);
  return sensor;
}

/** An index the sensor cannot measure, because it has no band for one of the index's: NDRE on Landsat (no red edge). */
export class IndexNotAvailableError extends Error {
  override readonly name = 'IndexNotAvailableError';
  readonly index: IndexName;
  readonly sensor: Sensor['id'];
  /** The index's bands the sensor lacks (Sentinel-2 names). */
  readonly missingBands: Band[];

  constructor(index: IndexName, sensor: Sensor, missingBands: Band[]) {
    super(`${index.toUpperCase()} cannot be computed from ${sensor.name}: it has no ${missingBands.join(' or ')} band.`);
    this.index = index;
    this.sensor = sensor.id;
    this.missingBands = missingBands;
  }
}

/** The sensor's bands for the index's, in the index's order; an `IndexNotAvailableError` when it lacks one. */
export function sensorBandsForIndex(sensor: Sensor, index: IndexName): BandName[] {
  const bands: readonly Band[] = INDICES[index].bands;
  const missing = bands.filter((band) => sensor.bandFor[band] === null);
  if (missing.length > 0) throw new IndexNotAvailableError(index, sensor, missing);
  return bands.map((band) => sensor.bandFor[band]!);
}

/** The indices a sensor can measure, for menus and validation. */
export function indicesAvailableOn(sensor: Sensor): IndexName[] {
  return (Object.keys(INDICES) as IndexName[]).filter((index) => INDICES[index].bands.every((band) => sensor.bandFor[band] !== null));
}

/** The sensor whose pixels a source serves: the one whose mask band it maps (SCL: Sentinel-2; QA_PIXEL: Landsat). */
export function sensorOfSource<B extends BandName>(source: StacSource<B>): Sensor {
  const sensor = SENSORS.find((candidate) => candidate.maskBand in source.assetKeys);
  if (!sensor) throw new Error(`Source ${source.id} (${source.collection}) maps neither an SCL nor a QA_PIXEL band.`);
  return sensor;
}
