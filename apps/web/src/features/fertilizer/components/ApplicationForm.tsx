import {
  applicationMethods,
  fertilizerApplicationCreateSchema,
  type FertilizerApplicationCreateInput,
  type FieldSummary,
} from '@murimi/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { FormError, SelectInput, TextArea, TextInput } from '../../../components/ui/form.tsx';
import { FormActions } from '../../../components/ui/FormActions.tsx';
import { blankToNull, numberOrNull, validate } from '../../../lib/form-errors.ts';
import { formatNumber, todayIso } from '../../../lib/format.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useReturnTo } from '../../../lib/return-to.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { FieldSelect } from '../../fields/components/FieldSelect.tsx';
import { showToast } from '../../toasts/toast-store.ts';
import { useCreateApplication } from '../api/applications.ts';
import { isQueued } from '../../offline/sync-runtime.ts';

/** Common straight and compound fertilizers of southern Africa, with the grade on the bag (N-P₂O₅-K₂O %). */
const presets = [
  { product: 'Urea', n: '46', p: '0', k: '0' },
  { product: 'AN', n: '34.5', p: '0', k: '0' },
  { product: 'CAN', n: '28', p: '0', k: '0' },
  { product: 'Compound D', n: '7', p: '14', k: '7' },
] as const;

interface Values {
  fieldId: string;
  product: string;
  nitrogenPct: string;
  phosphatePct: string;
  potashPct: string;
  rateKgPerHa: string;
  applicationDate: string;
  method: (typeof applicationMethods)[number];
  notes: string;
}

const inputs = [
  'fieldId',
  'product',
  'nitrogenPct',
  'phosphatePct',
  'potashPct',
  'rateKgPerHa',
  'applicationDate',
  'method',
  'notes',
] as const;

const decimal = (text: string) => numberOrNull(text.replace(',', '.'));

/** What the form starts from when a person logs an application the advice worked out (product, grade, rate, day). */
export type ApplicationPrefill = Omit<Values, 'notes'>;

const blank = (fieldId: string, applicationDate: string, method: Values['method']): Values => ({
  fieldId,
  product: '',
  nitrogenPct: '',
  phosphatePct: '',
  potashPct: '',
  rateKgPerHa: '',
  applicationDate,
  method,
  notes: '',
});

/** What the application delivers per hectare and in all, as the person types. */
function NutrientPreview({ values, field }: { values: Values; field: FieldSummary | undefined }) {
  const { t } = useTranslation('app');
  const [rate, n, p, k] = [values.rateKgPerHa, values.nitrogenPct, values.phosphatePct, values.potashPct].map((v) => decimal(v) ?? 0);
  if (!rate || ![rate, n, p, k].every((v) => Number.isFinite(v) && v! >= 0)) {
    return <p className="text-stone-700">{t('fertilizer.previewEmpty')}</p>;
  }
  const kg = (pct: number) => formatNumber((rate! * pct) / 100, 1);
  return (
    <div aria-live="polite" className="text-stone-900">
      <p>{t('fertilizer.preview', { n: kg(n!), p: kg(p!), k: kg(k!) })}</p>
      {field && (
        <p className="mt-1 text-stone-700">
          {t('fertilizer.previewField', {
            total: formatNumber(rate! * field.size_hectares, 0),
            hectares: formatNumber(field.size_hectares, 2),
            name: field.name,
          })}
        </p>
      )}
    </div>
  );
}

/**
 * Log a fertilizer application: product and grade (or a preset), rate, date and method, with what it delivers.
 * With `prefill` it opens filled in from the advice, for the person to check and save.
 */
export function ApplicationForm({
  fields,
  initialFieldId,
  prefill = null,
}: {
  fields: FieldSummary[];
  initialFieldId: string;
  prefill?: ApplicationPrefill | null;
}) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const back = useReturnTo('');
  const form = useRef<HTMLFormElement>(null);
  const productInput = useRef<HTMLDivElement>(null);
  const [id, setId] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<Values>(() => (prefill ? { ...prefill, notes: '' } : blank('', todayIso(), 'broadcast')));
  const [fromAdvice, setFromAdvice] = useState(prefill !== null);
  const { errors, formError, busy, submit } = useMutationForm(useCreateApplication(), inputs, { form });
  const input = inputBinder(values, errors, setValues);
  const fieldId = values.fieldId || initialFieldId;
  const activePreset = presets.find(
    (p) => p.product === values.product && p.n === values.nitrogenPct && p.p === values.phosphatePct && p.k === values.potashPct,
  );

  function save(event: FormEvent) {
    event.preventDefault();
    const body: FertilizerApplicationCreateInput = {
      id,
      fieldId,
      product: values.product,
      nitrogenPct: decimal(values.nitrogenPct) ?? 0,
      phosphatePct: decimal(values.phosphatePct) ?? 0,
      potashPct: decimal(values.potashPct) ?? 0,
      rateKgPerHa: decimal(values.rateKgPerHa) as number,
      applicationDate: values.applicationDate,
      method: values.method,
      notes: blankToNull(values.notes),
    };
    const checked = validate(fertilizerApplicationCreateSchema, body);
    if (checked.errors?.fieldId) checked.errors.fieldId = t('records.fieldRequired');
    if (checked.errors?.rateKgPerHa && values.rateKgPerHa.trim() === '') checked.errors.rateKgPerHa = t('fertilizer.rateRequired');
    submit(
      checked,
      () => body,
      (saved) => {
        showToast(isQueued(saved) ? t('sync.savedOffline', { ns: 'common' }) : t('fertilizer.saved', { product: saved.product }), {
          type: 'success',
        });
        if (back.fromElsewhere) return navigate(back.path);
        setValues(blank(values.fieldId, values.applicationDate, values.method));
        setId(crypto.randomUUID());
        setFromAdvice(false);
      },
    );
  }

  return (
    <form ref={form} onSubmit={save} noValidate className="flex flex-col gap-4">
      <FormError message={formError} />
      {fromAdvice && (
        <p role="status" className="rounded-lg bg-leaf-50 p-3 text-leaf-900">
          {t('fertilizerAdvice.prefilled')}
        </p>
      )}
      <div className="max-w-md">
        <FieldSelect
          label={t('records.field')}
          fields={fields}
          value={fieldId}
          error={errors.fieldId}
          onChange={(next) => setValues({ ...values, fieldId: next })}
        />
      </div>
      <fieldset>
        <legend className="mb-1 font-medium text-stone-800">{t('fertilizer.presets')}</legend>
        <div className="flex flex-wrap gap-2">
          {presets.map((preset) => (
            <Button
              key={preset.product}
              variant={activePreset === preset ? 'primary' : 'secondary'}
              aria-pressed={activePreset === preset}
              onClick={() =>
                setValues({ ...values, product: preset.product, nitrogenPct: preset.n, phosphatePct: preset.p, potashPct: preset.k })
              }
            >
              {preset.product} {preset.n}-{preset.p}-{preset.k}
            </Button>
          ))}
          <Button
            variant={activePreset ? 'secondary' : 'primary'}
            aria-pressed={!activePreset}
            onClick={() => {
              setValues({ ...values, product: '', nitrogenPct: '', phosphatePct: '', potashPct: '' });
              productInput.current?.querySelector('input')?.focus();
            }}
          >
            {t('fertilizer.custom')}
          </Button>
        </div>
      </fieldset>
      <div ref={productInput}>
        <TextInput label={t('fertilizer.product')} hint={t('fertilizer.productHint')} {...input('product')} />
      </div>
      <div className="grid grid-cols-3 gap-3 sm:max-w-md">
        <TextInput label={t('fertilizer.nPct')} inputMode="decimal" {...input('nitrogenPct')} />
        <TextInput label={t('fertilizer.pPct')} inputMode="decimal" {...input('phosphatePct')} />
        <TextInput label={t('fertilizer.kPct')} inputMode="decimal" {...input('potashPct')} />
      </div>
      <p className="-mt-2 text-sm text-stone-600">{t('fertilizer.gradeHint')}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextInput label={t('fertilizer.rateLabel')} hint={t('fertilizer.rateHint')} inputMode="decimal" {...input('rateKgPerHa')} />
        <TextInput type="date" label={t('fertilizer.date')} {...input('applicationDate')} />
        <SelectInput label={t('fertilizer.method')} {...input('method')}>
          {applicationMethods.map((method) => (
            <option key={method} value={method}>
              {t(`methods.${method}`)}
            </option>
          ))}
        </SelectInput>
      </div>
      <TextArea label={t('fertilizer.notes')} {...input('notes')} />
      <div className="rounded-lg bg-stone-100 p-3">
        <NutrientPreview values={values} field={fields.find((f) => f.id === fieldId)} />
      </div>
      <FormActions
        busy={busy}
        saveLabel={t('fertilizer.save')}
        cancel={
          back.fromElsewhere && (
            <ButtonLink to={back.path} variant="secondary">
              {t('actions.cancel')}
            </ButtonLink>
          )
        }
      />
    </form>
  );
}
