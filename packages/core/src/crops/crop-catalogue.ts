/**
 * Crop catalogue served by `GET /api/crop-types`; it feeds the FAO-56 soil-water balance
 * (crop coefficient curve, root-zone depth, readily available water).
 *
 * Source of every number, unless an entry's `sources` says otherwise:
 * Allen, R.G., Pereira, L.S., Raes, D., Smith, M. (1998). Crop evapotranspiration — Guidelines for
 * computing crop water requirements. FAO Irrigation and Drainage Paper 56 (FAO-56), Rome.
 *   - Table 11: lengths of the four crop growth stages, in days, for a named climate/region.
 *   - Table 12: single (time-averaged) crop coefficient Kc and mean maximum crop height h (m).
 *   - Table 17: basal crop coefficient Kcb (transpiration only).
 *   - Table 22: maximum effective rooting depth Zr (m) and soil-water depletion fraction p.
 *
 * Conventions the calculations must honour:
 *   - Kc and Kcb are FAO-56 standard values for a sub-humid climate (RHmin ≈ 45 %, u2 ≈ 2 m/s).
 *     Kc mid / Kc end (and Kcb mid / end) need the FAO-56 Eq. 62 / 70 climate adjustment for other
 *     climates; Kc ini needs the FAO-56 Chapter 6 wetting-frequency adjustment.
 *   - p is tabulated for ETc ≈ 5 mm/day; FAO-56 Table 22 adjusts it as p = p_table + 0.04 (5 − ETc),
 *     kept within 0.1–0.8.
 *   - Kc ini blank in Table 12 takes the crop-group value printed above it (e.g. legumes 0.40).
 *   - Where a table gives a range we store one value and say which one, and why, in `sources`/`notes`.
 *
 * Verification: values were read from two machine-readable transcriptions of the FAO-56 tables
 * (github.com/kthorp/pyfao56, src/pyfao56/tools/tables.py, which averages some ranges; and the
 * WBSF ASCE_ETc.cpp crop table), cross-checked against each other and with the ranges given in the
 * product brief. The printed FAO-56 tables themselves were not re-read for this file.
 */
import type { z } from 'zod';
import type { cropGroupSchema, cropTypeSchema } from './crop-type-schema.ts';

export type CropType = z.infer<typeof cropTypeSchema>;

type Category = CropType['category'];
/** [initial, development, midSeason, lateSeason], days. */
type Stages = readonly [number, number, number, number];
/** [initial, midSeason, end]. */
type Coefficients = readonly [number, number, number];

interface Fao56Input {
  id: string;
  name: string;
  crop: string;
  variety?: string;
  category: Category;
  /** Table 11 row used for the stage lengths. */
  stages: Stages;
  region: string;
  /** Citation of the Table 11 row (crop line, region, planting month). */
  t11: string;
  kc: Coefficients;
  /** Table 12 mean maximum height, m. */
  h: number | null;
  /** Citation of the Table 12 line, with any range and the value chosen. */
  t12: string;
  kcb: Coefficients | null;
  /** Citation of the Table 17 line, or why there is none. */
  t17: string;
  zr: readonly [number, number];
  p: number;
  /** Citation of the Table 22 line. */
  t22: string;
  notes?: string;
}

/** Builds an entry whose numbers all come from FAO-56 Tables 11, 12, 17 and 22. */
function fao56(input: Fao56Input): CropType {
  const [initial, development, midSeason, lateSeason] = input.stages;
  const total = initial + development + midSeason + lateSeason;
  return {
    id: input.id,
    name: input.name,
    crop: input.crop,
    variety: input.variety ?? null,
    category: input.category,
    stageLengthsDays: { initial, development, midSeason, lateSeason },
    kc: { initial: input.kc[0], midSeason: input.kc[1], end: input.kc[2] },
    kcb: input.kcb === null ? null : { initial: input.kcb[0], midSeason: input.kcb[1], end: input.kcb[2] },
    maxRootDepthM: { min: input.zr[0], max: input.zr[1] },
    depletionFraction: input.p,
    maxHeightM: input.h,
    region: input.region,
    sources: [
      `Stage lengths: FAO-56 Table 11, ${input.t11} (${initial}/${development}/${midSeason}/${lateSeason} days, ${total} in all)`,
      `Kc${input.h === null ? '' : ' and height'}: FAO-56 Table 12, ${input.t12}`,
      `Kcb: FAO-56 Table 17, ${input.t17}`,
      `Root depth Zr and depletion fraction p: FAO-56 Table 22, ${input.t22}`,
    ],
    notes: input.notes ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Shared coefficient sets (crops whose entries differ only in stage lengths)
// ---------------------------------------------------------------------------------------------

/** Maize grain, FAO-56 Tables 12/17/22; shared by the generic entry and the maturity classes. */
const maizeGrain = {
  crop: 'maize',
  category: 'cereal',
  kc: [0.3, 1.2, 0.35],
  h: 2,
  t12:
    'maize (field corn, grain): Kc ini 0.30 (cereals group value), Kc mid 1.20, Kc end 0.60–0.35; ' +
    '0.35 chosen (grain dried in the field to about 18 % moisture; 0.60 applies when harvested at high grain moisture); h 2 m',
  kcb: [0.15, 1.15, 0.15],
  t17: 'maize (field corn, grain): Kcb ini 0.15, Kcb mid 1.15, Kcb end 0.50–0.15; 0.15 chosen to match the dry-harvest Kc end',
  zr: [1.0, 1.7],
  p: 0.55,
  t22: 'maize (field corn, grain): Zr 1.0–1.7 m, p 0.55',
} as const satisfies Partial<Fao56Input>;

/** Small grains (wheat, barley, oats) share Kcb and Table 22 lines apart from winter wheat's Zr. */
const smallGrainKcb = [0.15, 1.1, 0.15] as const;

/** Sweet peppers (bell), FAO-56 Tables 12/17/22; shared by sweet pepper and paprika. */
const sweetPepper = {
  crop: 'pepper',
  category: 'vegetable',
  kc: [0.6, 1.05, 0.9],
  h: 0.7,
  t12: 'sweet peppers (bell): Kc ini 0.60 (Solanaceae group value), Kc mid 1.05, Kc end 0.90; h 0.7 m',
  kcb: [0.15, 1.0, 0.8],
  t17: 'sweet peppers (bell): Kcb 0.15 / 1.00 / 0.80',
  zr: [0.5, 1.0],
  p: 0.3,
  t22: 'sweet peppers (bell): Zr 0.5–1.0 m, p 0.30',
} as const satisfies Partial<Fao56Input>;

/** Pumpkin / winter squash, FAO-56 Tables 11/12/17/22; shared by pumpkin and butternut. */
const winterSquash = {
  crop: 'winter-squash',
  category: 'vegetable',
  stages: [20, 30, 30, 20],
  region: 'Mediterranean',
  t11: 'pumpkin, winter squash, Mediterranean, planted March or August',
  kc: [0.5, 1.0, 0.8],
  h: 0.4,
  t12: 'pumpkin, winter squash: Kc 0.50 / 1.00 / 0.80; h 0.4 m',
  kcb: [0.15, 0.95, 0.7],
  t17: 'pumpkin, winter squash: Kcb 0.15 / 0.95 / 0.70',
  zr: [1.0, 1.5],
  p: 0.35,
  t22: 'pumpkin, winter squash: Zr 1.0–1.5 m, p 0.35',
} as const satisfies Partial<Fao56Input>;

const MAIZE_CLASS_NOTE =
  'FAO-56 has no variety-level data. Maturity classes reuse the maize-grain coefficients and take their stage ' +
  'lengths from a Table 11 maize row whose season length matches the class; replace them with the seed ' +
  "company's days to physiological maturity for the farm's altitude when known.";

// ---------------------------------------------------------------------------------------------
// Entries
// ---------------------------------------------------------------------------------------------

const entries: CropType[] = [
  // ----- Maize ---------------------------------------------------------------------------------
  fao56({
    ...maizeGrain,
    id: 'maize-grain',
    name: 'Maize (grain)',
    // The default for a maize field whose variety is not given: Zimbabwe's summer maize runs 120–150 days from
    // planting to physiological maturity (medium-maturing hybrids dominate), so the 140-day Table 11 row, whose
    // December–January planting is also the southern summer's, stands in. The 180-day East African highland row
    // remains as the late maturity class.
    stages: [25, 40, 45, 30],
    region: 'Zimbabwe summer season (FAO-56 arid-climate row)',
    t11: 'maize (grain), arid climate, planted December–January, used as the Zimbabwe summer-maize default',
    notes:
      'Default season for maize of unknown variety in Zimbabwe: summer maize takes 120–150 days from planting to ' +
      'maturity; the 140-day Table 11 row sits in that band. Choose a maturity class when the variety is known.',
  }),
  fao56({
    ...maizeGrain,
    id: 'maize-grain-very-early',
    name: 'Maize (grain), very early maturing',
    variety: 'Very early maturing (~110 days)',
    // No Table 11 maize row is this short; scale the shortest one (125 days) down.
    stages: [18, 31, 35, 26],
    region: 'Nigeria (humid)',
    t11: 'maize (grain), Nigeria (humid), planted June, 20/35/40/30 days (125), each stage scaled by 110/125 = 0.88 and rounded',
    notes:
      `${MAIZE_CLASS_NOTE} Derived: the 125-day Nigeria (humid) row 20/35/40/30 multiplied by 0.88 ` +
      '(17.6/30.8/35.2/26.4) and rounded to 18/31/35/26 = 110 days. The scaling is ours, not FAO-56.',
  }),
  fao56({
    ...maizeGrain,
    id: 'maize-grain-early',
    name: 'Maize (grain), early maturing',
    variety: 'Early maturing (~125 days)',
    stages: [20, 35, 40, 30],
    region: 'Nigeria (humid)',
    t11: 'maize (grain), Nigeria (humid), planted June (the India dry/cool row, planted October, is identical)',
    notes: `${MAIZE_CLASS_NOTE} Stage lengths used unchanged from the 125-day row.`,
  }),
  fao56({
    ...maizeGrain,
    id: 'maize-grain-medium',
    name: 'Maize (grain), medium maturing',
    variety: 'Medium maturing (~140 days)',
    stages: [25, 40, 45, 30],
    region: 'Arid climate',
    t11: 'maize (grain), arid climate, planted December–January',
    notes: `${MAIZE_CLASS_NOTE} Stage lengths used unchanged from the 140-day row.`,
  }),
  fao56({
    ...maizeGrain,
    id: 'maize-grain-medium-late',
    name: 'Maize (grain), medium-late maturing',
    variety: 'Medium-late maturing (~150 days)',
    stages: [30, 40, 50, 30],
    region: 'Spain (spring–summer); California',
    t11: 'maize (grain), Spain (spring, summer) and California, planted April',
    notes: `${MAIZE_CLASS_NOTE} Stage lengths used unchanged from the 150-day row.`,
  }),
  fao56({
    ...maizeGrain,
    id: 'maize-grain-late',
    name: 'Maize (grain), late maturing',
    variety: 'Late maturing (~180 days)',
    stages: [30, 50, 60, 40],
    region: 'East Africa (highlands)',
    t11: 'maize (grain), East Africa (highlands), planted April',
    notes: `${MAIZE_CLASS_NOTE} Stage lengths used unchanged from the 180-day row (the longest maize row in Table 11 except Idaho).`,
  }),
  fao56({
    ...maizeGrain,
    id: 'maize-grain-sc727',
    name: 'Maize (grain), SC 727',
    variety: 'SC 727 (late maturing)',
    stages: [30, 50, 60, 40],
    region: 'East Africa (highlands)',
    t11: 'maize (grain), East Africa (highlands), planted April — used as the late maturity class',
    notes:
      `${MAIZE_CLASS_NOTE} SC 727 is a Seed Co hybrid sold as late maturing (700 series); it is given the late class ` +
      '(180-day row). Its published days to maturity were not verified for this catalogue.',
  }),
  fao56({
    id: 'sweet-corn',
    name: 'Sweet corn',
    crop: 'sweet-corn',
    category: 'vegetable',
    // Semi-arid row preferred over the Mediterranean, Idaho and California rows.
    stages: [20, 30, 30, 10],
    region: 'Arid climate',
    t11: 'maize (sweet), arid climate, planted October–December',
    kc: [0.3, 1.15, 1.05],
    h: 1.5,
    t12: 'maize, sweet (sweet corn): Kc ini 0.30 (cereals group value), Kc mid 1.15, Kc end 1.05 (harvested fresh); h 1.5 m',
    kcb: [0.15, 1.1, 1.0],
    t17: 'maize, sweet (sweet corn): Kcb 0.15 / 1.10 / 1.00',
    zr: [0.8, 1.2],
    p: 0.5,
    t22: 'maize, sweet (sweet corn): Zr 0.8–1.2 m, p 0.50',
    notes: 'FAO-56 also lists a 80-day tropical row (Philippines, planted March: 20/20/30/10).',
  }),

  // ----- Other cereals -------------------------------------------------------------------------
  fao56({
    id: 'sorghum-grain',
    name: 'Sorghum (grain)',
    crop: 'sorghum',
    category: 'cereal',
    stages: [20, 35, 40, 30],
    region: 'USA; Pakistan; Mediterranean',
    t11: 'sorghum, USA, Pakistan and Mediterranean, planted May–June',
    kc: [0.3, 1.05, 0.55],
    h: 1.5,
    t12:
      'sorghum (grain): Kc ini 0.30 (cereals group value), Kc mid 1.00–1.10, 1.05 (mid-point) chosen, Kc end 0.55; ' +
      'h 1–2 m, 1.5 m (mid-point) chosen',
    kcb: [0.15, 1.0, 0.35],
    t17: 'sorghum (grain): Kcb ini 0.15, Kcb mid 0.95–1.05, 1.00 (mid-point) chosen, Kcb end 0.35',
    zr: [1.0, 2.0],
    p: 0.55,
    t22: 'sorghum (grain): Zr 1.0–2.0 m, p 0.55',
    notes:
      'Table 11 also has an arid-region row (planted March–April) of 20/35/45/30 days, 5 days longer mid-season; ' +
      'the 130-day row is used; prefer the arid-region row for longer-season sorghum in dry areas.',
  }),
  fao56({
    id: 'pearl-millet',
    name: 'Pearl millet',
    crop: 'pearl-millet',
    category: 'cereal',
    stages: [15, 25, 40, 25],
    region: 'Pakistan',
    t11: 'millet, Pakistan, planted June',
    kc: [0.3, 1.0, 0.3],
    h: 1.5,
    t12: 'millet: Kc ini 0.30 (cereals group value), Kc mid 1.00, Kc end 0.30; h 1.5 m',
    kcb: [0.15, 0.95, 0.2],
    t17: 'millet: Kcb 0.15 / 0.95 / 0.20',
    zr: [1.0, 2.0],
    p: 0.55,
    t22: 'millet: Zr 1.0–2.0 m, p 0.55',
    notes: 'FAO-56 has a single "millet" line and does not name the species; the semi-arid 105-day row suits pearl millet.',
  }),
  fao56({
    id: 'finger-millet',
    name: 'Finger millet',
    crop: 'finger-millet',
    category: 'cereal',
    stages: [20, 30, 55, 35],
    region: 'Central USA',
    t11: 'millet, central USA, planted April',
    kc: [0.3, 1.0, 0.3],
    h: 1.5,
    t12: 'millet: Kc ini 0.30 (cereals group value), Kc mid 1.00, Kc end 0.30; h 1.5 m',
    kcb: [0.15, 0.95, 0.2],
    t17: 'millet: Kcb 0.15 / 0.95 / 0.20',
    zr: [1.0, 2.0],
    p: 0.55,
    t22: 'millet: Zr 1.0–2.0 m, p 0.55',
    notes:
      'FAO-56 has no finger-millet line. The generic millet values are used with the longer (140-day) of the two ' +
      'Table 11 millet rows, because finger millet is the longer-season millet; the region is not African. ' +
      'The 1.5 m height is the generic millet value and likely exceeds most finger-millet stands.',
  }),
  fao56({
    id: 'wheat-spring',
    name: 'Wheat (spring type)',
    crop: 'wheat',
    variety: 'Spring type',
    category: 'cereal',
    stages: [15, 30, 65, 40],
    region: 'East Africa',
    t11: 'barley/oats/wheat, East Africa, planted July',
    kc: [0.3, 1.15, 0.25],
    h: 1,
    t12:
      'spring wheat: Kc ini 0.30, Kc mid 1.15, Kc end 0.25–0.4; 0.25 chosen (combine-harvested dry grain; ' +
      'the higher value is for hand-harvested crops); h 1 m',
    kcb: smallGrainKcb,
    t17: 'spring wheat: Kcb ini 0.15, Kcb mid 1.10, Kcb end 0.15–0.3; 0.15 chosen to match Kc end',
    zr: [1.0, 1.5],
    p: 0.55,
    t22: 'spring wheat: Zr 1.0–1.5 m, p 0.55',
    notes:
      'In southern Africa spring-type wheat is mostly sown in May as an irrigated winter crop; the East African ' +
      '150-day row is the closest Table 11 row. Use Kc end 0.4 for hand-harvested wheat.',
  }),
  fao56({
    id: 'wheat-winter',
    name: 'Wheat (winter type)',
    crop: 'wheat',
    variety: 'Winter type',
    category: 'cereal',
    // Southern Africa's "winter wheat" is sown in May and grown through the dry winter under irrigation, harvested
    // from September: the 120-day dry-season irrigated row (central India, 20° N, planted November) is the nearest
    // Table 11 analogue; the 240-day Mediterranean row assumed a vernalising crop standing through a rainy winter.
    stages: [15, 25, 50, 30],
    region: 'Southern Africa, sown in May (FAO-56 central-India dry-season row)',
    t11: 'barley/oats/wheat, central India, planted November, used for May-sown southern-African winter wheat',
    kc: [0.4, 1.15, 0.25],
    h: 1,
    t12:
      'winter wheat: Kc ini 0.40 (Table 12 prints 0.40 for frozen soils and 0.70 for non-frozen soils, the latter for a ' +
      'soil kept wet by winter rain through a long initial stage; May-sown wheat starts in the dry season, wetted only ' +
      'by irrigation every 7–10 days, for which FAO-56 Figs. 29–30 give about 0.3–0.6 at ET₀ 3–4 mm/day, read ' +
      'approximately), Kc mid 1.15, Kc end 0.25–0.4; 0.25 chosen (combine harvest); h 1 m',
    kcb: smallGrainKcb,
    t17: 'winter wheat: Kcb ini 0.15, Kcb mid 1.10, Kcb end 0.15–0.3; 0.15 chosen',
    zr: [1.5, 1.8],
    p: 0.55,
    t22: 'winter wheat: Zr 1.5–1.8 m, p 0.55',
    notes:
      'Wheat grown through the southern-African winter: sown in May, irrigated, harvested from September (about ' +
      '120–140 days; the season length was not checked against a Zimbabwean variety list). For a vernalising wheat ' +
      'standing through a rainy Mediterranean winter FAO-56 uses 30/140/40/30 days and Kc ini 0.70. FAO-56 Table 17 ' +
      'gives a range for winter-wheat Kcb ini whose upper bound (for a crop that covers the ground before winter) was ' +
      'not verified here; 0.15, the value both transcriptions carry, is stored.',
  }),
  fao56({
    id: 'barley',
    name: 'Barley',
    crop: 'barley',
    category: 'cereal',
    // Dry-season irrigated small grain in the tropics: the Central India row is the nearest analogue.
    stages: [15, 25, 50, 30],
    region: 'Central India',
    t11: 'barley/oats/wheat, central India, planted November',
    kc: [0.3, 1.15, 0.25],
    h: 1,
    t12: 'barley: Kc 0.30 / 1.15 / 0.25; h 1 m',
    kcb: smallGrainKcb,
    t17: 'barley: Kcb 0.15 / 1.10 / 0.15',
    zr: [1.0, 1.5],
    p: 0.55,
    t22: 'barley: Zr 1.0–1.5 m, p 0.55',
    notes:
      'Malting barley in southern Africa is an irrigated winter crop; the 120-day Central India (dry-season) row ' +
      'was chosen over the three East African barley/oats/wheat rows (150, 130 and 200 days).',
  }),
  fao56({
    id: 'oats',
    name: 'Oats (grain)',
    crop: 'oats',
    category: 'cereal',
    stages: [40, 30, 40, 20],
    region: 'East Africa',
    t11: 'barley/oats/wheat, East Africa, planted April',
    kc: [0.3, 1.15, 0.25],
    h: 1,
    t12: 'oats: Kc 0.30 / 1.15 / 0.25; h 1 m',
    kcb: smallGrainKcb,
    t17: 'oats: Kcb 0.15 / 1.10 / 0.15',
    zr: [1.0, 1.5],
    p: 0.55,
    t22: 'oats: Zr 1.0–1.5 m, p 0.55',
    notes: 'Values are for oats grown to dry grain. FAO-56 has no line for oats cut green as winter fodder.',
  }),
  fao56({
    id: 'rice',
    name: 'Rice (paddy)',
    crop: 'rice',
    category: 'cereal',
    stages: [30, 30, 60, 30],
    region: 'Tropics; Mediterranean',
    t11: 'rice, tropics and Mediterranean, planted December or May',
    kc: [1.05, 1.2, 0.6],
    h: 1,
    t12: 'rice: Kc ini 1.05, Kc mid 1.20, Kc end 0.90–0.60; 0.60 chosen (field drained before harvest); h 1 m',
    kcb: [1.0, 1.15, 0.45],
    t17: 'rice: Kcb ini 1.00, Kcb mid 1.15, Kcb end 0.70–0.45; 0.45 chosen to match Kc end',
    zr: [0.5, 1.0],
    p: 0.2,
    t22: 'rice: Zr 0.5–1.0 m, p 0.20 (of saturation)',
    notes:
      'Flooded paddy. Kc ini 1.05 assumes standing water. The lower end values assume the paddy is drained some ' +
      'weeks before harvest (our choice); use 0.90 / 0.70 if it is not. A 180-day tropics row (30/30/80/40) also exists.',
  }),

  // ----- Legumes -------------------------------------------------------------------------------
  fao56({
    id: 'soybean',
    name: 'Soybean',
    crop: 'soybean',
    category: 'legume',
    stages: [20, 35, 60, 25],
    region: 'Central USA',
    t11: 'soybeans, central USA, planted May',
    kc: [0.4, 1.15, 0.5],
    h: 0.75,
    t12:
      'soybeans: Kc ini 0.40 (legumes group value; pyfao56 carries 0.5), Kc mid 1.15, Kc end 0.50; ' +
      'h 0.5–1.0 m, 0.75 m (mid-point) chosen',
    kcb: [0.15, 1.1, 0.3],
    t17: 'soybeans: Kcb 0.15 / 1.10 / 0.30',
    zr: [0.6, 1.3],
    p: 0.5,
    t22: 'soybeans: Zr 0.6–1.3 m, p 0.50',
    notes:
      'The 140-day central-USA row is used because the Table 11 tropics row (15/15/40/15, 85 days) is shorter ' +
      'than medium and late soybean varieties; the short row is catalogued separately as soybean-early. The ' +
      'development stage (35 days) was checked against the pyfao56 transcription of Table 11, whose row total of ' +
      '140 days agrees with 20 + 35 + 60 + 25.',
  }),
  fao56({
    id: 'soybean-early',
    name: 'Soybean, early maturing',
    crop: 'soybean',
    variety: 'Early maturing (~85 days)',
    category: 'legume',
    stages: [15, 15, 40, 15],
    region: 'Tropics',
    t11: 'soybeans, tropics, planted December',
    kc: [0.4, 1.15, 0.5],
    h: 0.75,
    t12: 'soybeans: Kc ini 0.40 (legumes group value), Kc mid 1.15, Kc end 0.50; h 0.5–1.0 m, 0.75 m chosen',
    kcb: [0.15, 1.1, 0.3],
    t17: 'soybeans: Kcb 0.15 / 1.10 / 0.30',
    zr: [0.6, 1.3],
    p: 0.5,
    t22: 'soybeans: Zr 0.6–1.3 m, p 0.50',
    notes: 'Stage lengths used unchanged from the 85-day tropics row; suits early-maturing varieties only.',
  }),
  fao56({
    id: 'bean-dry',
    name: 'Dry bean (sugar bean)',
    crop: 'bean',
    category: 'legume',
    stages: [20, 30, 40, 20],
    region: 'Continental climates',
    t11: 'beans (dry), continental climates, planted May–June',
    kc: [0.4, 1.15, 0.35],
    h: 0.4,
    t12: 'beans, dry and pulses: Kc 0.40 / 1.15 / 0.35; h 0.4 m',
    kcb: [0.15, 1.1, 0.25],
    t17: 'beans, dry and pulses: Kcb 0.15 / 1.10 / 0.25',
    zr: [0.6, 0.9],
    p: 0.45,
    t22: 'beans, dry and pulses: Zr 0.6–0.9 m, p 0.45',
    notes: 'The other dry-bean rows are Pakistan/California (95 days) and Idaho (100 days).',
  }),
  fao56({
    id: 'bean-green',
    name: 'Green bean',
    crop: 'bean',
    variety: 'Green (fresh pods)',
    category: 'legume',
    stages: [15, 25, 25, 10],
    region: 'California; Egypt; Lebanon',
    t11: 'beans (green), California, Egypt and Lebanon, planted August–September',
    kc: [0.5, 1.05, 0.9],
    h: 0.4,
    t12: 'beans, green: Kc 0.50 / 1.05 / 0.90; h 0.4 m',
    kcb: [0.15, 1.0, 0.8],
    t17: 'beans, green: Kcb 0.15 / 1.00 / 0.80',
    zr: [0.5, 0.7],
    p: 0.45,
    t22: 'beans, green: Zr 0.5–0.7 m, p 0.45',
  }),
  fao56({
    id: 'cowpea',
    name: 'Cowpea (dry grain)',
    crop: 'cowpea',
    category: 'legume',
    stages: [20, 30, 30, 20],
    region: 'Mediterranean',
    t11: 'green gram, cowpeas, Mediterranean, planted March',
    kc: [0.4, 1.05, 0.35],
    h: 0.4,
    t12: 'green gram and cowpeas: Kc ini 0.40 (legumes group value), Kc mid 1.05, Kc end 0.60–0.35; 0.35 chosen (harvested dry); h 0.4 m',
    kcb: [0.15, 1.0, 0.25],
    t17: 'green gram and cowpeas: Kcb ini 0.15, Kcb mid 1.00, Kcb end 0.55–0.25; 0.25 chosen (harvested dry)',
    zr: [0.6, 1.0],
    p: 0.45,
    t22: 'green gram, cowpeas: Zr 0.6–1.0 m, p 0.45',
    notes: 'The only Table 11 cowpea row is Mediterranean.',
  }),
  fao56({
    id: 'cowpea-fresh',
    name: 'Cowpea (harvested fresh)',
    crop: 'cowpea',
    variety: 'Harvested fresh (green pods and leaves)',
    category: 'legume',
    stages: [20, 30, 30, 20],
    region: 'Mediterranean',
    t11: 'green gram, cowpeas, Mediterranean, planted March',
    kc: [0.4, 1.05, 0.6],
    h: 0.4,
    t12: 'green gram and cowpeas: Kc ini 0.40, Kc mid 1.05, Kc end 0.60–0.35; 0.60 chosen (harvested fresh); h 0.4 m',
    kcb: [0.15, 1.0, 0.55],
    t17: 'green gram and cowpeas: Kcb ini 0.15, Kcb mid 1.00, Kcb end 0.55–0.25; 0.55 chosen (harvested fresh)',
    zr: [0.6, 1.0],
    p: 0.45,
    t22: 'green gram, cowpeas: Zr 0.6–1.0 m, p 0.45',
  }),
  fao56({
    id: 'groundnut',
    name: 'Groundnut (peanut)',
    crop: 'groundnut',
    category: 'legume',
    stages: [25, 35, 45, 25],
    region: 'West Africa',
    t11: 'groundnut, West Africa, dry season',
    kc: [0.4, 1.15, 0.6],
    h: 0.4,
    t12: 'groundnut (peanut): Kc ini 0.40 (legumes group value), Kc mid 1.15, Kc end 0.60; h 0.4 m',
    kcb: [0.15, 1.1, 0.5],
    t17: 'groundnut (peanut): Kcb 0.15 / 1.10 / 0.50',
    zr: [0.5, 1.0],
    p: 0.5,
    t22: 'groundnut (peanut): Zr 0.5–1.0 m, p 0.50',
  }),
  fao56({
    id: 'pea-fresh',
    name: 'Garden pea (fresh)',
    crop: 'pea',
    category: 'legume',
    stages: [20, 30, 35, 15],
    region: 'Mediterranean',
    t11: 'peas, Mediterranean, planted March–April',
    kc: [0.5, 1.15, 1.1],
    h: 0.5,
    t12: 'peas, fresh: Kc 0.50 / 1.15 / 1.10; h 0.5 m',
    kcb: [0.15, 1.1, 1.05],
    t17: 'peas, fresh: Kcb 0.15 / 1.10 / 1.05',
    zr: [0.6, 1.0],
    p: 0.35,
    t22: 'peas, fresh: Zr 0.6–1.0 m, p 0.35',
  }),

  // ----- Oilseeds ------------------------------------------------------------------------------
  fao56({
    id: 'sunflower',
    name: 'Sunflower',
    crop: 'sunflower',
    category: 'oilseed',
    stages: [25, 35, 45, 25],
    region: 'Mediterranean; California',
    t11: 'sunflower, Mediterranean and California, planted April–May (the only sunflower row)',
    kc: [0.35, 1.1, 0.35],
    h: 2,
    t12: 'sunflower: Kc ini 0.35 (oil crops group value), Kc mid 1.0–1.15, 1.10 chosen (near the mid-point), Kc end 0.35; h 2 m',
    kcb: [0.15, 1.05, 0.25],
    t17: 'sunflower: Kcb ini 0.15, Kcb mid 0.95–1.10, 1.05 chosen to sit 0.05 below Kc mid, Kcb end 0.25',
    zr: [0.8, 1.5],
    p: 0.45,
    t22: 'sunflower: Zr 0.8–1.5 m, p 0.45',
  }),
  fao56({
    id: 'sesame',
    name: 'Sesame',
    crop: 'sesame',
    category: 'oilseed',
    stages: [20, 30, 40, 20],
    region: 'China',
    t11: 'sesame, China, planted June (the only sesame row)',
    kc: [0.35, 1.1, 0.25],
    h: 1,
    t12: 'sesame: Kc ini 0.35 (oil crops group value), Kc mid 1.10, Kc end 0.25; h 1 m',
    kcb: [0.15, 1.05, 0.2],
    t17: 'sesame: Kcb 0.15 / 1.05 / 0.20',
    zr: [1.0, 1.5],
    p: 0.6,
    t22: 'sesame: Zr 1.0–1.5 m, p 0.60',
  }),

  // ----- Fibre and industrial --------------------------------------------------------------------
  fao56({
    id: 'cotton',
    name: 'Cotton',
    crop: 'cotton',
    category: 'fibre',
    stages: [30, 50, 60, 55],
    region: 'Egypt; Pakistan; California',
    t11: 'cotton, Egypt, Pakistan and California, planted March–May (the Yemen row, planted September, is identical)',
    kc: [0.35, 1.18, 0.6],
    h: 1.35,
    t12:
      'cotton: Kc ini 0.35 (fibre group value), Kc mid 1.15–1.20, 1.18 chosen, Kc end 0.70–0.50, 0.60 (mid-point) chosen; ' +
      'h 1.2–1.5 m, 1.35 m (mid-point) chosen',
    kcb: [0.15, 1.13, 0.45],
    t17:
      'cotton: Kcb ini 0.15, Kcb mid 1.10–1.15, 1.13 chosen, Kcb end 0.50–0.40, 0.45 chosen — each interpolated ' +
      'at the same position in its range as the chosen Kc',
    zr: [1.0, 1.7],
    p: 0.65,
    t22: 'cotton: Zr 1.0–1.7 m, p 0.65',
    notes: '1.18, 0.60, 1.13 and 0.45 are in-range choices of ours, not values printed in FAO-56.',
  }),
  fao56({
    id: 'sugarcane-virgin',
    name: 'Sugarcane (plant cane, virgin)',
    crop: 'sugarcane',
    category: 'industrial',
    stages: [35, 60, 190, 120],
    region: 'Low latitudes',
    t11: 'sugarcane, virgin, low latitudes',
    kc: [0.4, 1.25, 0.75],
    h: 3,
    t12: 'sugarcane: Kc 0.40 / 1.25 / 0.75; h 3 m',
    kcb: [0.15, 1.2, 0.7],
    t17: 'sugarcane: Kcb 0.15 / 1.20 / 0.70',
    zr: [1.2, 2.0],
    p: 0.65,
    t22: 'sugarcane: Zr 1.2–2.0 m, p 0.65',
    notes: 'Table 11 also gives tropics (480 days) and Hawaii (720 days) virgin-cane rows.',
  }),
  fao56({
    id: 'sugarcane-ratoon',
    name: 'Sugarcane (ratoon)',
    crop: 'sugarcane',
    category: 'industrial',
    stages: [25, 70, 135, 50],
    region: 'Low latitudes',
    t11: 'sugarcane, ratoon, low latitudes',
    kc: [0.4, 1.25, 0.75],
    h: 3,
    t12: 'sugarcane: Kc 0.40 / 1.25 / 0.75; h 3 m',
    kcb: [0.15, 1.2, 0.7],
    t17: 'sugarcane: Kcb 0.15 / 1.20 / 0.70',
    zr: [1.2, 2.0],
    p: 0.65,
    t22: 'sugarcane: Zr 1.2–2.0 m, p 0.65',
    notes:
      'The low-latitude row (280 days) matches the virgin-cane entry; Table 11 also gives a tropics ratoon row ' +
      '(30/50/180/60, 320 days) closer to a 12-month ratoon cycle.',
  }),
  // Tobacco is in none of the FAO-56 tables, so it is written out by hand from FAO-33.
  {
    id: 'tobacco-flue-cured',
    name: 'Tobacco (flue-cured, Virginia)',
    crop: 'tobacco',
    variety: 'Flue-cured (Virginia)',
    category: 'industrial',
    // FAO-33 ranges from transplanting: initial 10, development 20–30, mid-season 30–35, late 30–40 days.
    stageLengthsDays: {
      initial: 10,
      development: 25,
      midSeason: 35,
      lateSeason: 35,
    },
    // FAO-33 ranges: initial 0.3–0.4, mid-season 1.0–1.2, at harvest 0.75–0.85 (late season 0.9–1.0).
    kc: { initial: 0.35, midSeason: 1.1, end: 0.8 },
    kcb: null,
    maxRootDepthM: { min: 0.5, max: 1.0 },
    depletionFraction: 0.35,
    maxHeightM: null,
    region: null,
    sources: [
      'Stage lengths: FAO Irrigation and Drainage Paper 33 (Doorenbos & Kassam 1979, Yield response to water), tobacco, ' +
        'counted from transplanting: initial 10 days, development 20–30 (25 chosen), mid-season 30–35 (35 chosen, leaves are reaped over several weeks), ' +
        'late season 30–40 (35 chosen); 105 days in all, inside the 90–120 days from transplanting to last harvest on FAO’s tobacco crop-information page',
      'Kc: FAO-33 tobacco: initial 0.3–0.4 (0.35 chosen), mid-season 1.0–1.2 (1.10 chosen), at harvest 0.75–0.85 (0.80 chosen as Kc end)',
      'Root depth: FAO-33 tobacco: most water is taken from the first 0.5–1.0 m',
      'Depletion fraction p 0.35: our reading of FAO-33 tobacco guidance (about 30–40 % depletion of available water before yield and quality suffer)',
      'Seedbed period and season length: FAO Land & Water crop information, Tobacco (transplanted 40–60 days after sowing; 90–120 frost-free days from transplanting to last harvest)',
    ],
    notes:
      'Tobacco is in no FAO-56 table: Tables 11, 12, 17 and 22 have no tobacco line. All values come from FAO Irrigation ' +
      'and Drainage Paper 33 (Doorenbos & Kassam 1979) as summarised on FAO’s Land & Water tobacco page, picking ' +
      'mostly mid-points of its ranges (see sources). There is no published Kcb or crop height, so both are null; no climate region is ' +
      'attached. Not verified in this session: the FAO-33 stage lengths, Kc ranges, root depth and p were taken from ' +
      'memory of that page (only its seedbed and 90–120-day statements were re-read) and must be checked against ' +
      'the printed FAO-33 before this entry drives irrigation advice. Stage lengths start at transplanting, not sowing.',
  },

  // ----- Vegetables ----------------------------------------------------------------------------
  fao56({
    id: 'tomato',
    name: 'Tomato',
    crop: 'tomato',
    category: 'vegetable',
    stages: [30, 40, 40, 25],
    region: 'Arid region',
    t11: 'tomato, arid region, planted January',
    kc: [0.6, 1.15, 0.8],
    h: 0.6,
    t12: 'tomato: Kc ini 0.60, Kc mid 1.15, Kc end 0.70–0.90, 0.80 (mid-point) chosen; h 0.6 m',
    kcb: [0.15, 1.1, 0.7],
    t17: 'tomato: Kcb ini 0.15, Kcb mid 1.10, Kcb end 0.60–0.80, 0.70 (mid-point) chosen',
    zr: [0.7, 1.5],
    p: 0.4,
    t22: 'tomato: Zr 0.7–1.5 m, p 0.40',
    notes: 'Use the upper end (0.90 / 0.80) when fruit is picked fresh over a long period with the canopy still green.',
  }),
  fao56({
    id: 'cabbage',
    name: 'Cabbage',
    crop: 'cabbage',
    category: 'vegetable',
    stages: [40, 60, 50, 15],
    region: 'California desert (USA)',
    t11: 'cabbage, California desert, planted September (the only cabbage row)',
    kc: [0.7, 1.05, 0.95],
    h: 0.4,
    t12: 'cabbage: Kc 0.70 / 1.05 / 0.95; h 0.4 m',
    kcb: [0.15, 0.95, 0.85],
    t17: 'cabbage: Kcb 0.15 / 0.95 / 0.85',
    zr: [0.5, 0.8],
    p: 0.45,
    t22: 'cabbage: Zr 0.5–0.8 m, p 0.45',
    notes: 'The 165-day desert row is long for summer cabbage in southern Africa; shorten for quick-maturing cultivars.',
  }),
  fao56({
    id: 'onion-dry',
    name: 'Onion (dry bulb)',
    crop: 'onion',
    category: 'vegetable',
    stages: [20, 35, 110, 45],
    region: 'Arid region; California',
    t11: 'onion (dry), arid region and California, planted October–January',
    kc: [0.7, 1.05, 0.75],
    h: 0.4,
    t12: 'onions, dry: Kc 0.70 / 1.05 / 0.75; h 0.4 m',
    kcb: [0.15, 0.95, 0.65],
    t17: 'onions, dry: Kcb 0.15 / 0.95 / 0.65',
    zr: [0.3, 0.6],
    p: 0.3,
    t22: 'onions, dry: Zr 0.3–0.6 m, p 0.30',
    notes: 'Table 11 also gives a 150-day Mediterranean row (15/25/70/40).',
  }),
  fao56({
    id: 'carrot',
    name: 'Carrot',
    crop: 'carrot',
    category: 'vegetable',
    stages: [20, 30, 30, 20],
    region: 'Arid climate',
    t11: 'carrots, arid climate, planted October–January',
    kc: [0.7, 1.05, 0.95],
    h: 0.3,
    t12: 'carrots: Kc 0.70 / 1.05 / 0.95; h 0.3 m',
    kcb: [0.15, 0.95, 0.85],
    t17: 'carrots: Kcb 0.15 / 0.95 / 0.85',
    zr: [0.5, 1.0],
    p: 0.35,
    t22: 'carrots: Zr 0.5–1.0 m, p 0.35',
  }),
  fao56({
    ...sweetPepper,
    id: 'pepper-sweet',
    name: 'Sweet pepper (bell)',
    stages: [30, 35, 40, 20],
    region: 'Europe; Mediterranean',
    t11: 'sweet peppers (bell), Europe and Mediterranean, planted April–June',
    notes: 'The 210-day arid-region pepper row is used for paprika instead; it is long for a fresh-market pepper.',
  }),
  fao56({
    ...sweetPepper,
    id: 'paprika',
    name: 'Paprika',
    variety: 'Paprika (red pods dried for spice)',
    stages: [30, 40, 110, 30],
    region: 'Arid region',
    t11: 'sweet peppers (bell), arid region, planted October',
    notes:
      'FAO-56 has no paprika line; the sweet-pepper coefficients are used with the long (210-day) arid-region ' +
      'row, matching a crop left to ripen and dry its pods on the plant. Kc end for pods drying on the plant is ' +
      'probably below the fresh-pepper 0.90 but no published FAO value exists.',
  }),
  fao56({
    ...winterSquash,
    id: 'butternut',
    name: 'Butternut squash',
    variety: 'Butternut (Cucurbita moschata)',
    notes: 'FAO-56 treats butternut under "pumpkin, winter squash".',
  }),
  fao56({
    ...winterSquash,
    id: 'pumpkin',
    name: 'Pumpkin',
  }),
  fao56({
    id: 'squash-summer',
    name: 'Summer squash (baby marrow, gem squash)',
    crop: 'summer-squash',
    category: 'vegetable',
    stages: [25, 35, 25, 15],
    region: 'Mediterranean; arid region',
    t11: 'squash, zucchini, Mediterranean and arid region, planted April or December',
    kc: [0.5, 0.95, 0.75],
    h: 0.3,
    t12: 'squash, zucchini: Kc 0.50 / 0.95 / 0.75; h 0.3 m',
    kcb: [0.15, 0.9, 0.7],
    t17: 'squash, zucchini: Kcb 0.15 / 0.90 / 0.70',
    zr: [0.6, 1.0],
    p: 0.5,
    t22: 'squash, zucchini: Zr 0.6–1.0 m, p 0.50',
    notes: 'Gem squash is given the zucchini values (both Cucurbita pepo); FAO-56 does not list gem squash.',
  }),
  fao56({
    id: 'watermelon',
    name: 'Watermelon',
    crop: 'watermelon',
    category: 'vegetable',
    stages: [20, 30, 30, 30],
    region: 'Italy',
    t11: 'water melons, Italy, planted April',
    kc: [0.4, 1.0, 0.75],
    h: 0.4,
    t12: 'watermelon: Kc 0.40 / 1.00 / 0.75; h 0.4 m',
    kcb: [0.15, 0.95, 0.7],
    t17: 'watermelon: Kcb 0.15 / 0.95 / 0.70',
    zr: [0.8, 1.5],
    p: 0.4,
    t22: 'watermelon: Zr 0.8–1.5 m, p 0.40',
    notes: 'The other row, Near East desert (10/20/20/30, 80 days), is for a hot desert; the 110-day row was preferred.',
  }),
  fao56({
    id: 'melon-sweet',
    name: 'Sweet melon',
    crop: 'melon',
    category: 'vegetable',
    stages: [30, 45, 65, 20],
    region: 'Arid region',
    t11: 'sweet melons, arid region, planted December–January',
    kc: [0.5, 1.05, 0.75],
    h: 0.4,
    t12: 'sweet melons: Kc 0.50 / 1.05 / 0.75; h 0.4 m',
    kcb: [0.15, 1.0, 0.7],
    t17: 'sweet melons: Kcb 0.15 / 1.00 / 0.70',
    zr: [0.8, 1.5],
    p: 0.4,
    t22: 'sweet melons: Zr 0.8–1.5 m, p 0.40',
    notes: 'Cantaloupe (spanspek) has its own, lower FAO-56 Kc line (0.50 / 0.85 / 0.60), not used here.',
  }),
  fao56({
    id: 'cucumber',
    name: 'Cucumber (fresh market)',
    crop: 'cucumber',
    category: 'vegetable',
    stages: [20, 30, 40, 15],
    region: 'Arid region',
    t11: 'cucumber, arid region, planted June–August',
    kc: [0.6, 1.0, 0.75],
    h: 0.3,
    t12: 'cucumber, fresh market: Kc 0.60 / 1.00 / 0.75; h 0.3 m',
    kcb: [0.15, 0.95, 0.7],
    t17: 'cucumber, fresh market: Kcb 0.15 / 0.95 / 0.70',
    zr: [0.7, 1.2],
    p: 0.5,
    t22: 'cucumber: Zr 0.7–1.2 m, p 0.50',
  }),
  fao56({
    id: 'lettuce',
    name: 'Lettuce',
    crop: 'lettuce',
    category: 'vegetable',
    stages: [25, 35, 30, 10],
    region: 'Arid region',
    t11: 'lettuce, arid region, planted October–November',
    kc: [0.7, 1.0, 0.95],
    h: 0.3,
    t12: 'lettuce: Kc 0.70 / 1.00 / 0.95; h 0.3 m',
    kcb: [0.15, 0.9, 0.9],
    t17: 'lettuce: Kcb 0.15 / 0.90 / 0.90',
    zr: [0.3, 0.5],
    p: 0.3,
    t22: 'lettuce: Zr 0.3–0.5 m, p 0.30',
  }),
  fao56({
    id: 'spinach',
    name: 'Spinach',
    crop: 'spinach',
    category: 'vegetable',
    stages: [20, 30, 40, 10],
    region: 'Arid region',
    t11: 'spinach, arid region, planted November',
    kc: [0.7, 1.0, 0.95],
    h: 0.3,
    t12: 'spinach: Kc 0.70 / 1.00 / 0.95; h 0.3 m',
    kcb: [0.15, 0.9, 0.85],
    t17: 'spinach: Kcb 0.15 / 0.90 / 0.85',
    zr: [0.3, 0.5],
    p: 0.2,
    t22: 'spinach: Zr 0.3–0.5 m, p 0.20',
    notes: 'True spinach (Spinacia). Swiss chard, often sold as "spinach" in southern Africa, is not in FAO-56.',
  }),
  fao56({
    id: 'leafy-brassica',
    name: 'Leafy brassicas (rape, covo, kale)',
    crop: 'leafy-brassica',
    category: 'vegetable',
    stages: [25, 35, 25, 10],
    region: 'Mediterranean',
    t11: 'crucifers, Mediterranean, planted February',
    kc: [0.7, 1.05, 0.95],
    h: null,
    t12: 'small vegetables (group line): Kc 0.70 / 1.05 / 0.95; the group line gives no height',
    kcb: [0.15, 0.95, 0.85],
    t17: 'small vegetables (group line): Kcb 0.15 / 0.95 / 0.85',
    zr: [0.5, 0.8],
    p: 0.45,
    t22: 'cabbage (no group line in Table 22; cabbage is the nearest brassica): Zr 0.5–0.8 m, p 0.45',
    notes:
      'FAO-56 has no line for leaf rape, covo or kale. Stage lengths use the 95-day "crucifers" row (the 80-day ' +
      'April and 195-day autumn rows also exist); leaves picked over months need a longer mid-season. Kc/Kcb are ' +
      'the small-vegetables group values, Zr and p the cabbage line, and height is unknown (null).',
  }),
  fao56({
    id: 'broccoli',
    name: 'Broccoli',
    crop: 'broccoli',
    category: 'vegetable',
    stages: [35, 45, 40, 15],
    region: 'California desert (USA)',
    t11: 'broccoli, California desert, planted September (the only broccoli row)',
    kc: [0.7, 1.05, 0.95],
    h: 0.3,
    t12: 'broccoli: Kc 0.70 / 1.05 / 0.95; h 0.3 m',
    kcb: [0.15, 0.95, 0.85],
    t17: 'broccoli: Kcb 0.15 / 0.95 / 0.85',
    zr: [0.4, 0.6],
    p: 0.45,
    t22: 'broccoli: Zr 0.4–0.6 m, p 0.45',
  }),
  fao56({
    id: 'cauliflower',
    name: 'Cauliflower',
    crop: 'cauliflower',
    category: 'vegetable',
    stages: [35, 50, 40, 15],
    region: 'California desert (USA)',
    t11: 'cauliflower, California desert, planted September (the only cauliflower row)',
    kc: [0.7, 1.05, 0.95],
    h: 0.4,
    t12: 'cauliflower: Kc 0.70 / 1.05 / 0.95; h 0.4 m',
    kcb: [0.15, 0.95, 0.85],
    t17: 'cauliflower: Kcb 0.15 / 0.95 / 0.85',
    zr: [0.4, 0.7],
    p: 0.45,
    t22: 'cauliflower: Zr 0.4–0.7 m, p 0.45',
  }),
  fao56({
    id: 'beetroot',
    name: 'Beetroot (table beet)',
    crop: 'beetroot',
    category: 'vegetable',
    stages: [25, 30, 25, 10],
    region: 'Mediterranean; arid',
    t11: 'beets (table), Mediterranean and arid, planted February–March',
    kc: [0.5, 1.05, 0.95],
    h: 0.4,
    t12: 'beets, table: Kc 0.50 / 1.05 / 0.95; h 0.4 m',
    kcb: [0.15, 0.95, 0.85],
    t17: 'beets, table: Kcb 0.15 / 0.95 / 0.85',
    zr: [0.6, 1.0],
    p: 0.5,
    t22: 'beets, table: Zr 0.6–1.0 m, p 0.50',
  }),
  fao56({
    id: 'eggplant',
    name: 'Eggplant (brinjal)',
    crop: 'eggplant',
    category: 'vegetable',
    stages: [30, 40, 40, 20],
    region: 'Arid region',
    t11: 'eggplant, arid region, planted October',
    kc: [0.6, 1.05, 0.9],
    h: 0.8,
    t12: 'eggplant: Kc 0.60 / 1.05 / 0.90; h 0.8 m',
    kcb: [0.15, 1.0, 0.8],
    t17: 'eggplant: Kcb 0.15 / 1.00 / 0.80',
    zr: [0.7, 1.2],
    p: 0.45,
    t22: 'eggplant: Zr 0.7–1.2 m, p 0.45',
  }),

  // ----- Roots and tubers ----------------------------------------------------------------------
  fao56({
    id: 'potato',
    name: 'Potato',
    crop: 'potato',
    category: 'root-tuber',
    stages: [25, 30, 40, 30],
    region: 'Semi-arid climate',
    t11: 'potato, semi-arid climate, planted January or November',
    kc: [0.5, 1.15, 0.75],
    h: 0.6,
    t12: 'potato: Kc ini 0.50 (roots and tubers group value), Kc mid 1.15, Kc end 0.75; h 0.6 m',
    kcb: [0.15, 1.1, 0.65],
    t17: 'potato: Kcb 0.15 / 1.10 / 0.65',
    zr: [0.4, 0.6],
    p: 0.35,
    t22: 'potato: Zr 0.4–0.6 m, p 0.35',
  }),
  fao56({
    id: 'sweet-potato',
    name: 'Sweet potato',
    crop: 'sweet-potato',
    category: 'root-tuber',
    stages: [15, 30, 50, 30],
    region: 'Tropical regions',
    t11: 'sweet potato, tropical regions, rainy season',
    kc: [0.5, 1.15, 0.65],
    h: 0.4,
    t12: 'sweet potato: Kc ini 0.50 (roots and tubers group value), Kc mid 1.15, Kc end 0.65; h 0.4 m',
    kcb: [0.15, 1.1, 0.55],
    t17: 'sweet potato: Kcb 0.15 / 1.10 / 0.55',
    zr: [1.0, 1.5],
    p: 0.65,
    t22: 'sweet potato: Zr 1.0–1.5 m, p 0.65',
  }),
  fao56({
    id: 'cassava-year-1',
    name: 'Cassava (year 1)',
    crop: 'cassava',
    category: 'root-tuber',
    stages: [20, 40, 90, 60],
    region: 'Tropical regions',
    t11: 'cassava, year 1, tropical regions, rainy season',
    kc: [0.3, 0.8, 0.3],
    h: 1,
    t12: 'cassava, year 1: Kc 0.30 / 0.80 / 0.30; h 1.0 m',
    kcb: [0.15, 0.7, 0.2],
    t17: 'cassava, year 1: Kcb 0.15 / 0.70 / 0.20',
    zr: [0.5, 0.8],
    p: 0.35,
    t22: 'cassava, year 1: Zr 0.5–0.8 m, p 0.35',
  }),
  fao56({
    id: 'cassava-year-2',
    name: 'Cassava (year 2)',
    crop: 'cassava',
    category: 'root-tuber',
    stages: [150, 40, 110, 60],
    region: 'Tropical regions',
    t11: 'cassava, year 2, tropical regions, rainy season',
    kc: [0.3, 1.1, 0.5],
    h: 1.5,
    t12: 'cassava, year 2: Kc 0.30 / 1.10 / 0.50; h 1.5 m',
    kcb: [0.15, 1.0, 0.45],
    t17: 'cassava, year 2: Kcb 0.15 / 1.00 / 0.45',
    zr: [0.7, 1.0],
    p: 0.4,
    t22: 'cassava, year 2: Zr 0.7–1.0 m, p 0.40',
    notes: 'The long initial stage (150 days) is the dormant dry season after the first year of growth.',
  }),

  // ----- Forage --------------------------------------------------------------------------------
  fao56({
    id: 'lucerne',
    name: 'Lucerne (alfalfa), per cutting cycle',
    crop: 'lucerne',
    category: 'forage',
    stages: [5, 10, 10, 5],
    region: 'California (USA)',
    t11: 'alfalfa, other (not first) cutting cycles, California, March',
    kc: [0.4, 1.2, 1.15],
    h: 0.7,
    t12: 'alfalfa hay, individual cutting periods: Kc 0.40 / 1.20 / 1.15; h 0.7 m',
    kcb: [0.3, 1.15, 1.1],
    t17: 'alfalfa hay, individual cutting periods: Kcb 0.30 / 1.15 / 1.10',
    zr: [1.0, 2.0],
    p: 0.55,
    t22: 'alfalfa for hay: Zr 1.0–2.0 m, p 0.55',
    notes:
      'Stage lengths and coefficients describe one regrowth cycle between cuts (30 days); repeat the curve per cut. ' +
      'The first cycle of the season is longer (California: 10/20/20/10). For season totals without modelling ' +
      'cuts FAO-56 gives averaged Kc 0.40 / 0.95 / 0.90 instead.',
  }),
  fao56({
    id: 'bermuda-hay',
    name: 'Bermuda grass (Cynodon) hay',
    crop: 'bermuda-grass',
    category: 'forage',
    stages: [10, 15, 75, 35],
    region: 'California desert (USA)',
    t11: 'Bermuda hay (several cuttings), California desert',
    kc: [0.55, 1.0, 0.85],
    h: 0.35,
    t12: 'Bermuda hay, averaged cutting effects: Kc 0.55 / 1.00 / 0.85; h 0.35 m',
    kcb: [0.5, 0.95, 0.8],
    t17: 'Bermuda hay, averaged cutting effects: Kcb 0.50 / 0.95 / 0.80',
    zr: [1.0, 1.5],
    p: 0.55,
    t22: 'Bermuda for hay: Zr 1.0–1.5 m, p 0.55',
    notes: 'Coefficients average the effect of several cuts over the season.',
  }),
  fao56({
    id: 'sudangrass-hay',
    name: 'Sudan grass hay, first cutting cycle',
    crop: 'sudangrass',
    category: 'forage',
    stages: [25, 25, 15, 10],
    region: 'California desert (USA)',
    t11: 'Sudan grass, first cutting cycle, California desert, planted April',
    kc: [0.5, 1.15, 1.1],
    h: 1.2,
    t12: 'Sudan grass hay (annual), individual cutting periods: Kc 0.50 / 1.15 / 1.10; h 1.2 m',
    kcb: [0.3, 1.1, 1.05],
    t17: 'Sudan grass hay (annual), individual cutting periods: Kcb 0.30 / 1.10 / 1.05',
    zr: [1.0, 1.5],
    p: 0.55,
    t22: 'Sudan grass hay (annual): Zr 1.0–1.5 m, p 0.55',
    notes: 'Later cutting cycles are shorter: 3/15/12/7 days (California desert, June).',
  }),

  // ----- Fruit ---------------------------------------------------------------------------------
  fao56({
    id: 'banana-year-1',
    name: 'Banana (first year)',
    crop: 'banana',
    category: 'fruit',
    stages: [120, 90, 120, 60],
    region: 'Mediterranean',
    t11: 'banana, first year, Mediterranean, planted March',
    kc: [0.5, 1.1, 1.0],
    h: 3,
    t12: 'banana, first year: Kc 0.50 / 1.10 / 1.00; h 3 m',
    kcb: [0.15, 1.05, 0.9],
    t17: 'banana, first year: Kcb 0.15 / 1.05 / 0.90',
    zr: [0.5, 0.9],
    p: 0.35,
    t22: 'banana, first year: Zr 0.5–0.9 m, p 0.35',
    notes: 'The only Table 11 banana rows are Mediterranean; growth is faster in the frost-free lowveld.',
  }),
  fao56({
    id: 'banana-year-2',
    name: 'Banana (second year)',
    crop: 'banana',
    category: 'fruit',
    stages: [120, 60, 180, 5],
    region: 'Mediterranean',
    t11: 'banana, second year, Mediterranean, planted February',
    kc: [1.0, 1.2, 1.1],
    h: 4,
    t12: 'banana, second year: Kc 1.00 / 1.20 / 1.10; h 4 m',
    kcb: [0.6, 1.1, 1.05],
    t17: 'banana, second year: Kcb 0.60 / 1.10 / 1.05',
    zr: [0.5, 0.9],
    p: 0.35,
    t22: 'banana, second year: Zr 0.5–0.9 m, p 0.35',
  }),
  fao56({
    id: 'citrus-70',
    name: 'Citrus, mature orchard (70 % canopy)',
    crop: 'citrus',
    variety: '70 % ground cover by canopy, no ground cover crop',
    category: 'fruit',
    stages: [60, 90, 120, 95],
    region: 'Mediterranean',
    t11: 'citrus, Mediterranean, January (the only citrus row; stages of a year-round evergreen cycle)',
    kc: [0.7, 0.65, 0.7],
    h: 4,
    t12: 'citrus, no ground cover, 70 % canopy: Kc 0.70 / 0.65 / 0.70; h 4 m',
    kcb: [0.65, 0.6, 0.65],
    t17: 'citrus, no ground cover, 70 % canopy: Kcb 0.65 / 0.60 / 0.65',
    zr: [1.2, 1.5],
    p: 0.5,
    t22: 'citrus, 70 % canopy: Zr 1.2–1.5 m, p 0.50',
    notes: 'For orchards with an active cover crop or weeds, FAO-56 gives Kc 0.75 / 0.70 / 0.75 instead.',
  }),
  fao56({
    id: 'citrus-50',
    name: 'Citrus (50 % canopy)',
    crop: 'citrus',
    variety: '50 % ground cover by canopy, no ground cover crop',
    category: 'fruit',
    stages: [60, 90, 120, 95],
    region: 'Mediterranean',
    t11: 'citrus, Mediterranean, January (the only citrus row)',
    kc: [0.65, 0.6, 0.65],
    h: 3,
    t12: 'citrus, no ground cover, 50 % canopy: Kc 0.65 / 0.60 / 0.65; h 3 m',
    kcb: [0.6, 0.55, 0.6],
    t17: 'citrus, no ground cover, 50 % canopy: Kcb 0.60 / 0.55 / 0.60',
    zr: [1.1, 1.5],
    p: 0.5,
    t22: 'citrus, 50 % canopy: Zr 1.1–1.5 m, p 0.50',
    notes: 'With an active cover crop or weeds FAO-56 gives Kc 0.80 / 0.80 / 0.80.',
  }),
  fao56({
    id: 'citrus-20',
    name: 'Citrus, young orchard (20 % canopy)',
    crop: 'citrus',
    variety: '20 % ground cover by canopy, no ground cover crop',
    category: 'fruit',
    stages: [60, 90, 120, 95],
    region: 'Mediterranean',
    t11: 'citrus, Mediterranean, January (the only citrus row)',
    kc: [0.5, 0.45, 0.55],
    h: 2,
    t12: 'citrus, no ground cover, 20 % canopy: Kc 0.50 / 0.45 / 0.55; h 2 m',
    kcb: [0.45, 0.4, 0.5],
    t17: 'citrus, no ground cover, 20 % canopy: Kcb 0.45 / 0.40 / 0.50',
    zr: [0.8, 1.1],
    p: 0.5,
    t22: 'citrus, 20 % canopy: Zr 0.8–1.1 m, p 0.50',
    notes: 'With an active cover crop or weeds FAO-56 gives Kc 0.85 / 0.85 / 0.85.',
  }),
  fao56({
    id: 'grape-table',
    name: 'Grapes (table or raisin)',
    crop: 'grape',
    category: 'fruit',
    stages: [20, 40, 120, 60],
    region: 'Low latitudes',
    t11: 'grapes, low latitudes, April',
    kc: [0.3, 0.85, 0.45],
    h: 2,
    t12: 'grapes, table or raisin: Kc 0.30 / 0.85 / 0.45; h 2 m',
    kcb: [0.15, 0.8, 0.4],
    t17: 'grapes, table or raisin: Kcb 0.15 / 0.80 / 0.40',
    zr: [1.0, 2.0],
    p: 0.35,
    t22: 'grapes, table or raisin: Zr 1.0–2.0 m, p 0.35',
  }),
];

/**
 * All catalogued crops and varieties, in display order. Stage lengths in days, root depths and heights in
 * metres; see the module comment for the FAO-56 tables every number comes from and how to adjust them.
 */
export const cropCatalogue: readonly CropType[] = Object.freeze(entries);

const byId = new Map(cropCatalogue.map((entry) => [entry.id, entry]));

/** The catalogue entry with this id, or undefined if there is none. */
export function findCropType(id: string): CropType | undefined {
  return byId.get(id);
}

export type CropGroup = z.infer<typeof cropGroupSchema>;

/** A field's crop group, Map View's colour. */
export function cropGroupOf(cropType: string | null | undefined): CropGroup {
  return (cropType ? findCropType(cropType)?.category : undefined) ?? 'none';
}
