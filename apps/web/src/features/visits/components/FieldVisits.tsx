import type { Visit } from '@murimi/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { SyncStateBadge } from '../../offline/components/SyncStateBadge.tsx';
import type { WithSyncState } from '../../offline/pending-records.ts';
import { noneOnServer, useWithPending } from '../../offline/use-with-pending.ts';
import { useVisitPhoto, useVisits } from '../api/visits.ts';
import { useVisitTexts } from '../visits-texts.ts';

/** A visit as this device may hold it before it is sent: with its photos' bytes instead of their ids. */
type ShownVisit = WithSyncState<Visit> & { photos?: { id: string; jpegBase64: string }[] };

function ServerPhoto({ visit, photoId, number }: { visit: Visit; photoId: string; number: number }) {
  const { t } = useVisitTexts();
  const photo = useVisitPhoto(visit.id, photoId);
  if (photo.failed) return <span className="text-sm text-stone-600">{t('list.photoFailed')}</span>;
  if (!photo.url) return <span className="block h-20 w-20 animate-pulse rounded-lg bg-stone-200 motion-reduce:animate-none" />;
  return (
    <a href={photo.url} target="_blank" rel="noreferrer">
      <img
        src={photo.url}
        alt={t('list.photo', { number, date: formatDate(visit.visitDate) })}
        className="h-20 w-20 rounded-lg border border-stone-300 object-cover"
      />
    </a>
  );
}

function VisitItem({ visit }: { visit: ShownVisit }) {
  const { t } = useVisitTexts();
  const seen = [
    visit.cropStage && t(`stages.${visit.cropStage}`),
    visit.pestSeen &&
      (visit.pestCount !== null && visit.pestCount !== undefined
        ? t('list.pest', { pest: visit.pestSeen, count: visit.pestCount })
        : t('list.pestNoCount', { pest: visit.pestSeen })),
    visit.diseaseSeen,
    visit.weeds && `${t('form.weeds')}: ${t(`weeds.${visit.weeds}`)}`,
    visit.waterStatus && `${t('form.waterStatus')}: ${t(`water.${visit.waterStatus}`)}`,
  ].filter(Boolean);
  const waitingPhotos = visit.photos ?? [];
  return (
    <li className="flex flex-col gap-2 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-stone-900">{formatDate(visit.visitDate)}</span>
        {visit.visitedBy && <span className="text-stone-700">{t('list.by', { name: visit.visitedBy })}</span>}
        <SyncStateBadge state={visit.syncState} />
      </div>
      {seen.length > 0 && <p className="text-stone-800">{seen.join(' · ')}</p>}
      {visit.notes && <p className="whitespace-pre-line text-stone-700">{visit.notes}</p>}
      {(visit.photoIds?.length ?? 0) > 0 && (
        <div className="flex flex-wrap gap-2">
          {visit.photoIds.map((photoId, index) => (
            <ServerPhoto key={photoId} visit={visit} photoId={photoId} number={index + 1} />
          ))}
        </div>
      )}
      {waitingPhotos.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {waitingPhotos.map((photo, index) => (
            <img
              key={photo.id}
              src={`data:image/jpeg;base64,${photo.jpegBase64}`}
              alt={`${t('list.photo', { number: index + 1, date: formatDate(visit.visitDate) })} (${t('list.photoWaiting')})`}
              className="h-20 w-20 rounded-lg border border-dashed border-stone-400 object-cover"
            />
          ))}
        </div>
      )}
    </li>
  );
}

/** The field's visits, latest first, with this phone's unsent ones on top; and the way to log one. */
export function FieldVisits({ fieldId, onlyOnThisDevice = false }: { fieldId: string; onlyOnThisDevice?: boolean }) {
  const { t } = useVisitTexts();
  const server = useVisits(fieldId);
  const visits = useWithPending((onlyOnThisDevice ? noneOnServer(server) : server) as UseQueryResult<ShownVisit[]>, 'visits', { fieldId });
  return (
    <Card title={t('list.title')}>
      <div className="flex flex-col gap-3">
        <QueryState query={visits} loadingLabel={t('list.loading')} empty={t('list.none')}>
          {(data) => (
            <ul className="divide-y divide-stone-200" data-testid="visit-list">
              {data.map((visit) => (
                <VisitItem key={visit.id} visit={visit} />
              ))}
            </ul>
          )}
        </QueryState>
        <div className="flex sm:justify-end">
          <ButtonLink to={`/visits/log?fieldId=${fieldId}`} state={{ returnTo: `/fields/${fieldId}` }} variant="secondary">
            {t('queue.logVisit')}
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}
