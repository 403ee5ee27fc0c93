/// <reference types="vite-plugin-pwa/vanillajs" />
import type { RegisterSWOptions } from 'virtual:pwa-register';
import { signedInPersonMessage } from '../../features/field-packs/pack-cache-names.ts';

/** What the registration gives back: activates the waiting worker (the page reloads once it controls it). */
type ApplyUpdate = () => Promise<void>;
type RegisterSW = (options: RegisterSWOptions) => ApplyUpdate;

let started = false;
let applyUpdate: ApplyUpdate | undefined;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(waiting: boolean): void {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker that keeps the app on the device. Called by the signed-in shell only, after the
 * page's load event, and the registration code is its own chunk: public pages fetch none of it, and the worker's
 * downloads never compete with the first screen.
 */
export function registerServiceWorker(): void {
  // The development server serves no worker.
  if (started || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () =>
    void import('./pwa-register.ts').then(
      ({ registerSW }) => startServiceWorker(registerSW),
      (error: unknown) => console.error('The offline app could not be set up', error),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Registers through virtual:pwa-register's `registerSW`, listening for a new version that waits. */
export function startServiceWorker(registerSW: RegisterSW): void {
  applyUpdate = registerSW({
    onNeedRefresh: () => setUpdateWaiting(true),
    onRegisterError: (error: unknown) => console.error('The service worker could not be registered', error),
  });
}

let signedInPerson: string | null = null;
let followingWorkers = false;

/**
 * Tells the service worker who is signed in (null: nobody), so it answers packed imagery and map tiles from that
 * person's cache only. Called at page start and on every sign-in and sign-out, on every page (a sign-out often ends on
 * a public one), and again whenever another worker takes the page. The worker keeps the answer across its restarts.
 */
export function tellServiceWorkerWhoIsSignedIn(userId: string | null): void {
  signedInPerson = userId;
  // Plain http from another host: no service worker, so nothing is served from a pack.
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!followingWorkers) {
    followingWorkers = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => void postSignedInPerson());
  }
  void postSignedInPerson();
}

async function postSignedInPerson(): Promise<void> {
  // The registration's active worker, whether or not it controls this page yet (the first visit, a hard reload).
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  registration?.active?.postMessage(signedInPersonMessage(signedInPerson));
}

/** A new version's worker is installed and waiting for the person to reload (a store for useSyncExternalStore). */
export const appUpdate = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWaiting: (): boolean => updateWaiting,
  /** Hides the prompt; the new version starts when every tab of the app has been closed. */
  dismiss: (): void => setUpdateWaiting(false),
  /** Lets the waiting worker take over; the registration reloads the page when it does. */
  reload: async (): Promise<void> => {
    setUpdateWaiting(false);
    await applyUpdate?.();
  },
};
