import { boundaryAsPolygon, type FieldBoundary, type FieldSummary, type PolygonBoundary } from '@murimi/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../../components/ui/Choice.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { KeptCopyNote, LoadError } from '../../../components/ui/QueryState.tsx';
import type { Basemap } from '../../../lib/api/public-config.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { TimeSeriesChart, seriesSummary } from '../../charts/index.ts';
import { useField } from '../../fields/api/fields.ts';
import { loadMapLibre } from '../../maps/load-maplibre.ts';
import { fieldScenesQuery, imagePeriodOf, sceneImageQuery } from '../api/imagery.ts';
import { problemZoneFeatures } from '../health-summary.ts';
import { cropHealthIndices, legendOf, legendThresholds, pixelSizeMOf, type CropHealthIndex } from '../index-legend.ts';
import { canDrawScene, keepSceneChoice } from '../scene-choice.ts';
import { sceneIndexOnDate, seasonSeries } from '../season-series.ts';
import { DateStrip } from './DateStrip.tsx';
import { FieldPicture } from './FieldPicture.tsx';
import { HealthCheck, useLatestHealth } from './HealthCheck.tsx';
import { IndexLegend } from './IndexLegend.tsx';

// The map carries the map library: fetched only when this screen opens.
const loadIndexMap = () => import('./IndexMap.tsx');
const IndexMap = lazy(loadIndexMap);

const noZones = problemZoneFeatures([]);

/** Whether the app's code comes from the device: the service worker that precached it controls the page. */
const codeIsOnDevice = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/**
 * One field's crop health: an index (NDVI, NDWI, NDRE, LAI) mapped over the field on a chosen date of the season,
 * the dates with their clear shares, the index through the season on a chart, and the latest health check.
 */
export function FieldCropHealth({ field, basemap }: { field: FieldSummary; basemap: Basemap }) {
  const { t } = useTranslation('app');
  const [index, setIndex] = useState<CropHealthIndex>('ndvi');
  const [sceneId, setSceneId] = useState<string | null>(null);
  const scenes = useQuery(fieldScenesQuery(field.id, index));
  const fullField = useField(field.id);
  const health = useLatestHealth(field.id);

  const list = useMemo(() => scenes.data?.scenes ?? [], [scenes.data]);
  const selected = keepSceneChoice(list, sceneId);
  const scene = selected === null ? null : list[selected]!;
  const period = scenes.data ? imagePeriodOf(scenes.data) : null;
  const image = useQuery({
    ...sceneImageQuery(field.id, index, scene?.sceneId ?? '', period ?? { from: '', to: '' }),
    enabled: scene !== null && period !== null && canDrawScene(scene),
    // The last image stays on the map until the next one has come, instead of the map flashing empty.
    placeholderData: keepPreviousData,
  });
  const drawable = scene !== null && canDrawScene(scene);
  // The map's code (about 250 kB) is asked for once the picture has its image, or knows it has none to draw: on a
  // slow network the two would share the connection and the image, what the farmer came for, would come last. On
  // the installed app the code is on the device (the service worker serves it) and the map starts at once.
  const pictureSettled = drawable ? image.data !== undefined || image.isError : scenes.isSuccess || scenes.isError;
  const [mapWanted, setMapWanted] = useState(codeIsOnDevice);
  if (pictureSettled && !mapWanted) setMapWanted(true);
  useEffect(() => {
    if (mapWanted) void loadIndexMap().then(() => loadMapLibre());
  }, [mapWanted]);

  const bounds = useMemo(
    (): [number, number, number, number] => [field.bbox.minLng, field.bbox.minLat, field.bbox.maxLng, field.bbox.maxLat],
    [field.bbox],
  );
  const outline = useMemo(() => (fullField.data ? boundaryAsPolygon(fullField.data.boundary as FieldBoundary) : null), [fullField.data]);
  const reading = health.result && health.result.status !== 'no-clear-image' ? health.result : null;
  const zones = useMemo(() => (reading ? problemZoneFeatures(reading.problemZones) : noZones), [reading]);
  const overlay = useMemo(
    () => (drawable && image.data ? { sceneId: image.data.sceneId, image: image.data } : null),
    [drawable, image.data],
  );

  const indexName = t(`cropHealth.indices.${index}`);
  const unit = t(`cropHealth.indexUnits.${index}`);
  const series = useMemo(() => seasonSeries(list), [list]);
  const legend = legendOf(index);
  const simulated = scenes.data?.simulated ?? false;
  const metres = image.data?.pixelSizeM ?? pixelSizeMOf(index);
  const choose = (i: number) => setSceneId(list[i]!.sceneId);

  let seasonPart;
  // What is held shows whatever the last request did (offline it fails), with its age.
  if (scenes.data === undefined && scenes.isError) seasonPart = <LoadError error={scenes.error} onRetry={() => void scenes.refetch()} />;
  else if (scenes.data === undefined) seasonPart = <Spinner label={t('cropHealth.loadingScenes')} />;
  else if (list.length === 0 || selected === null || !period)
    seasonPart = (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center">
        <p className="text-lg font-semibold text-stone-900">{t('cropHealth.noScenes.title')}</p>
        <p className="mx-auto mt-1 max-w-prose text-stone-700">
          {list.length === 0
            ? t('cropHealth.noScenes.message', { from: formatDate(scenes.data.from), to: formatDate(scenes.data.to) })
            : t('cropHealth.noClearScenes', { count: list.length, from: formatDate(scenes.data.from), to: formatDate(scenes.data.to) })}
        </p>
      </div>
    );
  else
    seasonPart = (
      <>
        <KeptCopyNote query={scenes} />
        {!list.some((s) => s.usable) && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
            {t('cropHealth.noClearScenes', { count: list.length, from: formatDate(period.from), to: formatDate(period.to) })}
          </p>
        )}
        <DateStrip scenes={list} index={index} selected={selected} period={period} onSelect={choose} />
        <TimeSeriesChart
          title={t('cropHealth.chart.title', { index: indexName })}
          dates={series.dates}
          lines={[{ label: t('cropHealth.chart.mean', { index: indexName }), unit, values: series.mean }]}
          band={{ label: t('cropHealth.chart.band'), low: series.p10, high: series.p90 }}
          thresholds={legendThresholds(legend).map((threshold) => ({
            value: threshold.value,
            label: t('cropHealth.chart.threshold', {
              value: formatNumber(threshold.value, 2),
              label: t(`cropHealth.classes.${threshold.key}` as 'cropHealth.classes.healthy'),
            }),
          }))}
          markedDates={series.unusableDates}
          selectedDate={scene?.date ?? null}
          onSelectDate={(date) => {
            const at = sceneIndexOnDate(list, date);
            if (at !== null) choose(at);
          }}
          summary={seriesSummary(t, { label: indexName, unit, dates: series.dates, values: series.mean })}
        />
      </>
    );

  const picture = (shape: PolygonBoundary) => (
    <FieldPicture
      label={t('cropHealth.map.pictureLabel', { index: indexName, field: field.name })}
      bounds={bounds}
      outline={shape}
      overlay={overlay}
      problemZones={zones}
    />
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RadioGroup
          legend={t('cropHealth.indexLegend')}
          inline
          value={index}
          options={cropHealthIndices.map((value) => ({ value, label: t(`cropHealth.indices.${value}`) }))}
          onChange={setIndex}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-4">
          <div className="relative h-[22rem] overflow-hidden rounded-xl border border-stone-200 bg-[#e7e5d8] md:h-[30rem]">
            {outline ? (
              // The picture first (no map library needed), while the map's code arrives and until it has drawn.
              !mapWanted ? (
                picture(outline)
              ) : (
                <Suspense fallback={picture(outline)}>
                  <IndexMap
                    basemap={basemap}
                    label={t('cropHealth.map.label', { index: indexName, field: field.name })}
                    bounds={bounds}
                    outline={outline}
                    overlay={overlay}
                    problemZones={zones}
                    placeholder={picture(outline)}
                  />
                </Suspense>
              )
            ) : fullField.isError ? (
              <div className="p-4">
                <LoadError error={fullField.error} onRetry={() => void fullField.refetch()} />
              </div>
            ) : (
              <Spinner label={t('cropHealth.map.loading')} />
            )}
            {/* Said once, on the picture it is about. */}
            {simulated && (
              <p className="pointer-events-none absolute bottom-2 left-2 rounded-md bg-white/90 px-2 py-1 text-sm font-semibold text-sky-900 shadow">
                {t('cropHealth.simulated')}
              </p>
            )}
            {drawable && (image.isPlaceholderData || (image.isFetching && !image.data)) && (
              <p role="status" className="absolute top-2 left-2 rounded-md bg-white/90 px-2 py-1 text-sm text-stone-800 shadow">
                {t('cropHealth.map.imageLoading', { index: indexName })}
              </p>
            )}
            {image.isError && (
              <p role="alert" className="absolute top-2 left-2 max-w-[70%] rounded-md bg-red-50/95 px-2 py-1 text-sm text-red-900 shadow">
                {t('cropHealth.map.imageFailed', { message: image.error.message })}
              </p>
            )}
          </div>
          {seasonPart}
        </div>
        <div className="min-w-0 space-y-4">
          <IndexLegend index={index} />
          <HealthCheck fieldId={field.id} fieldName={field.name} health={health} />
          <p className="text-sm text-stone-700">{t(simulated ? 'cropHealth.sourceSimulated' : 'cropHealth.source', { metres })}</p>
        </div>
      </div>
    </div>
  );
}
