/**
 * The root zone as a water store (FAO-56 chapter 8): how deep the roots reach on a season day, how much water the
 * soil there holds for the crop (TAW, Eq. 82) and how much of it the crop can take before it is stressed
 * (RAW = p·TAW, Eq. 83, with p adjusted for the day's crop water use).
 *
 * Source: Allen, Pereira, Raes & Smith (1998), FAO Irrigation and Drainage Paper 56, chapter 8 and Annex 8;
 * soil water held per metre from Table 19.
 */
import type { CropType } from '../../crops/crop-catalogue.ts';
import type { soilTextures } from '../../schemas/field.ts';
import { stageEndDays, type CropCoefficientCurve } from './crop-coefficient.ts';

/** USDA soil texture class, as a field records it. */
export type SoilTextureClass = (typeof soilTextures)[number];

/** The texture assumed for a field that has none recorded. */
export const DEFAULT_SOIL_TEXTURE: SoilTextureClass = 'loam';

/** A FAO-56 Table 19 row: ranges of volumetric water content, m³/m³. */
export interface Table19Row {
  /** Row name as printed in Table 19. */
  name: string;
  fieldCapacityM3PerM3: readonly [number, number];
  wiltingPointM3PerM3: readonly [number, number];
  /** The table's own (θFC − θWP) column. */
  availableWaterM3PerM3: readonly [number, number];
}

/** FAO-56 Table 19, "Typical soil water characteristics for different soil types" (nine USDA classes), p. 144. */
const TABLE_19 = {
  sand: { name: 'Sand', fieldCapacityM3PerM3: [0.07, 0.17], wiltingPointM3PerM3: [0.02, 0.07], availableWaterM3PerM3: [0.05, 0.11] },
  'loamy-sand': {
    name: 'Loamy sand',
    fieldCapacityM3PerM3: [0.11, 0.19],
    wiltingPointM3PerM3: [0.03, 0.1],
    availableWaterM3PerM3: [0.06, 0.12],
  },
  'sandy-loam': {
    name: 'Sandy loam',
    fieldCapacityM3PerM3: [0.18, 0.28],
    wiltingPointM3PerM3: [0.06, 0.16],
    availableWaterM3PerM3: [0.11, 0.15],
  },
  loam: { name: 'Loam', fieldCapacityM3PerM3: [0.2, 0.3], wiltingPointM3PerM3: [0.07, 0.17], availableWaterM3PerM3: [0.13, 0.18] },
  'silt-loam': {
    name: 'Silt loam',
    fieldCapacityM3PerM3: [0.22, 0.36],
    wiltingPointM3PerM3: [0.09, 0.21],
    availableWaterM3PerM3: [0.13, 0.19],
  },
  silt: { name: 'Silt', fieldCapacityM3PerM3: [0.28, 0.36], wiltingPointM3PerM3: [0.12, 0.22], availableWaterM3PerM3: [0.16, 0.2] },
  'silty-clay-loam': {
    name: 'Silt clay loam',
    fieldCapacityM3PerM3: [0.3, 0.37],
    wiltingPointM3PerM3: [0.17, 0.24],
    availableWaterM3PerM3: [0.13, 0.18],
  },
  'silty-clay': {
    name: 'Silty clay',
    fieldCapacityM3PerM3: [0.3, 0.42],
    wiltingPointM3PerM3: [0.17, 0.29],
    availableWaterM3PerM3: [0.13, 0.19],
  },
  clay: { name: 'Clay', fieldCapacityM3PerM3: [0.32, 0.4], wiltingPointM3PerM3: [0.2, 0.24], availableWaterM3PerM3: [0.12, 0.2] },
} as const satisfies Partial<Record<SoilTextureClass, Table19Row>>;

type Table19Texture = keyof typeof TABLE_19;

/**
 * Table 19 has no row for three of the twelve USDA classes. Each takes the row of a neighbour in the USDA texture
 * triangle; where two neighbours have rows, the one holding less water, so the advice errs towards irrigating early.
 *   - sandy clay loam → sandy loam (neighbours with rows: sandy loam 0.11–0.15, loam 0.13–0.18);
 *   - clay loam → silt clay loam (same 27–40 % clay band; loam and clay hold about as much);
 *   - sandy clay → clay (its only neighbour with a row).
 * This substitution is ours, not FAO's.
 */
const SUBSTITUTE_ROW: Record<Exclude<SoilTextureClass, Table19Texture>, Table19Texture> = {
  'sandy-clay-loam': 'sandy-loam',
  'clay-loam': 'silty-clay-loam',
  'sandy-clay': 'clay',
};

const midpoint = ([low, high]: readonly [number, number]) => (low + high) / 2;

export interface SoilWaterProperties {
  texture: SoilTextureClass;
  /** True when the field has no texture recorded and `DEFAULT_SOIL_TEXTURE` was used. */
  textureAssumed: boolean;
  /** The Table 19 row used; differs from `texture` for the three classes Table 19 lacks. */
  table19Row: Table19Row;
  /** True when `table19Row` is a neighbouring class's row. */
  rowSubstituted: boolean;
  /** Midpoint of the row's θFC range, m³/m³ (for reference; TAW uses `availableWaterM3PerM3`). */
  fieldCapacityM3PerM3: number;
  /** Midpoint of the row's θWP range, m³/m³ (for reference). */
  wiltingPointM3PerM3: number;
  /** θFC − θWP used in Eq. 82: the midpoint of the row's own (θFC − θWP) column, m³/m³. */
  availableWaterM3PerM3: number;
  /** Plain-language notes on what was assumed. */
  notes: string[];
}

/**
 * Soil water characteristics of a USDA texture class from FAO-56 Table 19; a missing texture is taken as loam.
 * Eq. 82 needs only θFC − θWP, and we take the midpoint of the table's own (θFC − θWP) column rather than the
 * difference of the θFC and θWP midpoints: those are two independent spreads whose ends do not pair, and their
 * difference lands at the very bottom of FAO's available-water range (loam: 0.25 − 0.12 = 0.13 against 0.13–0.18).
 */
export function soilWaterProperties(texture: SoilTextureClass | null | undefined): SoilWaterProperties {
  const textureAssumed = texture === null || texture === undefined;
  const resolved = textureAssumed ? DEFAULT_SOIL_TEXTURE : texture;
  const rowKey: Table19Texture =
    resolved in TABLE_19 ? (resolved as Table19Texture) : SUBSTITUTE_ROW[resolved as keyof typeof SUBSTITUTE_ROW];
  const row: Table19Row = TABLE_19[rowKey];
  const rowSubstituted = rowKey !== resolved;
  const notes: string[] = [];
  if (textureAssumed) notes.push(`No soil texture is recorded for this field, so ${DEFAULT_SOIL_TEXTURE} was assumed.`);
  if (rowSubstituted) {
    notes.push(`FAO-56 Table 19 has no ${resolved.replaceAll('-', ' ')} row; the ${row.name.toLowerCase()} row was used.`);
  }
  return {
    texture: resolved,
    textureAssumed,
    table19Row: row,
    rowSubstituted,
    fieldCapacityM3PerM3: midpoint(row.fieldCapacityM3PerM3),
    wiltingPointM3PerM3: midpoint(row.wiltingPointM3PerM3),
    availableWaterM3PerM3: midpoint(row.availableWaterM3PerM3),
    notes,
  };
}

/**
 * Root depth at planting, m. FAO-56 Annex 8 (after Eq. 8-3): Zr min "should represent the depth of seed placement
 * plus an additional depth of soil that may contribute water to the seed ... For many annual crops, Zr min can be
 * estimated as 0.15 to 0.20 m". We take the lower end, the cautious choice: young plants are warned of a dry
 * topsoil sooner rather than later.
 */
export const INITIAL_ROOT_DEPTH_M = 0.15;

/**
 * Which end of the Table 22 maximum root depth range to use. Table 22 footnote 1: the smaller values "may be used
 * for irrigation scheduling", the larger ones are for soils with no layering that restricts rooting, "for modeling
 * soil water stress or for rainfed conditions". We default to the lower end for every field: we do not know
 * whether a field's soil is deep and unlayered (a smallholder field may be shallow or have a plough pan), and the
 * shallower store makes both the irrigation alert and the stress warning come earlier rather than too late.
 * Pass `upper-end` for a soil known to be deep and unrestricted.
 */
export type RootDepthRangeEnd = 'lower-end' | 'upper-end';
export const DEFAULT_ROOT_DEPTH_RANGE_END: RootDepthRangeEnd = 'lower-end';

/** The crop's maximum effective root depth, m, from the chosen end of its Table 22 range. */
export function cropMaxRootDepthM(
  crop: Pick<CropType, 'maxRootDepthM'>,
  rangeEnd: RootDepthRangeEnd = DEFAULT_ROOT_DEPTH_RANGE_END,
): number {
  return rangeEnd === 'lower-end' ? crop.maxRootDepthM.min : crop.maxRootDepthM.max;
}

/**
 * Effective root depth on a season day (planting = day 1), m: FAO-56 Annex 8 Eq. 8-3, a straight line from
 * `INITIAL_ROOT_DEPTH_M` on the planting day to the maximum on the first day of mid-season, constant after
 * ("maximum effective root depth is reached by the beginning of the midseason"). Before planting the soil is
 * counted to the initial depth; after harvest roots are not taken back (Annex 8 keeps Zr from decreasing).
 */
export function rootDepthOnDay(
  curve: Pick<CropCoefficientCurve, 'stageLengthsDays'>,
  maximumRootDepthM: number,
  seasonDay: number,
): number {
  const initialDepthM = Math.min(INITIAL_ROOT_DEPTH_M, maximumRootDepthM);
  const growthDays = stageEndDays(curve).development; // from day 1 to the first day of mid-season
  const progress = Math.min(1, Math.max(0, (seasonDay - 1) / growthDays));
  return initialDepthM + (maximumRootDepthM - initialDepthM) * progress;
}

/** FAO-56 Eq. 82: total available water TAW = 1000(θFC − θWP)·Zr, mm. */
export function totalAvailableWaterMm(availableWaterM3PerM3: number, rootDepthM: number): number {
  return 1000 * availableWaterM3PerM3 * rootDepthM;
}

/** FAO-56 Eq. 83 note / Table 22 footnote 2: p = p_table + 0.04(5 − ETc), held within 0.1–0.8. */
export const DEPLETION_FRACTION_LIMITS = { min: 0.1, max: 0.8 } as const;

/**
 * Depletion fraction p adjusted for the crop's unstressed water use ETc (mm/day). Table 22 values are for
 * ETc ≈ 5 mm/day; a crop drawing water faster is stressed while the soil is still wetter, so p falls.
 */
export function adjustedDepletionFraction(tabulatedDepletionFraction: number, cropEvapotranspirationMm: number): number {
  const adjusted = tabulatedDepletionFraction + 0.04 * (5 - cropEvapotranspirationMm);
  return Math.min(DEPLETION_FRACTION_LIMITS.max, Math.max(DEPLETION_FRACTION_LIMITS.min, adjusted));
}

/** FAO-56 Eq. 83: readily available water RAW = p·TAW, mm. */
export function readilyAvailableWaterMm(totalAvailableWater: number, depletionFraction: number): number {
  return depletionFraction * totalAvailableWater;
}

export interface RootZoneOnDay {
  rootDepthM: number;
  totalAvailableWaterMm: number;
  readilyAvailableWaterMm: number;
  /** p after the ETc adjustment. */
  depletionFraction: number;
}

/** Root depth, TAW, p and RAW on one season day for a crop on a soil, given the day's unstressed ETc (mm). */
export function rootZoneOnDay(options: {
  crop: Pick<CropType, 'maxRootDepthM' | 'depletionFraction'>;
  curve: Pick<CropCoefficientCurve, 'stageLengthsDays'>;
  soil: Pick<SoilWaterProperties, 'availableWaterM3PerM3'>;
  seasonDay: number;
  cropEvapotranspirationMm: number;
  rootDepthRangeEnd?: RootDepthRangeEnd;
}): RootZoneOnDay {
  const rootDepthM = rootDepthOnDay(options.curve, cropMaxRootDepthM(options.crop, options.rootDepthRangeEnd), options.seasonDay);
  const taw = totalAvailableWaterMm(options.soil.availableWaterM3PerM3, rootDepthM);
  const depletionFraction = adjustedDepletionFraction(options.crop.depletionFraction, options.cropEvapotranspirationMm);
  return {
    rootDepthM,
    totalAvailableWaterMm: taw,
    readilyAvailableWaterMm: readilyAvailableWaterMm(taw, depletionFraction),
    depletionFraction,
  };
}
