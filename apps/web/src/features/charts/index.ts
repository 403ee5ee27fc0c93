// Safe to import from any screen: the chart library itself loads only when a TimeSeriesChart mounts.
export { seriesSummary, type SeriesSummaryInput } from './series-summary.ts';
export { Sparkline } from './Sparkline.tsx';
export { TimeSeriesChart } from './TimeSeriesChart.tsx';
export type { ChartBand, ChartLine, ChartThreshold, TimeSeriesChartProps } from './types.ts';
