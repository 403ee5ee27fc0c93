import { farmUpdateSchema, type Farm } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditCard } from '../../../components/ui/FormActions.tsx';
import { validate } from '../../../lib/form-errors.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useUpdateFarm } from '../api/farms.ts';
import { farmBody, farmInputs, farmValuesOf, type FarmValues } from './farm-form.ts';
import { FarmInputs } from './FarmInputs.tsx';

/** The farm's edit form, in place of its facts; `onDone` after saving or cancelling. */
export function EditFarmForm({ farm, onDone }: { farm: Farm; onDone: () => void }) {
  const { t } = useTranslation('app');
  const [values, setValues] = useState<FarmValues>(() => farmValuesOf(farm));
  const { errors, formError, busy, submit } = useMutationForm(useUpdateFarm(), farmInputs);

  function save(event: FormEvent) {
    event.preventDefault();
    const body = farmBody(values);
    submit(
      validate(farmUpdateSchema, body),
      () => ({ id: farm.id, changes: body }),
      () => {
        showToast(t('farmDetail.saved'), { type: 'success' });
        onDone();
      },
    );
  }

  return (
    <EditCard title={t('farmDetail.editTitle')} formError={formError} busy={busy} onSubmit={save} onCancel={onDone}>
      <FarmInputs values={values} errors={errors} onChange={setValues} />
    </EditCard>
  );
}
