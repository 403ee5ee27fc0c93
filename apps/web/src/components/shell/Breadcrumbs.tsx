import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { breadcrumbsFor } from './navigation.ts';

/** Desktop breadcrumbs (spec §2.4): hidden for short paths, collapsed past four items. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = breadcrumbsFor(useLocation().pathname);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('nav.breadcrumbs')} data-testid="breadcrumbs" className="mb-4 hidden md:block">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-stone-700">
        {crumbs.map((crumb, i) => (
          <li key={`${crumb.label}-${i}`} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {crumb.to ? (
              <Link to={crumb.to} className="rounded px-1 underline-offset-2 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current={i === crumbs.length - 1 ? 'page' : undefined} className="px-1 font-medium text-stone-900">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
