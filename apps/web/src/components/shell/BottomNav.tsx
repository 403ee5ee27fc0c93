import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from './Icon.tsx';
import { badgeText, bottomNavEntries } from './navigation.ts';

/** Phone bottom navigation: the ten entries, scrolling sideways; badges cap at 99+ (spec §2.4, §9). */
export function BottomNav({ badges = {} }: { badges?: Partial<Record<string, number>> }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.mainNavigation')}
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white md:hidden"
    >
      <ul className="flex overflow-x-auto">
        {bottomNavEntries.map((entry) => {
          const badge = badgeText(badges[entry.to] ?? 0);
          return (
            <li key={entry.to} className="shrink-0">
              <NavLink
                to={entry.to}
                className={({ isActive }) =>
                  `relative flex min-h-14 w-20 flex-col items-center justify-center gap-0.5 px-1 text-[11px] leading-tight font-medium transition-colors duration-150 motion-reduce:transition-none ${isActive ? 'text-leaf-800' : 'text-stone-700'}`
                }
              >
                <Icon name={entry.icon} className="size-5" />
                <span className="text-center">{t(entry.label)}</span>
                {badge && <span className="absolute top-1 right-3 rounded-full bg-red-700 px-1.5 text-[10px] text-white">{badge}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
