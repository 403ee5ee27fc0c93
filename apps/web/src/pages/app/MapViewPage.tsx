import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { readConnection } from '../../features/connection/use-connection.ts';
import { fieldPointsQuery, fieldsOnMapQuery } from '../../features/fields/api/fields.ts';
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
 * standard layout, so the map has the whole screen. Online it reads every field as a point in one answer and the
 * outlines as tiles; offline, the list with simplified boundaries a field pack keeps (without one, the points kept
 * from the last visit: markers and labels). Edit Boundary reads the field's full boundary first, redraws it and
 * keeps the old boundary in the field's history.
 */
export default function MapViewPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('mapView.title'));
  const { fieldId } = useParams();
  const navigate = useNavigate();
  // Chosen once, as the screen opens: the map's outlines keep to one source.
  const [online] = useState(() => readConnection() !== 'offline');
  const points = useQuery(fieldPointsQuery());
  const kept = useQuery({ ...fieldsOnMapQuery(), enabled: !online });
  const { fields, outlines, failed } = mapFields(online, points, kept);
  const config = useQuery(publicConfigQuery());
  const [editing, setEditing] = useState<string | null>(null);
  // Fetch the map code while the field list loads, not after it.
  useEffect(() => {
    void loadFieldsMap().then(() => loadMapLibre());
  }, []);

  const list = fields ?? [];
  const selected = fieldId ? list.find((field) => field.id === fieldId) : undefined;
  const totalHectares = list.reduce((sum, field) => sum + field.size_hectares, 0);
  const select = (id: string | null) => navigate(id ? `/map/${id}` : '/map');

  if (editing && selected && config.data) {
    return <EditBoundary fieldId={selected.id} basemap={config.data.basemap} onDone={() => setEditing(null)} />;
  }

  return (
    <div className="flex h-full flex-col bg-stone-50">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-stone-200 bg-white px-3 py-2">
        <Link to="/dashboard" className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
          {t('mapView.back')}
        </Link>
        <h1 className="text-lg font-bold text-stone-900">{t('mapView.title')}</h1>
        {fields && (
          <p className="text-sm text-stone-700">{t('mapView.summary', { count: list.length, hectares: formatNumber(totalHectares, 1) })}</p>
        )}
        <ButtonLink to="/create-farm-field" variant="secondary" className="ml-auto">
          {t('actions.addField')}
        </ButtonLink>
      </header>
      <div className="relative flex min-h-0 flex-1 flex-col lg:flex-row">
        <main id="main" className="relative min-h-0 flex-1">
          {failed ? (
            <div className="p-4">
              <LoadError error={points.error} onRetry={() => void points.refetch()} />
            </div>
          ) : !fields || !outlines || !config.data ? (
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
              <FieldsMap fields={list} outlines={outlines} selectedId={fieldId ?? null} onSelect={select} basemap={config.data.basemap} />
              {list.length === 0 ? <NoFieldsOnMap /> : <CropLegend fields={list} />}
            </Suspense>
          )}
        </main>
        {fieldId && fields && <FieldSheet field={selected} onClose={() => select(null)} onEditBoundary={() => setEditing(fieldId)} />}
      </div>
    </div>
  );
}
