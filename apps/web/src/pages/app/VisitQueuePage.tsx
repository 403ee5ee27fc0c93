import type { VisitQueueItem } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { SelectInput } from '../../components/ui/form.tsx';
import { Card, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { useMe } from '../../features/account/api/account.ts';
import { useGroups } from '../../features/members/api/members.ts';
import { useVisitQueue } from '../../features/visits/api/visits.ts';
import { scoreBand, SCORE_BAND_COLOURS } from '../../features/visits/score-bands.ts';
import { useVisitTexts } from '../../features/visits/visits-texts.ts';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { usePageTitle } from '../../lib/page-title.ts';

const VisitQueueMap = lazy(() => import('../../features/visits/components/VisitQueueMap.tsx'));

/** The facts behind each part, in words: what an officer reads to agree or disagree with the score. */
function useFactWords() {
  const { t } = useVisitTexts();
  return (item: VisitQueueItem): Record<VisitQueueItem['parts'][number]['part'], string> => {
    const { facts } = item;
    const water = facts.water;
    return {
      ndviDecline:
        facts.ndviChangePerWeek === null || facts.imageDate === null
          ? t('facts.ndviNone')
          : facts.ndviChangePerWeek < 0
            ? t('facts.ndviFalling', { change: formatNumber(facts.ndviChangePerWeek, 3), date: formatDate(facts.imageDate) })
            : t('facts.ndviSteady', { date: formatDate(facts.imageDate) }),
      waterStress:
        water.kind === 'now'
          ? t('facts.waterNow')
          : water.kind === 'soon'
            ? t('facts.waterSoon', { count: water.days })
            : water.kind === 'canopy-dry'
              ? t('facts.waterCanopyDry')
              : water.kind === 'none'
                ? t('facts.waterNone')
                : t('facts.waterUnknown'),
      pestAndDisease:
        facts.pestAlerts.critical + facts.pestAlerts.warning + facts.pestAlerts.info === 0
          ? t('facts.pestsNone')
          : t('facts.pests', facts.pestAlerts),
      unresolvedAlerts: facts.unresolvedAlerts === 0 ? t('facts.alertsNone') : t('facts.alerts', { count: facts.unresolvedAlerts }),
      daysSinceVisit:
        facts.daysSinceVisit === null || facts.lastVisitDate === null
          ? t('facts.neverVisited')
          : facts.daysSinceVisit === 0
            ? t('facts.visitedToday')
            : t('facts.visited', { count: facts.daysSinceVisit, date: formatDate(facts.lastVisitDate) }),
    };
  };
}

function QueueItem({ item, rank, selected, onSelect }: { item: VisitQueueItem; rank: number; selected: boolean; onSelect: () => void }) {
  const { t } = useVisitTexts();
  const words = useFactWords()(item);
  const band = scoreBand(item.score);
  return (
    <li
      id={`queue-${item.fieldId}`}
      className={`rounded-xl border bg-white p-4 ${selected ? 'border-stone-900 ring-2 ring-stone-900' : 'border-stone-200'}`}
      data-testid="visit-queue-item"
      data-field-id={item.fieldId}
    >
      <div className="flex items-start gap-3">
        <button
          type="button"
          onClick={onSelect}
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white"
          style={{ backgroundColor: SCORE_BAND_COLOURS[band] }}
          aria-label={t('queue.score', { score: item.score })}
        >
          {item.score}
        </button>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-900">
            {rank}. {item.fieldName}
          </p>
          <p className="text-sm text-stone-700">
            {[item.farmName, item.groupName, `${formatNumber(item.areaHa, 1)} ha`].filter(Boolean).join(' · ')}
          </p>
          {item.simulated && <p className="text-sm text-sky-800">{t('queue.simulated')}</p>}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {item.parts.map((part) => (
          <div key={part.part} className="flex items-baseline justify-between gap-2 border-b border-stone-100 py-1">
            <dt className="text-stone-800">
              <span className="font-medium">{t(`parts.${part.part}`)}</span>
              <span className="block text-stone-600">{words[part.part]}</span>
            </dt>
            <dd className={`shrink-0 tabular-nums ${part.points > 0 ? 'font-semibold text-stone-900' : 'text-stone-500'}`}>
              {t('parts.points', { points: formatNumber(part.points, part.points % 1 === 0 ? 0 : 1), max: part.maxPoints })}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <ButtonLink to={`/fields/${item.fieldId}`} variant="secondary">
          {t('queue.openField')}
        </ButtonLink>
        <ButtonLink to={`/visits/log?fieldId=${item.fieldId}`} state={{ returnTo: '/visits' }}>
          {t('queue.logVisit')}
        </ButtonLink>
      </div>
    </li>
  );
}

/**
 * The visit queue (/visits): for an agronomist, the fields of their groups most in need of a visit first, on a list
 * with each score's parts and on a map; filtered by group. A farmer sees their own fields ranked the same way.
 */
export default function VisitQueuePage() {
  const { t } = useVisitTexts();
  usePageTitle(t('queue.title'));
  const me = useMe();
  const readsGroups = me.data?.organisation.allowed.includes('members.read') ?? false;
  const groups = useGroups(readsGroups);
  const [groupId, setGroupId] = useState('');
  const queue = useVisitQueue(groupId || undefined);
  const config = useQuery(publicConfigQuery());
  const wide = useMediaQuery('(min-width: 1024px)');
  const [view, setView] = useState<'list' | 'map'>('list');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const select = (fieldId: string) => {
    setSelectedId(fieldId);
    if (!wide) setView('list');
    requestAnimationFrame(() => document.getElementById(`queue-${fieldId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  let body;
  if (queue.isPending) body = <Spinner label={t('queue.loading')} />;
  else if (queue.isError) body = <LoadError error={queue.error} onRetry={() => void queue.refetch()} />;
  else if (queue.data.data.length === 0)
    body = (
      <Card>
        <p className="text-stone-700">{groupId ? t('queue.emptyGroup') : t('queue.empty')}</p>
      </Card>
    );
  else {
    const items = queue.data.data;
    const list = (
      <ol className="flex flex-col gap-3" aria-label={t('queue.list')}>
        {items.map((item, index) => (
          <QueueItem
            key={item.fieldId}
            item={item}
            rank={index + 1}
            selected={item.fieldId === selectedId}
            onSelect={() => setSelectedId(item.fieldId)}
          />
        ))}
      </ol>
    );
    const map = config.data ? (
      <div className="h-[60vh] overflow-hidden rounded-xl border border-stone-200 lg:sticky lg:top-4 lg:h-[calc(100vh-8rem)]">
        <Suspense fallback={<Spinner label={t('queue.loading')} />}>
          <VisitQueueMap items={items} selectedId={selectedId} onSelect={select} basemap={config.data.basemap} />
        </Suspense>
      </div>
    ) : null;
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-stone-700">
          {t('queue.ranked', { count: queue.data.fieldsRanked, date: formatDate(queue.data.today) })}{' '}
          {queue.data.fieldsRanked > items.length && t('queue.showing', { shown: items.length })}
        </p>
        {!wide && (
          <div className="flex gap-2" role="group" aria-label={t('queue.title')}>
            {(['list', 'map'] as const).map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={view === choice}
                onClick={() => setView(choice)}
                className={`min-h-11 flex-1 rounded-lg border px-4 font-semibold ${view === choice ? 'border-leaf-700 bg-leaf-700 text-white' : 'border-stone-300 bg-white text-stone-800'}`}
              >
                {t(`queue.${choice}`)}
              </button>
            ))}
          </div>
        )}
        {wide ? (
          <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-4">
            {list}
            {map}
          </div>
        ) : view === 'list' ? (
          list
        ) : (
          map
        )}
        <p className="text-sm text-stone-600">{t('queue.mapLegend')}</p>
      </div>
    );
  }

  return (
    <Page>
      <PageHeader title={t('queue.title')} subtitle={t('queue.subtitle')} />
      <div className="flex flex-col gap-4">
        {readsGroups && (groups.data?.length ?? 0) > 0 && (
          <div className="max-w-sm">
            <SelectInput label={t('queue.group')} value={groupId} onChange={(event) => setGroupId(event.target.value)}>
              <option value="">{t('queue.allGroups')}</option>
              {groups.data?.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </SelectInput>
          </div>
        )}
        {body}
        <details className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700">
          <summary className="cursor-pointer font-semibold text-stone-900">{t('queue.howTitle')}</summary>
          <p className="mt-2">{t('queue.how')}</p>
        </details>
      </div>
    </Page>
  );
}
