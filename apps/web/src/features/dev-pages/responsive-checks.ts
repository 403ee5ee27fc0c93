/** Spec §9 breakpoints, px: xs 320, sm 640, md 768, lg 1024, xl 1280, 2xl 1536. */
export const BREAKPOINTS = [
  ['2xl', 1536],
  ['xl', 1280],
  ['lg', 1024],
  ['md', 768],
  ['sm', 640],
  ['xs', 320],
] as const;

/** The smallest a thing to tap may be, px: the app's buttons are at least 44 px (WCAG 2.5.5, Apple's HIG). */
export const TOUCH_TARGET_MIN_PX = 44;
/** Spec §9: mobile below 768, tablet 768–1023, desktop from 1024. */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export function breakpointOf(widthPx: number): string {
  return BREAKPOINTS.find(([, min]) => widthPx >= min)?.[0] ?? 'below xs';
}

export function deviceClassOf(widthPx: number): DeviceClass {
  if (widthPx < 768) return 'mobile';
  return widthPx < 1024 ? 'tablet' : 'desktop';
}

/** One check's outcome in a suite. */
export interface CheckResult {
  name: string;
  outcome: 'pass' | 'warn' | 'fail';
  detail: string;
}

/** A thing to tap as measured on screen. */
export interface TapTarget {
  label: string;
  width: number;
  height: number;
  /** Inline in running text (a link inside a sentence): WCAG 2.5.8 excepts those from the size rule. */
  inline: boolean;
}

/** The targets smaller than the minimum in either direction, inline links excepted. */
export function smallTargets(targets: readonly TapTarget[], minPx = TOUCH_TARGET_MIN_PX): TapTarget[] {
  return targets.filter((target) => !target.inline && (target.width < minPx || target.height < minPx));
}

/** Visually hidden (Tailwind's `sr-only`: clipped to nothing), like the skip link until it has focus. */
const visuallyHidden = (style: CSSStyleDeclaration) => style.clip.startsWith('rect(0') || style.clipPath === 'inset(50%)';

/** Every visible button, link, input, select and text area on the page, measured. */
export function measureTapTargets(root: ParentNode = document): TapTarget[] {
  const elements = [
    ...root.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, [role="button"]'),
  ];
  return elements
    .filter((element) => !visuallyHidden(getComputedStyle(element)))
    .map((element) => {
      const box = element.getBoundingClientRect();
      const label = (element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim().slice(0, 60) || element.tagName;
      const inline = element.tagName === 'A' && getComputedStyle(element).display === 'inline' && element.parentElement?.tagName === 'P';
      return { label, width: Math.round(box.width), height: Math.round(box.height), inline };
    })
    .filter((target) => target.width > 0 && target.height > 0);
}
