import type { FieldBoundary } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Card, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { useDevTexts } from '../../features/dev-pages/dev-texts.ts';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { DevOnly } from './DevOnly.tsx';

const MapEditor = lazy(() => import('../../features/map-editor/MapEditor.tsx'));

interface LoggedChange {
  at: string;
  boundary: FieldBoundary | null;
}

function DrawingControlsTest() {
  const { t } = useDevTexts();
  usePageTitle(t('drawing.title'));
  const config = useQuery(publicConfigQuery());
  const [log, setLog] = useState<LoggedChange[]>([]);
  const describe = (boundary: FieldBoundary | null) =>
    boundary === null
      ? t('drawing.cleared')
      : boundary.type === 'Point'
        ? t('drawing.circle', { radius: Math.round(boundary.properties.radius) })
        : t('drawing.polygon', { corners: boundary.coordinates[0]!.length - 1 });
  return (
    <Page>
      <PageHeader title={t('drawing.title')} subtitle={t('drawing.subtitle')} />
      <Card title={t('drawing.instructions')}>
        <ol className="list-decimal space-y-1 pl-6">
          {(['step1', 'step2', 'step3', 'step4', 'step5'] as const).map((step) => (
            <li key={step}>{t(`drawing.steps.${step}`)}</li>
          ))}
        </ol>
      </Card>
      <div className="mt-4">
        {config.data ? (
          <Suspense fallback={<Spinner label={t('loading')} />}>
            <MapEditor
              initialBoundary={null}
              basemap={config.data.basemap}
              onChange={(boundary) => setLog((changes) => [{ at: new Date().toLocaleTimeString(), boundary }, ...changes].slice(0, 50))}
            />
          </Suspense>
        ) : (
          <Spinner label={t('loading')} />
        )}
      </div>
      <Card title={t('drawing.log')} className="mt-4">
        {log.length === 0 ? (
          <p className="text-stone-600">{t('drawing.empty')}</p>
        ) : (
          <ol className="space-y-1" aria-live="polite">
            {log.map((change, index) => (
              <li key={`${change.at}-${log.length - index}`} className="font-mono text-sm">
                {change.at} · {describe(change.boundary)}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </Page>
  );
}

/** `/test-drawing-controls` (spec §2.3): the boundary editor with its action log and steps to try by hand. */
export default function DrawingControlsTestPage() {
  return (
    <DevOnly>
      <DrawingControlsTest />
    </DevOnly>
  );
}
