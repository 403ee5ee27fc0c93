import { useEffect, useRef, useState } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { GuideBody, guideIds, type GuideId } from './GuideContent.tsx';
import { Icon, type IconName } from './Icon.tsx';
import { IconTile, PageIntro, Section } from './parts.tsx';
import { SpecsList } from './shared-blocks.tsx';
import { usePublicTexts } from './public-texts.ts';

const guideIcons: Record<GuideId, IconName> = {
  satellite: 'satellite',
  irrigation: 'drop',
  fertilizer: 'leaf',
  fields: 'map',
  reports: 'file',
};

export default function GuidesPage() {
  const { t } = usePublicTexts();
  usePageTitle(t('guides.title'));
  return (
    <>
      <PageIntro title={t('guides.title')} intro={t('guides.intro')} />
      <QuickStart />
      <DetailedGuides />
      <Section id="specs" title={t('shared.specs.title')} tone="white">
        <div className="rounded-xl border border-stone-200 bg-stone-50 px-4 py-2 md:px-6">
          <SpecsList />
        </div>
      </Section>
    </>
  );
}

function QuickStart() {
  const { t } = usePublicTexts();
  const steps = Object.entries(t('guides.quickStart.steps', { returnObjects: true }));
  return (
    <Section id="quick-start" title={t('guides.quickStart.title')} intro={t('guides.quickStart.intro')}>
      <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {steps.map(([key, step], index) => (
          <li key={key} className="flex gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
            <span
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-leaf-700 text-lg font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-lg font-semibold text-stone-900">{step.title}</h3>
              <p className="mt-1 text-stone-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The five guides: a list, or one guide opened in place (no route change) with a way back to the list. */
function DetailedGuides() {
  const { t } = usePublicTexts();
  const [openGuide, setOpenGuide] = useState<GuideId | null>(null);
  const lastOpened = useRef<GuideId | null>(null);
  const guideTitle = useRef<HTMLHeadingElement>(null);
  const readButtons = useRef(new Map<GuideId, HTMLButtonElement>());

  // Keyboard and screen-reader users land on the guide's title when it opens, and back on its button when it closes.
  useEffect(() => {
    if (openGuide) {
      document.getElementById('guides')?.scrollIntoView({ block: 'start' });
      guideTitle.current?.focus({ preventScroll: true });
    } else if (lastOpened.current) {
      readButtons.current.get(lastOpened.current)?.focus();
    }
  }, [openGuide]);

  function open(id: GuideId) {
    lastOpened.current = id;
    setOpenGuide(id);
  }

  return (
    <Section id="guides" title={t('guides.detailedTitle')} intro={openGuide ? undefined : t('guides.detailedIntro')} tone="white">
      {openGuide ? (
        <article aria-labelledby="guide-title" className="max-w-4xl">
          <BackButton onClick={() => setOpenGuide(null)} />
          <div className="mt-4 flex items-center gap-3">
            <IconTile name={guideIcons[openGuide]} />
            <h3 id="guide-title" ref={guideTitle} tabIndex={-1} className="text-2xl font-bold text-stone-900 outline-none">
              {t(`guides.items.${openGuide}.title`)}
            </h3>
          </div>
          <GuideBody id={openGuide} />
          <BackButton onClick={() => setOpenGuide(null)} className="mt-10" />
        </article>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {guideIds.map((id) => (
            <li key={id} className="flex flex-col rounded-xl border border-stone-200 bg-stone-50 p-5">
              <IconTile name={guideIcons[id]} />
              <h3 className="mt-3 text-lg font-semibold text-stone-900">{t(`guides.items.${id}.title`)}</h3>
              <p className="mt-1 flex-1 text-stone-700">{t(`guides.items.${id}.summary`)}</p>
              <button
                type="button"
                className={buttonClass('secondary', 'mt-4 self-start')}
                aria-label={t('guides.readGuideLabel', { title: t(`guides.items.${id}.title`) })}
                onClick={() => open(id)}
                ref={(element: HTMLButtonElement | null) => {
                  if (element) readButtons.current.set(id, element);
                  else readButtons.current.delete(id);
                }}
              >
                {t('guides.readGuide')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function BackButton({ onClick, className = '' }: { onClick: () => void; className?: string }) {
  const { t } = usePublicTexts();
  return (
    <Button variant="ghost" onClick={onClick} className={`-ml-4 ${className}`}>
      <Icon name="back" className="size-5" />
      {t('guides.back')}
    </Button>
  );
}
