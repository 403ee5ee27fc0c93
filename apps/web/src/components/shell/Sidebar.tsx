import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/account/api/account.ts';
import { NavLink, useLocation } from 'react-router';
import { FieldSelector } from './FieldSelector.tsx';
import { Icon } from './Icon.tsx';
import { NavBadge } from './NavBadge.tsx';
import { entriesFor, sidebarEntries, sidebarShowsFieldSelector } from './navigation.ts';

const COLLAPSED_KEY = 'murimi.sidebar_collapsed';

/** Desktop sidebar: 64 px collapsed, 256 px expanded, version label and field selector (spec §2.4); badges keyed by path. */
export function Sidebar({ badges = {} }: { badges?: Partial<Record<string, number>> }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const { pathname } = useLocation();
  const allowed = useMe().data?.organisation.allowed;
  const toggle = () => {
    localStorage.setItem(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  return (
    <aside
      data-testid="sidebar"
      className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-stone-200 bg-white md:flex ${collapsed ? 'w-16' : 'w-64'}`}
    >
      <div className="flex h-16 items-center justify-between gap-2 border-b border-stone-200 px-3">
        {!collapsed && (
          <NavLink to="/dashboard" className="text-xl font-bold text-leaf-800">
            {t('productName')}
          </NavLink>
        )}
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
        >
          <Icon name={collapsed ? 'chevron' : 'back'} />
        </button>
      </div>
      {!collapsed && sidebarShowsFieldSelector(pathname) && (
        <div className="border-b border-stone-200 p-3">
          <FieldSelector />
        </div>
      )}
      <nav aria-label={t('nav.mainNavigation')} className="flex-1 overflow-y-auto p-2">
        <ul className="flex flex-col gap-1">
          {entriesFor(sidebarEntries, allowed).map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                title={collapsed ? t(entry.label) : undefined}
                className={({ isActive }) =>
                  `relative flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium ${isActive ? 'bg-leaf-50 text-leaf-800' : 'text-stone-800 hover:bg-stone-100'}`
                }
              >
                <Icon name={entry.icon} className="size-5 shrink-0" />
                <span className={collapsed ? 'sr-only' : 'flex-1'}>{t(entry.label)}</span>
                <NavBadge
                  to={entry.to}
                  count={badges[entry.to]}
                  className={
                    collapsed
                      ? 'absolute top-0.5 right-0.5 min-w-4 px-1 text-center text-[10px] leading-4'
                      : 'min-w-6 px-1.5 text-center text-xs leading-5'
                  }
                />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className={`border-t border-stone-200 p-3 text-xs text-stone-600 ${collapsed ? 'text-center' : ''}`}>
        {collapsed ? '1.0.0' : t('version', { version: '1.0.0' })}
      </p>
    </aside>
  );
}
