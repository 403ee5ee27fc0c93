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

/** The container every signed-in screen sits in: readable line length on wide screens. */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className="mx-auto w-full max-w-6xl">
      <div className={narrow ? 'max-w-3xl' : undefined}>{children}</div>
    </div>
  );
}

/** A definition list of facts: label above value on phones, side by side on wider screens. */
export function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-sm font-medium text-stone-600">{item.label}</dt>
          <dd className="break-words text-stone-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A record that does not exist (or is not this organisation's), inside the page rather than a blank screen. */
export function MissingRecord({ title, message, action }: { title: string; message: string; action: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-700">{message}</p>
      <div className="mt-4 flex justify-center">{action}</div>
    </div>
  );
}
