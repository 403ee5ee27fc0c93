import type { WeekDigest } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge.tsx';
import { DataList } from '../../../components/ui/DataList.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { isNotFound } from '../../../lib/api/client.ts';
import { formatDate, formatFixed, formatNumber, formatShortDay } from '../../../lib/format.ts';
import { SeverityBadge } from '../../alerts/components/SeverityBadge.tsx';
import { useThisWeek } from '../api/this-week.ts';
import { healthChange, weekHasContent } from '../week-view.ts';

type WeekField = WeekDigest['fields'][number];

const link = 'font-semibold text-leaf-800 underline-offset-2 hover:underline';

/** The week's first actions on the dashboard; the rest are a tap away on the alerts screen. */
const SHOWN_ACTIONS = 4;

/** A field's latest crop health in words, its NDVI with the image's day, and how it moved since the image before. */
function FieldHealth({ health }: { health: WeekField['health'] }) {
  const { t } = useTranslation('alerts');
  const { t: tApp } = useTranslation('app');
  if (!health) return <span className="text-stone-600">{t('thisWeek.noHealth')}</span>;
  const change = healthChange(health);
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge tone={health.status === 'healthy' ? 'good' : 'warning'}>{tApp(`dashboard.health.status.${health.status}`)}</Badge>
      <span className="text-sm text-stone-800">
        {t('thisWeek.ndvi', { ndvi: formatFixed(health.ndvi, 2), date: formatShortDay(health.date) })}
        {change && (
          <>
            {' · '}
            <span aria-hidden="true">{change.direction === 'up' ? '↑ ' : change.direction === 'down' ? '↓ ' : ''}</span>
            {change.direction !== 'same' && <span className="sr-only">{t(`thisWeek.${change.direction}`)} </span>}
            {t('thisWeek.change', { change: formatNumber(Math.abs(change.change), 2), date: formatShortDay(change.since) })}
          </>
        )}
      </span>
    </span>
  );
}

/** The field's open alerts, linking to the alerts screen filtered to it. */
function FieldAlerts({ field }: { field: WeekField }) {
  const { t } = useTranslation('alerts');
  if (field.openAlerts === 0) return <span className="text-stone-600">{t('thisWeek.noOpenAlerts')}</span>;
  return (
    <Link to={`/alerts?fieldId=${field.fieldId}`} className={link}>
      {t('thisWeek.fieldAlerts', { count: field.openAlerts })}
    </Link>
  );
}

function Week({ week }: { week: WeekDigest }) {
  const { t } = useTranslation('alerts');
  if (!weekHasContent(week))
    return (
      <div>
        <p className="font-semibold text-stone-900">{t('thisWeek.emptyTitle')}</p>
        <p className="mt-1 text-stone-700">{t('thisWeek.empty')}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">{t('thisWeek.weekOf', { date: formatDate(week.weekStart) })}</p>
        <Link to="/alerts" className={`inline-flex min-h-11 items-center ${link}`}>
          {week.openAlerts > 0 ? t('thisWeek.openAlerts', { count: week.openAlerts }) : t('thisWeek.noOpenAlerts')}
          <span aria-hidden="true">&nbsp;→</span>
        </Link>
      </div>
      {week.fields.length > 0 && (
        <section aria-labelledby="this-week-fields">
          <h3 id="this-week-fields" className="mb-2 font-semibold text-stone-900">
            {t('thisWeek.fields')}
          </h3>
          <DataList
            items={week.fields}
            itemKey={(field) => field.fieldId}
            cardsClassName="flex flex-col divide-y divide-stone-200 border-y border-stone-200"
            cardClassName="py-2.5"
            columns={[
              {
                label: t('columns.field'),
                className: 'px-3 py-2 align-top',
                cell: (field) => (
                  <Link to={`/fields/${field.fieldId}`} className={link}>
                    {field.fieldName}
                  </Link>
                ),
              },
              { label: t('thisWeek.health'), className: 'px-3 py-2 align-top', cell: (field) => <FieldHealth health={field.health} /> },
              { label: t('thisWeek.water'), className: 'px-3 py-2 align-top text-sm text-stone-800', cell: (field) => field.water },
              { label: t('title'), className: 'px-3 py-2 align-top whitespace-nowrap', cell: (field) => <FieldAlerts field={field} /> },
            ]}
            card={(field) => (
              <div className="flex flex-col gap-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <Link to={`/fields/${field.fieldId}`} className={link}>
                    {field.fieldName}
                  </Link>
                  <FieldAlerts field={field} />
                </div>
                <FieldHealth health={field.health} />
                <p className="text-sm text-stone-700">
                  <span className="font-medium">{t('thisWeek.water')}: </span>
                  {field.water}
                </p>
              </div>
            )}
          />
        </section>
      )}
      <section aria-labelledby="this-week-actions">
        <h3 id="this-week-actions" className="mb-2 font-semibold text-stone-900">
          {t('thisWeek.actions')}
        </h3>
        {week.actions.length === 0 ? (
          <p className="text-stone-700">{t('thisWeek.noActions')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {week.actions.slice(0, SHOWN_ACTIONS).map((action, index) => (
              <li key={`${action.fieldId}-${index}`} className="flex flex-col items-start gap-1 sm:flex-row sm:items-baseline sm:gap-2">
                <SeverityBadge severity={action.severity} />
                <span className="text-stone-900">
                  <span className="font-semibold">{action.fieldName}:</span> {action.text}
                </span>
              </li>
            ))}
          </ul>
        )}
        {week.actions.length > SHOWN_ACTIONS && (
          <Link to="/alerts" className={`mt-2 inline-flex min-h-11 items-center ${link}`}>
            {t('thisWeek.moreActions', { count: week.actions.length - SHOWN_ACTIONS })}
          </Link>
        )}
      </section>
      {week.simulated && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">{t('thisWeek.simulated')}</p>
      )}
    </div>
  );
}

/**
 * The dashboard's "This week": each field's crop health and its change, the water outlook, the week's actions and the
 * open alerts. Until the server offers the week (404), the card stays away rather than show an error.
 */
export function ThisWeekCard() {
  const { t } = useTranslation('alerts');
  const week = useThisWeek();
  if (week.isError && isNotFound(week.error) && week.data === undefined) return null;
  return (
    <Card title={t('thisWeek.title')}>
      <QueryState query={week} loadingLabel={t('thisWeek.loading')}>
        {(data) => <Week week={data} />}
      </QueryState>
    </Card>
  );
}
