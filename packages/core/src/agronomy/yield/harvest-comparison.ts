import { STANDARD_GRAIN_MOISTURE_PCT, dryGrainFrom, grainAtMoisture } from './yield-coefficients.ts';
import type { YieldRange } from './yield-estimate.ts';

/** A harvest the farmer recorded: what was weighed, t/ha, and at what grain moisture (% wet basis). */
export interface RecordedHarvest {
  id: string;
  harvestDate: string;
  harvestedTPerHa: number;
  moisturePct: number;
}

/** The recorded harvest beside the estimate, both at the standard 12.5 % moisture. */
export interface HarvestComparison {
  harvestId: string;
  harvestDate: string;
  /** As weighed, t/ha, at `moisturePct`. */
  harvestedTPerHa: number;
  moisturePct: number;
  /** The harvest brought to the estimate's standard moisture, t/ha. */
  harvestedTPerHaAtStandardMoisture: number;
  /** Where the harvest falls against the estimated range at standard moisture. */
  position: 'below' | 'within' | 'above';
  /** (harvest − expected) / expected, at the same moisture. */
  differenceFromExpectedShare: number;
}

/**
 * Puts a recorded harvest beside the estimated range: the harvest is brought to 12.5 % moisture through its dry
 * matter (dry = weighed × (1 − moisture)), so a crop weighed wet and one weighed dry compare fairly.
 */
export function compareHarvestWithEstimate(rangeAtStandardMoisture: YieldRange, harvest: RecordedHarvest): HarvestComparison {
  const atStandard = grainAtMoisture(dryGrainFrom(harvest.harvestedTPerHa, harvest.moisturePct), STANDARD_GRAIN_MOISTURE_PCT);
  const position =
    atStandard < rangeAtStandardMoisture.lowTPerHa ? 'below' : atStandard > rangeAtStandardMoisture.highTPerHa ? 'above' : 'within';
  return {
    harvestId: harvest.id,
    harvestDate: harvest.harvestDate,
    harvestedTPerHa: harvest.harvestedTPerHa,
    moisturePct: harvest.moisturePct,
    harvestedTPerHaAtStandardMoisture: atStandard,
    position,
    differenceFromExpectedShare: (atStandard - rangeAtStandardMoisture.expectedTPerHa) / rangeAtStandardMoisture.expectedTPerHa,
  };
}
