import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { readConnection } from '../../features/connection/use-connection.ts';
import { fieldMapSummaryQuery, fieldsOnMapQuery, fieldsQuery } from '../../features/fields/api/fields.ts';
import { EditBoundary } from '../../features/fields/components/BoundaryEditor.tsx';
import { mapFields } from '../../features/map-view/map-fields.ts';
import { CropLegend, FieldSheet, NoFieldsOnMap } from '../../features/map-view/MapViewParts.tsx';
import { loadMapLibre } from '../../features/maps/load-maplibre.ts';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import { formatNumber } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';

// The map carries the map library: fetched only when this screen opens.
const loadFieldsMap = () => import('../../features/map-view/FieldsMap.tsx');
const FieldsMap = lazy(loadFieldsMap);

/**
 * Map View (spec §2.2, /map and /map/{fieldId}): every field of the organisation on the map, without the
 * standard layout, so the map has the whole screen. Online it reads a summary (count, hectares, box, crop groups) and
 * the fields as tiles, only those in view; offline, the list with simplified boundaries a field pack keeps (without
 * one, the field list kept from the last visit: markers and labels). Edit Boundary reads the field's full boundary
 * first, redraws it and keeps the old boundary in the field's history.
 */
export default function MapViewPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('mapView.title'));
  const { fieldId } = useParams();
  const navigate = useNavigate();
  // Chosen once, as the screen opens: the map's outlines keep to one source.
  const [online] = useState(() => readConnection() !== 'offline');
  const summaryRead = useQuery({ ...fieldMapSummaryQuery(), enabled: online });
  const pack = useQuery({ ...fieldsOnMapQuery(), enabled: !online });
  const listed = useQuery({ ...fieldsQuery(), enabled: !online });
  const { summary, source, failed } = mapFields(online, summaryRead, pack, listed);
  const config = useQuery(publicConfigQuery());
  const [editing, setEditing] = useState<string | null>(null);
  // Fetch the map code while the field list loads, not after it.
  useEffect(() => {
    void loadFieldsMap().then(() => loadMapLibre());
  }, []);

  const listedPoint = fieldId && source?.from === 'list' ? source.points.find((field) => field.id === fieldId) : undefined;
  const select = (id: string | null) => navigate(id ? `/map/${id}` : '/map');

  if (editing && config.data) {
    return <EditBoundary fieldId={editing} basemap={config.data.basemap} onDone={() => setEditing(null)} />;
  }

  return (
    <div className="flex h-full flex-col bg-stone-50">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-stone-200 bg-white px-3 py-2">
        <Link to="/dashboard" className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
          {t('mapView.back')}
        </Link>
        <h1 className="text-lg font-bold text-stone-900">{t('mapView.title')}</h1>
        {summary && (
          <p className="text-sm text-stone-700">
            {t('mapView.summary', { count: summary.count, hectares: formatNumber(summary.size_hectares, 1) })}
          </p>
        )}
        <ButtonLink to="/create-farm-field" variant="secondary" className="ml-auto">
          {t('actions.addField')}
        </ButtonLink>
      </header>
      <div className="relative flex min-h-0 flex-1 flex-col lg:flex-row">
        <main id="main" className="relative min-h-0 flex-1">
          {failed ? (
            <div className="p-4">
              <LoadError
                error={online ? summaryRead.error : listed.error}
                onRetry={() => void (online ? summaryRead.refetch() : Promise.all([pack.refetch(), listed.refetch()]))}
              />
            </div>
          ) : !summary || !source || !config.data ? (
            <div className="p-4">
              <Spinner label={t('states.loadingFields')} />
            </div>
          ) : (
            <Suspense
              fallback={
                <div className="p-4">
                  <Spinner label={t('mapView.loading')} />
                </div>
              }
            >
              <FieldsMap
                source={source}
                bounds={summary.bounds}
                selectedId={fieldId ?? null}
                onSelect={select}
                basemap={config.data.basemap}
              />
              {summary.count === 0 ? <NoFieldsOnMap /> : <CropLegend groups={summary.cropGroups} />}
            </Suspense>
          )}
        </main>
        {fieldId && source && (
          <FieldSheet fieldId={fieldId} listed={listedPoint} onClose={() => select(null)} onEditBoundary={() => setEditing(fieldId)} />
        )}
      </div>
    </div>
  );
}
