import type { Field, FieldBoundary } from '@murimi/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import type { Basemap } from '../../../lib/api/public-config.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useField, useUpdateField } from '../api/fields.ts';
import { boundaryFailure } from '../field-setup-problems.ts';
import { isQueued } from '../../offline/sync-runtime.ts';

// The map library is large: it is fetched only when the editor is shown.
const MapEditor = lazy(() => import('../../map-editor/MapEditor.tsx'));

/**
 * Redraws a field's boundary; saving keeps the one it replaces (the API records boundary versions). The map's
 * boundaries are simplified, so the field's full boundary is read first: the editor starts from what is stored.
 */
export function EditBoundary({ fieldId, basemap, onDone }: { fieldId: string; basemap: Basemap; onDone: () => void }) {
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
  const update = useUpdateField();
  const [boundary, setBoundary] = useState<FieldBoundary | null>(field.boundary as FieldBoundary);
  const [empty, setEmpty] = useState(false);
  const problem = empty ? t('boundary.problems.mapEmpty') : update.error ? boundaryFailure(update.error) : null;

  function save() {
    setEmpty(!boundary);
    if (!boundary) return update.reset();
    update.mutate(
      { id: field.id, lastModified: field.lastModified, changes: { boundary } },
      {
        onSuccess: (saved) => {
          showToast(isQueued(saved) ? t('sync.savedOffline', { ns: 'common' }) : t('mapView.boundarySaved', { name: field.name }), {
            type: 'success',
          });
          onDone();
        },
      },
    );
  }
  const busy = update.isPending;

  return (
    <div className="min-h-full bg-stone-50 p-3 md:p-6">
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
          <Button onClick={save} disabled={busy}>
            {busy ? t('actions.saving') : t('mapView.saveBoundary')}
          </Button>
        </div>
      </div>
    </div>
  );
}
