export interface ChartLine {
  label: string;
  unit: string;
  values: (number | null)[];
}

export interface ChartThreshold {
  value: number;
  label: string;
}

export interface ChartBand {
  label: string;
  low: (number | null)[];
  high: (number | null)[];
}

export interface TimeSeriesChartProps {
  /** Accessible name of the chart, shown as its heading/caption. */
  title: string;
  /** Days as YYYY-MM-DD, ascending; every line/band has one value per day (null = gap). */
  dates: string[];
  /** The first line is the main one (clicking the chart selects its nearest date). */
  lines: ChartLine[];
  /** A shaded band, e.g. NDVI p10–p90. */
  band?: ChartBand;
  /** Horizontal dashed lines with a label, e.g. the spec's NDVI 0.2 and 0.5. */
  thresholds?: ChartThreshold[];
  /** Days to mark as unusable (e.g. cloudy scenes): drawn as small grey ticks on the x axis. */
  markedDates?: string[];
  yRange?: [number, number];
  selectedDate?: string | null;
  onSelectDate?: (date: string) => void;
  /** px; default 220. */
  height?: number;
  /** The text summary for screen readers (always rendered, even before the library loads); make it with seriesSummary. */
  summary: string;
}
