import { usePageTitle } from '../../lib/page-title.ts';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { type IconName } from './Icon.tsx';
import { container, CtaBand, IconTile, Section } from './parts.tsx';
import { SampleFieldCard } from './SampleFieldCard.tsx';
import { ClaimsGrid } from './shared-blocks.tsx';
import { usePublicTexts } from './public-texts.ts';

export default function LandingPage() {
  const { t } = usePublicTexts();
  usePageTitle(t('landing.heroTitle'));
  return (
    <>
      <Hero />
      <ProblemAndSolution />
      <Steps />
      <Stories />
      <Section id="targets" title={t('shared.claimsTitle')} intro={t('shared.claimsIntro')} tone="white">
        <ClaimsGrid />
      </Section>
      <CtaBand
        title={t('landing.cta.title')}
        text={t('landing.cta.text')}
        primary={{ to: '/register', label: t('landing.cta.primary') }}
        secondary={{ to: '/pricing', label: t('landing.cta.secondary') }}
      />
    </>
  );
}

function Hero() {
  const { t } = usePublicTexts();
  return (
    <div className="bg-gradient-to-b from-leaf-50 to-stone-50">
      <div className={`${container} grid items-center gap-10 py-10 md:py-16 lg:grid-cols-[1.1fr_1fr] lg:gap-14`}>
        <div>
          <p className="font-semibold text-leaf-800">{t('landing.heroEyebrow')}</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-stone-900 md:text-5xl">{t('landing.heroTitle')}</h1>
          <p className="mt-4 max-w-xl text-lg text-stone-700">{t('landing.heroLead')}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/register" className="px-6 text-lg">
              {t('landing.heroPrimary')}
            </ButtonLink>
            <ButtonLink to="/features" variant="secondary" className="px-6 text-lg">
              {t('landing.heroSecondary')}
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-stone-700">{t('landing.heroNote')}</p>
        </div>
        <SampleFieldCard />
      </div>
    </div>
  );
}

const problemIcons: Record<string, IconName> = { hidden: 'eye', size: 'ruler', inputs: 'coins', connection: 'signal' };
const solutionIcons: Record<string, IconName> = { see: 'satellite', act: 'leaf', alerts: 'bell', light: 'phone' };

function ProblemAndSolution() {
  const { t } = usePublicTexts();
  return (
    <>
      <Section id="problem" title={t('landing.problem.title')} intro={t('landing.problem.intro')} tone="white">
        <ItemGrid items={t('landing.problem.items', { returnObjects: true })} icons={problemIcons} />
      </Section>
      <Section id="solution" title={t('landing.solution.title')} intro={t('landing.solution.intro')}>
        <ItemGrid items={t('landing.solution.items', { returnObjects: true })} icons={solutionIcons} />
      </Section>
    </>
  );
}

function ItemGrid({ items, icons }: { items: Record<string, { title: string; text: string }>; icons: Record<string, IconName> }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {Object.entries(items).map(([key, item]) => (
        <li key={key} className="flex gap-4 sm:block">
          <IconTile name={icons[key] ?? 'leaf'} />
          <div>
            <h3 className="text-lg font-semibold text-stone-900 sm:mt-3">{item.title}</h3>
            <p className="mt-1 text-stone-700">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Steps() {
  const { t } = usePublicTexts();
  const steps = Object.entries(t('landing.steps.items', { returnObjects: true }));
  return (
    <Section id="how-it-works" title={t('landing.steps.title')} tone="white">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(([key, step], index) => (
          <li key={key} className="relative rounded-xl border border-stone-200 bg-stone-50 p-5">
            <span
              className="inline-flex size-10 items-center justify-center rounded-full bg-leaf-700 text-lg font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 text-lg font-semibold text-stone-900">{step.title}</h3>
            <p className="mt-1 text-stone-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Stories() {
  const { t } = usePublicTexts();
  const stories = Object.entries(t('landing.stories.items', { returnObjects: true }));
  return (
    <Section id="stories" title={t('landing.stories.title')} intro={t('landing.stories.note')}>
      <ul className="grid gap-6 md:grid-cols-3">
        {stories.map(([key, story]) => (
          <li key={key}>
            <figure className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
              <blockquote className="flex-1 text-lg text-stone-800">
                <p>“{story.quote}”</p>
              </blockquote>
              <figcaption className="mt-4 border-t border-stone-200 pt-3 text-sm">
                <span className="font-semibold text-stone-900">{story.name}</span>
                <span className="text-stone-700"> · {story.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
