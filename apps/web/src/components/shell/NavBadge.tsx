import { useTranslation } from 'react-i18next';
import { badgeLabels, badgeText } from './navigation.ts';

/**
 * The count on a navigation entry (unread alerts): the number for the eye, capped at 99+, and what it counts in words
 * for a screen reader ("3 unread alerts"). Nothing when the count is 0.
 */
export function NavBadge({ to, count, className }: { to: string; count: number | undefined; className: string }) {
  const { t } = useTranslation();
  const text = badgeText(count ?? 0);
  const label = badgeLabels[to];
  if (!text) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid={`badge-${to.slice(1)}`}
        className={`rounded-full bg-red-700 text-white tabular-nums ${className}`}
      >
        {text}
      </span>
      <span className="sr-only">{label ? `, ${t(label, { count: count ?? 0 })}` : `, ${text}`}</span>
    </>
  );
}
