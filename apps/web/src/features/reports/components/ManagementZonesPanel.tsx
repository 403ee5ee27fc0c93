import type { FieldSummary } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectInput, TextInput } from '../../../components/ui/form.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import type { Basemap } from '../../../lib/api/public-config.ts';
import { formatFixed, formatNumber } from '../../../lib/format.ts';
import { useLatestResult } from '../../analyses/api/latest-results.ts';
import type { ManagementZonesView } from '@murimi/core';
import { downloadPrescription, managementZonesQuery, saveFile, type PrescriptionFormat } from '../api/reports.ts';
import { checkZoneRates, prescriptionTotalKg, startingRates, zoneColour } from '../zone-rates.ts';

const ZonesMap = lazy(() => import('./ZonesMap.tsx'));
const ZONE_COUNTS = [3, 4, 5] as const;

/** The rate of the next fertilizer application's first product, kg/ha, to start the zones from; null without advice. */
function useAdvisedRate(fieldId: string): { rateKgPerHa: number; product: string } | null {
  const advice = useLatestResult(fieldId, 'fertilizer');
  const result = advice.result;
  if (!result || result.status === 'needs-field-details') return null;
  const next =
    result.events.find((event) => event.action === 'apply-now' && event.plan) ??
    result.events.find((event) => (event.timing === 'upcoming' || event.timing === 'due-now') && event.plan) ??
    null;
  const line = next?.plan?.lines[0];
  return line ? { rateKgPerHa: line.rateKgPerHa, product: line.product.name } : null;
}

/** The legend with a rate box per zone, the whole field's total, and the two downloads. */
export function ZoneRates({
  fieldId,
  zones,
  advised,
}: {
  fieldId: string;
  zones: ManagementZonesView;
  advised: { rateKgPerHa: number; product: string } | null;
}) {
  const { t } = useTranslation('app');
  const [entries, setEntries] = useState(() => startingRates(zones.zoneCount, advised?.rateKgPerHa ?? null));
  const [product, setProduct] = useState(advised?.product ?? '');
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const [busy, setBusy] = useState<PrescriptionFormat | null>(null);
  const [message, setMessage] = useState<{ tone: 'good' | 'error'; text: string } | null>(null);
  const total = prescriptionTotalKg(zones.classes, entries);
  const classifiedHa = zones.classes.reduce((sum, zone) => sum + zone.areaHa, 0);

  const download = async (format: PrescriptionFormat) => {
    const check = checkZoneRates(entries);
    if (!check.ok) {
      setErrors(check.errors);
      setMessage({ tone: 'error', text: t('reports.zones.fixRates') });
      return;
    }
    setErrors([]);
    setBusy(format);
    setMessage(null);
    try {
      const file = await downloadPrescription(fieldId, format, {
        zones: zones.zoneCount,
        ratesKgPerHa: check.ratesKgPerHa,
        ...(product.trim() ? { product: product.trim() } : {}),
      });
      saveFile(file);
      setMessage({ tone: 'good', text: t('reports.zones.downloaded', { file: file.fileName }) });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <p className="text-sm text-stone-700">
        {advised
          ? t('reports.zones.startFromAdvice', { rate: formatNumber(advised.rateKgPerHa, 0), product: advised.product })
          : t('reports.zones.noAdvice')}
      </p>
      <fieldset className="mt-3">
        <legend className="font-semibold text-stone-900">{t('reports.zones.legend')}</legend>
        <ul className="mt-2 space-y-3" data-testid="zone-legend">
          {zones.classes.map((zone) => (
            <li key={zone.zone} className="grid grid-cols-[2rem_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[2rem_minmax(0,1fr)_10rem]">
              <span
                aria-hidden="true"
                className="mt-1 h-8 w-8 rounded border border-stone-400"
                style={{ backgroundColor: zoneColour(zone.zone, zones.zoneCount) }}
              />
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  {t('reports.zones.zone', { zone: zone.zone })}
                  {zone.zone === 1 && <span className="font-normal text-stone-600"> · {t('reports.zones.lowest')}</span>}
                  {zone.zone === zones.zoneCount && <span className="font-normal text-stone-600"> · {t('reports.zones.highest')}</span>}
                </p>
                <p className="text-sm text-stone-700">
                  {t('reports.zones.zoneDetail', {
                    area: formatFixed(zone.areaHa, 2),
                    ndvi: zone.meanNdvi === null ? '—' : formatFixed(zone.meanNdvi, 2),
                  })}
                </p>
              </div>
              <div className="col-span-2 sm:col-span-1">
                <TextInput
                  label={t('reports.zones.rateLabel', { zone: zone.zone })}
                  inputMode="decimal"
                  value={entries[zone.zone - 1] ?? ''}
                  error={errors[zone.zone - 1] ?? undefined}
                  onChange={(event) => {
                    const next = [...entries];
                    next[zone.zone - 1] = event.target.value;
                    setEntries(next);
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-3 max-w-sm">
        <TextInput
          label={t('reports.zones.product')}
          hint={t('reports.zones.productHint')}
          value={product}
          maxLength={100}
          onChange={(event) => setProduct(event.target.value)}
        />
      </div>
      <p className="mt-3 font-semibold text-stone-900 tabular-nums" data-testid="prescription-total">
        {t('reports.zones.total', { kg: formatNumber(total, 0), area: formatFixed(classifiedHa, 2) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button type="button" disabled={busy !== null} onClick={() => void download('shapefile')}>
          {busy === 'shapefile' ? t('reports.zones.downloading') : t('reports.zones.downloadShapefile')}
        </Button>
        <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => void download('geojson')}>
          {busy === 'geojson' ? t('reports.zones.downloading') : t('reports.zones.downloadGeojson')}
        </Button>
      </div>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mt-2 text-sm font-medium ${message.tone === 'error' ? 'text-red-700' : 'text-leaf-800'}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}

/** A field's management zones on the map, with a rate per zone and the prescription to download. */
export function ManagementZonesPanel({ field, basemap }: { field: FieldSummary; basemap: Basemap }) {
  const { t } = useTranslation('app');
  const [zoneCount, setZoneCount] = useState<number>(ZONE_COUNTS[0]);
  const zones = useQuery(managementZonesQuery(field.id, zoneCount));
  const advised = useAdvisedRate(field.id);
  const bounds = useMemo(
    (): [number, number, number, number] => [field.bbox.minLng, field.bbox.minLat, field.bbox.maxLng, field.bbox.maxLat],
    [field.bbox],
  );

  return (
    <section aria-labelledby="zones-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="zones-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
          {t('reports.zones.title')}
          {zones.data?.simulated && <Badge tone="info">{t('reports.simulated')}</Badge>}
        </h2>
        <div className="w-32">
          <SelectInput
            label={t('reports.zones.count')}
            value={String(zoneCount)}
            onChange={(event) => setZoneCount(Number(event.target.value))}
          >
            {ZONE_COUNTS.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </SelectInput>
        </div>
      </div>
      {zones.isPending ? (
        <Spinner label={t('reports.zones.loading')} />
      ) : zones.isError ? (
        <LoadError error={zones.error} onRetry={() => void zones.refetch()} />
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">{zones.data.message}</p>
          {zones.data.unclassifiedAreaHa > 0 && (
            <p className="text-sm text-stone-600">
              {t('reports.zones.unclassified', { area: formatFixed(zones.data.unclassifiedAreaHa, 2) })}
            </p>
          )}
          <div className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="relative h-[20rem] overflow-hidden rounded-xl border border-stone-200 bg-[#e7e5d8] md:h-[28rem]">
              <Suspense fallback={<Spinner label={t('cropHealth.map.loading')} />}>
                <ZonesMap basemap={basemap} label={t('reports.zones.map', { field: field.name })} bounds={bounds} zones={zones.data} />
              </Suspense>
            </div>
            <ZoneRates
              key={`${zones.data.zoneCount}-${advised?.rateKgPerHa ?? 'none'}`}
              fieldId={field.id}
              zones={zones.data}
              advised={advised}
            />
          </div>
        </>
      )}
    </section>
  );
}
