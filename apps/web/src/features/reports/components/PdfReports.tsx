import type { Report, ReportRequest } from '@murimi/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError } from '../../../components/ui/form.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatFixed, formatNumber, formatTimestamp } from '../../../lib/format.ts';
import { describeError } from '../../../lib/form-errors.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useMe } from '../../account/api/account.ts';
import { downloadReport, pdfReportsQuery, useCancelReport, useRequestReport, type ReportScope } from '../api/pdf-reports.ts';

/** A file's size as a download button says it: kilobytes under a megabyte, else megabytes to one decimal. */
const fileSize = (bytes: number | null) =>
  (bytes ?? 0) < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round((bytes ?? 0) / 1024)), 0)} KB`
    : `${formatFixed((bytes ?? 0) / 1024 / 1024, 1)} MB`;

function ReportLine({ report, showTitle, canCancel }: { report: Report; showTitle: boolean; canCancel: boolean }) {
  const { t } = useTranslation('app');
  const saving = useMutation({
    mutationKey: ['pdf-report', 'download', report.id],
    mutationFn: () => downloadReport(report.id),
    onSuccess: saveFile,
  });
  const cancelling = useCancelReport();
  const counting = report.status === 'running' && report.stage === 'farms' && report.farmsTotal !== null;
  const state = counting
    ? t('reports.pdf.stage.farmsOf', { done: report.farmsDone ?? 0, total: report.farmsTotal ?? 0 })
    : report.status === 'running'
      ? t(`reports.pdf.stage.${report.stage ?? 'gathering'}`)
      : report.status === 'failed'
        ? t('reports.pdf.failed', { reason: report.error ?? '' })
        : t(`reports.pdf.status.${report.status}`);
  const inProgress = report.status === 'queued' || report.status === 'running';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        {showTitle && <p className="font-semibold break-words text-stone-900">{report.title}</p>}
        <p className="text-stone-800">{t('reports.pdf.asked', { time: formatTimestamp(report.createdAt) })}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700" role={report.status === 'failed' ? 'alert' : undefined}>
          {state}
          {report.simulated && <Badge tone="warning">{t('reports.simulated')}</Badge>}
        </p>
        {counting && (
          <progress
            className="mt-1 h-2 w-full max-w-xs accent-leaf-700"
            value={report.farmsDone ?? 0}
            max={Math.max(1, report.farmsTotal ?? 1)}
            aria-label={state}
          />
        )}
        {cancelling.isError && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {describeError(cancelling.error)}
          </p>
        )}
        {saving.isError && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {describeError(saving.error)}
          </p>
        )}
      </div>
      {report.status === 'done' && (
        <Button variant="secondary" disabled={saving.isPending} onClick={() => saving.mutate()} className="w-full sm:w-auto">
          {saving.isPending
            ? t('reports.pdf.downloading')
            : t(report.kind === 'programme' ? 'reports.pdf.downloadZip' : 'reports.pdf.download', { size: fileSize(report.fileBytes) })}
        </Button>
      )}
      {report.kind === 'programme' && inProgress && canCancel && (
        <Button
          variant="secondary"
          disabled={cancelling.isPending}
          onClick={() => cancelling.mutate(report.id)}
          className="w-full sm:w-auto"
        >
          {cancelling.isPending ? t('reports.pdf.cancelling') : t('reports.pdf.cancel')}
        </Button>
      )}
    </li>
  );
}

/**
 * A field's or farm's PDF reports, or a programme's packs: make one (written on the server, followed here as it goes,
 * a pack farm by farm and cancellable) and download it. Without a request, every report the person reaches, for the
 * reports screen.
 */
export function PdfReports({ request }: { request?: ReportRequest }) {
  const allowed = useMe().data?.organisation.allowed;
  // What the server's policy lets this person do; it decides again on every request. A funder sees aggregates only.
  if (!allowed?.includes('reports.read')) return null;
  const managesProgramme = allowed.includes('reports.programme');
  if (request?.kind === 'programme' && !managesProgramme) return null;
  return (
    <PdfReportsCard
      request={request}
      canRequest={allowed.includes(request?.kind === 'programme' ? 'reports.programme' : 'reports.write')}
      canCancel={managesProgramme}
    />
  );
}

function PdfReportsCard({
  request,
  canRequest,
  canCancel,
}: {
  request: ReportRequest | undefined;
  canRequest: boolean;
  canCancel: boolean;
}) {
  const { t } = useTranslation('app');
  const scope: ReportScope =
    request?.kind === 'field'
      ? { fieldId: request.fieldId }
      : request?.kind === 'farm'
        ? { farmId: request.farmId }
        : request?.kind === 'programme'
          ? { kind: 'programme' }
          : {};
  const reports = useQuery(pdfReportsQuery(scope));
  const asking = useRequestReport();
  // One id per report asked for: a click sent again after a lost answer makes the same report, not a second.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const ask = () => request && asking.mutate({ ...request, id: requestId }, { onSuccess: () => setRequestId(crypto.randomUUID()) });
  return (
    <Card title={t(request?.kind === 'programme' ? 'reports.pdf.programmeTitle' : 'reports.pdf.title')}>
      <div className="flex flex-col gap-3">
        <p className="text-stone-700">{t(`reports.pdf.intro.${request?.kind ?? 'all'}`)}</p>
        <FormError message={asking.isError ? describeError(asking.error) : null} />
        {request && canRequest && (
          <div className="flex sm:justify-end">
            <Button disabled={asking.isPending} onClick={ask} className="w-full sm:w-auto">
              {asking.isPending ? t('reports.pdf.asking') : t(request.kind === 'programme' ? 'reports.pdf.makePack' : 'reports.pdf.make')}
            </Button>
          </div>
        )}
        <QueryState query={reports} loadingLabel={t('reports.pdf.loading')} empty={t(`reports.pdf.empty.${request ? 'one' : 'all'}`)}>
          {(list) => (
            <ul className="divide-y divide-stone-200">
              {list.map((report) => (
                <ReportLine key={report.id} report={report} showTitle={!request || request.kind === 'programme'} canCancel={canCancel} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
