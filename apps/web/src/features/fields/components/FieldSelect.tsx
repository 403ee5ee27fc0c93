import type { FieldSummary } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/ui/form.tsx';
import { formatFixed } from '../../../lib/format.ts';

/** Choose one field by name, with its size, sorted by name. */
export function FieldSelect({
  label,
  fields,
  value,
  error,
  allLabel,
  onChange,
}: {
  label: string;
  fields: FieldSummary[];
  value: string;
  error?: string | undefined;
  /** When given, an empty first option meaning "all fields". */
  allLabel?: string;
  onChange: (fieldId: string) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <SelectInput label={label} value={value} error={error} onChange={(event) => onChange(event.target.value)}>
      {allLabel !== undefined ? <option value="">{allLabel}</option> : !value && <option value="">{t('records.chooseField')}</option>}
      {fields.map((field) => (
        <option key={field.id} value={field.id}>
          {t('records.fieldOption', { name: field.name, hectares: formatFixed(field.size_hectares, 1) })}
        </option>
      ))}
    </SelectInput>
  );
}
