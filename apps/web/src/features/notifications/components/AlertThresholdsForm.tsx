import { CROP_HEAT_STRESS, type AdjustableAlertThreshold } from '@murimi/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Choice.tsx';
import { FormError, TextInput } from '../../../components/ui/form.tsx';
import { FormActions } from '../../../components/ui/FormActions.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { useServerFormState } from '../../../lib/use-server-form-state.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useSaveAlertThresholds, type AlertThresholdSettings } from '../api/notifications.ts';
import { checkThresholds, thresholdInputsOf, thresholdNames } from '../thresholds-form.ts';

const keep = (on: boolean) => on;

/**
 * The organisation's alert thresholds, each with its unit, default and range; an empty box (or "Reset to default")
 * keeps the default. Then whether frost, heat, heavy rain and wind are told for fields with no crop in the ground.
 * Read-only, with a note, for people who may not change them.
 */
export function AlertThresholdsForm({ settings }: { settings: AlertThresholdSettings }) {
  const { t } = useTranslation('alerts');
  const [inputs, setInputs] = useServerFormState(settings.thresholds, thresholdInputsOf);
  const [onFallowLand, setOnFallowLand] = useServerFormState(settings.weatherOnFallowLand, keep);
  const { errors, formError, busy, submit } = useMutationForm(useSaveAlertThresholds(), thresholdNames);
  const { canEdit } = settings;
  const units: Record<string, string> = t('thresholds.units', { returnObjects: true });
  const unitOf = (unit: string) => units[unit] ?? unit;
  const withUnit = (value: number, unit: string) => (unit === 'index' ? formatNumber(value) : `${formatNumber(value)} ${unitOf(unit)}`);

  function save(event: FormEvent) {
    event.preventDefault();
    submit(
      checkThresholds(
        inputs,
        settings.defaults,
        ({ min, max, whole }) =>
          t(whole ? 'thresholds.outOfRangeWhole' : 'thresholds.outOfRange', { min: formatNumber(min), max: formatNumber(max) }),
        ({ name, dayMm, threeDayMm }) =>
          t(name === 'heavyRainDayMm' ? 'thresholds.heavyRainDayAboveThreeDay' : 'thresholds.heavyRainThreeDayBelowDefaultDay', {
            dayMm: formatNumber(dayMm),
            threeDayMm: formatNumber(threeDayMm),
          }),
      ),
      (thresholds) => ({ ...thresholds, weatherOnFallowLand: onFallowLand }),
      () => showToast(t('thresholds.saved'), { type: 'success' }),
    );
  }

  const row = (name: AdjustableAlertThreshold) => {
    const range = settings.defaults[name];
    if (!range) return null;
    const label = t('thresholds.label', { name: t(`thresholds.names.${name}`), unit: unitOf(range.unit) });
    const hintParams = {
      value: withUnit(range.default, range.unit),
      min: withUnit(range.min, range.unit),
      max: withUnit(range.max, range.unit),
    };
    return (
      <div key={name} className="flex flex-col gap-1">
        <TextInput
          label={label}
          hint={
            // Left empty, heat takes each crop's own line: the hint says which.
            name === 'heatMaxTemperatureC'
              ? t('thresholds.heatHint', {
                  ...hintParams,
                  maize: withUnit(CROP_HEAT_STRESS.maize!.maxTemperatureC, '°C'),
                  soybean: withUnit(CROP_HEAT_STRESS.soybean!.maxTemperatureC, '°C'),
                })
              : t('thresholds.hint', hintParams)
          }
          inputMode="decimal"
          placeholder={formatNumber(range.default)}
          readOnly={!canEdit}
          value={inputs[name]}
          error={errors[name]}
          onChange={(event) => setInputs({ ...inputs, [name]: event.target.value })}
        />
        {canEdit && inputs[name] !== '' && (
          <Button
            variant="ghost"
            className="self-start"
            aria-label={t('thresholds.resetOne', { name: t(`thresholds.names.${name}`) })}
            onClick={() => setInputs({ ...inputs, [name]: '' })}
          >
            {t('thresholds.reset')}
          </Button>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">{t('thresholds.intro')}</p>
      {!canEdit && (
        <p role="note" className="rounded-lg border border-sky-300 bg-sky-50 p-3 font-medium text-sky-900">
          {t('thresholds.readOnly')}
        </p>
      )}
      <FormError message={formError} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{thresholdNames.map(row)}</div>
      <div className="border-t border-stone-200 pt-4">
        <Checkbox
          label={t('thresholds.fallowLand')}
          hint={t('thresholds.fallowLandHint')}
          checked={onFallowLand}
          onChange={setOnFallowLand}
          disabled={!canEdit}
        />
      </div>
      {canEdit && <FormActions busy={busy} saveLabel={t('thresholds.save')} />}
    </form>
  );
}
