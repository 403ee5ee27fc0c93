import {
  channelMinimums,
  NOTIFICATION_LANGUAGE_CODES,
  notificationPreferencesSchema,
  quietHoursMinimums,
  type ChannelMinimum,
  type QuietHoursMinimum,
} from '@murimi/core';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/Choice.tsx';
import { FormError, SelectInput, TextInput } from '../../../components/ui/form.tsx';
import { FormActions } from '../../../components/ui/FormActions.tsx';
import { countryName } from '../../../components/ui/CountrySelect.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { validate } from '../../../lib/form-errors.ts';
import { offsetText, zoneOffsetMinutes } from '../../../lib/time-zone.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { useServerFormState } from '../../../lib/use-server-form-state.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useSavePreferences, type NotificationSettings } from '../api/notifications.ts';
import {
  alertKinds,
  channelNames,
  formValuesOf,
  preferenceInputs,
  preferencesOf,
  timeZoneChoices,
  type AlertKind,
  type ChannelName,
  type PreferencesFormValues,
} from '../preferences-form.ts';

type Channels = PreferencesFormValues['channels'];

/** One cell of the matrix: the least serious alert of a kind that goes to a channel. Named "Weather alerts: SMS". */
function ChannelChoice({
  kind,
  channel,
  value,
  error,
  visibleLabel,
  onChange,
}: {
  kind: AlertKind;
  channel: ChannelName;
  value: ChannelMinimum;
  error: string | undefined;
  visibleLabel: boolean;
  onChange: (value: ChannelMinimum) => void;
}) {
  const { t } = useTranslation('alerts');
  const id = useId();
  const kindName = t(`category.${kind}`);
  const channelName = t(`settings.channels.${channel}`);
  return (
    <div className={visibleLabel ? 'grid grid-cols-[6rem_minmax(0,1fr)] items-center gap-x-2 gap-y-1' : 'flex flex-col gap-1'}>
      <label htmlFor={id} className={visibleLabel ? 'font-medium text-stone-800' : 'sr-only'}>
        {visibleLabel ? (
          <>
            <span className="sr-only">{t('settings.channels.cell', { kind: kindName, channel: '' })}</span>
            {channelName}
          </>
        ) : (
          t('settings.channels.cell', { kind: kindName, channel: channelName })
        )}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as ChannelMinimum)}
        className={`min-h-11 w-full rounded-lg border bg-white px-2 py-2 text-sm ${error ? 'border-red-700' : 'border-stone-400'}`}
      >
        {channelMinimums.map((minimum) => (
          <option key={minimum} value={minimum}>
            {t(`settings.channels.levels.${minimum}`)}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="col-start-2 text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Which alerts go where: a row per kind of alert and a column per channel on wide screens; on phones, one group per
 * kind with its three channels stacked.
 */
function ChannelMatrix({ channels, errors, onChange }: { channels: Channels; errors: FieldErrors; onChange: (next: Channels) => void }) {
  const { t } = useTranslation('alerts');
  const wide = useMediaQuery('(min-width: 640px)');
  const cell = (kind: AlertKind, channel: ChannelName) => (
    <ChannelChoice
      kind={kind}
      channel={channel}
      value={channels[channel][kind]}
      error={errors[`channels.${channel}.${kind}`]}
      visibleLabel={!wide}
      onChange={(value) => onChange({ ...channels, [channel]: { ...channels[channel], [kind]: value } })}
    />
  );
  return (
    <fieldset>
      <legend className="font-medium text-stone-800">{t('settings.channels.legend')}</legend>
      <p className="mb-2 text-sm text-stone-600">{t('settings.channels.hint')}</p>
      {wide ? (
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-stone-300 text-sm text-stone-700">
              <th scope="col" className="w-28 py-2 pr-2 font-semibold">
                {t('settings.channels.kind')}
              </th>
              {channelNames.map((channel) => (
                <th key={channel} scope="col" className="px-1 py-2 font-semibold">
                  {t(`settings.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {alertKinds.map((kind) => (
              <tr key={kind} className="border-b border-stone-200 align-top">
                <th scope="row" className="py-2 pr-2 font-medium text-stone-900">
                  {t(`category.${kind}`)}
                </th>
                {channelNames.map((channel) => (
                  <td key={channel} className="px-1 py-2">
                    {cell(kind, channel)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="flex flex-col gap-3">
          {alertKinds.map((kind) => (
            <fieldset key={kind} className="border-t border-stone-200 pt-2">
              <legend className="float-left mb-1 w-full font-semibold text-stone-900">{t(`category.${kind}`)}</legend>
              <div className="clear-left flex flex-col gap-2">
                {channelNames.map((channel) => (
                  <div key={channel}>{cell(kind, channel)}</div>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/**
 * Which alerts still go out in quiet hours, per kind: critical ones always do, so the least choice is "Critical only".
 * One select per kind, side by side on wide screens.
 */
function ThroughQuietHours({
  values,
  errors,
  onChange,
}: {
  values: PreferencesFormValues['throughQuietHours'];
  errors: FieldErrors;
  onChange: (next: PreferencesFormValues['throughQuietHours']) => void;
}) {
  const { t } = useTranslation('alerts');
  return (
    <fieldset className="mt-2 max-w-2xl">
      <legend className="font-medium text-stone-800">{t('settings.quietHours.through.legend')}</legend>
      <p className="mb-2 text-sm text-stone-600">{t('settings.quietHours.through.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        {alertKinds.map((kind) => (
          <SelectInput
            key={kind}
            label={t(`category.${kind}`)}
            aria-label={t('settings.quietHours.through.cell', { kind: t(`category.${kind}`) })}
            value={values[kind]}
            error={errors[`throughQuietHours.${kind}`]}
            onChange={(event) => onChange({ ...values, [kind]: event.target.value as QuietHoursMinimum })}
          >
            {quietHoursMinimums.map((minimum) => (
              <option key={minimum} value={minimum}>
                {t(`settings.quietHours.through.levels.${minimum}`)}
              </option>
            ))}
          </SelectInput>
        ))}
      </div>
    </fieldset>
  );
}

/** "Zimbabwe — Harare (UTC+02:00)" for the zones of served countries; the zone's own name for any other. */
function useTimeZoneLabel() {
  const { t } = useTranslation('alerts');
  const { t: tAuth } = useTranslation('auth');
  const now = new Date();
  return ({ zone, country }: { zone: string; country: string | null }) =>
    country
      ? t('settings.timeZone.option', {
          country: countryName(country, (code) => tAuth(`countries.${code}`)),
          city: zone.split('/').at(-1)!.replaceAll('_', ' '),
          offset: offsetText(zoneOffsetMinutes(now, zone)),
        })
      : t('settings.timeZone.other', { zone });
}

/**
 * The person's alert and message preferences as one form with one Save: the channels matrix, quiet hours, SMS a day,
 * the language of messages (those not reviewed yet come in English, and say so), the time zone and the weekly digest.
 * The whole object is sent (PUT replaces it); the server's problems show beside their inputs.
 */
export function AlertPreferencesForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation('alerts');
  const timeZoneLabel = useTimeZoneLabel();
  const [values, setValues] = useServerFormState(settings.preferences, formValuesOf);
  const { errors, formError, busy, submit } = useMutationForm(useSavePreferences(), preferenceInputs);
  const set = (change: Partial<PreferencesFormValues>) => setValues({ ...values, ...change });
  const reviewed = new Set<string>(settings.reviewedLanguages);
  const smsNote = !settings.smsAvailable
    ? t('settings.channels.smsUnavailable')
    : !settings.smsPhone.verified
      ? t('settings.channels.smsNeedsNumber')
      : null;

  function save(event: FormEvent) {
    event.preventDefault();
    const checked = validate(notificationPreferencesSchema, preferencesOf(values));
    // A count that is not a number fails the schema's type check, whose words are for programmers.
    if (checked.errors?.smsPerDay && !Number.isFinite(Number(values.smsPerDay.trim() || 'x')))
      checked.errors.smsPerDay = t('settings.smsPerDay.hint');
    submit(
      checked,
      (preferences) => preferences,
      () => showToast(t('settings.saved'), { type: 'success' }),
    );
  }

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-5">
      <FormError message={formError} />
      <ChannelMatrix channels={values.channels} errors={errors} onChange={(channels) => set({ channels })} />
      {smsNote && <p className="-mt-3 text-sm text-stone-600">{smsNote}</p>}

      <div className="flex flex-col gap-2">
        <Checkbox
          label={t('settings.quietHours.toggle')}
          hint={t('settings.quietHours.hint')}
          checked={values.quietHoursOn}
          onChange={(quietHoursOn) => set({ quietHoursOn })}
        />
        {values.quietHoursOn && (
          <div className="grid max-w-sm grid-cols-2 gap-3">
            <TextInput
              label={t('settings.quietHours.from')}
              type="time"
              value={values.quietFrom}
              error={errors['quietHours.from']}
              onChange={(event) => set({ quietFrom: event.target.value })}
            />
            <TextInput
              label={t('settings.quietHours.to')}
              type="time"
              value={values.quietTo}
              error={errors['quietHours.to']}
              onChange={(event) => set({ quietTo: event.target.value })}
            />
          </div>
        )}
        {errors.quietHours && (
          <p className="text-sm font-medium text-red-700" role="alert">
            {errors.quietHours}
          </p>
        )}
        {values.quietHoursOn && (
          <ThroughQuietHours
            values={values.throughQuietHours}
            errors={errors}
            onChange={(throughQuietHours) => set({ throughQuietHours })}
          />
        )}
      </div>

      <div className="max-w-sm">
        <TextInput
          label={t('settings.smsPerDay.label')}
          hint={t('settings.smsPerDay.hint')}
          inputMode="numeric"
          value={values.smsPerDay}
          error={errors.smsPerDay}
          onChange={(event) => set({ smsPerDay: event.target.value })}
        />
      </div>

      <SelectInput
        label={t('settings.language.label')}
        hint={t('settings.language.hint')}
        value={values.language}
        error={errors.language}
        onChange={(event) => set({ language: event.target.value })}
      >
        {NOTIFICATION_LANGUAGE_CODES.map((code) => {
          const name = t(`settings.language.names.${code}`);
          return (
            <option key={code} value={code}>
              {reviewed.has(code) ? name : t('settings.language.notTranslated', { name })}
            </option>
          );
        })}
      </SelectInput>

      <SelectInput
        label={t('settings.timeZone.label')}
        hint={t('settings.timeZone.hint')}
        value={values.timeZone}
        error={errors.timeZone}
        onChange={(event) => set({ timeZone: event.target.value })}
      >
        {timeZoneChoices(settings.preferences.timeZone).map((choice) => (
          <option key={choice.zone} value={choice.zone}>
            {timeZoneLabel(choice)}
          </option>
        ))}
      </SelectInput>

      <fieldset>
        <legend className="font-medium text-stone-800">{t('settings.digest.legend')}</legend>
        <div className="flex flex-col sm:flex-row sm:gap-6">
          <Checkbox label={t('settings.digest.email')} checked={values.digestEmail} onChange={(digestEmail) => set({ digestEmail })} />
          <Checkbox label={t('settings.digest.sms')} checked={values.digestSms} onChange={(digestSms) => set({ digestSms })} />
        </div>
      </fieldset>

      <FormActions busy={busy} saveLabel={t('settings.save')} />
    </form>
  );
}
