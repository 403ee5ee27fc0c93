import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { formatLocaleOf } from '../../lib/i18n.ts';
import { lineColour, nearestDate, tintOf } from './chart-data.ts';
import type { Plot } from './plot.ts';
import type { ChartLine, TimeSeriesChartProps } from './types.ts';

type PlotModule = typeof import('./plot.ts');

let loading: Promise<PlotModule> | null = null;

/** The chart library is fetched once, by the first chart that mounts; a failed fetch is tried again next time. */
function loadPlot(): Promise<PlotModule> {
  loading ??= import('./plot.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * A time series chart (uPlot, loaded when the chart mounts): lines over days, an optional shaded band, dashed
 * thresholds, grey ticks for unusable days and the selected day. Its title and text summary are there from the
 * first render; the canvas is hidden from screen readers, which read the summary, and when the chart selects
 * days a date list offers the same choice without a pointer.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { title, dates, lines, band, thresholds, markedDates, yRange, selectedDate = null, onSelectDate, height = 220, summary } = props;
  const { t, i18n } = useTranslation('app');
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<Plot | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [hoverIndex, setHoverIndex] = useState<number | null>(null);
  const titleId = useId();

  // The chart's handlers (made once per chart) read the newest selection and callback.
  const latest = useRef({ selectedDate, onSelectDate, dates, main: lines[0] });
  useLayoutEffect(() => {
    latest.current = { selectedDate, onSelectDate, dates, main: lines[0] };
  });

  // Parents often pass new arrays with the same numbers: the chart is rebuilt only when what it draws changes.
  const drawn = JSON.stringify({ dates, lines, band, thresholds, markedDates, yRange, height });
  const language = i18n.language;

  useEffect(() => {
    let cancelled = false;
    let shown: Plot | null = null;
    let observer: ResizeObserver | null = null;
    const element = container.current!;
    const spec = JSON.parse(drawn) as Pick<TimeSeriesChartProps, 'dates' | 'lines' | 'band' | 'thresholds' | 'markedDates' | 'yRange'>;
    const tick = new Intl.DateTimeFormat(formatLocaleOf(language), { day: 'numeric', month: 'short', timeZone: 'UTC' });

    loadPlot()
      .then(({ createPlot }) => {
        if (cancelled) return;
        try {
          shown = createPlot(
            element,
            { ...spec, width: element.clientWidth || 600, height, formatTick: (seconds) => tick.format(new Date(seconds * 1000)) },
            {
              onHover: setHoverIndex,
              onPick: (index) => {
                const { onSelectDate: select, dates: days, main } = latest.current;
                const day = select && main ? nearestDate(days, main.values, index) : null;
                if (day) select!(day);
              },
              selectedDate: () => latest.current.selectedDate,
            },
          );
        } catch (error) {
          console.error('The chart could not be drawn', error);
          setStatus('error');
          return;
        }
        const chart = shown;
        plot.current = chart;
        observer = new ResizeObserver(() => chart.setWidth(element.clientWidth));
        observer.observe(element);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error('The chart library could not be loaded', error);
        if (!cancelled) setStatus('error');
      });

    return () => {
      cancelled = true;
      observer?.disconnect();
      plot.current = null;
      shown?.destroy();
    };
  }, [drawn, height, language, attempt]);

  useEffect(() => {
    plot.current?.redraw();
  }, [selectedDate, status]);

  const shownIndex = hoverIndex ?? (selectedDate ? dates.indexOf(selectedDate) : -1);
  const main = lines[0];

  return (
    <figure aria-labelledby={titleId} className="flex flex-col gap-2" data-testid="time-series-chart" data-chart={status}>
      <figcaption id={titleId} className="font-semibold text-stone-900">
        {title}
      </figcaption>
      <p className="sr-only">{summary}</p>
      <Legend lines={lines} bandLabel={band?.label} hasMarkedDates={(markedDates?.length ?? 0) > 0} />
      <div className="relative" style={{ minHeight: height }}>
        <div ref={container} aria-hidden="true" className={onSelectDate ? 'cursor-pointer' : undefined} />
        {status !== 'ready' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-lg bg-stone-50 text-sm text-stone-600">
            {status === 'loading' ? (
              <p role="status">{t('charts.loading')}</p>
            ) : (
              <>
                <p role="alert" className="font-medium text-red-800">
                  {t('charts.failed')}
                </p>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setStatus('loading');
                    setAttempt((n) => n + 1);
                  }}
                >
                  {t('charts.retry')}
                </Button>
              </>
            )}
          </div>
        )}
      </div>
      <p className="min-h-5 text-sm text-stone-700" aria-hidden="true">
        {shownIndex >= 0 && dates[shownIndex] ? readout(t, dates[shownIndex], shownIndex, lines, band) : null}
      </p>
      {onSelectDate && main && (
        <label className="sr-only flex-col gap-1 text-sm text-stone-800 focus-within:not-sr-only focus-within:flex">
          {t('charts.chooseDate', { title })}
          <select
            className="min-h-11 rounded-lg border border-stone-400 bg-white px-3"
            value={selectedDate ?? ''}
            onChange={(event) => {
              if (event.target.value) onSelectDate(event.target.value);
            }}
          >
            {!selectedDate && <option value="">{t('charts.noDate')}</option>}
            {dates.map((day, index) =>
              main.values[index] === null || main.values[index] === undefined ? null : (
                <option key={day} value={day}>
                  {`${formatDate(day)}: ${main.label} ${withUnit(t, main.values[index], main.unit)}`}
                </option>
              ),
            )}
          </select>
        </label>
      )}
    </figure>
  );
}

type T = ReturnType<typeof useTranslation<'app'>>['t'];

function withUnit(t: T, value: number | null | undefined, unit: string): string {
  const number = formatNumber(value, 2);
  return unit && value !== null && value !== undefined ? t('charts.valueWithUnit', { value: number, unit }) : number;
}

/** The values of one day, e.g. "12 Jan 2026 · NDVI 0.38 · p10–p90 0.3–0.5". */
function readout(t: T, day: string, index: number, lines: ChartLine[], band: TimeSeriesChartProps['band']): string {
  const parts = [formatDate(day), ...lines.map((line) => `${line.label} ${withUnit(t, line.values[index], line.unit)}`)];
  const low = band?.low[index] ?? null;
  const high = band?.high[index] ?? null;
  if (band && low !== null && high !== null) parts.push(`${band.label} ${formatNumber(low, 2)}–${formatNumber(high, 2)}`);
  return parts.join(' · ');
}

/** What each colour means: the lines with their units, the band and the marked days. */
function Legend({ lines, bandLabel, hasMarkedDates }: { lines: ChartLine[]; bandLabel: string | undefined; hasMarkedDates: boolean }) {
  const { t } = useTranslation('app');
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700" aria-hidden="true">
      {lines.map((line, index) => (
        <li key={line.label} className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4" style={{ backgroundColor: lineColour(index) }} />
          {line.unit ? `${line.label} (${line.unit})` : line.label}
        </li>
      ))}
      {bandLabel && (
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-4" style={{ backgroundColor: tintOf(lineColour(0)) }} />
          {t('charts.band', { label: bandLabel })}
        </li>
      )}
      {hasMarkedDates && (
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-0.5 bg-stone-400" />
          {t('charts.marked', { label: t('charts.markedLabel') })}
        </li>
      )}
    </ul>
  );
}
