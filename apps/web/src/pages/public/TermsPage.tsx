import { usePageTitle } from '../../lib/page-title.ts';
import { container, PageIntro } from './parts.tsx';
import { usePublicTexts } from './public-texts.ts';

export default function TermsPage() {
  const { t } = usePublicTexts();
  usePageTitle(t('terms.title'));
  const sections = Object.entries(t('terms.sections', { returnObjects: true }));
  return (
    <>
      <PageIntro title={t('terms.title')} intro={t('terms.intro')} />
      <div className={`${container} grid gap-10 py-10 md:py-14 lg:grid-cols-[16rem_1fr]`}>
        <nav aria-labelledby="terms-contents" className="lg:sticky lg:top-20 lg:self-start">
          <h2 id="terms-contents" className="text-lg font-semibold text-stone-900">
            {t('terms.contents')}
          </h2>
          <ol className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-1">
            {sections.map(([key, section], index) => (
              <li key={key}>
                <a
                  href={`#terms-${key}`}
                  className="flex min-h-11 items-center gap-2 rounded-lg px-2 py-1.5 leading-snug text-leaf-800 underline-offset-2 hover:bg-leaf-50 hover:underline"
                >
                  <span className="w-6 shrink-0 text-right text-stone-700 tabular-nums">{index + 1}.</span>
                  <span>{section.title}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map(([key, section], index) => (
            <section key={key} id={`terms-${key}`} aria-labelledby={`terms-${key}-title`} className="scroll-mt-20">
              <h2 id={`terms-${key}-title`} className="text-xl font-bold text-stone-900 md:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-stone-800">
                {Object.entries(section.body).map(([paragraph, text]) => (
                  <p key={paragraph}>{text}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
