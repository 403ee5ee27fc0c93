import {
  SOIL_NUTRIENT_THRESHOLDS_PPM,
  SOIL_PH_OPTIMAL,
  soilTestCreateSchema,
  type FieldSummary,
  type SoilTestCreateInput,
} from '@murimi/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { RadioGroup } from '../../../components/ui/Choice.tsx';
import { FormError, TextArea, TextInput } from '../../../components/ui/form.tsx';
import { FormActions } from '../../../components/ui/FormActions.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { blankToNull, numberOrNull, validate } from '../../../lib/form-errors.ts';
import { todayIso } from '../../../lib/format.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useReturnTo } from '../../../lib/return-to.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { FieldSelect } from '../../fields/components/FieldSelect.tsx';
import { showToast } from '../../toasts/toast-store.ts';
import { useCreateSoilTest } from '../api/soil-tests.ts';
import { isQueued } from '../../offline/sync-runtime.ts';

interface Values {
  fieldId: string;
  sampleDate: string;
  unit: 'ppm' | '%';
  nitrogen: string;
  phosphorus: string;
  potassium: string;
  ph: string;
  organicMatter: string;
  ec: string;
  depthCm: string;
  lab: string;
  notes: string;
}

const inputs = [
  'fieldId',
  'sampleDate',
  'unit',
  'nitrogen',
  'phosphorus',
  'potassium',
  'ph',
  'organicMatter',
  'ec',
  'depthCm',
  'lab',
  'notes',
] as const;

/** Decimal commas are common on phones set to southern African locales. */
const decimal = (text: string) => numberOrNull(text.replace(',', '.'));

/** Log a soil test: sample, readings and unit; back to where the form was opened from once saved. */
export function SoilTestForm({ fields, initialFieldId }: { fields: FieldSummary[]; initialFieldId: string }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const back = useReturnTo('/soil-tests');
  const form = useRef<HTMLFormElement>(null);
  const [id] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<Values>({
    fieldId: '',
    sampleDate: todayIso(),
    unit: 'ppm',
    nitrogen: '',
    phosphorus: '',
    potassium: '',
    ph: '',
    organicMatter: '',
    ec: '',
    depthCm: '',
    lab: '',
    notes: '',
  });
  const { errors, formError, busy, submit } = useMutationForm(useCreateSoilTest(), inputs, { form });
  const input = inputBinder(values, errors, setValues);
  // Until the person picks one, the field follows ?fieldId= or the selected field.
  const fieldId = values.fieldId || initialFieldId;
  const ppm = values.unit === 'ppm';
  const nutrientHint = (nutrient: keyof typeof SOIL_NUTRIENT_THRESHOLDS_PPM) =>
    ppm ? t('soilLog.nutrientHint', SOIL_NUTRIENT_THRESHOLDS_PPM[nutrient]) : t('soilLog.percentHint');

  function save(event: FormEvent) {
    event.preventDefault();
    const body: SoilTestCreateInput = {
      id,
      fieldId,
      sampleDate: values.sampleDate,
      unit: values.unit,
      nitrogen: decimal(values.nitrogen),
      phosphorus: decimal(values.phosphorus),
      potassium: decimal(values.potassium),
      ph: decimal(values.ph),
      organicMatter: decimal(values.organicMatter),
      ec: decimal(values.ec),
      depthCm: decimal(values.depthCm),
      lab: blankToNull(values.lab),
      notes: blankToNull(values.notes),
    };
    const checked = validate(soilTestCreateSchema, body);
    if (checked.errors?.fieldId) checked.errors.fieldId = t('records.fieldRequired');
    submit(
      checked,
      () => body,
      (saved) => {
        showToast(isQueued(saved) ? t('sync.savedOffline', { ns: 'common' }) : t('soilLog.saved'), { type: 'success' });
        return navigate(back.path);
      },
    );
  }

  return (
    <form ref={form} onSubmit={save} noValidate className="flex flex-col gap-6">
      <FormError message={formError} />
      <Card title={t('soilLog.sampleSection')}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <FieldSelect
              label={t('records.field')}
              fields={fields}
              value={fieldId}
              error={errors.fieldId}
              onChange={(next) => setValues({ ...values, fieldId: next })}
            />
          </div>
          <TextInput type="date" label={t('soil.sampleDate')} {...input('sampleDate')} />
          <TextInput label={t('soilLog.depth')} hint={t('soilLog.depthHint')} inputMode="numeric" {...input('depthCm')} />
          <div className="md:col-span-2">
            <TextInput label={t('soilLog.lab')} hint={t('soilLog.labHint')} {...input('lab')} />
          </div>
          <div className="md:col-span-2">
            <TextArea label={t('soilLog.notes')} {...input('notes')} />
          </div>
        </div>
      </Card>
      <Card title={t('soilLog.readingsSection')}>
        <p className="mb-4 text-stone-700">{t('soilLog.readingsIntro')}</p>
        <div className="mb-4">
          <RadioGroup
            legend={t('soilLog.unit')}
            inline
            value={values.unit}
            onChange={(unit) => setValues({ ...values, unit })}
            options={[
              { value: 'ppm', label: t('soilLog.unitPpm') },
              { value: '%', label: t('soilLog.unitPercent') },
            ]}
          />
          {errors.unit && <p className="text-sm font-medium text-red-700">{errors.unit}</p>}
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextInput
            label={t('soilLog.nitrogen', { unit: values.unit })}
            hint={nutrientHint('nitrogen')}
            inputMode="decimal"
            {...input('nitrogen')}
          />
          <TextInput
            label={t('soilLog.phosphorus', { unit: values.unit })}
            hint={nutrientHint('phosphorus')}
            inputMode="decimal"
            {...input('phosphorus')}
          />
          <TextInput
            label={t('soilLog.potassium', { unit: values.unit })}
            hint={nutrientHint('potassium')}
            inputMode="decimal"
            {...input('potassium')}
          />
          <TextInput label={t('soil.ph')} hint={t('soilLog.phHint', SOIL_PH_OPTIMAL)} inputMode="decimal" {...input('ph')} />
          <TextInput
            label={t('soilLog.organicMatter')}
            hint={t('soilLog.organicMatterHint')}
            inputMode="decimal"
            {...input('organicMatter')}
          />
          <TextInput label={t('soilLog.ec')} hint={t('soilLog.ecHint')} inputMode="decimal" {...input('ec')} />
        </div>
      </Card>
      <FormActions
        busy={busy}
        saveLabel={t('soilLog.save')}
        cancel={
          <ButtonLink to={back.path} variant="secondary">
            {t('actions.cancel')}
          </ButtonLink>
        }
      />
    </form>
  );
}
