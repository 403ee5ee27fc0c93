import type { BandName } from '../stac/sources.ts';

/**
 * Sentinel-2 L2A digital numbers to bottom-of-atmosphere reflectance (science brief §1.2).
 *
 * ESA: reflectance = (DN + BOA_ADD_OFFSET) / 10000, DN 0 = no data; from processing baseline 04.00 (25 January
 * 2022) BOA_ADD_OFFSET is -1000 for every band, before it 0. Left uncorrected, every normalised-difference index
 * jumps across that date. Earth Search v1 `sentinel-2-l2a` items say with `earthsearch:boa_offset_applied` whether
 * the pixels were already shifted (then the offset must not be applied again; Element84/earth-search #9); the
 * `sentinel-2-c1-l2a` collection and v2 catalogs serve raw DN with `raster:bands` scale and offset (#41), given per
 * band: each band's rule comes from its own asset. Landsat's rule is in `landsat.ts`.
 */
export interface ReflectanceRule {
  /** reflectance = DN × scale + offset; DN 0 is no data. */
  scale: number;
  offset: number;
  /** Which case of the rule applied, for the scene's record. */
  basis: 'raster-bands' | 'offset-already-applied' | 'baseline-04-offset' | 'before-baseline-04' | 'landsat-c2-l2-usgs';
}

/** A band's `raster:bands[0]` scale and offset, null where the catalogue does not say (a `StacAsset` fits). */
export interface BandScaling {
  scale: number | null;
  offset: number | null;
}

/** What a scene's item says about its pixels, for the reflectance rule of each band. */
export interface SceneReflectanceFacts {
  collection: string;
  /** `earthsearch:boa_offset_applied` (Sentinel-2); null or absent when the item does not say. */
  boaOffsetApplied?: boolean | null;
  /** `s2:processing_baseline`, e.g. "05.09" (Sentinel-2); null or absent when unknown. */
  processingBaseline?: string | null;
  /** Each band's own `raster:bands[0]` scale and offset, by band name: raw-DN collections may scale bands differently. */
  bands?: Partial<Record<BandName, BandScaling>>;
  /** One scale and offset for every band not in `bands` (the scene-wide form, kept for callers that have only one). */
  bandScale?: number | null;
  bandOffset?: number | null;
}

const DN_PER_REFLECTANCE = 10_000;
/** BOA_ADD_OFFSET from processing baseline 04.00 on (ESA, Sentinel-2 L2A product specification). */
const BASELINE_04_OFFSET_DN = -1_000;

/** Collections whose pixels are raw DN described by `raster:bands` scale and offset. */
const RAW_DN_COLLECTIONS = new Set(['sentinel-2-c1-l2a']);

const baselineAtLeast04 = (baseline: string) => Number.parseFloat(baseline) >= 4;

/** The scale and offset the facts give for `band`: its own `raster:bands` entry, else the scene-wide one. */
export function bandScalingOf(facts: SceneReflectanceFacts, band?: BandName): { scale: number | null; offset: number } {
  const own = band === undefined ? undefined : facts.bands?.[band];
  if (own && own.scale !== null) return { scale: own.scale, offset: own.offset ?? 0 };
  return { scale: facts.bandScale ?? null, offset: facts.bandOffset ?? 0 };
}

/**
 * The Sentinel-2 rule for one band of a scene (the 2022 rule above). Raw-DN collections take the band's own
 * `raster:bands` scale and offset; Earth Search v1's `raster:bands` (offset −0.1) are ignored: whether its pixels
 * were already shifted is the item's flag to say.
 */
export function reflectanceRuleFor(facts: SceneReflectanceFacts, band?: BandName): ReflectanceRule {
  const scaling = bandScalingOf(facts, band);
  if (RAW_DN_COLLECTIONS.has(facts.collection) && scaling.scale !== null) {
    return { scale: scaling.scale, offset: scaling.offset, basis: 'raster-bands' };
  }
  if (facts.boaOffsetApplied === true) return { scale: 1 / DN_PER_REFLECTANCE, offset: 0, basis: 'offset-already-applied' };
  if (facts.processingBaseline != null && baselineAtLeast04(facts.processingBaseline)) {
    return { scale: 1 / DN_PER_REFLECTANCE, offset: BASELINE_04_OFFSET_DN / DN_PER_REFLECTANCE, basis: 'baseline-04-offset' };
  }
  return { scale: 1 / DN_PER_REFLECTANCE, offset: 0, basis: 'before-baseline-04' };
}

/** Reflectance per pixel; NaN where the DN is 0 (no data) or `masked` is set (cloud, shadow: the sensor's mask). */
export function toReflectance(dn: ArrayLike<number>, rule: ReflectanceRule, masked?: Uint8Array): Float32Array {
  const out = new Float32Array(dn.length);
  const { scale, offset } = rule;
  for (let i = 0; i < dn.length; i++)
    out[i] = dn[i] === 0 || (masked !== undefined && masked[i] !== 0) ? Number.NaN : dn[i]! * scale + offset;
  return out;
}

/** SCL class 4: vegetation (science brief §1.4). */
const SCL_VEGETATION = 4;
/** Share of vegetation pixels with negative red above which a scene's offset looks applied twice (a heuristic). */
export const NEGATIVE_RED_SUSPECT_SHARE = 0.05;

/**
 * Catches a mis-flagged item (earth-search #66, #71): after correction, healthy vegetation has small positive red
 * reflectance; if more than 5 % of the SCL-vegetation pixels come out negative, the offset was applied twice.
 */
export function offsetLooksWrong(red: ArrayLike<number>, scl: ArrayLike<number>): { suspect: boolean; negativeShare: number } {
  let vegetation = 0;
  let negative = 0;
  for (let i = 0; i < red.length; i++) {
    if (scl[i] !== SCL_VEGETATION || Number.isNaN(red[i]!)) continue;
    vegetation++;
    if (red[i]! < 0) negative++;
  }
  const negativeShare = vegetation === 0 ? 0 : negative / vegetation;
  return { suspect: negativeShare > NEGATIVE_RED_SUSPECT_SHARE, negativeShare };
}
