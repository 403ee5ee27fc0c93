import { BIOPHYSICAL_BANDS, biophysicalLai, type BiophysicalNetwork, type ViewingGeometry } from './biophysical-network.ts';
import { computeIndex, INDICES, type Band, type IndexName } from './indices.ts';
import { empiricalLai, saviL01 } from './leaf-area.ts';
import { sensorBandsForIndex, sentinel2Sensor, type Sensor } from './sensor.ts';
import type { BandName } from '../stac/sources.ts';

/** What a field's pixels are measured in: a spectral index, or leaf area index. */
export type Measure = IndexName | 'lai';

/** What LAI by the biophysical network needs beyond the bands; without either, the empirical relation is used. */
export interface LaiInputs {
  network: BiophysicalNetwork | null;
  geometry: ViewingGeometry | null;
}

/** One measure on one sensor: the bands it reads (by the indices' names and by the sensor's) and how, per pixel. */
export interface PixelMeasure {
  measure: Measure;
  /** How the numbers were made, shown with them (LAI has two methods of different standing). */
  method: string;
  bands: readonly Band[];
  sensorBands: BandName[];
  compute(reflectance: Partial<Record<Band, ArrayLike<number>>>): Float32Array;
}

export const LAI_NETWORK_METHOD = 'ESA SNAP S2 biophysical network (Weiss & Baret 2016, ATBD v1.1)';
export const LAI_EMPIRICAL_METHOD = 'Empirical: LAI = −ln((0.69 − SAVI)/0.59)/0.91, SAVI with L = 0.1, capped at 6';

/**
 * The measure's bands and per-pixel computation on a sensor. LAI comes from ESA's network where it can run (its
 * coefficients loaded, the scene's view angles known, and a Sentinel-2 scene: it was trained on Sentinel-2's bands),
 * else from the empirical SAVI relation; the method says which.
 */
export function pixelMeasure(measure: Measure, sensor: Sensor = sentinel2Sensor, lai?: LaiInputs): PixelMeasure {
  if (measure !== 'lai') {
    return {
      measure,
      method: INDICES[measure].source,
      bands: INDICES[measure].bands,
      sensorBands: sensorBandsForIndex(sensor, measure),
      compute: (reflectance) => computeIndex(measure, reflectance),
    };
  }
  const { network, geometry } = lai ?? { network: null, geometry: null };
  if (network && geometry && sensor === sentinel2Sensor) {
    return {
      measure,
      method: LAI_NETWORK_METHOD,
      bands: BIOPHYSICAL_BANDS,
      sensorBands: BIOPHYSICAL_BANDS.map((band) => sensor.bandFor[band]!),
      compute: (reflectance) =>
        biophysicalLai(network, reflectance as Record<(typeof BIOPHYSICAL_BANDS)[number], ArrayLike<number>>, geometry),
    };
  }
  const bands = ['nir', 'red'] as const;
  return {
    measure,
    method: LAI_EMPIRICAL_METHOD,
    bands,
    sensorBands: bands.map((band) => sensor.bandFor[band]!),
    compute: ({ nir, red }) => {
      const out = new Float32Array(nir!.length);
      for (let i = 0; i < out.length; i++) out[i] = empiricalLai(saviL01(nir![i]!, red![i]!));
      return out;
    },
  };
}

/** Every measure's name, for menus and validation. */
export const MEASURES: readonly Measure[] = [...(Object.keys(INDICES) as IndexName[]), 'lai'];
