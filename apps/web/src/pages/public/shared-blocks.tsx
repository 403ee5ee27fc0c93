import { Icon } from './Icon.tsx';
import { usePublicTexts } from './public-texts.ts';

/** The public claims of spec §1, worded as targets, with the footnote that results vary. */
export function ClaimsGrid() {
  const { t } = usePublicTexts();
  const claims = Object.entries(t('shared.claims', { returnObjects: true }));
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {claims.map(([key, claim]) => (
          <li key={key} className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm last:col-span-2 sm:p-4 lg:last:col-span-1">
            <p className="text-2xl font-bold text-leaf-800 xl:text-3xl">{claim.value}</p>
            <p className="mt-1 font-semibold text-stone-900">{claim.label}</p>
            <p className="mt-1 text-sm text-stone-700">{claim.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 max-w-3xl text-sm text-stone-700">{t('shared.claimsNote')}</p>
    </>
  );
}

/** Satellite source, resolution, revisit, indices, crops and limits (spec §1, §9). */
export function SpecsList({ className = '' }: { className?: string }) {
  const { t } = usePublicTexts();
  const specs = Object.entries(t('shared.specs.items', { returnObjects: true }));
  return (
    <dl className={`grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3 ${className}`}>
      {specs.map(([key, spec]) => (
        <div key={key} className="border-b border-stone-200 py-3">
          <dt className="text-sm font-medium text-stone-700">{spec.term}</dt>
          <dd className="mt-0.5 font-semibold text-stone-900">{spec.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Free trial, no card, no setup fees, cancel anytime, unlimited fields: one line of check marks that wraps. */
export function TrialList({ className = '' }: { className?: string }) {
  const { t } = usePublicTexts();
  return (
    <ul className={`flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6 ${className}`}>
      {Object.entries(t('shared.trial', { returnObjects: true })).map(([key, item]) => (
        <li key={key} className="flex items-center gap-2 font-medium text-stone-800">
          <Icon name="check" className="size-5 text-leaf-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}
