import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { FormError } from './form.tsx';
import { Card } from './layout.tsx';

/** The end of a record form: `cancel` (when given) and the submit button, which says "Saving…" while the save runs. */
export function FormActions({ busy, saveLabel, cancel }: { busy: boolean; saveLabel: string; cancel?: ReactNode }) {
  const { t } = useTranslation('app');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {cancel}
      <Button type="submit" disabled={busy}>
        {busy ? t('actions.saving') : saveLabel}
      </Button>
    </div>
  );
}

/** Edit and Delete, beneath the facts of a record. */
export function DetailActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-stone-200 pt-4 sm:flex-row">
      <Button variant="secondary" onClick={onEdit}>
        {editLabel}
      </Button>
      <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={onDelete}>
        {deleteLabel}
      </Button>
    </div>
  );
}

/** The edit form that takes the place of a record's facts: its problems at the top, the inputs, then Cancel and Save. */
export function EditCard({
  title,
  formError,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  formError: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('app');
  return (
    <Card title={title}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        {children}
        <FormActions
          busy={busy}
          saveLabel={t('actions.save')}
          cancel={
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {t('actions.cancel')}
            </Button>
          }
        />
      </form>
    </Card>
  );
}
