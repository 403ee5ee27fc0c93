import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { appUpdate } from './service-worker.ts';

/**
 * Says when a new version of the app is installed and waiting. Reload switches to it at once; otherwise it starts
 * the next time the app is opened, so no one loses what they are typing to an update. The live region is always
 * there, so screen readers announce the message when it is filled in.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(appUpdate.subscribe, appUpdate.isWaiting, () => false);
  return (
    <div role="status">
      {waiting && (
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-leaf-50 px-4 py-2 text-sm font-medium text-leaf-900">
          <p>{t('banners.updateReady')}</p>
          <div className="flex gap-2">
            <Button onClick={() => void appUpdate.reload()}>{t('banners.updateReload')}</Button>
            <Button variant="ghost" onClick={appUpdate.dismiss}>
              {t('banners.updateDismiss')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
