import { alertCategories, alertSeverities, type FieldSummary } from '@murimi/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Choice.tsx';
import { SelectInput } from '../../../components/ui/form.tsx';
import { StrokeIcon } from '../../../components/ui/StrokeIcon.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { FieldSelect } from '../../fields/components/FieldSelect.tsx';
import { alertStatuses, NO_ALERT_FILTERS, searchOfFilters, type AlertFilters } from '../alert-filters.ts';

/**
 * Field, type, severity, open or resolved, and unread only; "Clear filters" once any is set. On phones the filters
 * fold behind a "Filters" button (saying how many are on), so the alerts start at the top of the screen.
 */
export function AlertFilterBar({
  filters,
  fields,
  onChange,
}: {
  filters: AlertFilters;
  fields: FieldSummary[];
  onChange: (next: AlertFilters) => void;
}) {
  const { t } = useTranslation('alerts');
  const compact = !useMediaQuery('(min-width: 768px)');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const set = (change: Partial<AlertFilters>) => onChange({ ...filters, ...change });
  const active = searchOfFilters(filters).size;
  const clear = active > 0 && (
    <Button variant="ghost" onClick={() => onChange(NO_ALERT_FILTERS)}>
      {t('filters.clear')}
    </Button>
  );
  return (
    <section
      aria-label={t('filters.title')}
      className={compact && !open ? undefined : 'rounded-xl border border-stone-200 bg-white p-3 shadow-sm md:p-4'}
    >
      {compact && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            <StrokeIcon d="M3 5h18l-7 8v6l-4 2v-8z" className="size-5" />
            {active > 0 ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
          </Button>
          {clear}
        </div>
      )}
      {(!compact || open) && (
        <div id={panelId} className={compact ? 'mt-3' : undefined}>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <FieldSelect
              label={t('filters.field')}
              allLabel={t('filters.allFields')}
              fields={fields}
              value={filters.fieldId ?? ''}
              onChange={(fieldId) => set({ fieldId: fieldId || null })}
            />
            <SelectInput
              label={t('filters.type')}
              value={filters.category ?? ''}
              onChange={(event) => set({ category: (event.target.value || null) as AlertFilters['category'] })}
            >
              <option value="">{t('filters.allTypes')}</option>
              {alertCategories.map((category) => (
                <option key={category} value={category}>
                  {t(`category.${category}`)}
                </option>
              ))}
            </SelectInput>
            <SelectInput
              label={t('filters.severity')}
              value={filters.severity ?? ''}
              onChange={(event) => set({ severity: (event.target.value || null) as AlertFilters['severity'] })}
            >
              <option value="">{t('filters.allSeverities')}</option>
              {alertSeverities.map((severity) => (
                <option key={severity} value={severity}>
                  {t(`severity.${severity}`)}
                </option>
              ))}
            </SelectInput>
            <SelectInput
              label={t('filters.status')}
              value={filters.status}
              onChange={(event) => set({ status: event.target.value as AlertFilters['status'] })}
            >
              {alertStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`filters.statuses.${status}`)}
                </option>
              ))}
            </SelectInput>
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <Checkbox label={t('filters.unreadOnly')} checked={filters.unreadOnly} onChange={(unreadOnly) => set({ unreadOnly })} />
            {!compact && clear}
          </div>
        </div>
      )}
    </section>
  );
}
