import { SOIL_PH_OPTIMAL, findCropType } from '@murimi/core';
import type { TFunction } from 'i18next';
import type { SoilGaugeModel, SoilLevel } from './soil-gauges.ts';

/** The crops whose soil advice differs from the general wording. */
export type SoilAdviceCrop = 'maize' | 'legume' | 'tobacco' | 'general';

/**
 * Which wording a field's crop gets, and the crop's name for sentences ("maize", "soybean"); a field without a
 * crop, or with one outside the catalogue, gets the general wording and no name.
 */
export function soilAdviceCrop(cropTypeId: string | null | undefined): { group: SoilAdviceCrop; name: string | null } {
  const crop = cropTypeId ? findCropType(cropTypeId) : undefined;
  if (!crop) return { group: 'general', name: null };
  // "Maize (grain), early maturing" → "maize": the crop's word without its variety or use.
  const name = crop.name.split(/[(,]/)[0]!.trim().toLowerCase();
  if (crop.crop === 'maize') return { group: 'maize', name };
  if (crop.crop === 'tobacco') return { group: 'tobacco', name };
  if (crop.category === 'legume') return { group: 'legume', name };
  return { group: 'general', name };
}

/**
 * The (reading, level) pairs with their own wording for a crop; every other crop and pair says the general
 * sentence. Where the crop-specific wording comes from:
 *   - maize: N part at planting and a top-dress at V6–V8, P and K at planting — science brief §5 ("Maize: P, K and
 *     part of N at planting; N top-dress at V6–V8");
 *   - legume: N fixed by root nodules, the seed inoculated, no N top-dress — core's soybean fertilizer profile
 *     (crop-nutrient-profiles.ts) and the legume credit of science brief §5;
 *   - tobacco: N held to a fixed season total because more spoils leaf quality and delays ripening, and potassium
 *     from a low-chloride source — core's tobacco fertilizer profile (crop-nutrient-profiles.ts, after the IFA
 *     World Fertilizer Use Manual).
 * The general sentences follow science brief §5 (build-up + maintenance when low, maintenance when medium, draw
 * down when high — the 4R approach) and core's soil-test assessment for pH (nutrient-need.ts).
 */
const cropWording: Record<string, readonly SoilAdviceCrop[]> = {
  'nitrogen.low': ['maize', 'legume', 'tobacco'],
  'nitrogen.medium': ['legume', 'tobacco'],
  'nitrogen.high': ['legume', 'tobacco'],
  'phosphorus.low': ['maize'],
  'potassium.low': ['maize', 'tobacco'],
  'potassium.medium': ['tobacco'],
};

/**
 * What a rated reading means for the field's crop, in one sentence; null for a reading without a rating
 * (not measured, reported in %, or without a guide band: organic matter and EC).
 */
export function soilMeaning(
  t: TFunction<'app'>,
  gauge: Pick<SoilGaugeModel, 'reading' | 'level'>,
  cropTypeId: string | null | undefined,
): string | null {
  const { reading, level } = gauge;
  if (!level || reading === 'organicMatter' || reading === 'ec') return null;
  const { group, name } = soilAdviceCrop(cropTypeId);
  const pair = `${reading}.${level as SoilLevel}`;
  const wording = cropWording[pair]?.includes(group) ? group : 'general';
  return t(`soilHealth.meaning.${pair}.${wording}` as 'soilHealth.meaning.nitrogen.low.general', {
    crop: name ?? t('soilHealth.theCrop'),
    min: SOIL_PH_OPTIMAL.min,
    max: SOIL_PH_OPTIMAL.max,
  });
}
