import {
  CROP_STAGES_SEEN,
  MAX_VISIT_PHOTOS,
  WATER_STATUSES_SEEN,
  WEED_PRESSURES,
  visitCreateSchema,
  type VisitCreateInput,
} from '@murimi/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError, SelectInput, TextArea, TextInput } from '../../../components/ui/form.tsx';
import { FormActions } from '../../../components/ui/FormActions.tsx';
import { blankToNull, numberOrNull, validate } from '../../../lib/form-errors.ts';
import { formatNumber, todayIso } from '../../../lib/format.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useLocate } from '../../../lib/use-locate.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { isQueued } from '../../offline/sync-runtime.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useCreateVisit } from '../api/visits.ts';
import { photoForUpload } from '../photo-resize.ts';
import { useVisitTexts } from '../visits-texts.ts';

interface Values {
  visitDate: string;
  cropStage: string;
  pestSeen: string;
  pestCount: string;
  diseaseSeen: string;
  weeds: string;
  waterStatus: string;
  notes: string;
}

const inputs = ['visitDate', 'cropStage', 'pestSeen', 'pestCount', 'diseaseSeen', 'weeds', 'waterStatus', 'notes', 'photos'] as const;

const blankValues = (): Values => ({
  visitDate: todayIso(),
  cropStage: '',
  pestSeen: '',
  pestCount: '',
  diseaseSeen: '',
  weeds: '',
  waterStatus: '',
  notes: '',
});

interface ReadyPhoto {
  id: string;
  jpegBase64: string;
  previewUrl: string;
}

/** Photos chosen for the visit, each made small on the phone as it is chosen; at most `MAX_VISIT_PHOTOS`. */
function PhotoPicker({ photos, onChange, error }: { photos: ReadyPhoto[]; onChange: (next: ReadyPhoto[]) => void; error?: string }) {
  const { t } = useVisitTexts();
  const inputId = useId();
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    setProblem(null);
    const room = MAX_VISIT_PHOTOS - photos.length;
    if (files.length > room) setProblem(t('form.photoTooMany', { max: MAX_VISIT_PHOTOS }));
    setPreparing(true);
    const added: ReadyPhoto[] = [];
    for (const file of [...files].slice(0, Math.max(0, room))) {
      try {
        const ready = await photoForUpload(file);
        added.push({ id: crypto.randomUUID(), jpegBase64: ready.jpegBase64, previewUrl: ready.previewUrl });
      } catch {
        setProblem(t('form.photoUnreadable'));
      }
    }
    setPreparing(false);
    onChange([...photos, ...added]);
  }
  const shown = problem ?? error;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="font-medium text-stone-800">
        {t('form.photos')}
      </label>
      <p className="text-sm text-stone-600">{t('form.photosHint', { max: MAX_VISIT_PHOTOS })}</p>
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-3" data-testid="visit-photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img src={photo.previewUrl} alt="" className="h-24 w-24 rounded-lg border border-stone-300 object-cover" />
              <button
                type="button"
                className="absolute -top-2 -right-2 flex h-8 w-8 items-center justify-center rounded-full bg-stone-900 text-white"
                aria-label={t('form.removePhoto', { number: index + 1 })}
                onClick={() => {
                  URL.revokeObjectURL(photo.previewUrl);
                  onChange(photos.filter((other) => other.id !== photo.id));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.length < MAX_VISIT_PHOTOS && (
        <input
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          disabled={preparing}
          className="min-h-11 rounded-lg border border-stone-300 bg-white p-2 file:mr-3 file:rounded file:border-0 file:bg-leaf-700 file:px-3 file:py-1 file:font-semibold file:text-white"
          onChange={(event) => {
            void add(event.target.files);
            event.target.value = '';
          }}
        />
      )}
      {preparing && <p className="text-sm text-stone-700">{t('form.preparingPhotos')}</p>}
      {shown && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}

/**
 * Log a visit to a field: the day, what was seen (crop stage, pest and how many, disease, weeds, water), notes,
 * photos made small on the phone, and where the phone is. Saved at once when online, else kept on the phone and sent
 * when there is a connection; its client id makes a save sent twice one visit.
 */
export function VisitForm({ fieldId, onSaved }: { fieldId: string; onSaved: () => void }) {
  const { t } = useVisitTexts();
  const form = useRef<HTMLFormElement>(null);
  const [id, setId] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<Values>(blankValues);
  const [photos, setPhotos] = useState<ReadyPhoto[]>([]);
  const [location, setLocation] = useState<{ latitude: number; longitude: number; accuracyM: number } | null>(null);
  const located = useLocate((latitude, longitude, accuracyM) => setLocation({ latitude, longitude, accuracyM }), { fresh: true });
  const { errors, formError, busy, submit } = useMutationForm(useCreateVisit(), inputs, { form });
  const input = inputBinder(values, errors, setValues);
  const latestPhotos = useRef(photos);
  latestPhotos.current = photos;
  // The previews are the phone's own copies: released when the form goes.
  useEffect(() => () => latestPhotos.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl)), []);

  function save(event: FormEvent) {
    event.preventDefault();
    const body: VisitCreateInput = {
      id,
      fieldId,
      visitDate: values.visitDate,
      cropStage: (blankToNull(values.cropStage) ?? null) as VisitCreateInput['cropStage'],
      pestSeen: blankToNull(values.pestSeen),
      pestCount: numberOrNull(values.pestCount),
      diseaseSeen: blankToNull(values.diseaseSeen),
      weeds: (blankToNull(values.weeds) ?? null) as VisitCreateInput['weeds'],
      waterStatus: (blankToNull(values.waterStatus) ?? null) as VisitCreateInput['waterStatus'],
      notes: blankToNull(values.notes),
      location,
      photos: photos.map((photo) => ({ id: photo.id, jpegBase64: photo.jpegBase64 })),
    };
    submit(
      validate(visitCreateSchema, body),
      () => body,
      (answer) => {
        showToast(isQueued(answer) ? t('form.savedOnPhone') : t('form.saved'), { type: 'success' });
        photos.forEach((photo) => URL.revokeObjectURL(photo.previewUrl));
        setPhotos([]);
        setValues(blankValues());
        setLocation(null);
        setId(crypto.randomUUID());
        onSaved();
      },
    );
  }

  const option = (value: string, label: string) => (
    <option key={value} value={value}>
      {label}
    </option>
  );
  return (
    <form ref={form} onSubmit={save} noValidate className="flex flex-col gap-4" aria-label={t('form.title')}>
      <FormError message={formError} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput type="date" label={t('form.visitDate')} {...input('visitDate')} />
        <SelectInput label={t('form.cropStage')} {...input('cropStage')}>
          {option('', t('form.notRecorded'))}
          {CROP_STAGES_SEEN.map((stage) => option(stage, t(`stages.${stage}`)))}
        </SelectInput>
        <TextInput label={t('form.pestSeen')} hint={t('form.pestSeenHint')} {...input('pestSeen')} />
        <TextInput
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          label={t('form.pestCount')}
          hint={t('form.pestCountHint')}
          {...input('pestCount')}
        />
        <TextInput label={t('form.diseaseSeen')} hint={t('form.diseaseSeenHint')} {...input('diseaseSeen')} />
        <SelectInput label={t('form.weeds')} {...input('weeds')}>
          {option('', t('form.notRecorded'))}
          {WEED_PRESSURES.map((level) => option(level, t(`weeds.${level}`)))}
        </SelectInput>
        <SelectInput label={t('form.waterStatus')} {...input('waterStatus')}>
          {option('', t('form.notRecorded'))}
          {WATER_STATUSES_SEEN.map((status) => option(status, t(`water.${status}`)))}
        </SelectInput>
        <div className="flex flex-col gap-1">
          <span className="font-medium text-stone-800">{t('form.location')}</span>
          {location ? (
            <p className="min-h-11 py-2 text-stone-800" data-testid="visit-location">
              {t('form.located', {
                latitude: formatNumber(location.latitude, 5),
                longitude: formatNumber(location.longitude, 5),
                accuracy: formatNumber(location.accuracyM, 0),
              })}
            </p>
          ) : (
            <Button type="button" variant="secondary" onClick={located.locate} disabled={located.state.status === 'locating'}>
              {located.state.status === 'locating' ? t('form.locating') : t('form.locate')}
            </Button>
          )}
          {located.state.status === 'failed' && <p className="text-sm text-stone-700">{t('form.locationFailed')}</p>}
        </div>
        <div className="sm:col-span-2">
          <TextArea label={t('form.notes')} {...input('notes')} />
        </div>
        <div className="sm:col-span-2">
          <PhotoPicker photos={photos} onChange={setPhotos} error={errors.photos} />
        </div>
      </div>
      <FormActions busy={busy} saveLabel={t('form.save')} />
    </form>
  );
}
