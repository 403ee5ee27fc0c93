import type { AnalysisType, FieldHealthOverview } from '@murimi/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api/client.ts';
import { sceneImagePath } from '../../crop-health/api/imagery.ts';
import { analysisQuery, latestSummariesQuery } from './analyses.ts';

/** Not under one field's key: a run refreshes it when the dashboard next mounts or regains focus. */
export const analysisOverviewKey = ['analyses', 'overview'] as const;

/** Every field of the organisation with its newest health headline: the farm totals in one request. */
export const analysisOverviewQuery = () =>
  queryOptions({
    queryKey: analysisOverviewKey,
    queryFn: async () => (await api.get<{ data: FieldHealthOverview[] }>('/api/analysis/overview')).data,
    staleTime: 0,
  });

/**
 * The newest completed analysis of one type for a field, with its result: the latest summaries (one request shared
 * by every tile of the field) say which analysis, then that analysis is read once — a completed analysis never
 * changes, and a new run refreshes everything under the field's `analyses` key.
 */
export function useLatestResult<Type extends AnalysisType>(fieldId: string, type: Type) {
  const summaries = useQuery(latestSummariesQuery(fieldId));
  const summary = summaries.data?.[type] ?? null;
  const detail = useQuery({ ...analysisQuery(fieldId, type, summary?.id ?? 'none'), enabled: summary !== null, staleTime: Infinity });
  const error = summaries.error ?? detail.error;
  // What is held shows whatever the last request did (offline it fails).
  const state: 'loading' | 'error' | 'none' | 'ready' =
    summaries.data === undefined
      ? summaries.isError
        ? 'error'
        : 'loading'
      : summary === null
        ? 'none'
        : detail.data?.result
          ? 'ready'
          : detail.isError
            ? 'error'
            : detail.isPending
              ? 'loading'
              : 'none';
  return {
    state,
    summary,
    result: detail.data?.result ?? null,
    error,
    retry: () => void (summaries.isError ? summaries.refetch() : detail.refetch()),
    /** The read that says which analysis is the latest: its age is the age of what shows. */
    summaries,
  };
}

/** One day of the forecast, °C and mm, with where the numbers came from. */
export interface WeatherDay {
  date: string;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  precipitationMm: number | null;
  et0FaoMm: number | null;
  source: 'open-meteo' | 'simulated';
}

export interface WeatherForecast {
  source: 'open-meteo' | 'simulated';
  stale: boolean;
  notice: string | null;
  days: WeatherDay[];
}

/** Today's forecast at the field (one day of `GET /api/weather/forecast`). */
export const todayWeatherQuery = (fieldId: string) =>
  queryOptions({
    queryKey: ['weather', fieldId, 'forecast', 1] as const,
    queryFn: async () => (await api.get<{ data: WeatherForecast }>(`/api/weather/forecast?fieldId=${fieldId}&days=1`)).data,
    staleTime: 15 * 60_000,
  });

/**
 * An index image of one scene of the field as a PNG (`GET /api/fields/{id}/imagery/{sceneId}/{index}.png`): it needs
 * the bearer token, so it comes through the API client as a Blob, not from an <img> URL. Under the field's `imagery`
 * key, which a new run refreshes.
 */
export const overlayImageQuery = (fieldId: string, sceneId: string, index: 'ndvi' | 'ndwi' | 'ndre' | 'lai') =>
  queryOptions({
    queryKey: ['imagery', fieldId, sceneId, index, 'png'] as const,
    queryFn: async () => (await apiDownload(sceneImagePath(fieldId, sceneId, index))).blob,
    staleTime: Infinity,
    // A Blob cannot be kept as query data on the device (it would come back as `{}`); a field pack keeps the image.
    meta: { keepOffline: false },
  });
