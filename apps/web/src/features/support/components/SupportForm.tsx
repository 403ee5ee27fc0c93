import { MAX_SUPPORT_MESSAGE_CHARS, supportMessageCreateSchema, type SupportMessageCreate } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError, SelectInput, TextArea } from '../../../components/ui/form.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { splitServerErrors, validate, type FieldErrors } from '../../../lib/form-errors.ts';
import { useSendSupportMessage, type SupportReceipt } from '../api/support.ts';
import { forgetDraft, keepDraft, newDraft, readDraft, type SupportDraft } from '../support-draft.ts';
import { useSupportTexts } from '../support-texts.ts';

const TOPICS = supportMessageCreateSchema.shape.topic.options;

/** A message to support, kept on the device as it is written and until the server has it. */
export function SupportForm({ userId, email }: { userId: string; email: string }) {
  const { t } = useSupportTexts();
  const send = useSendSupportMessage();
  const [draft, setDraft] = useState<SupportDraft>(() => readDraft(userId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<SupportReceipt | null>(null);

  const change = (next: Partial<SupportMessageCreate>) => {
    const changed = { ...draft, ...next };
    setDraft(changed);
    keepDraft(userId, changed);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = validate(supportMessageCreateSchema, draft);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    send.mutate(checked.data, {
      onSuccess: (answer) => {
        forgetDraft(userId);
        setReceipt(answer);
        setDraft(newDraft());
      },
      onError: (error) => {
        const split = splitServerErrors(error, ['topic', 'message']);
        setErrors(split.fields);
        setProblem(split.form);
      },
    });
  };

  if (receipt) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status" className="rounded-lg border border-leaf-300 bg-leaf-50 p-3 font-medium text-leaf-900">
          {t('form.sent', { time: formatTimestamp(receipt.receivedAt) })}
        </p>
        <Button variant="secondary" onClick={() => setReceipt(null)}>
          {t('form.another')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-700">{t('form.intro', { email })}</p>
      <FormError message={problem} />
      <SelectInput label={t('form.topic')} value={draft.topic} onChange={(e) => change({ topic: e.target.value as SupportDraft['topic'] })}>
        {TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {t(`form.topics.${topic}`)}
          </option>
        ))}
      </SelectInput>
      <TextArea
        label={t('form.message')}
        hint={t('form.messageHint')}
        error={errors.message}
        rows={6}
        maxLength={MAX_SUPPORT_MESSAGE_CHARS}
        value={draft.message}
        onChange={(e) => change({ message: e.target.value })}
      />
      {draft.message.trim() !== '' && <p className="text-sm text-stone-600">{t('form.keptDraft')}</p>}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('form.sending') : t('form.send')}
        </Button>
      </div>
    </form>
  );
}
