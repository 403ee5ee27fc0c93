/**
 * Vegetation and water indices from surface reflectance (0–1), as the science brief §2 defines them. The
 * product's "NDWI" for crop water stress is NDMI (NIR−SWIR, Gao 1996); McFeeters' NDWI (green−NIR) finds
 * standing water. A pixel with any band missing (NaN) gives NaN.
 */

/**
 * The bands the indices are written in, named as Sentinel-2's (science brief §1.1: `nir` is B08, 0.842 µm; `nir08`
 * is B8A, 0.865 µm). Another sensor says which of its bands stands for each (`Sensor.bandFor` in `sensor.ts`):
 * Landsat's one NIR band (OLI band 5, 0.865 µm, `nir08`) stands for both, and it has no red edge, so no NDRE.
 */
export type Band = 'blue' | 'green' | 'red' | 'rededge1' | 'rededge2' | 'rededge3' | 'nir' | 'nir08' | 'swir16' | 'swir22';

export interface IndexDefinition {
  bands: readonly Band[];
  /** One pixel's value from its band reflectances, in the order of `bands`. */
  compute: (...reflectance: number[]) => number;
  source: string;
}

const normalisedDifference = (a: number, b: number) => (a - b) / (a + b);

export const INDICES = {
  ndvi: { bands: ['nir', 'red'], compute: normalisedDifference, source: 'Rouse et al. 1974: (B08−B04)/(B08+B04)' },
  ndmi: { bands: ['nir08', 'swir16'], compute: normalisedDifference, source: 'Gao 1996: (B8A−B11)/(B8A+B11)' },
  ndwiMcFeeters: { bands: ['green', 'nir'], compute: normalisedDifference, source: 'McFeeters 1996: (B03−B08)/(B03+B08)' },
  ndre: { bands: ['nir08', 'rededge1'], compute: normalisedDifference, source: 'Barnes et al. 2000: (B8A−B05)/(B8A+B05)' },
  evi: {
    bands: ['nir', 'red', 'blue'],
    compute: (nir: number, red: number, blue: number) => (2.5 * (nir - red)) / (nir + 6 * red - 7.5 * blue + 1),
    source: 'Huete et al. 2002: 2.5(B08−B04)/(B08+6B04−7.5B02+1)',
  },
  savi: {
    bands: ['nir', 'red'],
    compute: (nir: number, red: number) => (1.5 * (nir - red)) / (nir + red + 0.5),
    source: 'Huete 1988, L = 0.5: 1.5(B08−B04)/(B08+B04+0.5)',
  },
} as const satisfies Record<string, IndexDefinition>;

export type IndexName = keyof typeof INDICES;

/** The product's names for the indices it shows: its "NDWI" is NDMI. */
export const PRODUCT_INDEX_NAMES: Record<string, IndexName> = { NDVI: 'ndvi', NDWI: 'ndmi', NDRE: 'ndre', EVI: 'evi', SAVI: 'savi' };

/** An index per pixel from equally long band arrays; NaN where a band is missing or the index is undefined (0/0). */
export function computeIndex(name: IndexName, bands: Partial<Record<Band, ArrayLike<number>>>): Float32Array {
  const definition: IndexDefinition = INDICES[name];
  const inputs = definition.bands.map((band) => {
    const values = bands[band];
    if (!values) throw new Error(`${name.toUpperCase()} needs the ${band} band.`);
    return values;
  });
  const length = inputs[0]!.length;
  const out = new Float32Array(length);
  // Called with its arguments spelled out, not spread from an array: a call per pixel the compiler can inline.
  const compute = definition.compute;
  const [a, b, c] = inputs as [ArrayLike<number>, ArrayLike<number> | undefined, ArrayLike<number> | undefined];
  if (inputs.length > 3) throw new Error(`${name.toUpperCase()} reads ${inputs.length} bands; indices of up to 3 are supported.`);
  for (let i = 0; i < length; i++) {
    const value = compute(a[i]!, b ? b[i]! : Number.NaN, c ? c[i]! : Number.NaN);
    out[i] = Number.isFinite(value) ? value : Number.NaN;
  }
  return out;
}
