import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import { buttonClass } from '../ui/Button.tsx';
import { Spinner } from '../ui/layout.tsx';
import { SideMenu } from './SideMenu.tsx';
import { SkipLink } from './RouteEffects.tsx';

/** Public pages: sticky navigation, content, and a footer with contact details from the server's settings. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { data: contact } = useQuery(publicConfigQuery());
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink label={t('skipToContent')} />
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <Link to="/" className="mr-auto text-xl font-bold text-leaf-800">
            {t('productName')}
          </Link>
          <nav aria-label={t('nav.mainNavigation')} className="flex items-center gap-1">
            <Link to="/features" className="hidden min-h-11 items-center rounded-lg px-3 font-medium hover:bg-stone-100 sm:flex">
              {t('nav.features')}
            </Link>
            <Link to="/guides" className="hidden min-h-11 items-center rounded-lg px-3 font-medium hover:bg-stone-100 sm:flex">
              {t('nav.guides')}
            </Link>
            <Link to="/login" className="flex min-h-11 items-center rounded-lg px-3 font-medium hover:bg-stone-100">
              {t('nav.signIn')}
            </Link>
            <Link to="/register" className={buttonClass('primary')}>
              {t('nav.getStarted')}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      {/* pb-24 on phones: the floating menu button (16 px up, 56 px tall) stays below the last line, off Privacy. */}
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-6 pb-24 text-sm text-stone-700 md:pb-6">
          <p className="font-semibold text-stone-900">{t('productName')}</p>
          {contact?.contactEmail && (
            <a href={`mailto:${contact.contactEmail}`} className="underline">
              {contact.contactEmail}
            </a>
          )}
          {contact?.contactPhone && (
            <a href={`tel:${contact.contactPhone.replace(/\s/g, '')}`} className="underline">
              {contact.contactPhone}
            </a>
          )}
          <Link to="/terms" className="underline">
            {t('nav.terms')}
          </Link>
          <span>{t('nav.privacy')}</span>
        </div>
      </footer>
      <SideMenu />
    </div>
  );
}
