import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; lets long lists render one layout instead of two hidden ones. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tables from 1024 px; cards below, where columns would be cramped next to the sidebar. */
export const useWideLayout = () => useMediaQuery('(min-width: 1024px)');
