import { SOIL_NUTRIENT_THRESHOLDS_PPM, SOIL_PH_OPTIMAL, type SoilNutrient } from '@murimi/core';
import type { ReactNode } from 'react';
import { BulletList } from './parts.tsx';
import { usePublicTexts } from './public-texts.ts';

export const guideIds = ['satellite', 'irrigation', 'fertilizer', 'fields', 'reports'] as const;
export type GuideId = (typeof guideIds)[number];

/** A sub-heading of a guide with its content. */
function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-8">
      <h4 className="text-lg font-semibold text-stone-900">{title}</h4>
      <div className="mt-3">{children}</div>
    </div>
  );
}

function Intro({ text }: { text: string }) {
  return <p className="mt-2 text-lg text-stone-700">{text}</p>;
}

// Colour of each range of an index, the same as on the sample NDVI map.
const rangeSwatch: Record<string, string> = {
  low: 'bg-[#b8742a]',
  moderate: 'bg-[#c9c25a]',
  middle: 'bg-[#c9c25a]',
  healthy: 'bg-leaf-700',
  ok: 'bg-leaf-700',
  optimal: 'bg-leaf-700',
  compare: 'bg-stone-400',
};

function SatelliteGuide() {
  const { t } = usePublicTexts();
  const indices = (['ndvi', 'ndwi', 'ndre', 'lai'] as const).map(
    (key) => [key, t(`guides.satellite.${key}`, { returnObjects: true })] as const,
  );
  return (
    <>
      <Intro text={t('guides.satellite.intro')} />
      <Block title={t('guides.satellite.indicesTitle')}>
        <div className="grid gap-4 md:grid-cols-2">
          {indices.map(([key, index]) => (
            <div key={key} className="rounded-xl border border-stone-200 bg-stone-50 p-4">
              <h5 className="font-semibold text-stone-900">{index.name}</h5>
              <p className="mt-1 text-stone-700">{index.what}</p>
              <ul className="mt-3 space-y-2">
                {Object.entries(index.ranges).map(([range, text]) => (
                  <li key={range} className="flex gap-2 text-stone-800">
                    <span
                      className={`mt-1.5 inline-block size-3 shrink-0 rounded-sm ${rangeSwatch[range] ?? 'bg-stone-400'}`}
                      aria-hidden="true"
                    />
                    <span>{text}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Block>
      <Block title={t('guides.satellite.tipsTitle')}>
        <BulletList items={Object.values(t('guides.satellite.tips', { returnObjects: true }))} />
      </Block>
    </>
  );
}

function IrrigationGuide() {
  const { t } = usePublicTexts();
  return (
    <>
      <Intro text={t('guides.irrigation.intro')} />
      <Block title={t('guides.irrigation.rulesTitle')}>
        <div className="rounded-xl border border-leaf-200 bg-leaf-50 p-4">
          <BulletList items={Object.values(t('guides.irrigation.rules', { returnObjects: true }))} />
        </div>
      </Block>
      <Block title={t('guides.irrigation.tipsTitle')}>
        <BulletList items={Object.values(t('guides.irrigation.tips', { returnObjects: true }))} />
      </Block>
    </>
  );
}

const nutrients: SoilNutrient[] = ['nitrogen', 'phosphorus', 'potassium'];

function SoilTable() {
  const { t } = usePublicTexts();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-80 border-collapse text-left text-sm sm:text-base">
        <caption className="mb-2 text-left text-sm text-stone-700">{t('guides.fertilizer.tableCaption')}</caption>
        <thead>
          <tr className="border-b-2 border-stone-300 text-sm text-stone-900">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('guides.fertilizer.table.nutrient')}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              {t('guides.fertilizer.table.low')}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              {t('guides.fertilizer.table.medium')}
            </th>
            <th scope="col" className="py-2 pl-2 font-semibold sm:pl-3">
              {t('guides.fertilizer.table.high')}
            </th>
          </tr>
        </thead>
        <tbody>
          {nutrients.map((nutrient) => {
            const { low, high } = SOIL_NUTRIENT_THRESHOLDS_PPM[nutrient];
            return (
              <tr key={nutrient} className="border-b border-stone-200 text-stone-800">
                <th scope="row" className="py-2 pr-3 font-semibold text-stone-900">
                  {t(`guides.fertilizer.table.${nutrient}`)}
                </th>
                <td className="px-2 py-2 whitespace-nowrap sm:px-3">{t('guides.fertilizer.table.below', { value: low })}</td>
                <td className="px-2 py-2 whitespace-nowrap sm:px-3">{t('guides.fertilizer.table.between', { low, high })}</td>
                <td className="py-2 pl-2 whitespace-nowrap sm:pl-3">{t('guides.fertilizer.table.above', { value: high })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function FertilizerGuide() {
  const { t } = usePublicTexts();
  return (
    <>
      <Intro text={t('guides.fertilizer.intro')} />
      <Block title={t('guides.fertilizer.tableTitle')}>
        <SoilTable />
        <p className="mt-4 text-stone-700">{t('guides.fertilizer.ph', { min: SOIL_PH_OPTIMAL.min, max: SOIL_PH_OPTIMAL.max })}</p>
      </Block>
      <Block title={t('guides.fertilizer.levelsTitle')}>
        <BulletList items={Object.values(t('guides.fertilizer.levels', { returnObjects: true }))} />
      </Block>
      <Block title={t('guides.fertilizer.tipsTitle')}>
        <BulletList items={Object.values(t('guides.fertilizer.tips', { returnObjects: true }))} />
      </Block>
    </>
  );
}

function FieldsGuide() {
  const { t } = usePublicTexts();
  return (
    <>
      <Intro text={t('guides.fields.intro')} />
      <Block title={t('guides.fields.drawTitle')}>
        <BulletList items={Object.values(t('guides.fields.draw', { returnObjects: true }))} />
      </Block>
      <Block title={t('guides.fields.organiseTitle')}>
        <BulletList items={Object.values(t('guides.fields.organise', { returnObjects: true }))} />
      </Block>
    </>
  );
}

function ReportsGuide() {
  const { t } = usePublicTexts();
  return (
    <>
      <Intro text={t('guides.reports.intro')} />
      <Block title={t('guides.reports.contentsTitle')}>
        <BulletList items={Object.values(t('guides.reports.contents', { returnObjects: true }))} />
      </Block>
      <Block title={t('guides.reports.useTitle')}>
        <BulletList items={Object.values(t('guides.reports.use', { returnObjects: true }))} />
      </Block>
    </>
  );
}

const guideBodies: Record<GuideId, () => ReactNode> = {
  satellite: SatelliteGuide,
  irrigation: IrrigationGuide,
  fertilizer: FertilizerGuide,
  fields: FieldsGuide,
  reports: ReportsGuide,
};

/** The body of one detailed guide (under its <h3>, which the page renders). */
export function GuideBody({ id }: { id: GuideId }) {
  const Body = guideBodies[id];
  return <Body />;
}
