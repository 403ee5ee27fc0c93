import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Icon, type IconName } from './Icon.tsx';

/** The page width every public section shares. */
export const container = 'mx-auto w-full max-w-6xl px-4 md:px-6';

/** A white-outlined link button for dark green bands (the shared variants are made for light backgrounds). */
const outlineOnDark =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-white px-6 py-2 text-lg font-semibold text-white transition-colors motion-reduce:transition-none hover:bg-leaf-900';

/** The top of a public page: its one <h1> and a short introduction. */
export function PageIntro({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <div className="border-b border-stone-200 bg-gradient-to-b from-leaf-50 to-white">
      <div className={`${container} py-10 md:py-14`}>
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 md:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-stone-700">{intro}</p>
        {children}
      </div>
    </div>
  );
}

type Tone = 'plain' | 'white' | 'leaf';
const tones: Record<Tone, string> = { plain: '', white: 'bg-white', leaf: 'bg-leaf-50' };

/** A titled band of a public page: <section aria-labelledby> with its <h2>. */
export function Section({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: Tone;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-16 py-12 md:py-16 ${tones[tone]}`}>
      <div className={container}>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-2 max-w-2xl text-stone-700 md:text-lg">{intro}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** An icon in a soft green tile. */
export function IconTile({ name, className = '' }: { name: IconName; className?: string }) {
  return (
    <span className={`inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-leaf-100 text-leaf-800 ${className}`}>
      <Icon name={name} />
    </span>
  );
}

/** A list with a check mark before each item. */
export function CheckList({ items, className = '' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-stone-700">
          <Icon name="check" className="mt-0.5 size-5 text-leaf-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A plain bulleted list with readable spacing. */
export function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 text-stone-700 marker:text-leaf-700">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

interface CtaLink {
  to: string;
  label: string;
}

/** A closing call to action on a dark green band. */
export function CtaBand({ title, text, primary, secondary }: { title: string; text: string; primary: CtaLink; secondary: CtaLink }) {
  return (
    <section aria-labelledby="cta-title" className="bg-leaf-800 text-white">
      <div className={`${container} py-12 text-center md:py-16`}>
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight md:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-leaf-50 md:text-lg">{text}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={primary.to} variant="secondary" className="px-6 text-lg">
            {primary.label}
          </ButtonLink>
          <Link to={secondary.to} className={outlineOnDark}>
            {secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
