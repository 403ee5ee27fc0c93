import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { meQuery } from '../../features/account/api/account.ts';
import { useSession } from '../../features/auth/use-session.ts';
import { useSignOutGuard } from '../../features/offline/components/SignOutGuard.tsx';
import { Icon } from './Icon.tsx';
import { helpEntries, entriesFor, sidebarEntries } from './navigation.ts';

const itemClass = 'flex min-h-11 items-center rounded-lg px-3 font-medium text-stone-800 hover:bg-stone-100';

/** The slide-in menu's state: it is open only on the path it was opened on, so it closes on navigating. */
export function useMenuState() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  return { open: openOn === pathname, setOpen: (next: boolean) => setOpenOn(next ? pathname : null) };
}

/**
 * The floating menu button and its slide-in menu (spec §2.4) for the public pages; hidden on map screens. The
 * signed-in shell opens the same menu from the bottom bar's "More" instead, so no button floats over its content.
 */
export function SideMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { open, setOpen } = useMenuState();
  const opener = useRef<HTMLButtonElement>(null);
  if (pathname.startsWith('/map')) return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        data-testid="menu-button"
        className="fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-leaf-700 text-white shadow-lg hover:bg-leaf-800 md:bottom-6"
      >
        <Icon name="menu" />
      </button>
      {open && <MenuDrawer onClose={() => setOpen(false)} opener={opener} />}
    </>
  );
}

/** The slide-in menu: every screen when signed in (Settings once), the public pages otherwise; Escape closes it. */
export function MenuDrawer({ onClose, opener }: { onClose: () => void; opener: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const signedIn = useSession().status === 'signed-in';
  const allowed = useQuery({ ...meQuery(), enabled: signedIn }).data?.organisation.allowed;
  const panel = useRef<HTMLDivElement>(null);
  const { requestSignOut, dialog } = useSignOutGuard();
  // Escape reads the newest onClose without moving focus back to the first item on every render.
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close.current();
        opener.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opener]);

  const link = (to: string, label: string) => (
    <Link key={to} to={to} className={itemClass}>
      {label}
    </Link>
  );
  return (
    <div className="fixed inset-0 z-40">
      <div className="absolute inset-0 bg-black/40" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.mainNavigation')}
        className="absolute inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl"
      >
        <button
          type="button"
          onClick={onClose}
          aria-label={t('nav.closeMenu')}
          className="mb-2 flex min-h-11 min-w-11 items-center justify-center self-end rounded-lg hover:bg-stone-100"
        >
          <Icon name="close" />
        </button>
        {signedIn ? (
          <>
            {entriesFor(sidebarEntries, allowed).map((entry) => link(entry.to, t(entry.label)))}
            <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('nav.helpResources')}</p>
            {helpEntries.map((entry) => link(entry.to, t(entry.label)))}
            <hr className="my-2 border-stone-200" />
            <button type="button" onClick={requestSignOut} className={`${itemClass} text-left`}>
              {t('nav.signOut')}
            </button>
            {dialog}
          </>
        ) : (
          <>
            {link('/', t('nav.home'))}
            {link('/features', t('nav.features'))}
            {link('/guides', t('nav.guides'))}
            {link('/pricing', t('nav.pricing'))}
            <hr className="my-2 border-stone-200" />
            {link('/login', t('nav.signIn'))}
            <Link
              to="/register"
              className="flex min-h-11 items-center justify-center rounded-lg bg-leaf-700 px-3 font-semibold text-white hover:bg-leaf-800"
            >
              {t('nav.getStarted')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
