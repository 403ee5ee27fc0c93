/**
 * Which crops the fertilizer engine advises on, and with which numbers. Maize, soybean and tobacco are handled
 * explicitly; wheat and dry bean get an N need from grain removal because the science brief (§5) has removal
 * numbers for them; every other catalogue crop gets "no recommendation for this crop".
 */
import type { CropType } from '../../crops/crop-catalogue.ts';
import type { soilTextures } from '../../schemas/field.ts';
import {
  DEFAULT_TARGET_YIELD_TONNES_PER_HA,
  MAIZE_NITROGEN_NEED_KG_PER_TONNE,
  PLANTING_NITROGEN_SHARE,
  REMOVAL_KG_PER_TONNE,
  SOYBEAN_STARTER_NITROGEN_MAX_KG_PER_HA,
  TOBACCO_NITROGEN_KG_PER_HA,
  TOBACCO_UPTAKE_KG_PER_TONNE,
  type SourcedNumber,
} from './coefficients.ts';

export type FertilizerSoilTexture = (typeof soilTextures)[number];

/** Sand and loamy sand: the textures that leach fastest and get the "on sand" rules. */
export const isSandyTexture = (texture: FertilizerSoilTexture | null | undefined): boolean =>
  texture === 'sand' || texture === 'loamy-sand';

export type FertilizerCropProfileId = 'maize' | 'soybean' | 'tobacco' | 'wheat' | 'dry-bean';

export type NitrogenNeedMethod =
  /** Target yield × kg N per t (Stanford), minus credits. */
  | { method: 'yield-goal'; kgPerTonne: SourcedNumber }
  /** Target yield × grain N removal, minus credits: a floor, since straw and losses are not counted. */
  | { method: 'removal'; kgPerTonne: SourcedNumber }
  /** A legume that fixes its own N: nothing beyond a starter. */
  | { method: 'legume-fixation'; starterMaxKgPerHa: SourcedNumber }
  /** A fixed season total set by leaf quality (tobacco), by soil texture. */
  | { method: 'quality-limited'; seasonTotalKgPerHa: (texture: FertilizerSoilTexture | null | undefined) => SourcedNumber };

/** How the top-dress windows are placed on the crop's FAO-56 stages (see split-timing.ts). */
export type TopDressPattern = 'maize-v6-v8' | 'tobacco-before-topping' | 'generic-early-vegetative' | 'none';

export interface FertilizerCropProfile {
  id: FertilizerCropProfileId;
  /** Lower-case crop word for sentences: "maize". */
  cropWord: string;
  yieldUnit: string;
  defaultTargetYield: SourcedNumber;
  nitrogen: NitrogenNeedMethod;
  phosphateKgPerTonne: SourcedNumber;
  potashKgPerTonne: SourcedNumber;
  /** Share of the season's N put on at planting, by texture. */
  plantingNitrogenShare: (texture: FertilizerSoilTexture | null | undefined) => SourcedNumber;
  topDress: TopDressPattern;
  /** What the start of the FAO-56 mid-season stands for, after which N and basal P/K come too late. */
  lateSeasonLabel: string;
  /** Whether an NDRE sufficiency index may trigger extra N. */
  ndreTopUp: boolean;
  /** Crop-specific notes shown with every recommendation. */
  notes: string[];
}

const maize: FertilizerCropProfile = {
  id: 'maize',
  cropWord: 'maize',
  yieldUnit: 't grain/ha',
  defaultTargetYield: DEFAULT_TARGET_YIELD_TONNES_PER_HA.maize,
  nitrogen: { method: 'yield-goal', kgPerTonne: MAIZE_NITROGEN_NEED_KG_PER_TONNE },
  phosphateKgPerTonne: REMOVAL_KG_PER_TONNE.maize.phosphate,
  potashKgPerTonne: REMOVAL_KG_PER_TONNE.maize.potash,
  plantingNitrogenShare: (texture) => (isSandyTexture(texture) ? PLANTING_NITROGEN_SHARE.maizeOnSand : PLANTING_NITROGEN_SHARE.maize),
  topDress: 'maize-v6-v8',
  // Science brief §5 "past tasselling ✖"; the brief equates tasselling with the start of the FAO-56 mid-season.
  lateSeasonLabel: 'tasselling (taken as the start of the FAO-56 mid-season stage, an approximation)',
  ndreTopUp: true,
  notes: [],
};

const soybean: FertilizerCropProfile = {
  id: 'soybean',
  cropWord: 'soybean',
  yieldUnit: 't grain/ha',
  defaultTargetYield: DEFAULT_TARGET_YIELD_TONNES_PER_HA.soybean,
  nitrogen: { method: 'legume-fixation', starterMaxKgPerHa: SOYBEAN_STARTER_NITROGEN_MAX_KG_PER_HA },
  phosphateKgPerTonne: REMOVAL_KG_PER_TONNE.soybean.phosphate,
  potashKgPerTonne: REMOVAL_KG_PER_TONNE.soybean.potash,
  plantingNitrogenShare: () => PLANTING_NITROGEN_SHARE.other,
  topDress: 'none',
  lateSeasonLabel: 'flowering and pod fill (the start of the FAO-56 mid-season stage, an approximation)',
  ndreTopUp: false,
  notes: ['Soybean gets its nitrogen from the air through root nodules: inoculate the seed with Bradyrhizobium and give no top-dress N.'],
};

const tobacco: FertilizerCropProfile = {
  id: 'tobacco',
  cropWord: 'tobacco',
  yieldUnit: 't cured leaf/ha',
  defaultTargetYield: DEFAULT_TARGET_YIELD_TONNES_PER_HA.tobacco,
  nitrogen: {
    method: 'quality-limited',
    seasonTotalKgPerHa: (texture) =>
      isSandyTexture(texture)
        ? TOBACCO_NITROGEN_KG_PER_HA.sandy
        : texture === 'sandy-loam'
          ? TOBACCO_NITROGEN_KG_PER_HA.sandyLoam
          : TOBACCO_NITROGEN_KG_PER_HA.heavier,
  },
  phosphateKgPerTonne: TOBACCO_UPTAKE_KG_PER_TONNE.phosphate,
  potashKgPerTonne: TOBACCO_UPTAKE_KG_PER_TONNE.potash,
  plantingNitrogenShare: () => PLANTING_NITROGEN_SHARE.tobacco,
  topDress: 'tobacco-before-topping',
  lateSeasonLabel: 'the 8–12 leaf stage, before topping (taken as the start of the FAO-56 mid-season stage, an approximation)',
  ndreTopUp: false,
  notes: [
    'Tobacco: too much nitrogen spoils leaf quality and delays ripening, so N is held to a fixed season total (50–80 kg N/ha in the IFA World Fertilizer Use Manual) rather than raised with yield.',
    'Tobacco needs low-chloride fertilizer (potassium from sulphate or nitrate, not muriate of potash): use a tobacco compound entered as a custom product, and check the bag.',
    'Tobacco fertilizer here comes from the IFA World Fertilizer Use Manual (read from a secondary copy) and from our own untested choices; the Tobacco Research Board recommendation for your soil takes precedence.',
  ],
};

const wheat: FertilizerCropProfile = {
  id: 'wheat',
  cropWord: 'wheat',
  yieldUnit: 't grain/ha',
  defaultTargetYield: DEFAULT_TARGET_YIELD_TONNES_PER_HA.wheat,
  nitrogen: { method: 'removal', kgPerTonne: REMOVAL_KG_PER_TONNE.wheat.nitrogen },
  phosphateKgPerTonne: REMOVAL_KG_PER_TONNE.wheat.phosphate,
  potashKgPerTonne: REMOVAL_KG_PER_TONNE.wheat.potash,
  plantingNitrogenShare: () => PLANTING_NITROGEN_SHARE.other,
  topDress: 'generic-early-vegetative',
  lateSeasonLabel: 'heading (taken as the start of the FAO-56 mid-season stage, an approximation)',
  ndreTopUp: false,
  notes: [
    'Wheat: the N here is what the grain removes (19–21 kg N per t, published figures), a floor rather than a tested rate: straw and losses are not counted.',
  ],
};

const dryBean: FertilizerCropProfile = {
  id: 'dry-bean',
  cropWord: 'dry bean',
  yieldUnit: 't grain/ha',
  defaultTargetYield: DEFAULT_TARGET_YIELD_TONNES_PER_HA.dryBean,
  nitrogen: { method: 'removal', kgPerTonne: REMOVAL_KG_PER_TONNE.dryBean.nitrogen },
  phosphateKgPerTonne: REMOVAL_KG_PER_TONNE.dryBean.phosphate,
  potashKgPerTonne: REMOVAL_KG_PER_TONNE.dryBean.potash,
  plantingNitrogenShare: () => PLANTING_NITROGEN_SHARE.other,
  topDress: 'generic-early-vegetative',
  lateSeasonLabel: 'flowering (taken as the start of the FAO-56 mid-season stage, an approximation)',
  ndreTopUp: false,
  notes: [
    'Dry (sugar) beans fix some of their own nitrogen, often not enough: the N here is what the grain removes, an upper guide rather than a tested rate.',
  ],
};

/** The fertilizer profile for a catalogue crop, or null when the engine has no numbers for it. */
export function fertilizerProfileFor(cropType: Pick<CropType, 'id' | 'crop'>): FertilizerCropProfile | null {
  switch (cropType.crop) {
    case 'maize':
      return maize;
    case 'soybean':
      return soybean;
    case 'tobacco':
      return tobacco;
    case 'wheat':
      return wheat;
    default:
      // `bean` also covers green beans (fresh pods), for which the brief has no removal numbers.
      return cropType.id === 'bean-dry' ? dryBean : null;
  }
}
