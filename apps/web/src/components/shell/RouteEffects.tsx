import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** On each route change: scroll to the top and move focus to the new screen's main area (spec §2.4). */
export function RouteEffects() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // A mark for browser tests (and anyone curious) that the app is running, not just its prerendered HTML.
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', 'true');
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded bg-white p-3 font-semibold text-leaf-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {label}
    </a>
  );
}
