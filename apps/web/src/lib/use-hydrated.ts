import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False in prerendered HTML and during hydration, true once the app runs. Forms keep their submit button
 * disabled until then, so nothing is sent (or put in the address bar) before the app can handle it. (React takes
 * the server's answer while hydrating and the browser's right after.)
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
