import { fieldUpdateSchema, type Field, type FieldUpdateInput, type WaterRecordsBeforePlantingChoice } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditCard } from '../../../components/ui/FormActions.tsx';
import { splitServerErrors, validate } from '../../../lib/form-errors.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useUpdateField } from '../api/fields.ts';
import { fieldDetailInputs, fieldDetailsBody, fieldDetailsOf, type FieldDetailsValues } from './field-details.ts';
import { FieldDetailsInputs } from './FieldDetailsInputs.tsx';
import { isQueued } from '../../offline/sync-runtime.ts';
import { recordsBeforePlantingOf } from '../records-before-planting.ts';
import { RecordsBeforePlantingDialog } from './RecordsBeforePlantingDialog.tsx';

/** The field's edit form (facts, not the boundary), in place of its facts; `onDone` after saving or cancelling. */
export function EditFieldForm({ field, onDone }: { field: Field; onDone: () => void }) {
  const { t } = useTranslation('app');
  const [values, setValues] = useState<FieldDetailsValues>(() => fieldDetailsOf(field));
  const update = useUpdateField();
  // A later planting date that leaves logged water before planting is a question, asked in the dialog below.
  const { errors, formError, busy, submit } = useMutationForm(update, fieldDetailInputs, {
    failure: (error) => (recordsBeforePlantingOf(error) ? { fields: {}, form: null } : splitServerErrors(error, fieldDetailInputs)),
  });
  const beforePlanting = recordsBeforePlantingOf(update.error);

  function send(body: FieldUpdateInput) {
    submit(
      validate(fieldUpdateSchema, body),
      () => ({ id: field.id, lastModified: field.lastModified, changes: body }),
      (saved) => {
        showToast(isQueued(saved) ? t('sync.savedOffline', { ns: 'common' }) : t('fieldDetail.saved'), { type: 'success' });
        onDone();
      },
    );
  }

  function save(event: FormEvent) {
    event.preventDefault();
    send(fieldDetailsBody(values, true));
  }

  /** The same change again, with what to do about the water records before the new planting date. */
  function choose(choice: WaterRecordsBeforePlantingChoice) {
    send({ ...fieldDetailsBody(values, true), waterRecordsBeforePlanting: choice });
  }

  return (
    <EditCard title={t('fieldDetail.editTitle')} formError={formError} busy={busy} onSubmit={save} onCancel={onDone}>
      <FieldDetailsInputs values={values} errors={errors} onChange={setValues} withActualHarvest />
      <p className="text-sm text-stone-600">{t('fieldDetail.boundaryLater')}</p>
      <RecordsBeforePlantingDialog details={beforePlanting} busy={busy} onChoose={choose} onClose={() => update.reset()} />
    </EditCard>
  );
}
