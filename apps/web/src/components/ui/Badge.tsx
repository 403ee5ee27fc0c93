import type { ReactNode } from 'react';

/** What a badge's tint says: fine, watch it, or for information. */
export type BadgeTone = 'good' | 'warning' | 'info';

const tones: Record<BadgeTone, string> = {
  good: 'border-leaf-200 bg-leaf-50 text-leaf-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

/** A short status in words (never colour alone), tinted by what it calls for. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-sm font-semibold ${tones[tone]}`}>{children}</span>
  );
}
