import {
  irrigationEventCreateSchema,
  irrigationMethods,
  rainReadingCreateSchema,
  type IrrigationEventCreateInput,
  type IrrigationMethod,
  type RainReadingCreateInput,
} from '@murimi/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, SelectInput, TextInput } from '../../../components/ui/form.tsx';
import { FormActions } from '../../../components/ui/FormActions.tsx';
import { blankToNull, numberOrNull } from '../../../lib/form-errors.ts';
import { validate } from '../../../lib/form-errors.ts';
import { formatDate, formatNumber, todayIso } from '../../../lib/format.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useCreateIrrigationEvent, useCreateRainReading } from '../api/water-records.ts';
import { isQueued } from '../../offline/sync-runtime.ts';
import { rememberIrrigationMethod } from '../irrigation-method.ts';

/** A log just saved: its id, and whether it was kept on this device to be sent later rather than sent now. */
export interface SavedWaterLog {
  id: string;
  queued: boolean;
}

/** Decimal commas are common on phones set to southern African locales. */
const decimal = (text: string) => numberOrNull(text.replace(',', '.'));

interface IrrigationValues {
  irrigationDate: string;
  depthMm: string;
  method: IrrigationMethod;
  notes: string;
}
const irrigationInputs = ['irrigationDate', 'depthMm', 'method', 'notes'] as const;

/**
 * Log an irrigation of the field: date (today unless changed), depth (the advised depth unless changed) and method.
 * Each save carries its own client id, kept while it is retried, so a save sent twice logs one irrigation.
 */
export function IrrigationLogForm({
  fieldId,
  defaultDepth,
  defaultMethod = 'sprinkler',
  onSaved,
}: {
  fieldId: string;
  /** The advised depth, mm, as text; blank when none is advised. */
  defaultDepth: string;
  defaultMethod?: IrrigationMethod;
  onSaved?: (saved: SavedWaterLog) => void;
}) {
  const { t } = useTranslation('app');
  const form = useRef<HTMLFormElement>(null);
  const [id, setId] = useState(() => crypto.randomUUID());
  const blank = (): IrrigationValues => ({ irrigationDate: todayIso(), depthMm: defaultDepth, method: defaultMethod, notes: '' });
  const [values, setValues] = useState<IrrigationValues>(blank);
  const { errors, formError, busy, submit } = useMutationForm(useCreateIrrigationEvent(), irrigationInputs, { form });
  const input = inputBinder(values, errors, setValues);

  function save(event: FormEvent) {
    event.preventDefault();
    const depth = decimal(values.depthMm);
    const body: IrrigationEventCreateInput = {
      id,
      fieldId,
      irrigationDate: values.irrigationDate,
      ...(depth === null ? {} : { depthMm: depth }),
      method: values.method,
      notes: blankToNull(values.notes),
    };
    submit(
      validate(irrigationEventCreateSchema, body),
      () => body,
      (saved) => {
        showToast(
          isQueued(saved)
            ? t('sync.savedOffline', { ns: 'common' })
            : t('water.log.savedIrrigation', { depth: formatNumber(saved.depthMm, 1), date: formatDate(saved.irrigationDate) }),
          { type: 'success' },
        );
        rememberIrrigationMethod(body.method);
        // The next log is another irrigation: a new client id.
        setId(crypto.randomUUID());
        setValues(blank());
        onSaved?.({ id: saved.id, queued: isQueued(saved) });
      },
    );
  }

  return (
    <form ref={form} onSubmit={save} noValidate aria-labelledby="log-irrigation-title" className="flex flex-col gap-4">
      <h3 id="log-irrigation-title" className="text-lg font-semibold text-stone-900">
        {t('water.log.irrigationTitle')}
      </h3>
      <FormError message={formError} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput type="date" label={t('water.log.date')} max={todayIso()} {...input('irrigationDate')} />
        <TextInput label={t('water.log.depth')} hint={t('water.log.depthHint')} inputMode="decimal" {...input('depthMm')} />
        <SelectInput
          label={t('water.log.method')}
          value={values.method}
          error={errors.method}
          onChange={(event) => setValues({ ...values, method: event.target.value as IrrigationMethod })}
        >
          {irrigationMethods.map((method) => (
            <option key={method} value={method}>
              {t(`water.log.methods.${method}`)}
            </option>
          ))}
        </SelectInput>
        <TextInput label={t('water.log.notes')} {...input('notes')} />
      </div>
      <FormActions busy={busy} saveLabel={t('water.log.saveIrrigation')} />
    </form>
  );
}

interface RainValues {
  readingDate: string;
  rainMm: string;
  notes: string;
}
const rainInputs = ['readingDate', 'rainMm', 'notes'] as const;

/** Log a day's rain-gauge reading at the field (today unless changed); it replaces the weather service's rain that day. */
export function RainLogForm({ fieldId, onSaved }: { fieldId: string; onSaved?: (saved: SavedWaterLog) => void }) {
  const { t } = useTranslation('app');
  const form = useRef<HTMLFormElement>(null);
  const [id, setId] = useState(() => crypto.randomUUID());
  const blank = (): RainValues => ({ readingDate: todayIso(), rainMm: '', notes: '' });
  const [values, setValues] = useState<RainValues>(blank);
  const { errors, formError, busy, submit } = useMutationForm(useCreateRainReading(), rainInputs, { form });
  const input = inputBinder(values, errors, setValues);

  function save(event: FormEvent) {
    event.preventDefault();
    const rain = decimal(values.rainMm);
    const body = { id, fieldId, readingDate: values.readingDate, rainMm: rain, notes: blankToNull(values.notes) };
    const checked = validate(rainReadingCreateSchema, body);
    submit(
      checked,
      () => body as RainReadingCreateInput,
      (saved) => {
        showToast(
          isQueued(saved)
            ? t('sync.savedOffline', { ns: 'common' })
            : t('water.log.savedRain', { rain: formatNumber(saved.rainMm, 1), date: formatDate(saved.readingDate) }),
          { type: 'success' },
        );
        setId(crypto.randomUUID());
        setValues(blank());
        onSaved?.({ id: saved.id, queued: isQueued(saved) });
      },
    );
  }

  return (
    <form ref={form} onSubmit={save} noValidate aria-labelledby="log-rain-title" className="flex flex-col gap-4">
      <h3 id="log-rain-title" className="text-lg font-semibold text-stone-900">
        {t('water.log.rainTitle')}
      </h3>
      <FormError message={formError} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput type="date" label={t('water.log.date')} max={todayIso()} {...input('readingDate')} />
        <TextInput label={t('water.log.rain')} hint={t('water.log.rainHint')} inputMode="decimal" {...input('rainMm')} />
        <div className="sm:col-span-2">
          <TextInput label={t('water.log.notes')} {...input('notes')} />
        </div>
      </div>
      <FormActions busy={busy} saveLabel={t('water.log.saveRain')} />
    </form>
  );
}
