import type { FieldSummary } from '@murimi/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicationForm, type ApplicationPrefill } from './ApplicationForm.tsx';

/** Values the advice filled in, with a number that changes each time so the form opens afresh. */
export interface Prefill {
  key: number;
  values: ApplicationPrefill;
}

/** The "Log an application" card; when the advice fills the form in, the form opens afresh and its heading takes focus. */
export function LogApplicationCard({
  fields,
  initialFieldId,
  prefill,
}: {
  fields: FieldSummary[];
  initialFieldId: string;
  prefill: Prefill | null;
}) {
  const { t } = useTranslation('app');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (prefill) heading.current?.focus();
  }, [prefill]);
  return (
    <section aria-labelledby="log-application-title" className="max-w-3xl rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <h2 id="log-application-title" ref={heading} tabIndex={-1} className="mb-3 scroll-mt-4 text-lg font-semibold text-stone-900">
        {t('fertilizer.formTitle')}
      </h2>
      <ApplicationForm key={prefill?.key ?? 0} fields={fields} initialFieldId={initialFieldId} prefill={prefill?.values ?? null} />
    </section>
  );
}
