import { useLocation } from 'react-router';

/** Where a log form goes back to after saving: the in-app path it was opened from (router state), else `fallback`. */
export function useReturnTo(fallback: string): { path: string; fromElsewhere: boolean } {
  const state: unknown = useLocation().state;
  const returnTo = typeof state === 'object' && state !== null ? (state as { returnTo?: unknown }).returnTo : undefined;
  if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//'))
    return { path: returnTo, fromElsewhere: true };
  return { path: fallback, fromElsewhere: false };
}
