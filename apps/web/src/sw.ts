/// <reference lib="webworker" />
/**
 * The service worker: the app's code is kept on the device so a signed-in person can open any screen with no
 * network. Data is not cached here (the app keeps it in IndexedDB), except what a downloaded field pack put in its
 * own cache: basemap tiles and field imagery.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

/** The precache of the app's code: a new name only when the way it is stored changes (older ones are deleted). */
const PRECACHE_PREFIX = 'mobile-critical-';
const PRECACHE_NAME = `${PRECACHE_PREFIX}v1`;
/** Filled by the field pack downloader; read here, never written. */
const FIELD_PACKS_CACHE = 'murimi-field-packs-v1';
const FIELD_IMAGERY_PATH = /^\/api\/fields\/[^/]+\/imagery\//;

// Workbox names a cache prefix-name-scope; the precache is `mobile-critical-v1` alone.
setCacheNameDetails({ prefix: '', precache: PRECACHE_NAME, suffix: '' });

// A new worker waits until the person chooses Reload in the update prompt (virtual:pwa-register sends this).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
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

// Basemap tiles (any other origin) and field imagery: the field pack's copy when there is one, else the network.
// ignoreVary: the pack stored them from its own request, whose headers (Accept, the token) need not match. Asking
// CacheStorage with the cache's name, rather than opening it, creates no empty cache before a pack is downloaded.
registerRoute(
  ({ url, request, sameOrigin }) => request.method === 'GET' && (!sameOrigin || FIELD_IMAGERY_PATH.test(url.pathname)),
  async ({ request }) => (await caches.match(request, { cacheName: FIELD_PACKS_CACHE, ignoreVary: true })) ?? fetch(request),
);
