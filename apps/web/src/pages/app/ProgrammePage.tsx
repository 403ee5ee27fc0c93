import {
  MIN_FARMS_PER_CELL,
  programmeSeason,
  seasonStartYearOf,
  type ProgrammeFigures,
  type ProgrammeMeasures,
  type ProgrammeQuery,
} from '@murimi/core';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { SelectInput } from '../../components/ui/form.tsx';
import { Card, EmptyState, Facts, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError, QueryState } from '../../components/ui/QueryState.tsx';
import { useMe } from '../../features/account/api/account.ts';
import { useProgrammeFigures } from '../../features/programme/api/programme.ts';
import { programmeCsv, programmeXlsx } from '../../features/programme/programme-table.ts';
import { useProgrammeTexts } from '../../features/programme/programme-texts.ts';
import { PdfReports } from '../../features/reports/components/PdfReports.tsx';
import { formatFixed, formatNumber, todayIso } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { saveFile } from '../../lib/save-file.ts';

const HEALTH_KEYS = ['healthy', 'moderate', 'bareOrStressed', 'noClearImage', 'notAnalysed'] as const;
/** Seasons offered: this one and the two before. */
const SEASONS_SHOWN = 3;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

function Totals({ totals }: { totals: ProgrammeMeasures }) {
  const { t } = useProgrammeTexts();
  const yields = totals.yieldTPerHa;
  return (
    <Facts
      items={[
        { label: t('totals.farms'), value: formatNumber(totals.farms, 0) },
        { label: t('totals.farmers'), value: formatNumber(totals.farmers, 0) },
        { label: t('totals.hectares'), value: `${formatFixed(totals.hectares, 1)} ha` },
        {
          label: t('totals.fresh'),
          value: t('totals.freshValue', {
            count: totals.freshImageFields,
            fields: totals.fields,
            share: percent(totals.freshImageFields, totals.fields),
          }),
        },
        { label: t('totals.alerts'), value: t('totals.alertsValue', { raised: totals.alerts.raised, acted: totals.alerts.actedOn }) },
        { label: t('totals.sent'), value: t('totals.sentValue', { emailed: totals.alerts.emailed, texted: totals.alerts.texted }) },
        { label: t('totals.advice'), value: t('totals.adviceValue', { issued: totals.advice.issued, done: totals.advice.loggedDone }) },
        {
          label: t('totals.yield'),
          value: yields
            ? t('totals.yieldValue', {
                low: formatFixed(yields.lowerQuartile, 1),
                high: formatFixed(yields.upperQuartile, 1),
                median: formatFixed(yields.median, 1),
                fields: yields.fields,
              })
            : t('totals.yieldNone'),
        },
      ]}
    />
  );
}

function Health({ totals }: { totals: ProgrammeMeasures }) {
  const { t } = useProgrammeTexts();
  return (
    <Card title={t('health.title')}>
      <ul className="grid gap-2 sm:grid-cols-5">
        {HEALTH_KEYS.map((key) => (
          <li key={key} className="rounded-lg border border-stone-200 p-3">
            <p className="text-sm text-stone-700">{t(`health.${key}`)}</p>
            <p className="text-2xl font-bold text-stone-900">{formatNumber(totals.health[key], 0)}</p>
            <p className="text-sm text-stone-700">{percent(totals.health[key], totals.fields)} %</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Rows({ figures }: { figures: ProgrammeFigures }) {
  const { t } = useProgrammeTexts();
  const downloadCsv = () =>
    saveFile({
      blob: new Blob([programmeCsv(figures)], { type: 'text/csv;charset=utf-8' }),
      fileName: `programme-${figures.season.startYear}.csv`,
    });
  const downloadXlsx = () =>
    saveFile({
      blob: new Blob([programmeXlsx(figures) as Uint8Array<ArrayBuffer>], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      fileName: `programme-${figures.season.startYear}.xlsx`,
    });
  return (
    <Card title={t('table.title')}>
      {/* Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too (WCAG 2.1.1, axe's scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keys */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('table.title')}>
        <table className="w-full min-w-[40rem] text-left">
          <thead>
            <tr className="border-b border-stone-300 text-sm text-stone-600">
              {(['group', 'crop', 'farms', 'hectares', 'healthy', 'alerts', 'advice', 'yield'] as const).map((column) => (
                <th key={column} scope="col" className="py-2 pr-3 font-medium">
                  {t(`table.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.rows.map((row) => (
              <tr key={`${row.group}|${row.crop}`} className="border-b border-stone-200 last:border-0">
                <th scope="row" className="py-2 pr-3 font-semibold text-stone-900">
                  {row.group}
                </th>
                <td className="py-2 pr-3">{row.crop}</td>
                <td className="py-2 pr-3">{row.farms}</td>
                <td className="py-2 pr-3">{formatFixed(row.hectares, 1)}</td>
                <td className="py-2 pr-3">
                  {row.health.healthy} ({percent(row.health.healthy, row.fields)} %)
                </td>
                <td className="py-2 pr-3">
                  {row.alerts.raised} ({row.alerts.actedOn})
                </td>
                <td className="py-2 pr-3">
                  {row.advice.issued} ({row.advice.loggedDone})
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {row.yieldTPerHa
                    ? `${formatFixed(row.yieldTPerHa.lowerQuartile, 1)}–${formatFixed(row.yieldTPerHa.upperQuartile, 1)}`
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={downloadCsv} className="w-full sm:w-auto">
          {t('table.download')}
        </Button>
        <Button variant="secondary" onClick={downloadXlsx} className="w-full sm:w-auto">
          {t('table.downloadXlsx')}
        </Button>
      </div>
    </Card>
  );
}

/** The programme's figures for its funders and those who run it: aggregates by group and crop, no farm or person. */
export default function ProgrammePage() {
  const { t } = useProgrammeTexts();
  usePageTitle(t('title'));
  const me = useMe();
  const allowed = me.data?.organisation.allowed.includes('programme.read') ?? false;
  const [query, setQuery] = useState<ProgrammeQuery>({});
  const figures = useProgrammeFigures(query, allowed);
  const seasons = Array.from({ length: SEASONS_SHOWN }, (_, i) => programmeSeason(seasonStartYearOf(todayIso()) - i));
  return (
    <Page>
      <PageHeader title={t('title')} subtitle={t('subtitle', { minimum: MIN_FARMS_PER_CELL })} />
      {me.isPending ? (
        <Spinner label={t('loading')} />
      ) : me.isError ? (
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      ) : !allowed ? (
        <p className="text-stone-700">{t('notAllowed')}</p>
      ) : (
        <QueryState query={figures} loadingLabel={t('loading')}>
          {(data) => (
            <div className="flex flex-col gap-4">
              <div className="grid gap-3 sm:grid-cols-3">
                <SelectInput
                  label={t('filters.season')}
                  value={String(data.season.startYear)}
                  onChange={(e) => setQuery({ ...query, season: Number(e.target.value) })}
                >
                  {seasons.map((season) => (
                    <option key={season.startYear} value={season.startYear}>
                      {season.label}
                    </option>
                  ))}
                </SelectInput>
                <SelectInput
                  label={t('filters.group')}
                  value={query.groupId ?? ''}
                  onChange={(e) => setQuery({ ...query, groupId: e.target.value || undefined })}
                >
                  <option value="">{t('filters.allGroups')}</option>
                  {data.groups.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </SelectInput>
                <SelectInput
                  label={t('filters.crop')}
                  value={query.crop ?? ''}
                  onChange={(e) => setQuery({ ...query, crop: e.target.value || undefined })}
                >
                  <option value="">{t('filters.allCrops')}</option>
                  {data.crops.map((crop) => (
                    <option key={crop.id} value={crop.id}>
                      {crop.name}
                    </option>
                  ))}
                </SelectInput>
              </div>
              {data.rows.length === 0 ? (
                <EmptyState title={t('title')} message={t('empty', { minimum: data.minimumFarms })} />
              ) : (
                <>
                  <Card>
                    <Totals totals={data.totals} />
                  </Card>
                  <Health totals={data.totals} />
                  <Rows figures={data} />
                </>
              )}
              {data.cellsLeftOut > 0 && (
                <p className="text-stone-700">{t('leftOut', { count: data.cellsLeftOut, minimum: data.minimumFarms })}</p>
              )}
              <p className="text-sm text-stone-600">{t('source')}</p>
              {/* Managers only: the pack names farms and people, which a funder never sees here. */}
              <PdfReports request={{ kind: 'programme', ...(query.groupId ? { groupId: query.groupId } : {}) }} />
            </div>
          )}
        </QueryState>
      )}
    </Page>
  );
}
