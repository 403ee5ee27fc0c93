import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Card, Page, PageHeader } from '../../components/ui/layout.tsx';
import { session } from '../../features/auth/session.ts';
import { DevOnly } from './DevOnly.tsx';
import { useDevTexts } from '../../features/dev-pages/dev-texts.ts';
import {
  DEBUG_CALLS,
  probeOutcome,
  PROBE_CALLS,
  sendProbe,
  type ProbeCall,
  type ProbeOutcome,
  type ProbeResult,
} from '../../features/dev-pages/endpoint-probe.ts';
import { usePageTitle } from '../../lib/page-title.ts';

const OUTCOME_CLASS: Record<ProbeOutcome, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
  error: 'border-red-700 bg-red-50 text-red-900',
  network: 'border-stone-500 bg-stone-100 text-stone-900',
};

/** Calls, one after another, and what each answered. */
function useCalls(calls: ProbeCall[]) {
  const [results, setResults] = useState<ProbeResult[]>([]);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    setResults([]);
    for (const call of calls) {
      const result = await sendProbe(call, session.token());
      setResults((done) => [...done, result]);
    }
    setRunning(false);
  };
  return { results, running, run };
}

function ResultList({ results, withBody }: { results: ProbeResult[]; withBody: boolean }) {
  const { t } = useDevTexts();
  return (
    <ul className="mt-3 space-y-2">
      {results.map((result, index) => (
        <li
          key={`${result.method} ${result.path} ${index}`}
          data-outcome={probeOutcome(result.status)}
          className={`rounded-lg border-l-4 p-3 ${OUTCOME_CLASS[probeOutcome(result.status)]}`}
        >
          <p className="flex flex-wrap justify-between gap-2 font-mono text-sm">
            <span>
              {result.method} {result.path}
            </span>
            <strong>{result.status === 0 ? t('apiDebug.noAnswer') : t('apiDebug.status', { status: result.status })}</strong>
          </p>
          {withBody && (
            <details className="mt-1 text-sm">
              <summary className="cursor-pointer">{t('apiDebug.body')}</summary>
              <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap break-all">{result.body}</pre>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

function ApiDebug() {
  const { t } = useDevTexts();
  usePageTitle(t('apiDebug.title'));
  const debug = useCalls(DEBUG_CALLS);
  const probe = useCalls(PROBE_CALLS);
  return (
    <Page>
      <PageHeader title={t('apiDebug.title')} subtitle={t('apiDebug.subtitle')} />
      <Card title={t('apiDebug.calls')}>
        <Button onClick={() => void debug.run()} disabled={debug.running}>
          {debug.running ? t('apiDebug.running') : t('apiDebug.run')}
        </Button>
        <ResultList results={debug.results} withBody />
      </Card>
      <Card title={t('apiDebug.probeTitle')} className="mt-4">
        <p className="text-stone-700">{t('apiDebug.probeIntro')}</p>
        <Button className="mt-3" variant="secondary" onClick={() => void probe.run()} disabled={probe.running}>
          {probe.running ? t('apiDebug.probing') : t('apiDebug.probe')}
        </Button>
        <ResultList results={probe.results} withBody={false} />
      </Card>
    </Page>
  );
}

/** `/test-api-debug` (spec §2.3): the API debug screen and the endpoint probe. */
export default function ApiDebugPage() {
  return (
    <DevOnly>
      <ApiDebug />
    </DevOnly>
  );
}
