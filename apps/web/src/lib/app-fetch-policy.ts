/**
 * Whether a prerendered public page fetches the app's code (about 200 KB) as soon as it has loaded, or only once the
 * visitor touches the page. Reading a public page needs none of it: it is HTML and CSS. Fetching it early makes the
 * next step (sign in, the app) quicker for someone who will take it, and costs everyone else their data.
 */
export interface PageVisit {
  /** The page cannot be used without the app (its form's button waits for it). */
  pageNeedsApp: boolean;
  /** `navigator.connection.saveData`: the visitor asked the browser to spare their data. */
  saveData: boolean;
  /** `navigator.connection.effectiveType` ('slow-2g', '2g', '3g', '4g'); undefined where the browser has no such API. */
  effectiveType: string | undefined;
  /** Someone has signed in on this device before (its device token is kept across sign-outs) or is signed in. */
  signedInBefore: boolean;
}

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

/** At once after load only where it is wanted: a page that needs the app, or a returning person on a fast connection. */
export function fetchAppAfterLoad(visit: PageVisit): boolean {
  if (visit.pageNeedsApp) return true;
  if (visit.saveData || (visit.effectiveType !== undefined && SLOW_CONNECTIONS.has(visit.effectiveType))) return false;
  return visit.signedInBefore;
}
