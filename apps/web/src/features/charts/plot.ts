// The chart library and its stylesheet (about 22 KB compressed) are fetched only when a chart mounts.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '../../lib/format.ts';
import { alignedChart, bandBetween, chartColours, daySeconds, lineColour, tintOf, valueRange } from './chart-data.ts';
import type { ChartBand, ChartLine, ChartThreshold } from './types.ts';

export interface PlotSpec {
  dates: string[];
  lines: ChartLine[];
  band?: ChartBand | undefined;
  thresholds?: ChartThreshold[] | undefined;
  markedDates?: string[] | undefined;
  yRange?: [number, number] | undefined;
  width: number;
  height: number;
  /** A tick on the time axis (seconds since 1970, midnight UTC) as the reader's language writes a short day. */
  formatTick: (seconds: number) => string;
}

export interface PlotEvents {
  /** The day under the pointer (an index into `dates`), or null when the pointer leaves. */
  onHover: (index: number | null) => void;
  /** A click on the plot, with the day under the pointer. */
  onPick: (index: number | null) => void;
  /** The day to mark with a vertical line, read at every redraw. */
  selectedDate: () => string | null;
}

/** What a mounted chart offers its React wrapper. */
export interface Plot {
  setWidth: (width: number) => void;
  /** Draws again, e.g. after the selected day changed. */
  redraw: () => void;
  destroy: () => void;
}

/** Draws a time series chart into `element` (lines, band, dashed thresholds, marked days, the selected day). */
export function createPlot(element: HTMLElement, spec: PlotSpec, events: PlotEvents): Plot {
  const { data, bandSeries } = alignedChart(spec.dates, spec.lines, spec.band);
  const range = valueRange(spec.lines, spec.band, spec.thresholds, spec.yRange);
  const mainColour = lineColour(0);
  const mainUnit = spec.lines[0]?.unit ?? '';

  const series: uPlot.Series[] = [
    {},
    ...spec.lines.map((line, index) => ({
      label: line.label,
      stroke: lineColour(index),
      width: 2,
      // Readings may be far apart (cloudy weeks): every reading is a dot, so a lone one between gaps still shows.
      points: { show: true, size: 5, fill: lineColour(index) },
    })),
  ];
  if (bandSeries && spec.band) {
    const edge = { label: spec.band.label, stroke: tintOf(mainColour, 0.45), width: 1, points: { show: false } };
    series.push(edge, { ...edge });
  }

  const options: uPlot.Options = {
    width: spec.width,
    height: spec.height,
    legend: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    cursor: { y: false, drag: { x: false, y: false, setScale: false }, points: { size: 8 } },
    // Days are UTC midnights: ticks fall on whole days wherever the reader is.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: range ? { range: () => range } : { auto: true } },
    axes: [
      {
        stroke: chartColours.axis,
        grid: { stroke: chartColours.grid, width: 1 },
        ticks: { stroke: chartColours.grid, width: 1 },
        // Over a few days uPlot also ticks between midnights; those would repeat the day's label, so they get none.
        values: (_, splits) => splits.map((seconds) => (seconds % 86_400 === 0 ? spec.formatTick(seconds) : '')),
      },
      {
        stroke: chartColours.axis,
        grid: { stroke: chartColours.grid, width: 1 },
        ticks: { stroke: chartColours.grid, width: 1 },
        size: 52,
        ...(mainUnit ? { label: mainUnit, labelSize: 18 } : {}),
        values: (_, splits) => splits.map((value) => formatNumber(value, 2)),
      },
    ],
    series,
    bands: bandSeries ? [bandBetween(bandSeries, tintOf(mainColour))] : [],
    hooks: {
      draw: [(chart) => drawMarks(chart, spec, events.selectedDate())],
      setCursor: [(chart) => events.onHover(chart.cursor.idx ?? null)],
    },
  };

  const chart = new uPlot(options, data as uPlot.AlignedData, element);
  const pick = () => events.onPick(chart.cursor.idx ?? null);
  chart.over.addEventListener('click', pick);
  return {
    setWidth: (width) => {
      if (width > 0 && width !== chart.width) chart.setSize({ width, height: spec.height });
    },
    redraw: () => chart.redraw(false),
    destroy: () => {
      chart.over.removeEventListener('click', pick);
      chart.destroy();
    },
  };
}

/** Over the plotted series: dashed thresholds with their labels, ticks for marked days, a line at the selected day. */
function drawMarks(chart: uPlot, spec: PlotSpec, selectedDate: string | null) {
  const { ctx, bbox } = chart;
  const ratio = uPlot.pxRatio;
  const x = (day: string) => chart.valToPos(daySeconds(day), 'x', true);
  ctx.save();

  ctx.strokeStyle = chartColours.threshold;
  ctx.fillStyle = chartColours.threshold;
  ctx.lineWidth = ratio;
  ctx.font = `${12 * ratio}px system-ui, sans-serif`;
  // The axes leave their text alignment on the context: set ours.
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  for (const threshold of spec.thresholds ?? []) {
    const y = Math.round(chart.valToPos(threshold.value, 'y', true));
    if (y < bbox.top || y > bbox.top + bbox.height) continue;
    ctx.setLineDash([6 * ratio, 4 * ratio]);
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillText(threshold.label, bbox.left + 4 * ratio, y - 2 * ratio);
  }

  // Marked days: short grey ticks standing on the time axis.
  ctx.strokeStyle = chartColours.marked;
  ctx.lineWidth = 2 * ratio;
  const bottom = bbox.top + bbox.height;
  for (const day of spec.markedDates ?? []) {
    const left = Math.round(x(day));
    if (left < bbox.left || left > bbox.left + bbox.width) continue;
    ctx.beginPath();
    ctx.moveTo(left, bottom);
    ctx.lineTo(left, bottom - 8 * ratio);
    ctx.stroke();
  }

  if (selectedDate) {
    const left = Math.round(x(selectedDate));
    if (left >= bbox.left && left <= bbox.left + bbox.width) {
      ctx.strokeStyle = chartColours.selected;
      ctx.lineWidth = 1.5 * ratio;
      ctx.beginPath();
      ctx.moveTo(left, bbox.top);
      ctx.lineTo(left, bottom);
      ctx.stroke();
    }
  }
  ctx.restore();
}
