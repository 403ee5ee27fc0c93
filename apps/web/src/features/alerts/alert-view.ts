import type { AlertItem } from '@murimi/core';

type EvidenceValue = AlertItem['evidence']['values'][number];

/** A unit as a chart writes it: a plain index (NDVI, Ks) has none. */
export const chartUnit = (unit: string): string => (unit === 'index' ? '' : unit);

/** One line of an evidence chart: the dated readings of one evidence name, one value per day of the chart (null: none). */
export interface EvidenceLine {
  name: string;
  label: string;
  unit: string;
  values: (number | null)[];
}

/** The dated readings of one unit over the days any of them has (ascending). */
export interface EvidenceChart {
  unit: string;
  dates: string[];
  lines: EvidenceLine[];
}

/**
 * The alert's evidence that makes a line: readings that share a name and have at least two days (rain by day, NDVI
 * by image), drawn one chart per unit so no chart mixes mm with °C. Values without a date (thresholds) and names
 * with a single day stay in the evidence table only. Charts and lines keep the order the evidence lists them in.
 */
export function evidenceCharts(values: readonly EvidenceValue[]): EvidenceChart[] {
  const series = new Map<string, { label: string; unit: string; byDate: Map<string, number> }>();
  for (const value of values) {
    if (!value.date || !Number.isFinite(value.value)) continue;
    let line = series.get(value.name);
    if (!line) {
      line = { label: value.label, unit: chartUnit(value.unit), byDate: new Map() };
      series.set(value.name, line);
    }
    line.byDate.set(value.date, value.value);
  }
  const charts = new Map<string, { unit: string; lines: { name: string; label: string; unit: string; byDate: Map<string, number> }[] }>();
  for (const [name, line] of series) {
    if (line.byDate.size < 2) continue;
    const chart = charts.get(line.unit) ?? { unit: line.unit, lines: [] };
    chart.lines.push({ name, ...line });
    charts.set(line.unit, chart);
  }
  return [...charts.values()].map(({ unit, lines }) => {
    const dates = [...new Set(lines.flatMap((line) => [...line.byDate.keys()]))].sort();
    return {
      unit,
      dates,
      lines: lines.map(({ name, label, byDate }) => ({ name, label, unit, values: dates.map((date) => byDate.get(date) ?? null) })),
    };
  });
}

/** How the list names the day an alert speaks of: today, tomorrow, since a past day (still holding), or on a day. */
export type AlertDay = { kind: 'today' | 'tomorrow' } | { kind: 'since' | 'on'; date: string };

/**
 * The day of an alert in words for `today` (YYYY-MM-DD on the person's calendar): the server's `daysAhead` says
 * how far ahead of the field's today it is; a past day of a condition that still holds is "since" that day.
 */
export function alertDay(alert: Pick<AlertItem, 'date' | 'daysAhead' | 'endedAt'>, today: string): AlertDay {
  if (alert.daysAhead === 1) return { kind: 'tomorrow' };
  if (alert.daysAhead > 1) return { kind: 'on', date: alert.date };
  if (alert.date === today) return { kind: 'today' };
  if (alert.date < today && alert.endedAt === null) return { kind: 'since', date: alert.date };
  return { kind: 'on', date: alert.date };
}
