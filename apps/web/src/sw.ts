/// <reference lib="webworker" />
/**
 * The service worker: the app's code is kept on the device so a signed-in person can open any screen with no
 * network. Data is not cached here (the app keeps it in IndexedDB), except what a downloaded field pack put in its
 * person's cache: basemap tiles and field imagery, served only while that person is signed in.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { fieldPackCacheName, isSignedInPersonMessage } from './features/field-packs/pack-cache-names.ts';

declare const self: ServiceWorkerGlobalScope;

/** The precache of the app's code: a new name only when the way it is stored changes (older ones are deleted). */
const PRECACHE_PREFIX = 'mobile-critical-';
const PRECACHE_NAME = `${PRECACHE_PREFIX}v1`;
const FIELD_IMAGERY_PATH = /^\/api\/fields\/[^/]+\/imagery\//;

// Workbox names a cache prefix-name-scope; the precache is `mobile-critical-v1` alone.
setCacheNameDetails({ prefix: '', precache: PRECACHE_NAME, suffix: '' });

/**
 * Who is signed in, as the page last said (`tellServiceWorkerWhoIsSignedIn`); packs are served from that person's
 * cache alone, and from none while nobody is or the worker does not know. A worker is stopped when idle and started
 * again for the next request, so the answer is also kept in a small cache of its own and read back at start.
 */
const SIGNED_IN_CACHE = 'murimi-signed-in-v1';
const SIGNED_IN_ENTRY = '/signed-in-person';

async function readSignedInPerson(): Promise<string | null> {
  const kept = await caches.match(SIGNED_IN_ENTRY, { cacheName: SIGNED_IN_CACHE });
  const userId = kept ? ((await kept.json()) as unknown) : null;
  return typeof userId === 'string' ? userId : null;
}

let signedInPerson: Promise<string | null> = readSignedInPerson().catch(() => null);
// Writes one after the other, so the last message is the one kept.
let keeping: Promise<void> = Promise.resolve();

async function keepSignedInPerson(userId: string | null): Promise<void> {
  const cache = await caches.open(SIGNED_IN_CACHE);
  await cache.put(SIGNED_IN_ENTRY, Response.json(userId));
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  // A new worker waits until the person chooses Reload in the update prompt (virtual:pwa-register sends this).
  if ((data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (isSignedInPersonMessage(data)) {
    // In memory at once, so the next request already follows it; then kept, after any write still under way.
    signedInPerson = Promise.resolve(data.userId);
    keeping = keeping.then(() => keepSignedInPerson(data.userId)).catch(() => undefined);
    event.waitUntil(keeping);
  }
});
// The first worker takes the open page at once, so it works offline without a reload.
clientsClaim();

// Revisions changed since the last worker are fetched again and removed entries deleted by precacheAndRoute;
// a precache of an older name goes whole.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(PRECACHE_PREFIX) && name !== PRECACHE_NAME).map((name) => caches.delete(name))),
      ),
  );
});

precacheAndRoute(self.__WB_MANIFEST);

// Every screen's address opens the shell; its router draws the screen. The API and its documentation are the
// server's own.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app.html'), { denylist: [/^\/api(\/|$)/] }));

// Basemap tiles (any other origin) and field imagery: the signed-in person's pack copy when there is one, else the
// network. ignoreVary: the pack stored them from its own request, whose headers (Accept, the token) need not match.
// Asking CacheStorage with the cache's name, rather than opening it, creates no empty cache before a pack is
// downloaded.
registerRoute(
  ({ url, request, sameOrigin }) => request.method === 'GET' && (!sameOrigin || FIELD_IMAGERY_PATH.test(url.pathname)),
  async ({ request }) => {
    const userId = await signedInPerson;
    const packed = userId ? await caches.match(request, { cacheName: fieldPackCacheName(userId), ignoreVary: true }) : undefined;
    return packed ?? fetch(request);
  },
);
