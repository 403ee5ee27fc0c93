/**
 * Colours for index maps, with the spec's agronomy bands (spec §9 guides): NDVI below 0.2 bare or stressed,
 * 0.2–0.5 moderate, 0.5–0.9 healthy; NDWI (the NIR−SWIR form) below −0.2 water stress. Within a band the colour
 * deepens with the value, so a farmer sees both the class and where in it a patch sits.
 */
export interface ColourStop {
  value: number;
  rgb: [number, number, number];
}

export interface IndexLegend {
  /** Interpolated between stops; values outside the first and last stop take their colour. */
  stops: ColourStop[];
  /** The bands a legend shows, each with the colour of its middle. */
  classes: { from: number; to: number; label: string }[];
}

export const LEGENDS = {
  ndvi: {
    stops: [
      { value: -0.2, rgb: [120, 72, 36] },
      { value: 0.2, rgb: [215, 48, 39] },
      { value: 0.2001, rgb: [244, 180, 60] },
      { value: 0.5, rgb: [250, 230, 110] },
      { value: 0.5001, rgb: [166, 217, 106] },
      { value: 0.9, rgb: [0, 104, 55] },
    ],
    classes: [
      { from: -1, to: 0.2, label: 'Bare or stressed' },
      { from: 0.2, to: 0.5, label: 'Moderate' },
      { from: 0.5, to: 1, label: 'Healthy' },
    ],
  },
  ndmi: {
    stops: [
      { value: -0.6, rgb: [140, 81, 10] },
      { value: -0.2, rgb: [223, 194, 125] },
      { value: -0.1999, rgb: [199, 234, 229] },
      { value: 0.6, rgb: [1, 102, 94] },
    ],
    classes: [
      { from: -1, to: -0.2, label: 'Water stress' },
      { from: -0.2, to: 1, label: 'No water stress' },
    ],
  },
  ndre: {
    stops: [
      { value: 0, rgb: [255, 255, 204] },
      { value: 0.2, rgb: [161, 218, 180] },
      { value: 0.4, rgb: [65, 182, 196] },
      { value: 0.6, rgb: [34, 94, 168] },
    ],
    classes: [
      { from: -1, to: 0.2, label: 'Low chlorophyll' },
      { from: 0.2, to: 0.4, label: 'Moderate chlorophyll' },
      { from: 0.4, to: 1, label: 'High chlorophyll' },
    ],
  },
} as const satisfies Record<string, IndexLegend>;

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
