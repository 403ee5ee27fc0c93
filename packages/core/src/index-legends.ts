/**
 * Colours for index maps, with the spec's agronomy bands (spec §9 guides) as the breaks of each ramp: NDVI below 0.2
 * bare or stressed, 0.2–0.5 moderate, 0.5–0.9 healthy; NDWI (the NIR−SWIR form, `ndmi` here) below −0.2 water
 * stress; NDRE below 0.3 nitrogen deficiency, above 0.6 optimal. LAI has no spec threshold; its breaks are the usual
 * crop range (under 1 sparse, 1–3 developing, over 3 a full canopy).
 *
 * The ramps are viridis (NDVI, NDRE, LAI) and ColorBrewer's YlGnBu (NDWI): both rise steadily in lightness and
 * avoid a red–green axis, so a farmer with red–green colour blindness (about 1 man in 12) still reads low from high;
 * the red-to-green ramp used before put "stressed" and "healthy" on the one axis deuteranopes cannot see.
 * Cloud and shadow pixels are a neutral grey, which no ramp colour comes near, with or without colour blindness.
 */
export interface ColourStop {
  value: number;
  rgb: [number, number, number];
}

export interface IndexLegend {
  /** Interpolated between stops; values outside the first and last stop take their colour. */
  stops: ColourStop[];
  /** The bands a legend shows, from low to high; their edges are the spec's thresholds. */
  classes: { from: number; to: number; label: string }[];
}

/** Viridis at its quarter points: dark violet, blue, teal, green, yellow. */
const VIRIDIS: [number, number, number][] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

export const LEGENDS = {
  ndvi: {
    stops: [
      { value: -0.2, rgb: VIRIDIS[0]! },
      { value: 0.2, rgb: VIRIDIS[1]! },
      { value: 0.5, rgb: VIRIDIS[2]! },
      { value: 0.7, rgb: VIRIDIS[3]! },
      { value: 0.9, rgb: VIRIDIS[4]! },
    ],
    classes: [
      { from: -1, to: 0.2, label: 'Bare or stressed' },
      { from: 0.2, to: 0.5, label: 'Moderate' },
      { from: 0.5, to: 1, label: 'Healthy' },
    ],
  },
  ndmi: {
    stops: [
      { value: -0.6, rgb: [255, 255, 204] },
      { value: -0.2, rgb: [161, 218, 180] },
      { value: 0.2, rgb: [65, 182, 196] },
      { value: 0.6, rgb: [37, 52, 148] },
    ],
    classes: [
      { from: -1, to: -0.2, label: 'Water stress' },
      { from: -0.2, to: 1, label: 'No water stress' },
    ],
  },
  ndre: {
    stops: [
      { value: 0, rgb: VIRIDIS[0]! },
      { value: 0.3, rgb: VIRIDIS[1]! },
      { value: 0.45, rgb: VIRIDIS[2]! },
      { value: 0.6, rgb: VIRIDIS[3]! },
      { value: 0.8, rgb: VIRIDIS[4]! },
    ],
    classes: [
      { from: -1, to: 0.3, label: 'Nitrogen deficiency' },
      { from: 0.3, to: 0.6, label: 'Moderate' },
      { from: 0.6, to: 1, label: 'Optimal' },
    ],
  },
  lai: {
    stops: [
      { value: 0, rgb: VIRIDIS[0]! },
      { value: 1, rgb: VIRIDIS[1]! },
      { value: 2, rgb: VIRIDIS[2]! },
      { value: 3, rgb: VIRIDIS[3]! },
      { value: 6, rgb: VIRIDIS[4]! },
    ],
    classes: [
      { from: 0, to: 1, label: 'Sparse canopy' },
      { from: 1, to: 3, label: 'Developing canopy' },
      { from: 3, to: 8, label: 'Full canopy' },
    ],
  },
} as const satisfies Record<string, IndexLegend>;

export type LegendName = keyof typeof LEGENDS;

/**
 * Cloud, cloud shadow and other pixels of the field with no clear reading: a dark neutral grey, the grey furthest
 * from every ramp colour both as seen and under a deuteranopia simulation (index-legends.test.ts).
 */
export const NO_CLEAR_READING_RGB: [number, number, number] = [70, 70, 70];

/** The colour of one value on a legend's ramp. */
export function colourOf(legend: IndexLegend, value: number): [number, number, number] {
  const { stops } = legend;
  if (value <= stops[0]!.value) return [...stops[0]!.rgb];
  for (let i = 1; i < stops.length; i++) {
    const upper = stops[i]!;
    if (value <= upper.value) {
      const lower = stops[i - 1]!;
      const t = (value - lower.value) / (upper.value - lower.value);
      return [0, 1, 2].map((c) => Math.round(lower.rgb[c]! + t * (upper.rgb[c]! - lower.rgb[c]!))) as [number, number, number];
    }
  }
  return [...stops.at(-1)!.rgb];
}
