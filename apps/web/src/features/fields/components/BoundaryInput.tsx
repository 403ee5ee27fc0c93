import { boundaryAsPolygon, type FieldBoundary, type PolygonBoundary } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { TextArea, TextInput } from '../../../components/ui/form.tsx';
import { RadioGroup } from '../../../components/ui/Choice.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { publicConfigQuery } from '../../../lib/api/public-config.ts';
import { describeError } from '../../../lib/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useLocate } from '../../../lib/use-locate.ts';
import { boundsOfFields, fieldFeatures } from '../../map-view/field-layers.ts';
import { useFieldsOnMap } from '../api/fields.ts';
import { usePreviewImport, type ImportDraft } from '../api/import-export.ts';
import { AreaPreview, MeasuredArea } from './AreaPreview.tsx';
import {
  circleHectares,
  cornersFrom,
  polygonFrom,
  type BoundaryInputKey,
  type BoundaryMode,
  type BoundaryValues,
} from './boundary-input.ts';
import { WalkInput } from './WalkInput.tsx';

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
            withoutImagery={(reason) => <OtherWays reason={reason} onChoose={(mode) => onChange({ ...values, mode })} />}
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

/**
 * A boundary given as text (pasted GeoJSON, typed corners) and its area once the text reads; a problem already said
 * under the boundary (after Save) is not said twice.
 */
function TextBoundaryInput({
  input,
  read,
  values,
  errors,
  onChange,
  boundaryError,
  ...textArea
}: BoundaryInputProps & {
  input: 'geojson' | 'corners';
  read: (text: string) => FieldBoundary | null;
  boundaryError?: string | undefined;
  label: string;
  hint: string;
  rows: number;
  placeholder?: string;
}) {
  const text = useDeferredValue(values[input]);
  const boundary = useMemo(() => (text.trim() === '' ? null : read(text)), [text, read]);
  return (
    <div className="flex flex-col gap-4">
      <TextArea
        {...textArea}
        spellCheck={false}
        value={values[input]}
        error={errors[input]}
        onChange={(event) => onChange({ ...values, [input]: event.target.value })}
      />
      {boundary && <MeasuredArea boundary={boundary} boundaryError={boundaryError} />}
    </div>
  );
}

const readPolygon = (text: string) => polygonFrom(text).boundary;
const readCorners = (text: string) => cornersFrom(text).boundary;

/** A boundary file read without the map (no imagery, no WebGL): the shape it held and its area. */
function FileInput({ values, errors, onChange, boundaryError }: BoundaryInputProps & { boundaryError?: string | undefined }) {
  return (
    <div className="flex flex-col gap-4">
      <BoundaryFromFile onLoad={(drawn) => onChange({ ...values, drawn })} />
      {values.drawn && <LoadedShape boundary={values.drawn} />}
      {errors.file && (
        <p id="boundary-file-error" role="alert" className="font-medium text-red-800">
          {errors.file}
        </p>
      )}
      {values.drawn && <MeasuredArea boundary={values.drawn} boundaryError={boundaryError} />}
    </div>
  );
}

function LoadedShape({ boundary }: { boundary: FieldBoundary }) {
  const { t } = useTranslation('app');
  const corners = boundaryAsPolygon(boundary).coordinates[0]!.length - 1;
  return (
    <p className="text-stone-800">
      {boundary.type === 'Point' ? t('boundary.loadedFile.loadedCircle') : t('boundary.loadedFile.loaded', { corners })}{' '}
      <span className="text-stone-700">{t('boundary.loadedFile.adjust')}</span>
    </p>
  );
}

/** Said under a map with no satellite picture: the ways to give the boundary that need none. */
function OtherWays({ reason, onChoose }: { reason: 'off' | 'unavailable'; onChoose: (mode: BoundaryMode) => void }) {
  const { t } = useTranslation('app');
  return (
    <div
      role="status"
      data-testid="no-imagery"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
    >
      <p className="font-semibold">{t('boundary.noImagery.title')}</p>
      <p>{t(`boundary.noImagery.${reason}`)}</p>
      <div className="flex flex-wrap gap-2">
        {(['walk', 'corners', 'file'] as const).map((mode) => (
          <Button key={mode} type="button" variant="secondary" onClick={() => onChoose(mode)}>
            {t(`boundary.${mode}`)}
          </Button>
        ))}
      </div>
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

/** The ways to give the boundary, in the order a farmer without a GIS would try them. */
const modes: readonly BoundaryMode[] = ['map', 'walk', 'corners', 'file', 'circle', 'polygon'];

/**
 * The field boundary: drawn on the map (with a file loaded onto it), walked with the phone's GPS, typed corner by
 * corner, loaded from a file, a round field by centre and radius, or a pasted GeoJSON polygon.
 */
export function BoundaryInput({ boundaryError, ...props }: BoundaryInputProps & { boundaryError?: string | undefined }) {
  const { t } = useTranslation('app');
  const { values, errors, onChange } = props;
  const mode = values.mode;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-stone-700">{t('boundary.intro')}</p>
      <RadioGroup
        legend={t('boundary.mode')}
        value={mode}
        onChange={(next) => onChange({ ...values, mode: next })}
        options={modes.map((value) => ({ value, label: t(`boundary.${value}`) }))}
      />
      {mode === 'map' ? (
        <MapInput {...props} />
      ) : mode === 'walk' ? (
        <WalkInput values={values} error={errors.walk} boundaryError={boundaryError} onChange={onChange} />
      ) : mode === 'corners' ? (
        <TextBoundaryInput
          {...props}
          input="corners"
          read={readCorners}
          boundaryError={boundaryError}
          label={t('boundary.typedCorners.label')}
          hint={t('boundary.typedCorners.hint')}
          rows={6}
          placeholder={'-17.8252, 31.0335\n-17.8252, 31.0362\n-17.8275, 31.0362\n-17.8275, 31.0335'}
        />
      ) : mode === 'file' ? (
        <FileInput {...props} boundaryError={boundaryError} />
      ) : mode === 'circle' ? (
        <CircleInputs {...props} />
      ) : (
        <TextBoundaryInput
          {...props}
          input="geojson"
          read={readPolygon}
          boundaryError={boundaryError}
          label={t('boundary.geojson')}
          hint={t('boundary.geojsonHint')}
          rows={7}
        />
      )}
      {boundaryError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
          {boundaryError}
        </p>
      )}
    </div>
  );
}
