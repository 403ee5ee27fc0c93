import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SyncIndicator } from '../../features/offline/components/SyncIndicator.tsx';
import { FieldSelector } from './FieldSelector.tsx';
import { Icon } from './Icon.tsx';
import { backButtonPaths, fieldSelectorPaths, mobileTitleByPath, transparentHeaderPaths } from './navigation.ts';

/** Phone header (spec §2.4): title, back button and field selector where the spec puts them, and the sync indicator. */
export function MobileHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const titleKey = mobileTitleByPath[pathname.split('/')[1] ?? ''];
  const isKnown = titleKey !== undefined;
  const showBack = backButtonPaths.includes(pathname) || !isKnown;
  const showSelector = fieldSelectorPaths.includes(pathname);
  const transparent = transparentHeaderPaths.includes(pathname);
  return (
    <header
      data-testid="mobile-header"
      // A transparent header (spec §2.4) scrolls away with the page: kept on top, the cards would show through it.
      className={`z-30 flex min-h-14 items-center gap-2 px-2 md:hidden ${transparent ? 'bg-transparent' : 'sticky top-0 border-b border-stone-200 bg-white'}`}
    >
      {showBack && (
        <button
          type="button"
          onClick={() => navigate(-1)}
          aria-label={t('nav.back')}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-stone-100"
        >
          <Icon name="back" />
        </button>
      )}
      {/* Beside the picker the title keeps its width and the picker takes what is left ("Da…" told nothing). */}
      <p className={`${showSelector ? 'shrink-0' : 'min-w-0 flex-1 truncate'} px-1 text-lg font-semibold`}>
        {isKnown ? t(titleKey as 'mobileTitles.dashboard') : t('productName')}
      </p>
      {showSelector && <FieldSelector compact />}
      <SyncIndicator compact />
    </header>
  );
}
