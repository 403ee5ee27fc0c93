import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';

/** Over a map while it is not ready: what is loading, or what failed and (when it can help) a retry. */
export function MapStatusOverlay({
  loading,
  error,
  onRetry,
}: {
  loading: string;
  error: string | null;
  onRetry?: (() => void) | undefined;
}) {
  const { t } = useTranslation('app');
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white/85 p-4 text-center">
      {error === null ? (
        <p role="status" className="flex items-center gap-2 text-stone-800">
          <span
            aria-hidden
            className="size-5 animate-spin rounded-full border-2 border-leaf-700 border-t-transparent motion-reduce:animate-none"
          />
          {loading}
        </p>
      ) : (
        <>
          <p role="alert" className="font-semibold text-red-800">
            {error}
          </p>
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {t('mapEditor.retry')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** Where a map is: starting, drawn, failed to load (it can be retried), or unable to start without WebGL. */
export type MapState = 'loading' | 'ready' | 'failed' | 'noWebGl';

/**
 * What a map shows over itself for its state: the status overlay until it is ready, with the retry after a failed
 * load, then a notice while the satellite imagery is unavailable.
 */
export function MapStateNotices({
  state,
  loading,
  noWebGl,
  imageryUnavailable,
  onRetry,
}: {
  state: MapState;
  loading: string;
  noWebGl: string;
  imageryUnavailable: boolean;
  /** Starts the map again after a failed load. */
  onRetry: () => void;
}) {
  const { t } = useTranslation('app');
  if (state !== 'ready') {
    return (
      <MapStatusOverlay
        loading={loading}
        error={state === 'loading' ? null : state === 'noWebGl' ? noWebGl : t('mapEditor.mapFailed')}
        onRetry={state === 'failed' ? onRetry : undefined}
      />
    );
  }
  if (!imageryUnavailable) return null;
  return (
    <p role="status" className="absolute top-2 left-2 max-w-[70%] rounded-lg bg-amber-50/95 p-2 text-sm text-amber-900 shadow">
      {t('mapView.imageryUnavailable')}
    </p>
  );
}
