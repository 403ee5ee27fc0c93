import type { ReactNode } from 'react';

/** The narrow card every sign-in screen sits in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro && <p className="mt-1 text-stone-700">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
