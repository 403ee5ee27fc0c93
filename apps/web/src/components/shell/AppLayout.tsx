import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useUnreadAlertCount } from '../../features/alerts/api/alerts.ts';
import { AnalysisProgressCards } from '../../features/analyses/components/AnalysisProgressCards.tsx';
import { SyncIndicator } from '../../features/offline/components/SyncIndicator.tsx';
import { Spinner } from '../ui/layout.tsx';
import { ConnectionBanners } from './Banners.tsx';
import { BottomNav } from './BottomNav.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { MobileHeader } from './MobileHeader.tsx';
import { registerServiceWorker } from './service-worker.ts';
import { Sidebar } from './Sidebar.tsx';
import { SkipLink } from './RouteEffects.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * The signed-in shell: sidebar and breadcrumbs on desktop, header and bottom bar on phones. No menu button floats
 * over the content: the sidebar holds every screen on desktop, the bottom bar's "More" opens them on phones.
 */
export function AppLayout() {
  const { t } = useTranslation();
  // Only a signed-in person gets the offline app: public pages stay a page of HTML and CSS.
  useEffect(registerServiceWorker, []);
  // Unread alerts on the Alerts entry of the sidebar and the bottom bar, asked every minute while signed in.
  const badges = { '/alerts': useUnreadAlertCount() };
  return (
    <div className="flex min-h-screen">
      <SkipLink label={t('skipToContent')} />
      <Sidebar badges={badges} />
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileHeader />
        <header className="hidden h-16 items-center justify-end gap-2 border-b border-stone-200 bg-white px-6 md:flex">
          <SyncIndicator />
          <UserMenu />
        </header>
        <ConnectionBanners />
        <UpdatePrompt />
        <main id="main" tabIndex={-1} className="flex-1 px-4 pt-4 pb-28 outline-none md:px-8 md:pt-6 md:pb-10">
          <Breadcrumbs />
          <Suspense fallback={<Spinner label={t('loading')} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <BottomNav badges={badges} />
      <AnalysisProgressCards />
    </div>
  );
}
