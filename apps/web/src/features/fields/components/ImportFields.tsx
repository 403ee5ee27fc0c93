import { ACRES_PER_HECTARE } from '@murimi/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { FormError, SelectInput } from '../../../components/ui/form.tsx';
import { Card, EmptyState, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { describeError } from '../../../lib/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useFarms } from '../../farms/api/farms.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useCreateFields, useCropTypes } from '../api/fields.ts';
import { usePreviewImport, type ImportDraft, type ImportPreview } from '../api/import-export.ts';
import { markRefused, reasonTexts, refusedReasons } from '../import-refusals.ts';

/** What the file input offers; the server checks the content, not only the name. */
const ACCEPTED_FILES = '.kml,.kmz,.geojson,.json,.zip,.gpx';

interface Row extends ImportDraft {
  /** The farmer's choice: ready drafts start included; invalid ones cannot be. */
  include: boolean;
  /** Chosen once per draft: a save retried after a lost answer finds the same fields instead of adding twice. */
  clientId: string;
}

type Stage = { step: 'choose' } | { step: 'reading'; fileName: string } | { step: 'review'; preview: ImportPreview };

/**
 * Import fields (spec §2.2 Field Setup, import): a KML, KMZ, GeoJSON, zipped Shapefile or GPX file becomes draft
 * fields; the table shows each one's area, whether it can be saved and what it overlaps, before anything is saved.
 */
export function ImportFields() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const farms = useFarms();
  const preview = usePreviewImport();
  const createFields = useCreateFields();
  const crops = useCropTypes();
  const fileInputId = useId();
  const [farmId, setFarmId] = useState('');
  const [cropType, setCropType] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [rows, setRows] = useState<Row[]>([]);
  const [noneChosen, setNoneChosen] = useState(false);
  const saving = createFields.isPending;
  const failure = preview.error ?? createFields.error;
  const problem = noneChosen ? t('import.noneChosen') : failure ? describeError(failure) : null;

  const farmList = farms.data ?? [];
  const chosenFarm = farmList.some((farm) => farm.id === farmId) ? farmId : (farmList[0]?.id ?? '');

  function read(file: File) {
    setNoneChosen(false);
    createFields.reset();
    setStage({ step: 'reading', fileName: file.name });
    preview.mutate(file, {
      onSuccess: (answer) => {
        setRows(answer.drafts.map((draft) => ({ ...draft, include: draft.status === 'ready', clientId: crypto.randomUUID() })));
        setStage({ step: 'review', preview: answer });
      },
      onError: () => setStage({ step: 'choose' }),
    });
  }

  const chosen = rows.filter((row) => row.include && row.status === 'ready');

  function save() {
    preview.reset();
    setNoneChosen(chosen.length === 0);
    if (chosen.length === 0) return createFields.reset();
    const fields = chosen.map((row) => ({
      id: row.clientId,
      name: row.name,
      farmId: chosenFarm,
      boundary: row.boundary!,
      cropType: cropType || null,
      irrigated: false,
    }));
    createFields.mutate(fields, {
      onSuccess: (saved) => {
        showToast(t('import.saved', { count: saved.length }), { type: 'success' });
        void navigate('/map');
      },
      onError: (error) => {
        const reasons = refusedReasons(error);
        if (reasons.size > 0) setRows((current) => markRefused(current, reasons));
      },
    });
  }

  if (farms.isPending) return <Spinner label={t('states.loadingFarms')} />;
  if (farms.isError) return <LoadError error={farms.error} onRetry={() => void farms.refetch()} />;

  return (
    <>
      {farmList.length === 0 ? (
        <EmptyState
          title={t('import.noFarmTitle')}
          message={t('import.noFarm')}
          action={<ButtonLink to="/create-farm-field">{t('actions.fieldSetup')}</ButtonLink>}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <Card title={t('import.fileSection')}>
            <div className="flex flex-col gap-4">
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <SelectInput label={t('import.farm')} value={chosenFarm} onChange={(event) => setFarmId(event.target.value)}>
                  {farmList.map((farm) => (
                    <option key={farm.id} value={farm.id}>
                      {farm.name}
                    </option>
                  ))}
                </SelectInput>
                <SelectInput
                  label={t('import.crop')}
                  hint={t('import.cropHint')}
                  value={cropType}
                  onChange={(event) => setCropType(event.target.value)}
                >
                  <option value="">{t('field.cropNone')}</option>
                  {(crops.data ?? []).map((crop) => (
                    <option key={crop.id} value={crop.id}>
                      {crop.name}
                    </option>
                  ))}
                </SelectInput>
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={fileInputId} className="font-semibold text-stone-900">
                  {t('import.file')}
                </label>
                <p className="text-sm text-stone-700">{t('import.fileHint')}</p>
                <input
                  id={fileInputId}
                  type="file"
                  accept={ACCEPTED_FILES}
                  disabled={stage.step === 'reading' || saving}
                  className="min-h-11 rounded-lg border border-stone-300 bg-white p-2 file:mr-3 file:rounded file:border-0 file:bg-leaf-700 file:px-3 file:py-1 file:font-semibold file:text-white"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) read(file);
                    event.target.value = ''; // choosing the same file again reads it again
                  }}
                />
              </div>
              {stage.step === 'reading' && <Spinner label={t('import.reading', { fileName: stage.fileName })} />}
            </div>
          </Card>
          <FormError message={problem} />
          {stage.step === 'review' && (
            <Review
              preview={stage.preview}
              rows={rows}
              onToggle={(index, include) => setRows((current) => current.map((row, i) => (i === index ? { ...row, include } : row)))}
              onRename={(index, name) => setRows((current) => current.map((row, i) => (i === index ? { ...row, name } : row)))}
            />
          )}
          {stage.step === 'review' && (
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setStage({ step: 'choose' })} disabled={saving}>
                {t('actions.cancel')}
              </Button>
              <Button onClick={save} disabled={saving || chosen.length === 0}>
                {saving ? t('import.saving') : t('import.save', { count: chosen.length })}
              </Button>
            </div>
          )}
          <p className="text-sm text-stone-700">
            {t('import.oneField')}{' '}
            <Link to="/create-farm-field" className="font-semibold text-leaf-800 underline">
              {t('actions.fieldSetup')}
            </Link>
          </p>
        </div>
      )}
    </>
  );
}

function Review({
  preview,
  rows,
  onToggle,
  onRename,
}: {
  preview: ImportPreview;
  rows: Row[];
  onToggle: (index: number, include: boolean) => void;
  onRename: (index: number, name: string) => void;
}) {
  const { t } = useTranslation('app');
  const ready = rows.filter((row) => row.status === 'ready').length;
  return (
    <Card title={t('import.reviewSection')}>
      <p className="mb-3 text-stone-800" aria-live="polite">
        {t('import.summary', {
          fileName: preview.fileName,
          format: t(`import.formats.${preview.format}`),
          count: rows.length,
          ready,
          skipped: rows.length - ready,
        })}
        {preview.convertedFrom && <> {t('import.reprojected', { crs: preview.convertedFrom })}</>}
      </p>
      {preview.notes.map((note) => (
        <p key={note} role="status" className="mb-3 rounded-lg bg-amber-50 p-3 text-amber-900">
          {note}
        </p>
      ))}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{t('import.tableCaption')}</caption>
          <thead>
            <tr className="border-b border-stone-300 text-sm text-stone-700">
              <th scope="col" className="p-2">
                {t('import.include')}
              </th>
              <th scope="col" className="p-2">
                {t('import.name')}
              </th>
              <th scope="col" className="p-2 text-right">
                {t('import.area')}
              </th>
              <th scope="col" className="p-2">
                {t('import.check')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.index} data-testid="import-row" data-status={row.status} className="border-b border-stone-200 align-top">
                <td className="p-2">
                  <input
                    type="checkbox"
                    className="size-5"
                    aria-label={t('import.includeField', { name: row.name })}
                    checked={row.include}
                    disabled={row.status !== 'ready'}
                    onChange={(event) => onToggle(index, event.target.checked)}
                  />
                </td>
                <td className="p-2">
                  <input
                    aria-label={t('import.nameOf', { number: row.index + 1 })}
                    className="min-h-11 w-full min-w-40 rounded border border-stone-300 px-2"
                    value={row.name}
                    maxLength={120}
                    disabled={row.status !== 'ready'}
                    onChange={(event) => onRename(index, event.target.value)}
                  />
                </td>
                <td className="p-2 text-right whitespace-nowrap">
                  {row.areaHectares === null
                    ? '—'
                    : t('import.hectares', {
                        hectares: formatNumber(row.areaHectares, 2),
                        acres: formatNumber(row.areaHectares * ACRES_PER_HECTARE, 1),
                      })}
                </td>
                <td className="p-2 text-sm">
                  {row.status === 'ready' ? (
                    <span className="font-semibold text-leaf-800">{t('import.ready')}</span>
                  ) : (
                    <span className="font-semibold text-red-800">{t('import.skipped')}</span>
                  )}
                  {reasonTexts(row.reasons).map((reason) => (
                    <p key={reason} className="text-red-800">
                      {reason}
                    </p>
                  ))}
                  {row.overlaps.map((overlap) => (
                    <p key={`${overlap.fieldId ?? overlap.draftIndex}`} className="text-amber-900">
                      {t(overlap.fieldId ? 'import.overlapsField' : 'import.overlapsDraft', {
                        name: overlap.name,
                        hectares: formatNumber(overlap.overlapHectares, 2),
                      })}
                    </p>
                  ))}
                  {row.status === 'ready' && !row.overlapsChecked && <p className="text-amber-900">{t('import.overlapsNotChecked')}</p>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
