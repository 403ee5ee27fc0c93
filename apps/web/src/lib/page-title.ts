import { useEffect } from 'react';

/** Sets the browser title to "Screen - Murimi" (spec §2.4). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - Murimi`;
  }, [title]);
}
