/**
 * The shape of a crop catalogue entry (`crop-catalogue.ts`), as the API describes `GET /api/crop-types` and as the
 * catalogue's test checks every entry against. Kept apart from the catalogue so that a screen which only looks up a
 * crop's name does not load the validation library with it.
 */
import { z } from 'zod';

const stageLengthsSchema = z.object({
  initial: z.number().int().positive(),
  development: z.number().int().positive(),
  midSeason: z.number().int().positive(),
  lateSeason: z.number().int().positive(),
});

const coefficientsSchema = z.object({
  initial: z.number().positive(),
  midSeason: z.number().positive(),
  end: z.number().positive(),
});

const cropCategories = ['cereal', 'legume', 'oilseed', 'fibre', 'root-tuber', 'vegetable', 'industrial', 'fruit', 'forage'] as const;

/** What Map View colours a field by: its crop's category, or `none` without a crop (or for one not in the catalogue). */
export const cropGroupSchema = z.enum([...cropCategories, 'none']);

/** One crop (or crop variety) with its FAO-56 parameters; durations in days, depths and heights in metres. */
export const cropTypeSchema = z.object({
  /** Stable slug, e.g. `maize-grain`, or `maize-grain-sc727` for a variety. */
  id: z.string(),
  name: z.string(),
  /** Base crop slug shared by all varieties of the crop, e.g. `maize`. */
  crop: z.string(),
  /** Variety or maturity class; null for the generic crop. */
  variety: z.string().nullable(),
  category: z.enum(cropCategories),
  /** FAO-56 Table 11 stage lengths, days. */
  stageLengthsDays: stageLengthsSchema,
  /** FAO-56 Table 12 single crop coefficient Kc (dimensionless). */
  kc: coefficientsSchema,
  /** FAO-56 Table 17 basal crop coefficient Kcb; null where no table value exists. */
  kcb: coefficientsSchema.nullable(),
  /** FAO-56 Table 22 maximum effective root depth range Zr, metres. */
  maxRootDepthM: z.object({
    min: z.number().positive(),
    max: z.number().positive(),
  }),
  /** FAO-56 Table 22 depletion fraction p for ETc ≈ 5 mm/day (fraction of total available water). */
  depletionFraction: z.number().gt(0).lt(1),
  /** FAO-56 Table 12 mean maximum crop height h, metres; null where no table value exists. */
  maxHeightM: z.number().positive().nullable(),
  /** Climate/region the stage lengths are for, as FAO-56 Table 11 names it. */
  region: z.string().nullable(),
  /** Human-readable citations, one per group of numbers. */
  sources: z.array(z.string()),
  /** Caveats: choices within ranges, derivations, anything not verified. */
  notes: z.string().nullable(),
});
