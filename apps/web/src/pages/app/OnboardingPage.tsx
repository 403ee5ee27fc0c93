import type { OnboardingImport } from '@murimi/core';
import { useId, useState } from 'react';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { Checkbox } from '../../components/ui/Choice.tsx';
import { FormError } from '../../components/ui/form.tsx';
import { Card, Facts, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { useMe } from '../../features/account/api/account.ts';
import { useCheckSpreadsheet, useOnboardingImport, useStartOnboarding } from '../../features/members/api/onboarding.ts';
import { describeError } from '../../lib/form-errors.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePeopleTexts } from '../../features/members/people-texts.ts';
import { saveFile } from '../../lib/save-file.ts';

/** The columns a programme's spreadsheet may have, with two rows as an example: a template to fill in. */
const TEMPLATE = [
  'Farmer name,Phone,E-mail,Group,Farm name,Crop,Planting date,Latitude,Longitude,Area (ha),Boundary file,Boundary name',
  'Chipo Moyo,+263 77 123 4567,,Ward 7 – Mhondoro,Moyo home plot,maize,15/11/2026,-18.2291,30.4412,1.5,,',
  'Tendai Banda,0772 000 001,tendai@example.org,Ward 7 – Mhondoro,Banda vlei plot,soybean,,,,,,',
].join('\r\n');

function ChooseFile({ onChosen, busy }: { onChosen: (file: File) => void; busy: boolean }) {
  const { t } = usePeopleTexts();
  const inputId = useId();
  return (
    <Card title={t('onboarding.fileTitle')}>
      <div className="flex flex-col gap-4 text-stone-700">
        <p>{t('onboarding.intro')}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t('onboarding.columnsNeeded')}</li>
          <li>{t('onboarding.columnsOptional')}</li>
          <li>{t('onboarding.columnsPlace')}</li>
          <li>{t('onboarding.columnsBoundary')}</li>
        </ul>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="font-semibold text-stone-900">
            {t('onboarding.file')}
          </label>
          <p className="text-sm">{t('onboarding.fileHint')}</p>
          <input
            id={inputId}
            type="file"
            accept=".csv,.xlsx,.zip,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/zip"
            disabled={busy}
            className="min-h-11 rounded-lg border border-stone-300 bg-white p-2 file:mr-3 file:rounded file:border-0 file:bg-leaf-700 file:px-3 file:py-1 file:font-semibold file:text-white"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onChosen(file);
              event.target.value = ''; // choosing the same file again checks it again
            }}
          />
        </div>
        <div className="flex sm:justify-end">
          <Button
            variant="secondary"
            className="w-full sm:w-auto"
            onClick={() => saveFile({ blob: new Blob([TEMPLATE], { type: 'text/csv' }), fileName: 'murimi-farmers-template.csv' })}
          >
            {t('onboarding.template')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** What the dry run found: the counts, what would be created, and each bad row's problem. */
function Report({ checked }: { checked: OnboardingImport }) {
  const { t } = usePeopleTexts();
  const { report } = checked;
  return (
    <>
      <Card title={t('onboarding.reportTitle', { fileName: report.fileName })}>
        <Facts
          items={[
            { label: t('onboarding.rowsRead'), value: report.rowsRead.toLocaleString('en-GB') },
            { label: t('onboarding.toCreate'), value: report.toCreate.toLocaleString('en-GB') },
            { label: t('onboarding.alreadyImported'), value: report.alreadyImported.toLocaleString('en-GB') },
            { label: t('onboarding.withProblems'), value: report.rowsWithProblems.toLocaleString('en-GB') },
          ]}
        />
        <p className="mt-4 text-stone-700">
          {t('onboarding.wouldCreate', {
            farms: report.wouldCreate.farms.toLocaleString('en-GB'),
            fields: report.wouldCreate.fields.toLocaleString('en-GB'),
          })}
          {report.wouldCreate.groups.length > 0 && ` ${t('onboarding.newGroups', { groups: report.wouldCreate.groups.join(', ') })}`}
        </p>
        {report.alreadyImported > 0 && <p className="mt-2 text-stone-700">{t('onboarding.alreadyNote')}</p>}
      </Card>
      {report.problems.length > 0 && (
        <Card title={t('onboarding.problemsTitle', { count: report.rowsWithProblems })}>
          <p className="mb-3 text-stone-700">{t('onboarding.problemsIntro')}</p>
          <ol className="divide-y divide-stone-200" aria-label={t('onboarding.problemsTitle', { count: report.rowsWithProblems })}>
            {report.problems.map((problem) => (
              <li key={`${problem.row}-${problem.column}`} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
                <span className="shrink-0 font-semibold text-stone-900 sm:w-40">
                  {t('onboarding.rowColumn', { row: problem.row, column: problem.column })}
                </span>
                <span className="text-stone-800">{problem.message}</span>
              </li>
            ))}
          </ol>
          {report.problemsNotListed > 0 && (
            <p className="mt-3 text-sm text-stone-700">{t('onboarding.moreProblems', { count: report.problemsNotListed })}</p>
          )}
        </Card>
      )}
    </>
  );
}

function Progress({ current }: { current: OnboardingImport }) {
  const { t } = usePeopleTexts();
  const percent = current.rowsTotal === 0 ? 100 : Math.round((100 * current.rowsDone) / current.rowsTotal);
  const label = t('onboarding.importing', {
    done: current.rowsDone.toLocaleString('en-GB'),
    total: current.rowsTotal.toLocaleString('en-GB'),
  });
  return (
    <Card title={t('onboarding.importingTitle')}>
      <div
        role="progressbar"
        aria-label={t('onboarding.importingTitle')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-leaf-700 transition-[width] duration-700 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-stone-700" aria-live="polite">
        {label}
      </p>
      <p className="mt-1 text-sm text-stone-600">{t('onboarding.importingNote')}</p>
    </Card>
  );
}

function Outcome({ current, onAnother }: { current: OnboardingImport; onAnother: () => void }) {
  const { t } = usePeopleTexts();
  const outcome = current.outcome;
  return (
    <Card title={current.status === 'done' ? t('onboarding.doneTitle') : t('onboarding.failedTitle')}>
      <div className="flex flex-col gap-3 text-stone-800">
        {current.failure && (
          <p role="alert" className="font-medium text-red-800">
            {current.failure}
          </p>
        )}
        {outcome && (
          <p>
            {t('onboarding.created', {
              farms: outcome.farms.toLocaleString('en-GB'),
              fields: outcome.fields.toLocaleString('en-GB'),
              groups: outcome.groups.toLocaleString('en-GB'),
            })}
            {current.invite && ` ${t('onboarding.invited', { count: outcome.invitationsSent })}`}
          </p>
        )}
        {outcome && outcome.notInvited.length > 0 && (
          <div>
            <p className="font-semibold">{t('onboarding.notInvited')}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {outcome.notInvited.map((item) => (
                <li key={item.farmer}>
                  {item.farmer}: {item.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onAnother}>
            {t('onboarding.another')}
          </Button>
          <ButtonLink to="/fields">{t('onboarding.seeFields')}</ButtonLink>
        </div>
      </div>
    </Card>
  );
}

/** Whether to invite the farmers, and the button that starts the import (or only the invitations, on a file imported before). */
function StartImport({
  checked,
  invite,
  onInvite,
  start,
  onAnother,
}: {
  checked: OnboardingImport;
  invite: boolean;
  onInvite: (invite: boolean) => void;
  start: ReturnType<typeof useStartOnboarding>;
  onAnother: () => void;
}) {
  const { t } = usePeopleTexts();
  const { toCreate, wouldCreate } = checked.report;
  const inviting = invite && wouldCreate.farmersToInvite > 0;
  let label = t('onboarding.nothingNew');
  if (toCreate > 0) label = t('onboarding.import', { count: toCreate });
  else if (inviting) label = t('onboarding.inviteOnly');
  return (
    <Card>
      <div className="flex flex-col gap-3">
        {wouldCreate.farmersToInvite > 0 && (
          <Checkbox
            label={t('onboarding.invite', { count: wouldCreate.farmersToInvite })}
            hint={t('onboarding.inviteHint')}
            checked={invite}
            onChange={onInvite}
          />
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onAnother} disabled={start.isPending}>
            {t('onboarding.another')}
          </Button>
          <Button onClick={() => start.mutate({ id: checked.id, invite })} disabled={start.isPending || (toCreate === 0 && !inviting)}>
            {start.isPending ? t('onboarding.starting') : label}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/**
 * Onboarding by spreadsheet (managers): choose a CSV or XLSX, read the dry run's report (what would be created, each
 * bad row's problem), start the import (optionally inviting the farmers), follow its progress, see what it made.
 */
export default function OnboardingPage() {
  const { t } = usePeopleTexts();
  usePageTitle(t('onboarding.title'));
  const me = useMe();
  const [importId, setImportId] = useState<string | null>(null);
  const [invite, setInvite] = useState(true);
  const check = useCheckSpreadsheet();
  const start = useStartOnboarding();
  const current = useOnboardingImport(importId);

  if (me.isPending) return <Spinner label={t('people.loadingOrganisations')} />;
  if (me.isError) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  const organisation = me.data.organisation;
  const header = <PageHeader title={t('onboarding.title')} subtitle={t('onboarding.subtitle', { organisation: organisation.name })} />;
  if (!organisation.allowed.includes('onboarding.import')) {
    return (
      <Page narrow>
        {header}
        <Card>
          <p className="text-stone-700">{t('onboarding.notAllowed')}</p>
        </Card>
      </Page>
    );
  }
  const reset = () => {
    setImportId(null);
    check.reset();
    start.reset();
  };
  const state = current.data;
  return (
    <Page narrow>
      {header}
      <div className="flex flex-col gap-4">
        {!state && (
          <ChooseFile busy={check.isPending} onChosen={(file) => check.mutate(file, { onSuccess: (checked) => setImportId(checked.id) })} />
        )}
        {check.isPending && <Spinner label={t('onboarding.checking')} />}
        <FormError message={check.error ? describeError(check.error) : start.error ? describeError(start.error) : null} />
        {current.isError && <LoadError error={current.error} onRetry={() => void current.refetch()} />}
        {state && <Report checked={state} />}
        {state?.status === 'checked' && (
          <StartImport checked={state} invite={invite} onInvite={setInvite} start={start} onAnother={reset} />
        )}
        {state?.status === 'importing' && <Progress current={state} />}
        {(state?.status === 'done' || state?.status === 'failed') && <Outcome current={state} onAnother={reset} />}
      </div>
    </Page>
  );
}
