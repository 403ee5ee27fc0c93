import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/use-session.ts';
import { useSignOutGuard } from '../../features/offline/components/SignOutGuard.tsx';
import { Icon } from './Icon.tsx';

/** "User Account" with Settings and Logout, shown only when signed in (spec §2.4). */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const state = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { requestSignOut, dialog } = useSignOutGuard();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => ref.current && !ref.current.contains(event.target as Node) && setOpen(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);
  if (state.status !== 'signed-in') return null;
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="menu"
        className="flex min-h-11 min-w-11 items-center gap-2 rounded-lg px-2 text-stone-800 hover:bg-stone-100"
      >
        <Icon name="user" />
        {!compact && <span className="max-w-40 truncate text-sm font-medium">{state.claims.name || t('userMenu.label')}</span>}
        <span className="sr-only">{t('userMenu.label')}</span>
      </button>
      {open && (
        <div
          role="menu"
          aria-label={t('userMenu.label')}
          className="absolute right-0 bottom-full z-40 mb-2 w-56 rounded-lg border border-stone-200 bg-white p-1 shadow-lg md:top-full md:bottom-auto md:mt-2 md:mb-0"
        >
          <p className="px-3 py-2 text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('userMenu.label')}</p>
          <Link
            role="menuitem"
            to="/settings"
            onClick={() => setOpen(false)}
            className="flex min-h-11 items-center rounded px-3 hover:bg-stone-100"
          >
            {t('userMenu.settings')}
          </Link>
          <Link
            role="menuitem"
            to="/people"
            onClick={() => setOpen(false)}
            className="flex min-h-11 items-center rounded px-3 hover:bg-stone-100"
          >
            {t('userMenu.people')}
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={() => {
              setOpen(false);
              requestSignOut();
            }}
            className="flex min-h-11 w-full items-center rounded px-3 text-left hover:bg-stone-100"
          >
            {t('userMenu.logout')}
          </button>
        </div>
      )}
      {dialog}
    </div>
  );
}
