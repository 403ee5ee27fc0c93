/**
 * The heat a crop's most sensitive stage suffers above, by base crop (`CropType.crop`): the heat alert's own line for
 * the crop and the stage it names.
 *
 * Source of the lines: the temperatures at which reproduction fails in Hatfield, Boote, Kimball et al. (2011),
 * Climate impacts on agriculture: implications for crop production, Agron. J. 103:351–370, as tabulated in the Fourth
 * US National Climate Assessment (2018), vol. II, ch. 21, "Optimum and failure temperatures for vegetative growth and
 * reproduction": maize (corn) 95 °F = 35 °C, soybean 102 °F = 38.9 °C, read as 39 °C. The table gives the daily
 * maximum a crop's flowering cannot pass without loss, which is what a forecast's maximum is compared with.
 *
 * The stage: reproduction, which in the FAO-56 stages (Allen et al. 1998, Table 11) is the mid-season stage — for maize
 * from about tasselling (the placing the fertilizer advice uses, an approximation) through silking and grain set; for
 * soybean flowering and pod set.
 *
 * Not here: tobacco. No tobacco heat line from a field or laboratory study could be found to cite (only undocumented
 * rules of thumb of 35 °C), so tobacco keeps the general heat line without a stage. Other crops likewise, until a
 * source gives theirs.
 */
import type { CropType } from './crop-catalogue.ts';

export interface CropHeatStress {
  /** Daily maximum air temperature at or above which the sensitive stage is harmed, °C. */
  maxTemperatureC: number;
  /** The FAO-56 stage the harm falls in. */
  sensitiveStage: 'mid-season';
  /** What happens in that stage, by crop: the alert names it. */
  stageName: 'maize-flowering' | 'soybean-flowering';
  source: string;
}

const HATFIELD_2011 =
  'Hatfield et al. (2011), Agron. J. 103:351, failure temperatures for reproduction, as tabulated in the Fourth US National Climate Assessment (2018), vol. II, ch. 21';

const MAIZE_HEAT: CropHeatStress = {
  maxTemperatureC: 35,
  sensitiveStage: 'mid-season',
  stageName: 'maize-flowering',
  source: `${HATFIELD_2011}: maize 95 °F (35 °C) at tasselling, silking and grain set`,
};

/** By base crop slug. Sweet corn is maize (Zea mays): the same flowering, the same heat. */
export const CROP_HEAT_STRESS: Readonly<Record<string, CropHeatStress>> = {
  maize: MAIZE_HEAT,
  'sweet-corn': MAIZE_HEAT,
  soybean: {
    maxTemperatureC: 39,
    sensitiveStage: 'mid-season',
    stageName: 'soybean-flowering',
    source: `${HATFIELD_2011}: soybean 102 °F (39 °C) at flowering and pod set`,
  },
};

/** The crop's own heat line and sensitive stage, or undefined where none is known. */
export function cropHeatStressOf(crop: Pick<CropType, 'crop'> | null | undefined): CropHeatStress | undefined {
  return crop ? CROP_HEAT_STRESS[crop.crop] : undefined;
}
