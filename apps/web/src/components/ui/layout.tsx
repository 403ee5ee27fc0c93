import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-stone-900 md:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-stone-700">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Card({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5 ${className}`}>
      {title && <h2 className="mb-3 text-lg font-semibold text-stone-900">{title}</h2>}
      {children}
    </section>
  );
}

/** What an empty list says: what is missing and what to do about it. */
export function EmptyState({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center">
      <p className="text-lg font-semibold text-stone-900">{title}</p>
      <p className="mx-auto mt-1 max-w-prose text-stone-700">{message}</p>
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-stone-700">
      <span className="size-6 animate-spin rounded-full border-4 border-leaf-200 border-t-leaf-700" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
