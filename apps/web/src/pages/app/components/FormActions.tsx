import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';

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
