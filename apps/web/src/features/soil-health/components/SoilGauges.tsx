import type { SoilTest } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { soilGauges } from '../soil-gauges.ts';
import { soilAdviceCrop, soilMeaning } from '../soil-meaning.ts';
import { SoilGauge } from './SoilGauge.tsx';

/**
 * The latest soil test of a field as gauges against the guide bands, each with what it means for the field's
 * crop in one sentence; where the numbers come from (the test's date, depth and lab) above them.
 */
export function SoilGauges({ test, cropType }: { test: SoilTest; cropType: string | null }) {
  const { t } = useTranslation('app');
  const crop = soilAdviceCrop(cropType);
  const source = [
    test.depthCm !== null ? t('soilHealth.sourceDepth', { depth: test.depthCm }) : null,
    test.lab ? t('soilHealth.sourceLab', { lab: test.lab }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <section aria-labelledby="soil-gauges-title" className="space-y-3">
      <div>
        <h2 id="soil-gauges-title" className="text-xl font-semibold text-stone-900">
          {t('soilHealth.latestTitle', { date: formatDate(test.sampleDate) })}
        </h2>
        {source && <p className="text-sm text-stone-700">{source}</p>}
        <p className="mt-1 text-stone-800">
          <span>{crop.name ? t('soilHealth.meaningTitle', { crop: crop.name }) : t('soilHealth.meaningTitleNoCrop')}</span>
          {!crop.name && <span className="block text-sm text-stone-700">{t('soilHealth.noCropNote')}</span>}
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {soilGauges(test).map((gauge) => (
          <SoilGauge key={gauge.reading} gauge={gauge} sampleDate={test.sampleDate} meaning={soilMeaning(t, gauge, cropType)} />
        ))}
      </ul>
      <p className="text-sm text-stone-700">{t('soilHealth.bandsNote')}</p>
    </section>
  );
}
