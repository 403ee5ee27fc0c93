import { ACRES_PER_HECTARE, MIN_FIELD_HECTARES, measureFieldBoundary, type PolygonBoundary } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { TextArea, TextInput } from '../../../components/ui/form.tsx';
import { RadioGroup } from '../../../components/ui/Choice.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { publicConfigQuery } from '../../../lib/api/public-config.ts';
import { describeError, describeProblem } from '../../../lib/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useLocate } from '../../../lib/use-locate.ts';
import { boundsOfFields, fieldFeatures } from '../../map-view/field-layers.ts';
import { useFieldsOnMap } from '../api/fields.ts';
import { usePreviewImport, type ImportDraft } from '../api/import-export.ts';
import { circleHectares, polygonFrom, type BoundaryInputKey, type BoundaryValues } from './boundary-input.ts';

// The map library is large: it is fetched only when a map is shown.
const MapEditor = lazy(() => import('../../map-editor/MapEditor.tsx'));

/**
 * The map editor with the server's basemap settings, opening on the farm's other fields; the drawn (or loaded) shape
 * goes into the form values.
 */
function MapInput({ values, errors, onChange, farmId }: BoundaryInputProps) {
  const { t } = useTranslation('app');
  const config = useQuery(publicConfigQuery());
  const fields = useFieldsOnMap();
  const farmFields = useMemo(() => (fields.data ?? []).filter((field) => farmId && field.farmId === farmId), [fields.data, farmId]);
  const openAround = boundsOfFields(farmFields);
  const otherFields = useMemo(() => fieldFeatures(farmFields), [farmFields]);
  // A boundary loaded from a file starts a fresh editor showing it.
  const [editorKey, setEditorKey] = useState(0);
  const load = (drawn: PolygonBoundary) => {
    onChange({ ...values, drawn });
    setEditorKey((key) => key + 1);
  };
  const loading = <Spinner label={t('mapEditor.loading')} />;
  return (
    <div className="flex flex-col gap-2">
      {/* Without the field list the map would open far out; if the list fails, it opens without it. */}
      {config.data && !fields.isPending ? (
        <Suspense fallback={loading}>
          <MapEditor
            key={editorKey}
            initialBoundary={values.drawn}
            openAround={openAround}
            otherFields={otherFields}
            basemap={config.data.basemap}
            onChange={(drawn) => onChange({ ...values, drawn })}
          />
        </Suspense>
      ) : config.isError ? (
        <p role="alert" className="font-semibold text-red-800">
          {t('mapEditor.mapFailed')}
        </p>
      ) : (
        loading
      )}
      {errors.map && (
        <p id="boundary-map-error" role="alert" className="font-medium text-red-800">
          {errors.map}
        </p>
      )}
      <BoundaryFromFile onLoad={load} />
    </div>
  );
}

/** Reads a boundary file (through the import preview) and puts the shape the farmer picks on the map. */
function BoundaryFromFile({ onLoad }: { onLoad: (boundary: PolygonBoundary) => void }) {
  const { t } = useTranslation('app');
  const inputId = useId();
  const preview = usePreviewImport();
  const [state, setState] = useState<{ step: 'idle' } | { step: 'choose'; drafts: ImportDraft[] } | { step: 'no-shape' }>({ step: 'idle' });

  function read(file: File) {
    setState({ step: 'idle' });
    preview.mutate(file, {
      onSuccess: ({ drafts }) => {
        const usable = drafts.filter((draft) => draft.boundary !== null);
        if (usable.length === 0) return setState({ step: 'no-shape' });
        if (usable.length === 1) return onLoad(usable[0]!.boundary!);
        setState({ step: 'choose', drafts: usable });
      },
    });
  }
  const problem = preview.isError ? describeError(preview.error) : state.step === 'no-shape' ? t('boundary.fileNoShape') : null;

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed border-stone-300 p-3">
      <label htmlFor={inputId} className="font-semibold text-stone-900">
        {t('boundary.fromFile')}
      </label>
      <p className="text-sm text-stone-700">{t('boundary.fromFileHint')}</p>
      <input
        id={inputId}
        type="file"
        accept=".kml,.kmz,.geojson,.json,.zip,.gpx"
        disabled={preview.isPending}
        className="min-h-11 rounded-lg border border-stone-300 bg-white p-2"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) read(file);
          event.target.value = '';
        }}
      />
      {preview.isPending && <Spinner label={t('boundary.readingFile')} />}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      {state.step === 'choose' && (
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold text-stone-900">{t('boundary.fileChoose', { count: state.drafts.length })}</legend>
          {state.drafts.map((draft) => (
            <Button
              key={draft.index}
              variant="secondary"
              className="justify-between"
              onClick={() => {
                onLoad(draft.boundary!);
                setState({ step: 'idle' });
              }}
            >
              <span>{draft.name}</span>
              <span className="font-normal">{draft.areaHectares === null ? '' : `${formatNumber(draft.areaHectares, 2)} ha`}</span>
            </Button>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** The area as typed so far, in hectares and acres, or what keeps it from being measured. */
function AreaPreview({ hectares, problem }: { hectares: number | null; problem?: string | null }) {
  const { t } = useTranslation('app');
  const small = hectares !== null && hectares < MIN_FIELD_HECTARES;
  return (
    <div aria-live="polite" className="rounded-lg bg-stone-100 p-3 text-stone-900">
      {hectares !== null ? (
        <p>{t('boundary.area', { hectares: formatNumber(hectares, 2), acres: formatNumber(hectares * ACRES_PER_HECTARE, 2) })}</p>
      ) : (
        <p className="text-stone-700">{problem ?? t('boundary.areaUnknown')}</p>
      )}
      {small && <p className="mt-1 font-medium text-amber-900">{t('boundary.tooSmall')}</p>}
    </div>
  );
}

function CircleInputs({ values, errors, onChange }: BoundaryInputProps) {
  const { t } = useTranslation('app');
  const { state, locate } = useLocate((latitude, longitude) =>
    onChange({ ...values, latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) }),
  );
  const input = inputBinder(values, errors, onChange);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput label={t('boundary.latitude')} hint={t('boundary.latitudeHint')} inputMode="decimal" {...input('latitude')} />
        <TextInput label={t('boundary.longitude')} hint={t('boundary.longitudeHint')} inputMode="decimal" {...input('longitude')} />
      </div>
      <div>
        <Button variant="secondary" onClick={locate} disabled={state.status === 'locating'}>
          {state.status === 'locating' ? t('boundary.locating') : t('boundary.useLocation')}
        </Button>
        <p className="mt-1 text-sm text-stone-600">{t('boundary.useLocationHint')}</p>
        {state.status === 'failed' && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {t(`boundary.locateFailed.${state.reason}`)}
          </p>
        )}
      </div>
      <TextInput label={t('boundary.radius')} hint={t('boundary.radiusHint')} inputMode="decimal" {...input('radius')} />
      <AreaPreview hectares={circleHectares(values.radius)} />
    </div>
  );
}

/** The pasted polygon and its area; a problem already said under the boundary (after Save) is not said twice. */
function PolygonInput({ values, errors, onChange, boundaryError }: BoundaryInputProps & { boundaryError?: string | undefined }) {
  const { t } = useTranslation('app');
  const text = useDeferredValue(values.geojson);
  const measured = useMemo(() => {
    if (text.trim() === '') return null;
    const parsed = polygonFrom(text);
    if (!parsed.boundary) return null;
    return measureFieldBoundary(parsed.boundary);
  }, [text]);
  return (
    <div className="flex flex-col gap-4">
      <TextArea
        label={t('boundary.geojson')}
        hint={t('boundary.geojsonHint')}
        rows={7}
        spellCheck={false}
        value={values.geojson}
        error={errors.geojson}
        onChange={(event) => onChange({ ...values, geojson: event.target.value })}
      />
      {measured && (measured.ok || describeProblem(measured.problem) !== boundaryError) && (
        <AreaPreview
          hectares={measured.ok ? measured.value.areaHectares : null}
          problem={measured.ok ? null : describeProblem(measured.problem)}
        />
      )}
    </div>
  );
}

interface BoundaryInputProps {
  values: BoundaryValues;
  errors: Partial<Record<BoundaryInputKey, string>>;
  onChange: (values: BoundaryValues) => void;
  /** The farm the field joins: the map opens on its other fields. None for a new farm. */
  farmId?: string | null | undefined;
}

/** The field boundary: drawn on the map, a round field by centre and radius, or a pasted GeoJSON polygon. */
export function BoundaryInput({ boundaryError, ...props }: BoundaryInputProps & { boundaryError?: string | undefined }) {
  const { t } = useTranslation('app');
  return (
    <div className="flex flex-col gap-4">
      <p className="text-stone-700">{t('boundary.intro')}</p>
      <RadioGroup
        legend={t('boundary.mode')}
        value={props.values.mode}
        onChange={(mode) => props.onChange({ ...props.values, mode })}
        options={[
          { value: 'map', label: t('boundary.map') },
          { value: 'circle', label: t('boundary.circle') },
          { value: 'polygon', label: t('boundary.polygon') },
        ]}
      />
      {props.values.mode === 'map' ? (
        <MapInput {...props} />
      ) : props.values.mode === 'circle' ? (
        <CircleInputs {...props} />
      ) : (
        <PolygonInput {...props} boundaryError={boundaryError} />
      )}
      {boundaryError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
          {boundaryError}
        </p>
      )}
    </div>
  );
}
