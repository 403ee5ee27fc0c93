import './index.css';
import './lib/i18n.ts';
import { installRandomUuid } from './lib/random-uuid.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18next from 'i18next';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/AppRoot.tsx';
import { queryClient } from './app/query-client.ts';
import { preloadPrerenderedScreen } from './app/routes.tsx';
import { session, watchSession } from './features/auth/session.ts';
import { endSession, onSessionChange } from './features/auth/auth-actions.ts';
import { cleanUpOldData } from './features/offline/cleanup.ts';
import { startSync } from './features/offline/sync-runtime.ts';
import { showToast } from './features/toasts/toast-store.ts';
import { configureApiClient } from './lib/api/client.ts';
import { switchOfflineDb } from './lib/offline-db.ts';

// Before any screen makes a client id: over plain HTTP on a LAN name the browser has no crypto.randomUUID.
installRandomUuid();
// A refused token ends the session but keeps this person's data on the device: writes made offline wait there
// until they sign in again (only signing out removes them).
configureApiClient({ token: () => session.token(), onUnauthorized: () => endSession() });
session.onExpiringSoon = (minutes) => showToast(i18next.t('toasts.sessionExpiring', { minutes }), { type: 'warning', duration: 8000 });
session.onExpired = () => showToast(i18next.t('toasts.sessionExpired'), { type: 'warning' });
session.onSignedOut = () => queryClient.clear();
// Whoever signs in or out next starts with an empty cache: nothing of the previous person's data shows.
onSessionChange(() => queryClient.clear());
// The signed-in person's offline database follows the session; what it kept over 7 days ago goes when it opens.
session.subscribe(() => {
  const state = session.getState();
  void switchOfflineDb(state.status === 'signed-in' ? state.claims.userId : null).then((db) => db && cleanUpOldData(db));
});
session.initialise();
watchSession();
startSync(queryClient);

const app = <AppRoot queryClient={queryClient} router={BrowserRouter} />;

// Public pages arrive prerendered (src/prerender.tsx): take over their markup instead of drawing it again.
const root = document.getElementById('root')!;
if (root.dataset.prerendered === 'true') void preloadPrerenderedScreen(location.pathname).then(() => hydrateRoot(root, app));
else createRoot(root).render(app);
