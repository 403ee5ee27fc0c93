import { CATEGORY_MESSAGES } from '@murimi/core';
import { createElement, use, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';
import { clientLog } from '../lib/client-log/install.ts';

/**
 * The screen shown when a screen's code cannot be fetched (offline, or a new release replaced it). It tries again
 * by itself when the browser comes back online; Refresh Page covers a release that replaced the code.
 */
export function LazyLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div role="alert" className="mx-auto max-w-md p-8 text-center">
      <p className="text-lg font-semibold">{t('errors.lazyFailed')}</p>
      {typeof navigator !== 'undefined' && !navigator.onLine && <p className="mt-2">{CATEGORY_MESSAGES.network}</p>}
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={onRetry}>
          {t('errors.tryAgain')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('errors.refreshPage')}</Button>
      </div>
    </div>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyProps = Record<string, any>;

export interface LazyPage<P extends AnyProps> {
  (props: P): ReturnType<typeof createElement>;
  /** Fetches the screen's code; resolves once it can render without suspending (or once fetching it failed). */
  preload(): Promise<void>;
}

/**
 * A route-level code split: the screen's code loads when the route is first visited (the component suspends
 * meanwhile). `preload()` lets the browser fetch it before taking over a prerendered page, so hydration
 * never has to swap the page for a spinner.
 *
 * A failed fetch is not kept: the failure shows `LazyLoadFailed`, and trying again (a button, or the browser coming
 * back online) starts a new fetch. (React.lazy, by contrast, keeps a failed import for the life of the page.)
 */
export function lazyPage<P extends AnyProps>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let screen: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  let failed = false;
  const preload = () =>
    (pending ??= load().then(
      (module) => void (screen = module.default),
      (error: unknown) => {
        console.error('A screen could not be fetched', error);
        clientLog.errors?.report(error, 'call', { method: 'GET', endpoint: 'screen code', status: 0 });
        failed = true;
      },
    ));
  const forgetFailure = () => {
    failed = false;
    pending = undefined;
  };
  const Page = (props: P) => {
    const [, setAttempt] = useState(0);
    if (!screen && !failed) use(preload());
    if (!screen) {
      const retry = () => {
        forgetFailure();
        setAttempt((attempt) => attempt + 1);
      };
      return createElement(LazyLoadFailed, { onRetry: retry });
    }
    return createElement(screen, props);
  };
  Page.preload = preload;
  return Page;
}
