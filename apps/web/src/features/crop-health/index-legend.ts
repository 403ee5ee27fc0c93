import { colourOf, LEGENDS, NO_CLEAR_READING_RGB, type IndexLegend } from '@murimi/core';

/** The indices the Crop Health screen maps, by their spec names. */
export const cropHealthIndices = ['ndvi', 'ndwi', 'ndre', 'lai'] as const;
export type CropHealthIndex = (typeof cropHealthIndices)[number];

/** The legend the server colours an index's image with: NDWI is the NIR−SWIR index the engine calls `ndmi`. */
export const legendOf = (index: CropHealthIndex): IndexLegend => LEGENDS[index === 'ndwi' ? 'ndmi' : index];

/** Metres per pixel of Sentinel-2 for an index: NDRE's red-edge band is 20 m, the others 10 m. */
export const pixelSizeMOf = (index: CropHealthIndex) => (index === 'ndre' ? 20 : 10);

const rgb = ([r, g, b]: readonly [number, number, number]) => `rgb(${r} ${g} ${b})`;

/** The colour of cloud, shadow and other pixels with no clear reading, as CSS. */
export const noReadingColour = rgb(NO_CLEAR_READING_RGB);

/**
 * The ramp between two values as a CSS gradient (left to right), drawn with `colourOf`, the function the server
 * colours the map's PNG with: the colour at each end and at every stop between, each at its place. Values beyond
 * the ramp's ends take the end's colour, as on the map.
 */
export function rampGradient(legend: IndexLegend, from: number, to: number): string {
  const first = legend.stops[0]!.value;
  const last = legend.stops.at(-1)!.value;
  const low = Math.min(Math.max(from, first), last);
  const high = Math.min(Math.max(to, first), last);
  if (high <= low) return rgb(colourOf(legend, low));
  const values = [low, ...legend.stops.map((stop) => stop.value).filter((value) => value > low && value < high), high];
  const stops = values.map((value) => `${rgb(colourOf(legend, value))} ${Math.round(((value - low) / (high - low)) * 100)}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** The whole ramp, from its first stop (left) to its last (right). */
export const legendGradient = (legend: IndexLegend): string => rampGradient(legend, legend.stops[0]!.value, legend.stops.at(-1)!.value);

/** Where a class lies: below the first threshold, between two, or from the last one up. */
export type ClassRange = { kind: 'below'; value: number } | { kind: 'between'; from: number; to: number } | { kind: 'from'; value: number };

/** A class of the legend as the screen words it: its locale key (from core's label), its range and its colour. */
export interface LegendClass {
  key: string;
  range: ClassRange;
  /** The ramp over the class's whole range, as CSS: the colours the map gives its pixels, not one picked inside it. */
  swatch: string;
}

/** `Bare or stressed` → `bareOrStressed`: core's English label as a locale key. */
export const classKey = (label: string) =>
  label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');

/** The legend's classes from low to high with their ranges; the first and last are open-ended. */
export function legendClasses(legend: IndexLegend): LegendClass[] {
  const last = legend.classes.length - 1;
  return legend.classes.map((band, i): LegendClass => {
    const range: ClassRange =
      i === 0 && last > 0
        ? { kind: 'below', value: band.to }
        : i === last && last > 0
          ? { kind: 'from', value: band.from }
          : { kind: 'between', from: band.from, to: band.to };
    return { key: classKey(band.label), range, swatch: rampGradient(legend, band.from, band.to) };
  });
}

/** The thresholds between classes, for the chart's dashed lines: each inner edge with the class that starts there. */
export function legendThresholds(legend: IndexLegend): { value: number; key: string; belowKey: string }[] {
  return legend.classes
    .slice(1)
    .map((band, i) => ({ value: band.from, key: classKey(band.label), belowKey: classKey(legend.classes[i]!.label) }));
}
