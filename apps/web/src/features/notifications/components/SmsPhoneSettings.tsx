import { smsPhoneRequestSchema, smsPhoneVerifySchema } from '@murimi/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../../components/ui/form.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { describeError, validate } from '../../../lib/form-errors.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useRemoveSmsPhone, useRequestSmsCode, useVerifySmsPhone, type SmsPhoneState } from '../api/notifications.ts';

/** Enter a number, then "Send code": the server reads it for the person's country and texts a 6-digit code. */
function NumberForm({ initial, onSent, onCancel }: { initial: string; onSent: () => void; onCancel: (() => void) | null }) {
  const { t } = useTranslation('alerts');
  const [phone, setPhone] = useState(initial);
  const { errors, formError, busy, submit } = useMutationForm(useRequestSmsCode(), ['phone']);
  function send(event: FormEvent) {
    event.preventDefault();
    submit(validate(smsPhoneRequestSchema, { phone }), (data) => data, onSent);
  }
  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-3">
      <FormError message={formError} />
      <TextInput
        label={t('sms.number')}
        hint={t('sms.numberHint')}
        type="tel"
        autoComplete="tel"
        value={phone}
        error={errors.phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={busy}>
          {busy ? t('sms.sending') : t('sms.sendCode')}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('sms.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The code texted to a number waiting for it, a new code, or another number. */
function CodeForm({ pending, onChangeNumber }: { pending: NonNullable<SmsPhoneState['pending']>; onChangeNumber: () => void }) {
  const { t } = useTranslation('alerts');
  const [code, setCode] = useState('');
  const { errors, formError, busy, submit } = useMutationForm(useVerifySmsPhone(), ['code']);
  const resend = useRequestSmsCode();
  function verify(event: FormEvent) {
    event.preventDefault();
    submit(
      validate(smsPhoneVerifySchema, { code }),
      (data) => data,
      (settings) => showToast(t('sms.verifiedToast', { phone: settings.smsPhone.phone ?? pending.phone }), { type: 'success' }),
    );
  }
  return (
    <form onSubmit={verify} noValidate className="flex flex-col gap-3">
      <p role="status" className="text-stone-900">
        {t('sms.codeSent', { phone: pending.phone, time: formatTimestamp(pending.expiresAt) })}
      </p>
      <FormError message={formError ?? (resend.error ? describeError(resend.error) : null)} />
      <div className="max-w-xs">
        <TextInput
          label={t('sms.code')}
          hint={t('sms.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" disabled={busy}>
          {busy ? t('sms.verifying') : t('sms.verify')}
        </Button>
        <Button variant="secondary" disabled={busy || resend.isPending} onClick={() => resend.mutate({ phone: pending.phone })}>
          {resend.isPending ? t('sms.sending') : t('sms.sendAgain')}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onChangeNumber}>
          {t('sms.change')}
        </Button>
      </div>
    </form>
  );
}

/** The verified number, whether it sent STOP, and Change or Remove. */
function VerifiedNumber({ smsPhone, canChange, onChange }: { smsPhone: SmsPhoneState; canChange: boolean; onChange: () => void }) {
  const { t } = useTranslation('alerts');
  const remove = useRemoveSmsPhone();
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap items-center gap-2 text-stone-900">
        {t('sms.current', { phone: smsPhone.phone })}
        <Badge tone="good">{t('sms.verified')}</Badge>
      </p>
      {smsPhone.stopped && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950">
          {t('sms.stopped')}
        </p>
      )}
      <FormError message={remove.error ? describeError(remove.error) : null} />
      <div className="flex flex-col gap-2 sm:flex-row">
        {canChange && (
          <Button variant="secondary" disabled={remove.isPending} onClick={onChange}>
            {t('sms.change')}
          </Button>
        )}
        <Button
          variant="ghost"
          className="text-red-800 hover:bg-red-50"
          disabled={remove.isPending}
          onClick={() => remove.mutate(undefined, { onSuccess: () => showToast(t('sms.removedToast'), { type: 'success' }) })}
        >
          {remove.isPending ? t('sms.removing') : t('sms.remove')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The number alert SMS go to: enter it, "Send code", type the 6 digits, verified; change or remove it. A number that
 * sent STOP gets nothing until it sends START. When the server has no SMS provider, it says so instead of a form that
 * could not work.
 */
export function SmsPhoneSettings({ smsPhone, smsAvailable }: { smsPhone: SmsPhoneState; smsAvailable: boolean }) {
  const { t } = useTranslation('alerts');
  const [changing, setChanging] = useState(false);
  const verified = smsPhone.phone !== null && smsPhone.verified;
  let body: ReactNode;
  if (smsPhone.pending && !changing) body = <CodeForm pending={smsPhone.pending} onChangeNumber={() => setChanging(true)} />;
  else if (verified && !changing) body = <VerifiedNumber smsPhone={smsPhone} canChange={smsAvailable} onChange={() => setChanging(true)} />;
  else if (smsAvailable)
    body = (
      <>
        {!verified && <p className="text-stone-700">{t('sms.none')}</p>}
        <NumberForm
          // A new form each time the person starts over, so a number sent earlier starts the box.
          key={smsPhone.pending?.phone ?? 'new'}
          initial={changing ? '' : (smsPhone.pending?.phone ?? '')}
          onSent={() => setChanging(false)}
          onCancel={verified || smsPhone.pending ? () => setChanging(false) : null}
        />
      </>
    );
  return (
    <section aria-labelledby="sms-number-title" className="flex flex-col gap-3">
      <h3 id="sms-number-title" className="font-semibold text-stone-900">
        {t('sms.title')}
      </h3>
      {!smsAvailable && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('sms.unavailable')}
        </p>
      )}
      {body}
    </section>
  );
}
