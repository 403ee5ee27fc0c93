import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Facts, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatNumber, formatTimestamp } from '../../../lib/format.ts';
import { formatLocaleOf } from '../../../lib/i18n.ts';
import type { FieldWeather } from '../weather-api.ts';
import { forecastBars } from '../water-view.ts';

/** A weather panel: its heading with the weather's simulated (and stale) badges, then its content. */
function WeatherPanel({
  id,
  title,
  weather,
  showStale = false,
  children,
}: {
  id: string;
  title: string;
  weather: UseQueryResult<FieldWeather>;
  showStale?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('app');
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {weather.data?.source === 'simulated' && <Badge tone="info">{t('water.simulated')}</Badge>}
        {showStale && weather.data?.stale && <Badge tone="warning">{t('water.stale')}</Badge>}
      </div>
      {children}
    </section>
  );
}

/** Weekday and day of a forecast date, e.g. "Thu 26 Nov" (the date is a calendar day, no time zone). */
function dayLabel(date: string, language: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(formatLocaleOf(language), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    day,
  );
}

/** Conditions now at the field, with their source and time. */
export function CurrentConditionsPanel({ weather }: { weather: UseQueryResult<FieldWeather> }) {
  const { t } = useTranslation('app');
  let body;
  if (weather.isPending) body = <Spinner label={t('water.current.loading')} />;
  else if (weather.isError) body = <LoadError error={weather.error} onRetry={() => void weather.refetch()} />;
  else if (!weather.data.current) body = <p className="text-stone-700">{t('water.current.none')}</p>;
  else {
    const now = weather.data.current;
    const unit = (value: number | null, suffix: string, digits = 1) => (value === null ? '—' : `${formatNumber(value, digits)} ${suffix}`);
    body = (
      <>
        <p className="text-4xl font-semibold text-stone-900">{unit(now.temperatureC, '°C')}</p>
        <div className="mt-3">
          <Facts
            items={[
              { label: t('water.current.humidity'), value: unit(now.relativeHumidityPct, '%', 0) },
              { label: t('water.current.rainNow'), value: unit(now.precipitationMm, 'mm') },
              { label: t('water.current.wind'), value: unit(now.windSpeedMPerS, 'm/s') },
              { label: t('water.current.cloud'), value: unit(now.cloudCoverPct, '%', 0) },
            ]}
          />
        </div>
        <p className="mt-3 text-sm text-stone-700">
          {t('water.current.asOf', {
            time: formatTimestamp(now.time),
            source: t(now.source === 'simulated' ? 'water.current.sourceSimulated' : 'water.current.sourceOpenMeteo'),
          })}
        </p>
      </>
    );
  }
  return (
    <WeatherPanel id="current-weather-title" title={t('water.current.title')} weather={weather} showStale>
      {weather.data?.notice && <p className="mb-2 text-sm text-stone-700">{weather.data.notice}</p>}
      {body}
    </WeatherPanel>
  );
}

/** The next 7 days as a table: rain and ET₀ as bars on one mm scale, min/max temperature in °C. */
export function ForecastPanel({ weather }: { weather: UseQueryResult<FieldWeather> }) {
  const { t, i18n } = useTranslation('app');
  let body;
  if (weather.isPending) body = <Spinner label={t('water.current.loading')} />;
  else if (weather.isError) body = <LoadError error={weather.error} onRetry={() => void weather.refetch()} />;
  else if (weather.data.forecast.length === 0) body = <p className="text-stone-700">{t('water.forecast.none')}</p>;
  else {
    const { scaleMm, bars } = forecastBars(weather.data.forecast.slice(0, 7));
    body = (
      <>
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">{t('water.forecast.caption')}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-sm text-stone-700">
              <th scope="col" className="w-[28%] py-1 pr-2 font-medium">
                {t('water.forecast.day')}
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('water.forecast.rain')} / {t('water.forecast.et0')}
              </th>
              <th scope="col" className="w-[30%] py-1 text-right font-medium">
                {t('water.forecast.temperature')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.date} className="border-b border-stone-100 align-top">
                <th scope="row" className="py-2 pr-2 text-sm font-medium text-stone-900">
                  {dayLabel(bar.date, i18n.language)}
                </th>
                <td className="py-2 pr-2">
                  <div className="flex flex-col gap-0.5 text-sm text-stone-900">
                    <span
                      aria-hidden="true"
                      className="block h-2.5 rounded-sm bg-sky-600"
                      style={{ width: `${bar.rainWidthPct}%`, minWidth: 2 }}
                    />
                    <span>
                      {t('water.forecast.rain')} {t('water.forecast.rainValue', { value: formatNumber(bar.rainMm, 1) })}
                      {bar.rainChancePct !== null && (
                        <span className="text-stone-700">
                          {' '}
                          · {t('water.forecast.chance', { value: formatNumber(bar.rainChancePct, 0) })}
                        </span>
                      )}
                    </span>
                  </div>
                  <div className="mt-1 flex flex-col gap-0.5 text-sm text-stone-900">
                    <span
                      aria-hidden="true"
                      className="block h-2.5 rounded-sm bg-amber-500"
                      style={{ width: `${bar.et0WidthPct}%`, minWidth: 2 }}
                    />
                    <span>
                      {t('water.forecast.et0')} {t('water.forecast.et0Value', { value: formatNumber(bar.et0Mm, 1) })}
                    </span>
                  </div>
                </td>
                <td className="py-2 text-right text-sm whitespace-nowrap text-stone-900">
                  {t('water.forecast.tempValue', { min: formatNumber(bar.tMinC, 0), max: formatNumber(bar.tMaxC, 0) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-sm text-stone-700">{t('water.forecast.scale', { scale: formatNumber(scaleMm, 0) })}</p>
        <p className="text-sm text-stone-700">
          {t('water.forecast.et0Method', { method: weather.data.et0Method })}
          {weather.data.source === 'simulated' ? '' : ` ${weather.data.attribution}`}
        </p>
      </>
    );
  }
  return (
    <WeatherPanel id="forecast-title" title={t('water.forecast.title')} weather={weather}>
      {body}
    </WeatherPanel>
  );
}
