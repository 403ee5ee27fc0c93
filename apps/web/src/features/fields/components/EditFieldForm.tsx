import { fieldUpdateSchema, type Field } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditCard } from '../../../components/ui/FormActions.tsx';
import { validate } from '../../../lib/form-errors.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useUpdateField } from '../api/fields.ts';
import { fieldDetailInputs, fieldDetailsBody, fieldDetailsOf, type FieldDetailsValues } from './field-details.ts';
import { FieldDetailsInputs } from './FieldDetailsInputs.tsx';
import { isQueued } from '../../offline/sync-runtime.ts';

/** The field's edit form (facts, not the boundary), in place of its facts; `onDone` after saving or cancelling. */
export function EditFieldForm({ field, onDone }: { field: Field; onDone: () => void }) {
  const { t } = useTranslation('app');
  const [values, setValues] = useState<FieldDetailsValues>(() => fieldDetailsOf(field));
  const { errors, formError, busy, submit } = useMutationForm(useUpdateField(), fieldDetailInputs);

  function save(event: FormEvent) {
    event.preventDefault();
    const body = fieldDetailsBody(values, true);
    submit(
      validate(fieldUpdateSchema, body),
      () => ({ id: field.id, lastModified: field.lastModified, changes: body }),
      (saved) => {
        showToast(isQueued(saved) ? t('sync.savedOffline', { ns: 'common' }) : t('fieldDetail.saved'), { type: 'success' });
        onDone();
      },
    );
  }

  return (
    <EditCard title={t('fieldDetail.editTitle')} formError={formError} busy={busy} onSubmit={save} onCancel={onDone}>
      <FieldDetailsInputs values={values} errors={errors} onChange={setValues} withActualHarvest />
      <p className="text-sm text-stone-600">{t('fieldDetail.boundaryLater')}</p>
    </EditCard>
  );
}
