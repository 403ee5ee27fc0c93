import { SOIL_NUTRIENT_THRESHOLDS_PPM, SOIL_PH_OPTIMAL } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/layout.tsx';

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
