import {
  SOIL_NUTRIENT_THRESHOLDS_PPM,
  SOIL_PH_OPTIMAL,
  rateSoilTest,
  type FieldSummary,
  type SoilNutrient,
  type SoilTest,
} from '@murimi/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { RatingBadge } from './RatingBadge.tsx';

const nutrients: SoilNutrient[] = ['nitrogen', 'phosphorus', 'potassium'];

function Reading({ label, value, rating }: { label: string; value: string; rating: ReactNode }) {
  return (
    <div className="flex min-h-11 flex-wrap items-center justify-between gap-2 border-b border-stone-100 py-1 last:border-b-0">
      <dt className="font-medium text-stone-800">{label}</dt>
      <dd className="flex items-center gap-2 text-stone-900">
        <span className="tabular-nums">{value}</span>
        {rating}
      </dd>
    </div>
  );
}

function TestRatings({ test }: { test: SoilTest }) {
  const { t } = useTranslation('app');
  const rating = rateSoilTest(test);
  const unrated = (reason: 'not-measured' | 'unit-not-ppm' | null) =>
    reason && <span className="text-sm text-stone-600">{t(`soilAnalysis.unrated.${reason}`)}</span>;
  return (
    <dl>
      {nutrients.map((nutrient) => {
        const level = rating[nutrient];
        const value = test[nutrient];
        return (
          <Reading
            key={nutrient}
            label={t(`soilAnalysis.nutrient.${nutrient}`)}
            value={value === null ? '—' : `${formatNumber(value)} ${test.unit}`}
            rating={level ? <RatingBadge level={level} /> : unrated(rating.unrated[nutrient])}
          />
        );
      })}
      <Reading
        label={t('soil.ph')}
        value={formatNumber(test.ph, 1)}
        rating={rating.ph ? <RatingBadge level={rating.ph} /> : unrated('not-measured')}
      />
      <Reading label={t('soil.om')} value={test.organicMatter === null ? '—' : `${formatNumber(test.organicMatter)} %`} rating={null} />
      <Reading label={t('soil.ec')} value={test.ec === null ? '—' : `${formatNumber(test.ec)} dS/m`} rating={null} />
    </dl>
  );
}

/** A field's latest soil test, each reading rated, with a way to log a newer one. */
export function FieldSoil({ field, test, selected }: { field: FieldSummary; test: SoilTest | undefined; selected: boolean }) {
  const { t } = useTranslation('app');
  const logLink = (
    <ButtonLink to={`/soil-tests/log?fieldId=${field.id}`} state={{ returnTo: '/soil-analysis' }} variant={test ? 'secondary' : 'primary'}>
      {test ? t('soilAnalysis.logNewer') : t('actions.logSoilTest')}
    </ButtonLink>
  );
  return (
    <section className={`rounded-xl border bg-white p-4 shadow-sm ${selected ? 'border-leaf-700' : 'border-stone-200'}`}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Link to={`/fields/${field.id}`} className="text-leaf-800 underline-offset-2 hover:underline">
            {field.name}
          </Link>
        </h2>
        {selected && <span className="text-sm font-medium text-leaf-800">{t('soilAnalysis.selected')}</span>}
      </div>
      {test ? (
        <>
          <p className="mb-2 text-sm text-stone-700">
            {t('soilAnalysis.sampled', { date: formatDate(test.sampleDate) })}
            {test.depthCm !== null && ` · ${t('soilAnalysis.depth', { depth: test.depthCm })}`}
          </p>
          <TestRatings test={test} />
          <div className="mt-3">{logLink}</div>
        </>
      ) : (
        <>
          <p className="mb-3 text-stone-700">{t('soilAnalysis.noTest')}</p>
          {logLink}
        </>
      )}
    </section>
  );
}

/** The thresholds the ratings use, from the guide. */
export function SoilRatingLegend() {
  const { t } = useTranslation('app');
  const { nitrogen, phosphorus, potassium } = SOIL_NUTRIENT_THRESHOLDS_PPM;
  return (
    <Card title={t('soilAnalysis.legendTitle')}>
      <ul className="list-disc space-y-1 pl-5 text-stone-800">
        <li>{t('soilAnalysis.legendNutrient', { name: t('soilAnalysis.nutrient.nitrogen'), ...nitrogen })}</li>
        <li>{t('soilAnalysis.legendNutrient', { name: t('soilAnalysis.nutrient.phosphorus'), ...phosphorus })}</li>
        <li>{t('soilAnalysis.legendNutrient', { name: t('soilAnalysis.nutrient.potassium'), ...potassium })}</li>
        <li>{t('soilAnalysis.legendPh', SOIL_PH_OPTIMAL)}</li>
      </ul>
      <p className="mt-2 text-sm text-stone-600">{t('soilAnalysis.legendNote')}</p>
    </Card>
  );
}
