import './index.css';
import './lib/i18n.ts';
import { installRandomUuid } from './lib/random-uuid.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18next from 'i18next';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/AppRoot.tsx';
import { queryClient } from './app/query-client.ts';
import { preloadPrerenderedScreen } from './app/routes.tsx';
import { prefetchScreenData } from './app/screen-data.ts';
import { tellServiceWorkerWhoIsSignedIn } from './components/shell/service-worker.ts';
import { session, watchSession } from './features/auth/session.ts';
import { endSession, onSessionChange } from './features/auth/auth-actions.ts';
import { storedSelectedFieldId } from './features/field-selection/field-selection.ts';
import { adoptSharedPackFiles } from './features/field-packs/pack-cache.ts';
import { cleanUpOldData } from './features/offline/cleanup.ts';
import { signedInPerson, startSync } from './features/offline/sync-runtime.ts';
import { showToast } from './features/toasts/toast-store.ts';
import { configureApiClient } from './lib/api/client.ts';
import { applyLogFlags, installClientLogging } from './lib/client-log/install.ts';
import { publicConfigQuery } from './lib/api/public-config.ts';
import { switchOfflineDb } from './lib/offline-db.ts';

// Before any screen makes a client id: over plain HTTP on a LAN name the browser has no crypto.randomUUID.
installRandomUuid();
// A refused token ends the session but keeps this person's data on the device: writes made offline wait there
// until they sign in again (only signing out removes them).
// Failures reach the operator (spec §3, §7): batched to POST /api/logs, critical ones at once.
const { errors } = installClientLogging({ token: () => session.token(), person: signedInPerson });
configureApiClient({
  token: () => session.token(),
  person: signedInPerson,
  onUnauthorized: () => endSession(),
  onFailure: (error, call) => errors.report(error, 'call', call),
});
void queryClient.fetchQuery(publicConfigQuery()).then(
  (config) => applyLogFlags(config.features),
  () => undefined,
);
session.onExpiringSoon = (minutes) => showToast(i18next.t('toasts.sessionExpiring', { minutes }), { type: 'warning', duration: 8000 });
session.onExpired = () => showToast(i18next.t('toasts.sessionExpired'), { type: 'warning' });
session.onSignedOut = () => queryClient.clear();
// Whoever signs in or out next starts with an empty cache: nothing of the previous person's data shows.
onSessionChange(() => queryClient.clear());
// The signed-in person's offline database follows the session; what it kept over 7 days ago goes when it opens, and
// pack files from before each person had a cache of their own move into theirs. The service worker serves packs
// from that person's cache only.
session.subscribe(() => {
  const state = session.getState();
  const userId = state.status === 'signed-in' ? state.claims.userId : null;
  tellServiceWorkerWhoIsSignedIn(userId);
  void switchOfflineDb(userId).then((db) => db && Promise.all([cleanUpOldData(db), adoptSharedPackFiles(db).catch(() => 0)]));
});
session.initialise();
watchSession();
startSync(queryClient);
// The screen's first reads go out now, beside its code, rather than once it has arrived and drawn.
if (session.getState().status === 'signed-in') void prefetchScreenData(queryClient, location.pathname, storedSelectedFieldId());

const app = <AppRoot queryClient={queryClient} router={BrowserRouter} />;

// Public pages arrive prerendered (src/prerender.tsx): take over their markup instead of drawing it again.
const root = document.getElementById('root')!;
if (root.dataset.prerendered === 'true') void preloadPrerenderedScreen(location.pathname).then(() => hydrateRoot(root, app));
else createRoot(root).render(app);
