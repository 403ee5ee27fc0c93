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
