import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element `id` when the address ends in `#id` (e-mails link to `/settings#alerts`), once it is `ready`:
 * the browser's own jump happens before a screen's data has drawn it. Cards above it may still be loading and push it
 * down, so it is followed for a second, unless the person has scrolled meanwhile.
 */
export function useHashTarget(id: string, ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    const element = document.getElementById(id);
    if (!ready || hash !== `#${id}` || !element) return;
    let expectedY: number | null = null;
    const scroll = () => {
      if (expectedY !== null && Math.abs(window.scrollY - expectedY) > 2) return;
      element.scrollIntoView({ block: 'start' });
      expectedY = window.scrollY;
    };
    scroll();
    const timers = [300, 1000].map((ms) => window.setTimeout(scroll, ms));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [hash, id, ready]);
}
