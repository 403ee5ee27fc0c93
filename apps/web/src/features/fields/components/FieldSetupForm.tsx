import type { FieldSummary } from '@murimi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { RadioGroup } from '../../../components/ui/Choice.tsx';
import { FormError, SelectInput } from '../../../components/ui/form.tsx';
import { Card, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { focusFirstError } from '../../../lib/focus-error.ts';
import { useMe } from '../../account/api/account.ts';
import { useCreateFarm, useFarms } from '../../farms/api/farms.ts';
import { emptyFarm, farmBody, type FarmValues } from '../../farms/components/farm-form.ts';
import { FarmInputs } from '../../farms/components/FarmInputs.tsx';
import { selectField } from '../../field-selection/field-selection.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { fieldKeys, useCreateField } from '../api/fields.ts';
import { BoundaryInput } from './BoundaryInput.tsx';
import {
  checkFieldSetup,
  farmFailure,
  fieldFailure,
  hasBoundaryProblem,
  noProblems,
  withoutBoundaryProblems,
  type FieldSetupProblems,
  type FieldSetupValues,
} from '../field-setup-problems.ts';
import { emptyBoundary, type BoundaryValues } from './boundary-input.ts';
import { emptyFieldDetails, type FieldDetailsValues } from './field-details.ts';
import { FieldDetailsInputs } from './FieldDetailsInputs.tsx';
import { isQueued } from '../../offline/sync-runtime.ts';

type FarmMode = FieldSetupValues['mode'];

/**
 * Field Setup's form: pick or create a farm, describe the field and give its boundary; a new farm is saved first, then
 * the field. `initialFarmId` (from ?farmId=) picks the farm to start with.
 */
export function FieldSetupForm({ initialFarmId }: { initialFarmId: string }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const farms = useFarms();
  const createFarm = useCreateFarm();
  const createField = useCreateField();
  const form = useRef<HTMLFormElement>(null);

  const [chosenMode, setMode] = useState<FarmMode | null>(null);
  const [chosenFarmId, setFarmId] = useState<string>(initialFarmId);
  const me = useMe();
  // A new farm lies in the farmer's own country unless they say otherwise: null until they change a farm input.
  const [farmTyped, setFarm] = useState<FarmValues | null>(null);
  const farm: FarmValues = farmTyped ?? { ...emptyFarm, country: me.data?.country ?? '' };
  const [details, setDetails] = useState<FieldDetailsValues>(emptyFieldDetails);
  const [boundary, setBoundary] = useState<BoundaryValues>(emptyBoundary);
  // Chosen once: a submit retried after a lost answer finds the same farm and field instead of adding twice.
  const [ids] = useState(() => ({ farm: crypto.randomUUID(), field: crypto.randomUUID() }));
  // What the check before sending found; a failed save's problems come from its mutation.
  const [checkProblems, setCheckProblems] = useState<FieldSetupProblems | null>(null);
  const problems: FieldSetupProblems =
    checkProblems ?? (createFarm.error ? farmFailure(createFarm.error) : createField.error ? fieldFailure(createField.error) : noProblems);
  const busy = createFarm.isPending || createField.isPending;

  const farmList = farms.data ?? [];
  const mode: FarmMode = chosenMode ?? (farmList.length > 0 ? 'existing' : 'new');
  const farmId = mode === 'new' ? ids.farm : farmList.some((f) => f.id === chosenFarmId) ? chosenFarmId : (farmList[0]?.id ?? '');

  function changeBoundary(next: BoundaryValues) {
    setBoundary(next);
    if (hasBoundaryProblem(problems)) setCheckProblems(withoutBoundaryProblems(problems));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { ok, found, body } = checkFieldSetup({ mode, farmId, farm, details, boundary, ids });
    setMode(mode); // keep the form as it is while the farm list refreshes
    createFarm.reset();
    createField.reset();
    const focusProblem = () => focusFirstError(form.current);
    if (!ok) {
      setCheckProblems(found);
      focusProblem();
      return;
    }
    setCheckProblems(null);
    const saveField = () => {
      const wasFirstField = (queryClient.getQueryData<FieldSummary[]>(fieldKeys.all)?.length ?? 0) === 0;
      createField.mutate(body, {
        onSuccess: (created) => {
          if (wasFirstField) selectField(created.id);
          if (isQueued(created)) {
            // Not on the server yet: My Fields lists it as waiting among the others, and it opens from there.
            showToast(t('sync.savedOffline', { ns: 'common' }), { type: 'success' });
            void navigate('/fields');
            return;
          }
          showToast(t('setup.created', { name: created.name }), { type: 'success' });
          void navigate(`/fields/${created.id}`);
        },
        onError: focusProblem,
      });
    };
    if (mode === 'new') createFarm.mutate({ id: ids.farm, ...farmBody(farm) }, { onSuccess: saveField, onError: focusProblem });
    else saveField();
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <FormError message={problems.form} />
      <Card title={t('setup.farmSection')}>
        {farms.isPending ? (
          <Spinner label={t('states.loadingFarms')} />
        ) : farms.isError ? (
          <LoadError error={farms.error} onRetry={() => void farms.refetch()} />
        ) : (
          <div className="flex flex-col gap-4">
            {farmList.length > 0 && (
              <RadioGroup
                legend={t('setup.farmMode')}
                value={mode}
                onChange={setMode}
                inline
                options={[
                  { value: 'existing', label: t('setup.existingFarm') },
                  { value: 'new', label: t('setup.newFarm') },
                ]}
              />
            )}
            {mode === 'existing' ? (
              <SelectInput label={t('setup.farm')} value={farmId} error={problems.farmId} onChange={(e) => setFarmId(e.target.value)}>
                {farmList.map((f) => (
                  <option key={f.id} value={f.id}>
                    {t('setup.farmOption', { name: f.name, count: f.fieldCount })}
                  </option>
                ))}
              </SelectInput>
            ) : (
              <>
                {farmList.length === 0 && <p className="text-stone-700">{t('setup.firstFarm')}</p>}
                <FarmInputs values={farm} errors={problems.farm} onChange={setFarm} />
              </>
            )}
          </div>
        )}
      </Card>
      <Card title={t('setup.fieldSection')}>
        <FieldDetailsInputs values={details} errors={problems.field} onChange={setDetails} />
      </Card>
      <Card title={t('setup.boundarySection')}>
        <BoundaryInput
          values={boundary}
          errors={problems.boundaryInputs}
          boundaryError={problems.boundary}
          onChange={changeBoundary}
          farmId={mode === 'existing' ? farmId : null}
        />
      </Card>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={busy || farms.isPending}>
          {busy ? t('setup.saving') : t('setup.save')}
        </Button>
      </div>
      {busy && <span className="sr-only">{t('setup.saving')}</span>}
    </form>
  );
}
