import type { ChartBand, ChartLine, ChartThreshold } from './types.ts';

/**
 * The chart's colours on a white background: lines dark enough for text contrast (leaf-800 is 8:1, the others
 * over 6:1), the band a light tint of the main line, thresholds and their labels stone-500 (4.8:1).
 */
export const chartColours = {
  lines: ['#185a2f', '#1d4ed8', '#9a3412'],
  threshold: '#78716c',
  marked: '#a8a29e',
  selected: '#1c1917',
  grid: '#e7e5e4',
  axis: '#44403c',
} as const;

/** The colour of the n-th line (they repeat after three). */
export function lineColour(index: number): string {
  return chartColours.lines[index % chartColours.lines.length]!;
}

/** A light tint of a #rrggbb colour: the same hue at `alpha` opacity, for fills under or between lines. */
export function tintOf(hex: string, alpha = 0.16): string {
  const rgb = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${rgb.join(', ')}, ${alpha})`;
}

/** A calendar day (YYYY-MM-DD) as the chart's x value: seconds since 1970 at midnight UTC, as uPlot counts time. */
export function daySeconds(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 1000;
}

/** uPlot's data layout: the x values first, then one array of y values per series, all of the same length. */
export type AlignedSeries = [number[], ...(number | null)[][]];

/** Where each input ended up in the aligned data (uPlot counts the x values as series 0). */
export interface AlignedChart {
  data: AlignedSeries;
  /** Series numbers of the lines, in the order given. */
  lineSeries: number[];
  /** Series numbers of the band's upper and lower edge, when there is a band. */
  bandSeries: { high: number; low: number } | null;
}

/**
 * Dates and values in uPlot's aligned form: x = the days in seconds, then the lines, then the band's high and low
 * edges. A value missing at the end of a shorter array is a gap (null), never a shifted value.
 */
export function alignedChart(dates: string[], lines: ChartLine[], band?: ChartBand): AlignedChart {
  const fit = (values: (number | null)[]) => dates.map((_, index) => finiteOrNull(values[index]));
  const data: AlignedSeries = [dates.map(daySeconds), ...lines.map((line) => fit(line.values))];
  const lineSeries = lines.map((_, index) => index + 1);
  if (!band) return { data, lineSeries, bandSeries: null };
  data.push(fit(band.high), fit(band.low));
  return { data, lineSeries, bandSeries: { high: lines.length + 1, low: lines.length + 2 } };
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** uPlot's band: the area between the upper and the lower series filled with `fill`. */
export function bandBetween(bandSeries: { high: number; low: number }, fill: string): { series: [number, number]; fill: string } {
  return { series: [bandSeries.high, bandSeries.low], fill };
}

/**
 * The day a pointer picks: the measured day of `values` nearest to the cursor's day (`cursorIndex`, uPlot's
 * `cursor.idx`), so a click over a gap selects the closest reading; earlier wins a tie. Null when nothing is measured.
 */
export function nearestDate(dates: string[], values: (number | null)[], cursorIndex: number | null | undefined): string | null {
  if (cursorIndex === null || cursorIndex === undefined || dates.length === 0) return null;
  const target = daySeconds(dates[Math.min(Math.max(cursorIndex, 0), dates.length - 1)]!);
  let best: string | null = null;
  let bestDistance = Infinity;
  dates.forEach((day, index) => {
    if (finiteOrNull(values[index]) === null) return;
    const distance = Math.abs(daySeconds(day) - target);
    if (distance < bestDistance) {
      best = day;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * The y range to draw: `yRange` when given, else the lowest to highest of every line, band edge and threshold
 * (thresholds stay in view), with 5% room each side. Null when there is nothing to draw.
 */
export function valueRange(
  lines: ChartLine[],
  band: ChartBand | undefined,
  thresholds: ChartThreshold[] | undefined,
  yRange?: [number, number],
): [number, number] | null {
  if (yRange) return yRange;
  const values = [
    ...lines.flatMap((line) => line.values),
    ...(band ? [...band.low, ...band.high] : []),
    ...(thresholds ?? []).map((t) => t.value),
  ]
    .map(finiteOrNull)
    .filter((value): value is number => value !== null);
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const room = max === min ? Math.abs(max) * 0.1 || 1 : (max - min) * 0.05;
  return [min - room, max + room];
}

/**
 * The runs of readings between gaps as SVG points (x, y in px, y down), scaled to fill `width` × `height` less a
 * 3 px margin for the dot; a flat series sits in the middle.
 */
export function sparklineSegments(values: (number | null)[], width: number, height: number): [number, number][][] {
  const measured = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (measured.length === 0) return [];
  const margin = 3;
  const min = Math.min(...measured);
  const max = Math.max(...measured);
  const step = values.length > 1 ? (width - 2 * margin) / (values.length - 1) : 0;
  const y = (value: number) => (max === min ? height / 2 : margin + ((max - value) / (max - min)) * (height - 2 * margin));
  const round = (n: number) => Math.round(n * 10) / 10;
  const segments: [number, number][][] = [];
  let current: [number, number][] = [];
  values.forEach((value, index) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      if (current.length > 0) segments.push(current);
      current = [];
      return;
    }
    current.push([round(values.length > 1 ? margin + index * step : width / 2), round(y(value))]);
  });
  if (current.length > 0) segments.push(current);
  return segments;
}
