import { Outlet } from 'react-router';
import { useUnreadAlertCount } from '../../features/alerts/api/alerts.ts';
import { BottomNav } from './BottomNav.tsx';

/**
 * A screen that takes the whole window (Map View, spec §2.2: no sidebar, header or breadcrumbs), with the phone's
 * bottom bar as a row of its own beneath it, so a phone always has the way to the other screens.
 */
export function FullScreenLayout() {
  const badges = { '/alerts': useUnreadAlertCount() };
  return (
    <div className="flex h-dvh flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Outlet />
      </div>
      <BottomNav badges={badges} inline />
    </div>
  );
}
