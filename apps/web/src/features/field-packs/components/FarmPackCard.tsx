import type { Farm } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Card, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { publicConfigQuery } from '../../../lib/api/public-config.ts';
import { formatNumber, formatTimestamp } from '../../../lib/format.ts';
import { describeError } from '../../../lib/form-errors.ts';
import { useFarmFields } from '../../fields/api/fields.ts';
import { planPack } from '../download-pack.ts';
import { checkPackLimit } from '../pack-size.ts';
import type { FieldPack } from '../pack-store.ts';
import { packCacheAvailable, usePackDb, usePackDownload, usePacks, type DownloadState } from '../use-field-packs.ts';
import { useMegabytes } from './megabytes.ts';

function Outcome({ state }: { state: DownloadState }) {
  const { t } = useTranslation('app');
  const { exact: mb } = useMegabytes();
  if (state.phase === 'done') {
    const { pack } = state;
    return (
      <div role="status" className="rounded-lg bg-leaf-50 p-3 text-leaf-900">
        <p className="font-semibold">{t('fieldPacks.done', { size: mb(pack.bytes.total) })}</p>
        {pack.tilesMissing > 0 && <p>{t('fieldPacks.tilesMissing', { count: pack.tilesMissing })}</p>}
        {pack.imagesMissing > 0 && <p>{t('fieldPacks.imagesMissing', { count: pack.imagesMissing })}</p>}
      </div>
    );
  }
  if (state.phase === 'cancelled')
    return (
      <p role="status" className="rounded-lg bg-stone-100 p-3 text-stone-900">
        {t('fieldPacks.cancelled')}
      </p>
    );
  if (state.phase === 'failed')
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
        {t('fieldPacks.failed', { message: describeError(state.error) })}
      </p>
    );
  return null;
}

function SavedPack({ pack }: { pack: FieldPack }) {
  const { t } = useTranslation('app');
  const { exact: mb } = useMegabytes();
  return (
    <p className="text-stone-800" data-testid="saved-pack">
      {t('fieldPacks.saved', { date: formatTimestamp(new Date(pack.downloadedAt).toISOString()), size: mb(pack.bytes.total) })}
      {pack.tilesMissing > 0 && <> · {t('fieldPacks.tilesMissing', { count: pack.tilesMissing })}</>}
    </p>
  );
}

/**
 * A farm's offline pack: what it would hold and about how big it is, against the person's limit, then the download
 * with its progress and Cancel, and the pack already on the device.
 */
export function FarmPackCard({ farm }: { farm: Pick<Farm, 'id' | 'name'> }) {
  const { t } = useTranslation('app');
  const { exact: mb, about } = useMegabytes();
  const db = usePackDb();
  const fields = useFarmFields(farm.id);
  const config = useQuery(publicConfigQuery());
  const { packs, limitMb } = usePacks(db);
  const download = usePackDownload(db);
  const plan = useMemo(
    () => (fields.data && config.data ? planPack(farm, fields.data, config.data.basemap) : null),
    [farm, fields.data, config.data],
  );
  const saved = packs?.find((pack) => pack.farmId === farm.id) ?? null;

  let body;
  if (!packCacheAvailable()) body = <p className="text-stone-800">{t('fieldPacks.unavailable')}</p>;
  else if (fields.isError) body = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (config.isError) body = <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  else if (!plan || !db || !packs || limitMb === null) body = <Spinner label={t('fieldPacks.loading')} />;
  else if (plan.fields.length === 0) body = <p className="text-stone-800">{t('fieldPacks.noFields')}</p>;
  else {
    const others = packs.filter((pack) => pack.farmId !== farm.id).reduce((sum, pack) => sum + pack.bytes.total, 0);
    const limit = checkPackLimit(plan.estimateBytes, others, limitMb);
    const size = about(plan.estimateBytes);
    const { state } = download;
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-stone-900" data-testid="pack-plan">
          {plan.hasImagery
            ? t('fieldPacks.plan', { tiles: formatNumber(plan.tileUrls.length, 0), count: plan.fields.length, size })
            : t('fieldPacks.planNoImagery', { count: plan.fields.length, size })}
        </p>
        <p className="text-sm text-stone-700">
          {t('fieldPacks.limit', { size: mb(limitMb * 1_000_000) })}{' '}
          <Link to="/settings#field-packs" className="font-semibold text-leaf-800 underline">
            {t('fieldPacks.changeLimit')}
          </Link>
        </p>
        {saved && <SavedPack pack={saved} />}
        {state.phase === 'downloading' ? (
          <div className="flex flex-col gap-2">
            <progress
              className="h-3 w-full accent-leaf-700"
              aria-label={t('fieldPacks.progressLabel')}
              value={state.progress.done}
              max={Math.max(1, state.progress.total)}
            />
            <p role="status" className="text-stone-800">
              {t('fieldPacks.progress', { done: formatNumber(state.progress.done, 0), total: formatNumber(state.progress.total, 0) })}
            </p>
            <div>
              <Button variant="secondary" onClick={download.cancel}>
                {t('fieldPacks.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            {!limit.fits && (
              <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
                {t('fieldPacks.overLimit', { total: about(limit.totalBytes), limit: mb(limit.limitBytes) })}
              </p>
            )}
            <div>
              <Button disabled={!limit.fits} onClick={() => void download.start(plan)}>
                {saved ? t('fieldPacks.update') : t('fieldPacks.download')}
              </Button>
            </div>
            <Outcome state={state} />
          </>
        )}
      </div>
    );
  }

  return (
    <Card title={t('fieldPacks.title')}>
      <p className="mb-3 text-stone-700">{t('fieldPacks.intro')}</p>
      {body}
    </Card>
  );
}
