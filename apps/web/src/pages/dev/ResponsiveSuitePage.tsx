import { useState } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, Page, PageHeader } from '../../components/ui/layout.tsx';
import type { CheckResult } from '../../features/dev-pages/responsive-checks.ts';
import { deviceAndNetwork, SUITE_CHECKS, SUITES, type SuiteName } from '../../features/dev-pages/responsive-suites.ts';
import { useDevTexts } from '../../features/dev-pages/dev-texts.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { saveFile } from '../../lib/save-file.ts';
import { DevOnly } from './DevOnly.tsx';

type SuiteState = { state: 'idle' } | { state: 'running' } | { state: 'done'; results: CheckResult[]; at: string };

const TONE: Record<CheckResult['outcome'], BadgeTone> = { pass: 'good', warn: 'warning', fail: 'warning' };

function ResponsiveSuite() {
  const { t } = useDevTexts();
  usePageTitle(t('responsive.title'));
  const [tab, setTab] = useState<SuiteName>('responsive');
  const [suites, setSuites] = useState<Record<SuiteName, SuiteState>>(
    () => Object.fromEntries(SUITES.map((name) => [name, { state: 'idle' }])) as Record<SuiteName, SuiteState>,
  );
  const run = async (name: SuiteName) => {
    setSuites((all) => ({ ...all, [name]: { state: 'running' } }));
    const results = await SUITE_CHECKS[name]();
    setSuites((all) => ({ ...all, [name]: { state: 'done', results, at: new Date().toISOString() } }));
  };
  const exportReport = () => {
    const report = { generatedAt: new Date().toISOString(), ...deviceAndNetwork(), suites };
    saveFile({ blob: new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' }), fileName: 'responsive-report.json' });
  };
  const current = suites[tab];
  return (
    <Page>
      <PageHeader
        title={t('responsive.title')}
        subtitle={t('responsive.subtitle')}
        actions={
          <Button variant="secondary" onClick={exportReport}>
            {t('responsive.export')}
          </Button>
        }
      />
      <div role="tablist" aria-label={t('responsive.title')} className="flex flex-wrap gap-2">
        {SUITES.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`min-h-11 rounded-lg border px-3 py-2 font-semibold ${tab === name ? 'border-leaf-700 bg-leaf-50 text-leaf-900' : 'border-stone-300 bg-white'}`}
          >
            {t(`responsive.tabs.${name}`)} · {t(`responsive.state.${suites[name].state}`)}
          </button>
        ))}
      </div>
      <Card title={t(`responsive.tabs.${tab}`)} className="mt-4">
        <Button onClick={() => void run(tab)} disabled={current.state === 'running'}>
          {t('responsive.run')}
        </Button>
        {current.state === 'done' ? (
          <ul className="mt-3 space-y-2" role="tabpanel">
            {current.results.map((check) => (
              <li key={check.name} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 p-2">
                <span>
                  <strong>{check.name}</strong>: {check.detail}
                </span>
                <Badge tone={TONE[check.outcome]}>{t(`responsive.outcome.${check.outcome}`)}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-stone-600" role="tabpanel">
            {current.state === 'running' ? t('responsive.state.running') : t('responsive.notRun')}
          </p>
        )}
      </Card>
    </Page>
  );
}

/** `/test-responsive-suite` (spec §2.3): five suites of checks on this device, and their report as JSON. */
export default function ResponsiveSuitePage() {
  return (
    <DevOnly>
      <ResponsiveSuite />
    </DevOnly>
  );
}
