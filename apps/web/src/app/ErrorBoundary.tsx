import { CATEGORY_MESSAGES, errorCategory } from '@murimi/core';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/ui/ErrorBoundary.tsx';

/**
 * Crash fallback (spec §2.4): "Something went wrong.", the sentence of the crash's category (spec §8), and the details
 * folded away.
 */
function Crashed({ error }: { error: Error }) {
  return (
    <div role="alert" className="mx-auto max-w-xl p-8">
      <h1 className="text-xl font-bold">{i18next.t('errors.crashed')}</h1>
      <p className="mt-2">{CATEGORY_MESSAGES[errorCategory({ type: error.name, message: error.message })]}</p>
      <details className="mt-3 rounded bg-stone-100 p-3 text-sm">
        <summary className="cursor-pointer">{i18next.t('errors.showDetails')}</summary>
        <pre className="mt-2 whitespace-pre-wrap">{String(error)}</pre>
      </details>
    </div>
  );
}

/** The last resort around the whole app: what is left when even the frame crashed. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary name="The app" fallback={(error) => <Crashed error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * Around the screen of the current route: a crashed screen leaves the frame (navigation, menus) working, and going
 * to another path draws the new screen afresh. The path resets a crash rather than keying the boundary: keyed, every
 * navigation would rebuild a working screen too (Map View's map on each field it opens).
 */
export function RouteErrorBoundary({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <ErrorBoundary resetKey={pathname} name={`The screen at ${pathname}`} fallback={(error) => <Crashed error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
