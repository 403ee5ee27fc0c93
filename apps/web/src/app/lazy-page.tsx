import { createElement, use, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';

/** The screen shown when a screen's code cannot be fetched (offline, or a new release replaced it). */
export function LazyLoadFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto max-w-md p-8 text-center">
      <p className="text-lg font-semibold">{t('errors.lazyFailed')}</p>
      <Button className="mt-4" onClick={() => window.location.reload()}>
        {t('errors.refreshPage')}
      </Button>
    </div>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyProps = Record<string, any>;

export interface LazyPage<P extends AnyProps> {
  (props: P): ReturnType<typeof createElement>;
  /** Fetches the screen's code; resolves once it can render without suspending. */
  preload(): Promise<void>;
}

/**
 * A route-level code split: the screen's code loads when the route is first visited (the component suspends
 * meanwhile). `preload()` lets the browser fetch it before taking over a prerendered page, so hydration
 * never has to swap the page for a spinner.
 */
export function lazyPage<P extends AnyProps>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let screen: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => void (screen = module.default),
      () => void (screen = LazyLoadFailed as unknown as ComponentType<P>),
    ));
  const Page = (props: P) => {
    if (!screen) use(preload());
    return createElement(screen!, props);
  };
  Page.preload = preload;
  return Page;
}
