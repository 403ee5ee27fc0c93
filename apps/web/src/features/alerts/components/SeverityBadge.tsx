import { useTranslation } from 'react-i18next';
import { StrokeIcon } from '../../../components/ui/StrokeIcon.tsx';
import type { AlertSeverity } from '../alert-filters.ts';

// An octagon for critical, a triangle for a warning, a circle for information: the shape says it without colour.
const icons: Record<AlertSeverity, string> = {
  critical: 'M8 2h8l6 6v8l-6 6H8l-6-6V8zm4 5v6m0 3.5v.5',
  warning: 'M12 3L2 20.5h20zm0 6.5v5m0 3v.5',
  info: 'M12 22a10 10 0 100-20 10 10 0 000 20zm0-11v6m0-9.5v.5',
};

const tones: Record<AlertSeverity, string> = {
  critical: 'border-red-800 bg-red-700 text-white',
  warning: 'border-amber-400 bg-amber-100 text-amber-950',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

/** The left edge of an alert's card, in its severity's colour (beside the badge's words and shape). */
export const severityEdge: Record<AlertSeverity, string> = {
  critical: 'border-l-red-700',
  warning: 'border-l-amber-500',
  info: 'border-l-sky-500',
};

/** How serious an alert is, in words and a shape as well as a colour. */
export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const { t } = useTranslation('alerts');
  return (
    <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm font-semibold ${tones[severity]}`}>
      <StrokeIcon d={icons[severity]} className="size-4 shrink-0" strokeWidth={2} />
      {t(`severity.${severity}`)}
    </span>
  );
}
