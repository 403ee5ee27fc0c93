import { farmCreateSchema, fieldCreateSchema, fieldDateProblem, type FieldCreateInput } from '@murimi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, SelectInput } from '../../components/ui/form.tsx';
import { Card, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { selectField } from '../../features/field-selection/field-selection.ts';
import { invalidate, useFarms } from '../../features/records/use-records.ts';
import { showToast } from '../../features/toasts/toast-store.ts';
import { farmsApi, fieldsApi, queryKeys } from '../../lib/api/resources.ts';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/form-errors.ts';
import { BoundaryInput } from './components/BoundaryInput.tsx';
import { boundaryFrom, emptyBoundary, type BoundaryInputKey, type BoundaryValues } from './components/boundary-input.ts';
import { RadioGroup } from './components/Choice.tsx';
import { emptyFarm, farmBody, farmInputs, type FarmValues } from './components/farm-form.ts';
import { FarmInputs } from './components/FarmInputs.tsx';
import { emptyFieldDetails, fieldDetailInputs, fieldDetailsBody, type FieldDetailsValues } from './components/field-details.ts';
import { FieldDetailsInputs } from './components/FieldDetailsInputs.tsx';
import { focusFirstError } from '../../lib/focus-error.ts';
import { splitServerErrors, unplacedMessage } from '../../lib/form-errors.ts';
import { LoadError, Page } from './components/States.tsx';

type FarmMode = 'existing' | 'new';

interface Problems {
  farm: FieldErrors;
  field: FieldErrors;
  boundaryInputs: Partial<Record<BoundaryInputKey, string>>;
  boundary?: string | undefined;
  farmId?: string | undefined;
  form?: string | null;
}

const noProblems: Problems = { farm: {}, field: {}, boundaryInputs: {} };

/** Errors keyed "boundary" or "boundary.coordinates.0…" belong beside the boundary inputs. */
const isBoundaryPath = (path: string) => path === 'boundary' || path.startsWith('boundary.');

function boundaryMessage(errors: FieldErrors): string | undefined {
  const key = Object.keys(errors).find(isBoundaryPath);
  return key ? errors[key] : undefined;
}

const withoutBoundary = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !isBoundaryPath(path)));

/** Field Setup: pick or create a farm, describe the field and give its boundary, in one form (spec §2.2). */
export default function FieldSetupPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('setup.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const farms = useFarms();
  const form = useRef<HTMLFormElement>(null);

  const [chosenMode, setMode] = useState<FarmMode | null>(null);
  const [chosenFarmId, setFarmId] = useState<string>(params.get('farmId') ?? '');
  const [farm, setFarm] = useState<FarmValues>(emptyFarm);
  const [details, setDetails] = useState<FieldDetailsValues>(emptyFieldDetails);
  const [boundary, setBoundary] = useState<BoundaryValues>(emptyBoundary);
  // Chosen once: a submit retried after a lost answer finds the same farm and field instead of adding twice.
  const [ids] = useState(() => ({ farm: crypto.randomUUID(), field: crypto.randomUUID() }));
  const [problems, setProblems] = useState<Problems>(noProblems);
  const [busy, setBusy] = useState(false);

  const farmList = farms.data ?? [];
  const mode: FarmMode = chosenMode ?? (farmList.length > 0 ? 'existing' : 'new');
  const farmId = mode === 'new' ? ids.farm : farmList.some((f) => f.id === chosenFarmId) ? chosenFarmId : (farmList[0]?.id ?? '');

  function check() {
    const found: Problems = { farm: {}, field: {}, boundaryInputs: {} };
    if (mode === 'new') found.farm = validate(farmCreateSchema, { id: ids.farm, ...farmBody(farm) }).errors ?? {};
    else if (!farmId) found.farmId = t('setup.chooseFarm');
    const shape = boundaryFrom(boundary);
    for (const problem of shape.problems) {
      found.boundaryInputs[problem.input] ??= t(`boundary.problems.${problem.code}`, { found: problem.found, count: problem.count });
    }
    const body: FieldCreateInput = {
      id: ids.field,
      farmId,
      ...fieldDetailsBody(details, false),
      name: details.name,
      irrigated: details.irrigated,
      boundary: shape.boundary ?? { type: 'Polygon', coordinates: [] },
    };
    const fieldErrors = validate(fieldCreateSchema, body).errors ?? {};
    // zod runs the cross-field date check only once every input parses; say it now, with the rest.
    const dateProblem = fieldDateProblem(body);
    if (dateProblem) fieldErrors[dateProblem.path] ??= dateProblem.message;
    if (shape.boundary) found.boundary = boundaryMessage(fieldErrors);
    const { farmId: farmIdError, ...fieldOnly } = withoutBoundary(fieldErrors);
    if (farmIdError) found.farmId ??= t('setup.chooseFarm');
    found.field = fieldOnly;
    found.form = unplacedMessage(fieldOnly, fieldDetailInputs);
    const ok =
      Object.keys(found.farm).length === 0 &&
      Object.keys(found.field).length === 0 &&
      Object.keys(found.boundaryInputs).length === 0 &&
      !found.boundary &&
      !found.farmId &&
      !found.form;
    return { ok, found, body };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { ok, found, body } = check();
    setProblems(found);
    setMode(mode); // keep the form as it is while the farm list refreshes
    if (!ok) {
      focusFirstError(form.current);
      return;
    }
    setBusy(true);
    try {
      if (mode === 'new') {
        try {
          await farmsApi.create({ id: ids.farm, ...farmBody(farm) });
          void invalidate.farms(queryClient);
        } catch (error) {
          const server = splitServerErrors(error, farmInputs);
          setProblems({ ...noProblems, farm: server.fields, form: server.form });
          focusFirstError(form.current);
          return;
        }
      }
      const wasFirstField = (queryClient.getQueryData<unknown[]>(queryKeys.fields)?.length ?? 0) === 0;
      const created = await fieldsApi.create(body);
      if (wasFirstField) selectField(created.id);
      await invalidate.fields(queryClient);
      showToast(t('setup.created', { name: created.name }), { type: 'success' });
      navigate(`/fields/${created.id}`);
    } catch (error) {
      const all = serverFieldErrors(error);
      const boundaryKeys = Object.keys(all).filter(isBoundaryPath);
      const server = splitServerErrors(error, [...fieldDetailInputs, ...boundaryKeys]);
      setProblems({ ...noProblems, field: withoutBoundary(server.fields), boundary: boundaryMessage(all), form: server.form });
      focusFirstError(form.current);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page narrow>
      <PageHeader title={t('setup.title')} subtitle={t('setup.subtitle')} />
      <p className="mb-4 text-stone-700">
        {t('setup.manyFields')}{' '}
        <Link to="/fields/import" className="font-semibold text-leaf-800 underline">
          {t('import.link')}
        </Link>
      </p>
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
          <BoundaryInput values={boundary} errors={problems.boundaryInputs} boundaryError={problems.boundary} onChange={setBoundary} />
        </Card>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button type="submit" disabled={busy || farms.isPending}>
            {busy ? t('setup.saving') : t('setup.save')}
          </Button>
        </div>
        {busy && <span className="sr-only">{t('setup.saving')}</span>}
      </form>
    </Page>
  );
}
