import { usePageTitle } from '../../lib/page-title.ts';
import { type IconName } from './Icon.tsx';
import { CheckList, CtaBand, IconTile, PageIntro, Section } from './parts.tsx';
import { ClaimsGrid, SpecsList } from './shared-blocks.tsx';
import { usePublicTexts } from './public-texts.ts';

const coreIcons: Record<string, IconName> = { monitoring: 'satellite', irrigation: 'drop', fertilizer: 'leaf', analytics: 'chart' };
const extraIcons: Record<string, IconName> = { mapping: 'map', weather: 'cloud', reporting: 'file', insights: 'spark', mobile: 'phone' };

export default function FeaturesPage() {
  const { t } = usePublicTexts();
  usePageTitle(t('features.title'));
  return (
    <>
      <PageIntro title={t('features.title')} intro={t('features.intro')} />
      <CoreFeatures />
      <Extras />
      <Section id="specs" title={t('shared.specs.title')} tone="white">
        <SpecsList />
      </Section>
      <Section id="results" title={t('features.resultsTitle')} intro={t('shared.claimsIntro')}>
        <ClaimsGrid />
      </Section>
      <CtaBand
        title={t('features.ctaTitle')}
        text={t('features.ctaText')}
        primary={{ to: '/register', label: t('features.ctaPrimary') }}
        secondary={{ to: '/guides', label: t('features.ctaSecondary') }}
      />
    </>
  );
}

function CoreFeatures() {
  const { t } = usePublicTexts();
  const features = Object.entries(t('features.core', { returnObjects: true }));
  return (
    <Section id="core" title={t('features.coreTitle')}>
      <ul className="grid gap-6 md:grid-cols-2">
        {features.map(([key, feature]) => (
          <li key={key} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm md:p-6">
            <div className="flex items-start gap-3">
              <IconTile name={coreIcons[key] ?? 'leaf'} />
              <div>
                <h3 className="text-xl font-semibold text-stone-900">{feature.title}</h3>
                <p className="mt-1 text-stone-700">{feature.text}</p>
              </div>
            </div>
            <CheckList items={Object.values(feature.points)} className="mt-4" />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Extras() {
  const { t } = usePublicTexts();
  const extras = Object.entries(t('features.extras', { returnObjects: true }));
  return (
    <Section id="extras" title={t('features.extrasTitle')} tone="white">
      <ul className="grid gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
        {extras.map(([key, extra]) => (
          <li key={key} className="flex gap-3">
            <IconTile name={extraIcons[key] ?? 'leaf'} />
            <div>
              <h3 className="text-lg font-semibold text-stone-900">{extra.title}</h3>
              <p className="mt-1 text-stone-700">{extra.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
