import { useEffect, useState } from 'react';

/**
 * False in prerendered HTML and during hydration, true once the app runs. Forms keep their submit button
 * disabled until then, so nothing is sent (or put in the address bar) before the app can handle it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
