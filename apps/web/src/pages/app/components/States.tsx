import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { EmptyState, Spinner } from '../../../components/ui/layout.tsx';
import { describeError } from '../../../lib/form-errors.ts';

/** A list or record that failed to load: what went wrong and a way to try again. */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what?: string }) {
  const { t } = useTranslation('app');
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{what ?? t('states.loadFailed')}</p>
      <p className="mt-1">{describeError(error)}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {t('states.retry')}
      </Button>
    </div>
  );
}

/** A list as it loads: a spinner, the load error with a retry, the line `empty` when it has nothing, else `children`. */
export function LoadedList<T>({
  query,
  loadingLabel,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <p className="text-stone-700">{empty}</p>;
  return children(query.data);
}

/** A records screen before any field exists: the records belong to a field, so first a way to set one up. */
export function NoFieldsYet() {
  const { t } = useTranslation('app');
  return (
    <EmptyState
      title={t('records.noFieldsTitle')}
      message={t('records.noFields')}
      action={<ButtonLink to="/create-farm-field">{t('actions.fieldSetup')}</ButtonLink>}
    />
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

/** The container every signed-in screen sits in: readable line length on wide screens. */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className="mx-auto w-full max-w-6xl">
      <div className={narrow ? 'max-w-3xl' : undefined}>{children}</div>
    </div>
  );
}
