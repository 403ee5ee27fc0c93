import type { AlertItem } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DataList } from '../../../components/ui/DataList.tsx';
import { AlertBadges } from './AlertBadges.tsx';
import { useAlertDayText } from './alert-day-text.ts';
import { SeverityBadge, severityEdge } from './SeverityBadge.tsx';

/** The alert's title as the link to its detail, bold with a dot while unread; the list it came from rides along for Back. */
function AlertLink({ alert, stretched = false }: { alert: AlertItem; stretched?: boolean }) {
  const { t } = useTranslation('alerts');
  const { pathname, search } = useLocation();
  return (
    <Link
      to={`/alerts/${alert.id}`}
      state={{ from: `${pathname}${search}` }}
      className={`inline-flex items-baseline gap-2 text-stone-900 underline-offset-2 hover:underline ${alert.read ? 'font-medium' : 'font-bold'} ${
        stretched ? 'after:absolute after:inset-0 after:content-[""]' : ''
      }`}
    >
      {!alert.read && (
        <>
          <span aria-hidden="true" className="size-2.5 shrink-0 translate-y-[-1px] rounded-full bg-leaf-700" />
          <span className="sr-only">{t('unread')}: </span>
        </>
      )}
      {alert.title}
    </Link>
  );
}

/**
 * Alerts newest first: cards on phones (the whole card opens the alert), a table on wide screens. Severity shows in
 * words and a shape besides its colour; unread ones are bold with a dot.
 */
export function AlertList({ alerts }: { alerts: AlertItem[] }) {
  const { t } = useTranslation('alerts');
  const dayText = useAlertDayText();
  return (
    <DataList
      items={alerts}
      itemKey={(alert) => alert.id}
      cardsClassName="flex flex-col gap-3"
      rowClassName="border-b border-stone-200 align-top"
      columns={[
        {
          label: t('columns.severity'),
          className: 'px-3 py-3 whitespace-nowrap',
          cell: (alert) => <SeverityBadge severity={alert.severity} />,
        },
        {
          label: t('columns.alert'),
          className: 'px-3 py-3 min-w-80',
          cell: (alert) => (
            <div className="flex flex-col gap-1">
              <AlertLink alert={alert} />
              <p className="line-clamp-2 text-sm text-stone-700">{alert.message}</p>
            </div>
          ),
        },
        { label: t('columns.field'), className: 'px-3 py-3 whitespace-nowrap', cell: (alert) => alert.fieldName },
        { label: t('columns.day'), className: 'px-3 py-3 whitespace-nowrap', cell: dayText },
        { label: t('columns.status'), className: 'px-3 py-3', cell: (alert) => <AlertBadges alert={alert} /> },
      ]}
      card={(alert) => (
        <article
          className={`relative flex flex-col gap-2 rounded-lg border border-l-4 border-stone-200 bg-white p-3 shadow-sm ${severityEdge[alert.severity]} ${
            alert.read ? '' : 'bg-leaf-50/40'
          }`}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <SeverityBadge severity={alert.severity} />
            <span className="text-sm font-medium text-stone-700">{dayText(alert)}</span>
          </div>
          <h3 className="text-base">
            <AlertLink alert={alert} stretched />
          </h3>
          <p className="text-sm font-medium text-stone-700">
            {alert.fieldName} · {t(`category.${alert.category}`)}
          </p>
          <p className="line-clamp-3 text-stone-800">{alert.message}</p>
          <AlertBadges alert={alert} />
        </article>
      )}
    />
  );
}
