import { useTranslation } from 'react-i18next';
import { selectField, useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFields } from '../../features/fields/api/fields.ts';
import { formatFixed } from '../../lib/format.ts';

/** The field selector: every field with "(N ha)" from size_hectares (spec §2.4). */
export function FieldSelector({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data: fields } = useFields();
  const selected = useSelectedFieldId(fields);
  if (!fields) return null;
  return (
    <label className={`flex flex-col gap-1 text-sm ${compact ? 'ml-auto max-w-56 min-w-0 flex-1' : ''}`}>
      <span className={compact ? 'sr-only' : 'font-medium text-stone-700'}>{t('fieldSelector.label')}</span>
      <select
        value={selected ?? ''}
        onChange={(event) => selectField(event.target.value || null)}
        className="min-h-11 w-full rounded-lg border border-stone-400 bg-white px-2 text-base text-stone-900"
        disabled={fields.length === 0}
      >
        {fields.length === 0 && <option value="">{t('fieldSelector.none')}</option>}
        {fields.map((field) => (
          <option key={field.id} value={field.id}>
            {t('fieldSelector.option', { name: field.name, hectares: formatFixed(field.size_hectares, 1) })}
          </option>
        ))}
      </select>
    </label>
  );
}
