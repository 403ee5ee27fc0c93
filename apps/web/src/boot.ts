/**
 * The prerendered public pages' only script (built to dist/boot.js by scripts/prerender-web.mjs). It fetches the app,
 * which takes over the page, after the page has loaded when `fetchAppAfterLoad` says so; otherwise at the visitor's
 * first touch, key or focus, so a menu or a calculator still comes to life when used.
 */
import { fetchAppAfterLoad } from './lib/app-fetch-policy.ts';

/** Where the signed-in token and the device tokens are kept (features/auth/session.ts). */
const TOKEN_KEY = 'murimi.access_token';
const DEVICE_TOKEN_PREFIX = 'murimi.device.';
const FIRST_USE = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

function signedInBefore(storage: Storage): boolean {
  try {
    if (storage.getItem(TOKEN_KEY)) return true;
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(DEVICE_TOKEN_PREFIX)) return true;
  } catch {
    // Storage refused (private mode, blocked cookies): nobody known here.
  }
  return false;
}

/** Schedules `loadApp` (once) for this page; returns whether it waits for the page's load rather than its first use. */
export function startBoot(win: Window, loadApp: () => unknown): boolean {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_USE) win.removeEventListener(type, start, true);
    loadApp();
  };
  const connection = (win.navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  const afterLoad = fetchAppAfterLoad({
    pageNeedsApp: win.document.forms.length > 0,
    saveData: connection?.saveData === true,
    effectiveType: connection?.effectiveType,
    signedInBefore: signedInBefore(win.localStorage),
  });
  if (afterLoad) {
    win.addEventListener('load', () => (win.requestIdleCallback ?? win.setTimeout)(start));
  } else {
    for (const type of FIRST_USE) win.addEventListener(type, start, { capture: true, passive: true });
  }
  return afterLoad;
}

declare const __APP_ENTRY__: string | undefined;
if (typeof __APP_ENTRY__ === 'string') {
  const entry = __APP_ENTRY__;
  startBoot(window, () => import(/* @vite-ignore */ entry));
}
