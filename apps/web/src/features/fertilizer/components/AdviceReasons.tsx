import { SOIL_NUTRIENT_THRESHOLDS_PPM, SOIL_PH_OPTIMAL, type FertilizerAdviceResult, type SoilNutrient, type SoilTest } from '@murimi/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useSoilTests } from '../../soil-tests/api/soil-tests.ts';
import { RatingBadge } from '../../soil-tests/components/RatingBadge.tsx';

type NutrientAdvice = NonNullable<FertilizerAdviceResult['nutrients']>['nitrogen'];
type RuleCheckClear = Extract<FertilizerAdviceResult['ruleChecks'][number], { suppressed: false }>;

const kg = (value: number) => formatNumber(value, 1);

function Row({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-stone-100 py-1 last:border-b-0">
      <dt className="font-medium text-stone-800">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-stone-900">
        <span className="tabular-nums">{value}</span>
        {detail}
      </dd>
    </div>
  );
}

/** The soil test the advice used, each reading beside the guide's thresholds and its rating. */
function SoilTestReasons({ fieldId, assessment }: { fieldId: string; assessment: FertilizerAdviceResult['soilTest'] }) {
  const { t } = useTranslation('app');
  const tests = useSoilTests(fieldId);
  const heading = <h3 className="font-semibold text-stone-900">{t('fertilizerAdvice.soilTitle')}</h3>;
  if (!assessment || assessment.state === 'missing' || !assessment.rating)
    return (
      <div>
        {heading}
        <p className="text-stone-800">{t('fertilizerAdvice.soilNone')}</p>
        <ButtonLink to={`/soil-tests/log?fieldId=${fieldId}`} state={{ returnTo: '/fertilizer' }} variant="secondary" className="mt-2">
          {t('fertilizerAdvice.soilLog')}
        </ButtonLink>
      </div>
    );
  const { rating } = assessment;
  const test: SoilTest | undefined = tests.data?.find((candidate) => candidate.sampleDate === assessment.sampleDate);
  const unrated = (reason: 'not-measured' | 'unit-not-ppm' | null) =>
    reason && (
      <span className="text-sm text-stone-600">
        {t(reason === 'unit-not-ppm' ? 'fertilizerAdvice.notRated' : 'fertilizerAdvice.notMeasured')}
      </span>
    );
  const value = (nutrient: SoilNutrient) => {
    const reading = test?.[nutrient];
    return reading === null || reading === undefined
      ? '—'
      : t('fertilizerAdvice.soilValue', { value: formatNumber(reading), unit: test!.unit });
  };
  // The ratings the advice used; the values come from the record of that sampling day.
  const levels = rating;
  return (
    <div>
      {heading}
      <p className="text-sm text-stone-700">
        {t('fertilizerAdvice.soilSampled', { date: formatDate(assessment.sampleDate), days: assessment.ageDays ?? '—' })}
      </p>
      <dl className="mt-1">
        {(['nitrogen', 'phosphorus', 'potassium'] as const).map((nutrient) => (
          <Row
            key={nutrient}
            label={t(`fertilizerAdvice.soilRow.${nutrient}`)}
            value={value(nutrient)}
            detail={
              <>
                {levels[nutrient] ? <RatingBadge level={levels[nutrient]} /> : unrated(levels.unrated[nutrient])}
                <span className="text-sm text-stone-600">{t('fertilizerAdvice.soilBand', SOIL_NUTRIENT_THRESHOLDS_PPM[nutrient])}</span>
              </>
            }
          />
        ))}
        <Row
          label={t('fertilizerAdvice.soilRow.ph')}
          value={test?.ph === null || test?.ph === undefined ? '—' : formatNumber(test.ph, 1)}
          detail={
            <>
              {levels.ph ? <RatingBadge level={levels.ph} /> : unrated('not-measured')}
              <span className="text-sm text-stone-600">{t('fertilizerAdvice.soilPhBand', SOIL_PH_OPTIMAL)}</span>
            </>
          }
        />
      </dl>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
        {assessment.explanation.map((sentence, i) => (
          <li key={i}>{sentence}</li>
        ))}
      </ul>
    </div>
  );
}

/** One nutrient's need, what counts against it and what is still needed, kg/ha, with the engine's reasoning. */
function NutrientReasons({ advice }: { advice: NutrientAdvice }) {
  const { t } = useTranslation('app');
  const amount = (value: number) => t('fertilizerAdvice.kgPerHa', { value: kg(value) });
  const rows = [
    { label: t('fertilizerAdvice.need'), value: amount(advice.needKgPerHa), show: true },
    { label: t('fertilizerAdvice.removal'), value: amount(advice.maintenanceKgPerHa), show: advice.nutrient !== 'nitrogen' },
    { label: t('fertilizerAdvice.buildUp'), value: amount(advice.buildUpKgPerHa), show: advice.buildUpKgPerHa > 0 },
    { label: t('fertilizerAdvice.credits'), value: `− ${amount(advice.creditsKgPerHa)}`, show: advice.nutrient === 'nitrogen' },
    { label: t('fertilizerAdvice.applied'), value: `− ${amount(advice.appliedKgPerHa)}`, show: true },
  ];
  return (
    <section aria-labelledby={`reasons-${advice.nutrient}`} className="rounded-lg border border-stone-200 p-3">
      <h3 id={`reasons-${advice.nutrient}`} className="font-semibold text-stone-900">
        {t('fertilizerAdvice.nutrientTitle', { label: t(`fertilizerAdvice.nutrients.${advice.nutrient}`) })}
      </h3>
      <dl className="mt-1">
        {rows
          .filter((row) => row.show)
          .map((row) => (
            <Row key={row.label} label={row.label} value={row.value} />
          ))}
        <Row label={t('fertilizerAdvice.still')} value={<strong>{amount(advice.stillNeededKgPerHa)}</strong>} />
      </dl>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-800">
        {advice.reasoning.map((sentence, i) => (
          <li key={i}>{sentence}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Why the advice says what it says: the soil test against the thresholds, each nutrient's need (removal by the
 * target yield, build-up, credits, what was already applied), NDRE sufficiency, the checks made and the assumptions.
 */
export function AdviceReasons({ fieldId, result, simulated }: { fieldId: string; result: FertilizerAdviceResult; simulated: boolean }) {
  const { t } = useTranslation('app');
  const { nutrients, ndre } = result;
  const passed = result.ruleChecks.filter((check): check is RuleCheckClear => !check.suppressed);
  // The NDRE sentence is shown under its own heading; a note that repeats it is left out here.
  const assumptions = [...result.assumptions, ...result.notes.filter((note) => !ndre || !note.startsWith(ndre.explanation))];
  return (
    <section aria-labelledby="advice-reasons-title" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="advice-reasons-title" className="text-lg font-semibold text-stone-900">
          {t('fertilizerAdvice.whyTitle')}
        </h2>
        {simulated && <Badge tone="info">{t('fertilizerAdvice.simulated')}</Badge>}
      </div>
      <div className="space-y-5">
        {result.targetYield && (
          <p className="text-stone-900">
            {t(result.targetYield.isDefault ? 'fertilizerAdvice.targetYieldDefault' : 'fertilizerAdvice.targetYield', {
              value: formatNumber(result.targetYield.tonnesPerHa, 1),
            })}
          </p>
        )}
        <SoilTestReasons fieldId={fieldId} assessment={result.soilTest} />
        {nutrients && (
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
            <NutrientReasons advice={nutrients.nitrogen} />
            <NutrientReasons advice={nutrients.phosphate} />
            <NutrientReasons advice={nutrients.potash} />
          </div>
        )}
        <div>
          <h3 className="font-semibold text-stone-900">{t('fertilizerAdvice.ndreTitle')}</h3>
          {ndre ? (
            <>
              <p className="text-stone-900">
                {t('fertilizerAdvice.ndreIndex', {
                  index: formatNumber(ndre.sufficiencyIndex, 3),
                  threshold: formatNumber(ndre.threshold, 2),
                })}
              </p>
              <p className="text-stone-800">{t(ndre.topDressSuggested ? 'fertilizerAdvice.ndreSuggests' : 'fertilizerAdvice.ndreFine')}</p>
              <p className="mt-1 text-sm text-stone-700">{ndre.explanation}</p>
            </>
          ) : (
            <p className="text-stone-800">{t('fertilizerAdvice.ndreNone')}</p>
          )}
        </div>
        {passed.length > 0 && (
          <div>
            <h3 className="font-semibold text-stone-900">{t('fertilizerAdvice.checksTitle')}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-800">
              {passed.map((check) => (
                <li key={check.rule}>{check.note}</li>
              ))}
            </ul>
          </div>
        )}
        {assumptions.length > 0 && (
          <div>
            <h3 className="font-semibold text-stone-900">{t('fertilizerAdvice.assumptionsTitle')}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-800">
              {assumptions.map((sentence, i) => (
                <li key={i}>{sentence}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
