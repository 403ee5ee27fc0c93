/** Spec §5 and §9: a second tap within 300 ms is ignored, so a shaky finger does not add two corners. */
export const DOUBLE_TAP_SUPPRESSION_MS = 300;
/** A second tap farther away than this is a new corner, however quick (a mouse user clicking around a field). */
const SAME_PLACE_PX = 24;

export interface Tap {
  atMs: number;
  x: number;
  y: number;
}

/** Whether `tap` repeats `previous`: soon enough and close enough to be the same finger landing twice. */
export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  if (!previous) return false;
  return tap.atMs - previous.atMs < DOUBLE_TAP_SUPPRESSION_MS && Math.hypot(tap.x - previous.x, tap.y - previous.y) <= SAME_PLACE_PX;
}

/**
 * Swallows repeated taps on `element` before the map sees them (capture phase, so drawing tools below never
 * get the event). Returns the function that removes the guard.
 */
export function guardDoubleTaps(element: HTMLElement, isActive: () => boolean): () => void {
  let last: Tap | null = null;
  let swallowing = false;
  const onDown = (event: PointerEvent) => {
    if (!isActive() || !event.isPrimary) return;
    const tap = { atMs: event.timeStamp, x: event.clientX, y: event.clientY };
    swallowing = isDoubleTap(last, tap);
    if (swallowing) {
      event.stopPropagation();
      return;
    }
    last = tap;
  };
  const onFollowUp = (event: Event) => {
    if (swallowing) event.stopPropagation();
    if (event.type === 'click') swallowing = false;
  };
  element.addEventListener('pointerdown', onDown, true);
  for (const type of ['pointerup', 'click', 'dblclick'] as const) element.addEventListener(type, onFollowUp, true);
  return () => {
    element.removeEventListener('pointerdown', onDown, true);
    for (const type of ['pointerup', 'click', 'dblclick'] as const) element.removeEventListener(type, onFollowUp, true);
  };
}
