import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/account/api/account.ts';
import { NavLink } from 'react-router';
import { Icon } from './Icon.tsx';
import { NavBadge } from './NavBadge.tsx';
import { entriesFor, bottomNavEntries } from './navigation.ts';
import { MenuDrawer, useMenuState } from './SideMenu.tsx';

const itemClass =
  'relative flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 text-[11px] leading-tight font-medium transition-colors duration-150 motion-reduce:transition-none';

/**
 * Phone bottom navigation (spec §2.4, §9): the four main screens and "More", which opens the menu of every screen,
 * sharing the bar's width so all five fit a 360 px phone without scrolling; badges (keyed by path) cap at 99+ and
 * say what they count to a screen reader. `inline`: a row of its own under a full-screen page (Map View) instead of
 * floating over the page's foot.
 */
export function BottomNav({ badges = {}, inline = false }: { badges?: Partial<Record<string, number>>; inline?: boolean }) {
  const { t } = useTranslation();
  const { open, setOpen } = useMenuState();
  const more = useRef<HTMLButtonElement>(null);
  const allowed = useMe().data?.organisation.allowed;
  return (
    <>
      <nav
        aria-label={t('nav.mainNavigation')}
        data-testid="bottom-nav"
        className={`${inline ? 'shrink-0' : 'fixed inset-x-0 bottom-0 z-30'} border-t border-stone-200 bg-white md:hidden`}
      >
        <ul className="grid grid-cols-5">
          {entriesFor(bottomNavEntries, allowed).map((entry) => (
            <li key={entry.to} className="min-w-0">
              <NavLink to={entry.to} className={({ isActive }) => `${itemClass} ${isActive ? 'text-leaf-800' : 'text-stone-700'}`}>
                <Icon name={entry.icon} className="size-5" />
                <span className="text-center">{t(entry.label)}</span>
                <NavBadge
                  to={entry.to}
                  count={badges[entry.to]}
                  className="absolute top-1 left-1/2 ml-1 min-w-4 px-1 text-center text-[10px] leading-4"
                />
              </NavLink>
            </li>
          ))}
          <li className="min-w-0">
            <button
              ref={more}
              type="button"
              onClick={() => setOpen(true)}
              aria-expanded={open}
              aria-haspopup="dialog"
              data-testid="menu-button"
              className={`${itemClass} text-stone-700`}
            >
              <Icon name="menu" className="size-5" />
              <span className="text-center">{t('nav.more')}</span>
            </button>
          </li>
        </ul>
      </nav>
      {open && <MenuDrawer onClose={() => setOpen(false)} opener={more} />}
    </>
  );
}
