import { useTranslation } from 'react-i18next';
import { TextArea, TextInput } from '../../../components/ui/form.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { CountrySelect } from '../../../components/ui/CountrySelect.tsx';
import type { FarmValues } from './farm-form.ts';
import { inputBinder } from '../../../lib/input-binder.ts';

/** Name, location, district, country and notes of a farm (Field Setup and the farm's edit form). */
export function FarmInputs({
  values,
  errors,
  onChange,
}: {
  values: FarmValues;
  errors: FieldErrors;
  onChange: (values: FarmValues) => void;
}) {
  const { t } = useTranslation('app');
  const input = inputBinder(values, errors, onChange);
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <TextInput label={t('farm.name')} hint={t('farm.nameHint')} {...input('name')} />
      </div>
      <TextInput label={t('farm.location')} hint={t('farm.locationHint')} {...input('location')} />
      <TextInput label={t('farm.district')} {...input('district')} />
      <CountrySelect label={t('farm.country')} optional {...input('country')} />
      <div className="md:col-span-2">
        <TextArea label={t('farm.notes')} {...input('notes')} />
      </div>
    </div>
  );
}
