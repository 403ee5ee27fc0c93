import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Card, Facts, Page, PageHeader } from '../../components/ui/layout.tsx';
import { useDevTexts } from '../../features/dev-pages/dev-texts.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { DevOnly } from './DevOnly.tsx';

/** Spec §9: mobile is below 768 px. */
const MOBILE_BELOW_PX = 768;

const subscribeToResize = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};
const windowSize = () => `${window.innerWidth}x${window.innerHeight}`;

/** A bottom bar entry: its path and the `common` text key of its label. */
export interface NavEntry {
  to: string;
  label: string;
}

function MobileNavTest({ entries }: { entries: readonly NavEntry[] }) {
  const { t } = useDevTexts();
  const { t: tApp } = useTranslation();
  usePageTitle(t('mobileNav.title'));
  const { pathname } = useLocation();
  const [width, height] = useSyncExternalStore(subscribeToResize, windowSize, () => '0x0')
    .split('x')
    .map(Number) as [number, number];
  return (
    <Page narrow>
      <PageHeader title={t('mobileNav.title')} subtitle={t('mobileNav.subtitle')} />
      <Card>
        <Facts
          items={[
            { label: t('mobileNav.route'), value: pathname },
            { label: t('mobileNav.window'), value: t('mobileNav.windowSize', { width, height }) },
            { label: t('mobileNav.layout'), value: width < MOBILE_BELOW_PX ? t('mobileNav.mobile') : t('mobileNav.wide') },
          ]}
        />
      </Card>
      <Card title={t('mobileNav.items')} className="mt-4">
        <ol className="list-decimal space-y-1 pl-6">
          {entries.map((entry) => (
            <li key={entry.to}>
              {tApp(entry.label as 'nav.dashboard')} <span className="font-mono text-sm text-stone-600">{entry.to}</span>
            </li>
          ))}
          <li>{t('mobileNav.more')}</li>
        </ol>
      </Card>
    </Page>
  );
}

/** `/test-mobile-nav` (spec §2.3): the current route, the bottom bar's items (`entries`, from the shell) and the window size. */
export default function MobileNavTestPage({ entries }: { entries: readonly NavEntry[] }) {
  return (
    <DevOnly>
      <MobileNavTest entries={entries} />
    </DevOnly>
  );
}
