import { harvestCreateSchema, type FieldSummary, type Harvest, type HarvestCreateInput } from '@murimi/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { FormError, TextArea, TextInput } from '../../../components/ui/form.tsx';
import { FormActions } from '../../../components/ui/FormActions.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { blankToNull, numberOrNull, validate } from '../../../lib/form-errors.ts';
import { formatDate, formatNumber, todayIso } from '../../../lib/format.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useConfirmedMutation } from '../../../lib/use-confirmed-mutation.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useCreateHarvest, useDeleteHarvest, useHarvests } from '../api/harvests.ts';

/** The moisture grain is weighed and sold at unless the farmer says otherwise (maize), %. */
const DEFAULT_MOISTURE_PCT = '12.5';

interface Values {
  harvestedTPerHa: string;
  moisturePct: string;
  harvestDate: string;
  seasonLabel: string;
  plantingDate: string;
  notes: string;
}

const inputs = ['harvestedTPerHa', 'moisturePct', 'harvestDate', 'seasonLabel', 'plantingDate', 'notes'] as const;

/** Decimal commas are common on phones set to southern African locales. */
const decimal = (text: string) => numberOrNull(text.replace(',', '.'));

/** The season a planting starts, named the way southern African growers do: planted in 2025, the "2025/26" season. */
export function seasonLabelOf(plantingDate: string | null | undefined): string {
  const year = Number(plantingDate?.slice(0, 4));
  if (!plantingDate || !Number.isInteger(year)) return '';
  return `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}

const blankValues = (field: Pick<FieldSummary, 'plantingDate'>): Values => ({
  harvestedTPerHa: '',
  moisturePct: DEFAULT_MOISTURE_PCT,
  harvestDate: todayIso(),
  seasonLabel: seasonLabelOf(field.plantingDate),
  plantingDate: field.plantingDate ?? '',
  notes: '',
});

/**
 * Record what a field gave, as weighed: tonnes per hectare at its moisture, for the season planted on the field's
 * planting date; the server sets it beside that season's yield estimate. Below the form, the field's harvests.
 */
export function HarvestForm({ field }: { field: Pick<FieldSummary, 'id' | 'plantingDate'> }) {
  const { t } = useTranslation('app');
  const form = useRef<HTMLFormElement>(null);
  // One id per harvest recorded here: a save sent again after a failure records it once; the next harvest gets a new one.
  const [id, setId] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<Values>(() => blankValues(field));
  const { errors, formError, busy, submit } = useMutationForm(useCreateHarvest(), inputs, { form });
  const input = inputBinder(values, errors, setValues);

  function save(event: FormEvent) {
    event.preventDefault();
    const body: HarvestCreateInput = {
      id,
      fieldId: field.id,
      harvestedTPerHa: decimal(values.harvestedTPerHa) as number,
      moisturePct: decimal(values.moisturePct) as number,
      harvestDate: values.harvestDate,
      seasonLabel: blankToNull(values.seasonLabel),
      plantingDate: blankToNull(values.plantingDate),
      notes: blankToNull(values.notes),
    };
    submit(
      validate(harvestCreateSchema, body),
      () => body,
      () => {
        showToast(t('harvests.saved'), { type: 'success' });
        setValues(blankValues(field));
        setId(crypto.randomUUID());
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <form ref={form} onSubmit={save} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextInput
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            label={t('harvests.tPerHa')}
            hint={t('harvests.tPerHaHint')}
            {...input('harvestedTPerHa')}
          />
          <TextInput
            type="number"
            step="0.1"
            min="0"
            inputMode="decimal"
            label={t('harvests.moisture')}
            hint={t('harvests.moistureHint')}
            {...input('moisturePct')}
          />
          <TextInput type="date" label={t('harvests.harvestDate')} {...input('harvestDate')} />
          <TextInput label={t('harvests.seasonLabel')} hint={t('harvests.seasonHint')} {...input('seasonLabel')} />
          <TextInput type="date" label={t('harvests.plantingDate')} hint={t('harvests.plantingHint')} {...input('plantingDate')} />
          <div className="sm:col-span-2">
            <TextArea label={t('harvests.notes')} {...input('notes')} />
          </div>
        </div>
        <FormActions busy={busy} saveLabel={t('harvests.save')} />
      </form>
      <FieldHarvests fieldId={field.id} />
    </div>
  );
}

/** The field's harvests, newest first, each with the estimate of its season beside it, and a way to delete one. */
function FieldHarvests({ fieldId }: { fieldId: string }) {
  const { t } = useTranslation('app');
  const harvests = useHarvests(fieldId);
  const remove = useConfirmedMutation(
    useDeleteHarvest(),
    (harvest: Harvest) => harvest.id,
    () => showToast(t('harvests.deleted'), { type: 'success' }),
  );
  const tPerHa = (value: number, digits = 2) => t('reports.detail.tPerHa', { value: formatNumber(value, digits) });

  let content;
  if (harvests.isPending) content = <Spinner label={t('harvests.loading')} />;
  else if (harvests.isError) content = <LoadError error={harvests.error} onRetry={() => void harvests.refetch()} />;
  else if (harvests.data.length === 0) content = <p className="text-sm text-stone-700">{t('harvests.none')}</p>;
  else
    content = (
      <ul className="divide-y divide-stone-200" data-testid="harvest-list">
        {harvests.data.map((harvest) => (
          <li key={harvest.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                {t('harvests.item', {
                  value: tPerHa(harvest.harvestedTPerHa),
                  moisture: formatNumber(harvest.moisturePct, 1),
                  date: formatDate(harvest.harvestDate),
                })}
              </p>
              {harvest.seasonLabel && <p className="text-stone-600">{t('harvests.season', { label: harvest.seasonLabel })}</p>}
              {harvest.estimate ? (
                <p className="text-stone-700">
                  {t(`harvests.estimate.${harvest.estimate.position}`, {
                    value: tPerHa(harvest.estimate.harvestedTPerHaAtStandardMoisture, 1),
                    moisture: formatNumber(harvest.estimate.moisturePct, 1),
                    low: formatNumber(harvest.estimate.lowTPerHa, 1),
                    high: formatNumber(harvest.estimate.highTPerHa, 1),
                    date: formatDate(harvest.estimate.analysisDate),
                  })}{' '}
                  {harvest.estimate.simulated && <Badge tone="info">{t('reports.simulated')}</Badge>}
                </p>
              ) : (
                <p className="text-stone-600">{t('harvests.noEstimate')}</p>
              )}
            </div>
            <Button
              variant="ghost"
              className="text-red-800 hover:bg-red-50"
              aria-label={t('harvests.deleteWhichLabel', { date: formatDate(harvest.harvestDate) })}
              onClick={() => remove.ask(harvest)}
            >
              {t('actions.delete')}
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby={`harvests-${fieldId}`}>
      <h4 id={`harvests-${fieldId}`} className="mb-1 text-sm font-medium text-stone-600">
        {t('harvests.listTitle')}
      </h4>
      {content}
      <ConfirmDialog
        {...remove.dialog}
        title={t('harvests.deleteTitle')}
        message={
          remove.target
            ? t('harvests.deleteWhich', { date: formatDate(remove.target.harvestDate), value: tPerHa(remove.target.harvestedTPerHa) })
            : ''
        }
        confirmLabel={t('actions.delete')}
      />
    </section>
  );
}
