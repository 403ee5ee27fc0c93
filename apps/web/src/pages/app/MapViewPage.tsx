import { ACRES_PER_HECTARE, type Field, type FieldBoundary, type FieldSummary } from '@murimi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/layout.tsx';
import { loadMapLibre } from '../../features/maps/load-maplibre.ts';
import { CROP_GROUP_COLOURS, cropGroupOf, type CropGroup } from '../../features/map-view/field-layers.ts';
import { invalidate, useCropName, useFarms, useField, useFieldsOnMap } from '../../features/records/use-records.ts';
import { showToast } from '../../features/toasts/toast-store.ts';
import { accountApi, fieldsApi, queryKeys, type Basemap } from '../../lib/api/resources.ts';
import { serverFieldErrors, splitServerErrors } from '../../lib/form-errors.ts';
import { formatDate, formatNumber } from './components/format.ts';
import { LoadError } from './components/States.tsx';

// Both maps carry the map library: fetched only when this screen opens.
const loadFieldsMap = () => import('../../features/map-view/FieldsMap.tsx');
const FieldsMap = lazy(loadFieldsMap);
const MapEditor = lazy(() => import('../../features/map-editor/MapEditor.tsx'));

/**
 * Map View (spec §2.2, /map and /map/{fieldId}): every field of the organisation on the map, without the
 * standard layout, so the map has the whole screen. The map draws the list's simplified boundaries; Edit Boundary
 * reads the field's full boundary first, redraws it and keeps the old boundary in the field's history.
 */
export default function MapViewPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('mapView.title'));
  const { fieldId } = useParams();
  const navigate = useNavigate();
  const fields = useFieldsOnMap();
  const config = useQuery({ queryKey: queryKeys.publicConfig, queryFn: accountApi.publicConfig, staleTime: Infinity });
  const [editing, setEditing] = useState<string | null>(null);
  // Fetch the map code while the field list loads, not after it.
  useEffect(() => {
    void loadFieldsMap().then(() => loadMapLibre());
  }, []);

  const list = fields.data ?? [];
  const selected = fieldId ? list.find((field) => field.id === fieldId) : undefined;
  const totalHectares = list.reduce((sum, field) => sum + field.size_hectares, 0);
  const select = (id: string | null) => navigate(id ? `/map/${id}` : '/map');

  if (editing && selected && config.data) {
    return <EditBoundary fieldId={selected.id} basemap={config.data.basemap} onDone={() => setEditing(null)} />;
  }

  return (
    <div className="flex h-dvh flex-col bg-stone-50">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-stone-200 bg-white px-3 py-2">
        <Link to="/dashboard" className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
          {t('mapView.back')}
        </Link>
        <h1 className="text-lg font-bold text-stone-900">{t('mapView.title')}</h1>
        {fields.data && (
          <p className="text-sm text-stone-700">{t('mapView.summary', { count: list.length, hectares: formatNumber(totalHectares, 1) })}</p>
        )}
        <ButtonLink to="/create-farm-field" variant="secondary" className="ml-auto">
          {t('actions.addField')}
        </ButtonLink>
      </header>
      <div className="relative flex min-h-0 flex-1 flex-col lg:flex-row">
        <main id="main" className="relative min-h-0 flex-1">
          {fields.isError ? (
            <div className="p-4">
              <LoadError error={fields.error} onRetry={() => void fields.refetch()} />
            </div>
          ) : !fields.data || !config.data ? (
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
              <FieldsMap fields={list} selectedId={fieldId ?? null} onSelect={select} basemap={config.data.basemap} />
              {list.length === 0 ? <NoFields /> : <Legend fields={list} />}
            </Suspense>
          )}
        </main>
        {fieldId && fields.data && <FieldSheet field={selected} onClose={() => select(null)} onEditBoundary={() => setEditing(fieldId)} />}
      </div>
    </div>
  );
}

function NoFields() {
  const { t } = useTranslation('app');
  return (
    <div className="absolute inset-x-3 top-3 mx-auto max-w-md rounded-lg bg-white p-4 shadow-lg">
      <h2 className="font-bold text-stone-900">{t('mapView.emptyTitle')}</h2>
      <p className="mt-1 text-stone-700">{t('mapView.empty')}</p>
      <ButtonLink to="/create-farm-field" className="mt-3">
        {t('actions.addField')}
      </ButtonLink>
    </div>
  );
}

/** The crop groups on the map and their colours. */
function Legend({ fields }: { fields: FieldSummary[] }) {
  const { t } = useTranslation('app');
  const groups = [...new Set(fields.map((field) => cropGroupOf(field.cropType)))].sort() as CropGroup[];
  return (
    <ul
      aria-label={t('mapView.legend')}
      className="absolute bottom-8 left-2 flex max-w-[60%] flex-wrap gap-x-3 gap-y-1 rounded-lg bg-white/90 p-2 text-xs text-stone-900 shadow"
    >
      {groups.map((group) => (
        <li key={group} className="flex items-center gap-1">
          <span aria-hidden className="size-3 rounded-sm border border-stone-400" style={{ backgroundColor: CROP_GROUP_COLOURS[group] }} />
          {t(`mapView.groups.${group}`)}
        </li>
      ))}
    </ul>
  );
}

/** The selected field's facts: a panel beside the map on wide screens, a sheet over its lower part on phones. */
function FieldSheet({
  field,
  onClose,
  onEditBoundary,
}: {
  field: FieldSummary | undefined;
  onClose: () => void;
  onEditBoundary: () => void;
}) {
  const { t } = useTranslation('app');
  const cropName = useCropName();
  const farms = useFarms();
  const farm = field ? farms.data?.find((f) => f.id === field.farmId) : undefined;
  return (
    <aside
      aria-label={field ? field.name : t('mapView.notFoundTitle')}
      className="absolute inset-x-0 bottom-0 z-10 max-h-[55%] overflow-y-auto rounded-t-2xl border-t border-stone-200 bg-white p-4 shadow-2xl lg:static lg:max-h-none lg:w-96 lg:rounded-none lg:border-t-0 lg:border-l lg:shadow-none"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">{field ? field.name : t('mapView.notFoundTitle')}</h2>
        <Button variant="ghost" onClick={onClose} aria-label={t('mapView.close')}>
          ✕
        </Button>
      </div>
      {!field ? (
        <p className="mt-2 text-stone-700">{t('mapView.notFound')}</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">
            <Fact label={t('field.farm')} value={farm?.name ?? '—'} />
            <Fact
              label={t('field.size')}
              value={t('fieldDetail.size', {
                hectares: formatNumber(field.size_hectares, 2),
                acres: formatNumber(field.size_hectares * ACRES_PER_HECTARE, 2),
              })}
            />
            <Fact label={t('field.crop')} value={cropName(field.cropType) ?? t('field.notSet')} />
            <Fact label={t('field.variety')} value={field.variety ?? t('field.notSet')} />
            <Fact label={t('field.plantingDate')} value={field.plantingDate ? formatDate(field.plantingDate) : t('field.notSet')} />
            <Fact label={t('field.irrigated')} value={field.irrigated ? t('field.yes') : t('field.no')} />
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={onEditBoundary}>{t('mapView.editBoundary')}</Button>
            <ButtonLink to={`/fields/${field.id}`} variant="secondary">
              {t('mapView.openField')}
            </ButtonLink>
          </div>
        </>
      )}
    </aside>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="break-words text-stone-900">{value}</dd>
    </div>
  );
}

/**
 * Redraws a field's boundary; saving keeps the one it replaces (the API records boundary versions). The map's
 * boundaries are simplified, so the field's full boundary is read first: the editor starts from what is stored.
 */
function EditBoundary({ fieldId, basemap, onDone }: { fieldId: string; basemap: Basemap; onDone: () => void }) {
  const { t } = useTranslation('app');
  const field = useField(fieldId);
  if (field.isError) {
    return (
      <div className="p-4">
        <LoadError error={field.error} onRetry={() => void field.refetch()} />
      </div>
    );
  }
  if (!field.data) {
    return (
      <div className="p-4">
        <Spinner label={t('mapEditor.loading')} />
      </div>
    );
  }
  return <BoundaryEditor key={field.data.id} field={field.data} basemap={basemap} onDone={onDone} />;
}

function BoundaryEditor({ field, basemap, onDone }: { field: Field; basemap: Basemap; onDone: () => void }) {
  const { t } = useTranslation('app');
  const queryClient = useQueryClient();
  const [boundary, setBoundary] = useState<FieldBoundary | null>(field.boundary as FieldBoundary);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!boundary) return setProblem(t('boundary.problems.mapEmpty'));
    setBusy(true);
    setProblem(null);
    try {
      await fieldsApi.update(field.id, { boundary });
      await invalidate.fields(queryClient);
      showToast(t('mapView.boundarySaved', { name: field.name }), { type: 'success' });
      onDone();
    } catch (error) {
      const all = serverFieldErrors(error);
      const boundaryMessage = Object.entries(all).find(([path]) => path === 'boundary' || path.startsWith('boundary.'))?.[1];
      setProblem(boundaryMessage ?? splitServerErrors(error, []).form ?? t('states.loadFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="min-h-dvh bg-stone-50 p-3 md:p-6">
      <div className="mx-auto flex max-w-5xl flex-col gap-4">
        <header>
          <h1 className="text-2xl font-bold text-stone-900">{t('mapView.editTitle', { name: field.name })}</h1>
          <p className="text-stone-700">{t('mapView.editIntro')}</p>
        </header>
        <Suspense fallback={<Spinner label={t('mapEditor.loading')} />}>
          <MapEditor initialBoundary={field.boundary as FieldBoundary} basemap={basemap} onChange={setBoundary} />
        </Suspense>
        {problem && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
            {problem}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? t('actions.saving') : t('mapView.saveBoundary')}
          </Button>
        </div>
      </div>
    </div>
  );
}
