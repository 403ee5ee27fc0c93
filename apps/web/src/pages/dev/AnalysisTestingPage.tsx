import { analysisTypes, type AnalysisType } from '@murimi/core';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { SelectInput } from '../../components/ui/form.tsx';
import { Card, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { analysisRuns, type AnalysisRun, type RunState } from '../../features/analyses/analysis-runs.ts';
import { useAnalysisRuns } from '../../features/analyses/use-analysis-runs.ts';
import { useDevTexts } from '../../features/dev-pages/dev-texts.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { DevOnly } from './DevOnly.tsx';

/** Spec §2.3: three sample fields; their `test-` ids keep every run off the network (spec §4). */
export const SAMPLE_FIELDS = [
  { id: 'test-field-1', name: 'Test field 1 (maize, 4 ha)' },
  { id: 'test-field-2', name: 'Test field 2 (soybean, 12 ha)' },
  { id: 'test-field-3', name: 'Test field 3 (tobacco, 2 ha)' },
] as const;

const TONE: Record<RunState, BadgeTone> = {
  starting: 'info',
  running: 'info',
  completed: 'good',
  failed: 'warning',
  cancelled: 'warning',
  'timed-out': 'warning',
};
const isRunning = (run: AnalysisRun) => run.state === 'starting' || run.state === 'running';

function RunRow({ run }: { run: AnalysisRun }) {
  const { t } = useDevTexts();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 p-2" data-run={run.key}>
      <span>
        {run.type} · {run.fieldId} · {t('analysis.percent', { value: run.progress.percent })}
      </span>
      <span className="flex items-center gap-2">
        <Badge tone={TONE[run.state]}>{t(`states.${run.state}`)}</Badge>
        {isRunning(run) && (
          <Button variant="secondary" onClick={() => void analysisRuns.cancel(run.fieldId, run.type)}>
            {t('analysis.cancel')}
          </Button>
        )}
      </span>
    </li>
  );
}

/** A loading panel moved through its states by hand: idle, loading, done or failed. */
function LoadingPanel() {
  const { t } = useDevTexts();
  const [state, setState] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  return (
    <div className="rounded-lg border border-stone-200 p-3">
      {state === 'running' ? (
        <Spinner label={t('analysis.loadingRunning')} />
      ) : (
        <p>{t(state === 'idle' ? 'analysis.loadingIdle' : state === 'done' ? 'analysis.loadingDone' : 'analysis.loadingFailed')}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setState('running')}>
          {t('analysis.start')}
        </Button>
        <Button variant="secondary" onClick={() => setState('done')} disabled={state !== 'running'}>
          {t('analysis.complete')}
        </Button>
        <Button variant="secondary" onClick={() => setState('failed')} disabled={state !== 'running'}>
          {t('analysis.fail')}
        </Button>
        <Button variant="secondary" onClick={() => setState('idle')} disabled={state !== 'running'}>
          {t('analysis.cancel')}
        </Button>
      </div>
    </div>
  );
}

function AnalysisTesting() {
  const { t } = useDevTexts();
  usePageTitle(t('analysis.title'));
  const [fieldId, setFieldId] = useState<string>(SAMPLE_FIELDS[0].id);
  const [type, setType] = useState<AnalysisType>('health');
  const runs = useAnalysisRuns().filter((run) => run.fieldId.startsWith('test-'));
  const running = runs.filter(isRunning);
  const field = SAMPLE_FIELDS.find((sample) => sample.id === fieldId)!;
  return (
    <Page>
      <PageHeader title={t('analysis.title')} subtitle={t('analysis.subtitle')} />
      <Card>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectInput label={t('analysis.field')} value={fieldId} onChange={(event) => setFieldId(event.target.value)}>
            {SAMPLE_FIELDS.map((sample) => (
              <option key={sample.id} value={sample.id}>
                {sample.name}
              </option>
            ))}
          </SelectInput>
          <SelectInput label={t('analysis.type')} value={type} onChange={(event) => setType(event.target.value as AnalysisType)}>
            {analysisTypes.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectInput>
        </div>
        <Button className="mt-3" onClick={() => void analysisRuns.run({ fieldId: field.id, fieldName: field.name, type })}>
          {t('analysis.run')}
        </Button>
        <p className="mt-3 flex flex-wrap items-center gap-3">
          <span>{t('analysis.running', { count: running.length })}</span>
          <span>
            {t('analysis.system')}:{' '}
            <Badge tone={running.length > 0 ? 'info' : 'good'}>{running.length > 0 ? t('analysis.active') : t('analysis.idle')}</Badge>
          </span>
        </p>
      </Card>
      <Card title={t('analysis.perField')} className="mt-4">
        {SAMPLE_FIELDS.map((sample) => {
          const ofField = runs.filter((run) => run.fieldId === sample.id);
          return (
            <section key={sample.id} className="mt-2">
              <h3 className="font-semibold">{sample.name}</h3>
              {ofField.length === 0 ? (
                <p className="text-stone-600">{t('analysis.none')}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {ofField.map((run) => (
                    <RunRow key={run.key} run={run} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </Card>
      <Card title={t('analysis.all')} className="mt-4">
        {running.length === 0 ? (
          <p className="text-stone-600">{t('analysis.none')}</p>
        ) : (
          <ul className="space-y-1">
            {running.map((run) => (
              <RunRow key={run.key} run={run} />
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('analysis.loadingTitle')} className="mt-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <LoadingPanel />
          <LoadingPanel />
        </div>
      </Card>
    </Page>
  );
}

/** `/test-analysis` (spec §2.3): the analysis testing dashboard. */
export default function AnalysisTestingPage() {
  return (
    <DevOnly>
      <AnalysisTesting />
    </DevOnly>
  );
}
