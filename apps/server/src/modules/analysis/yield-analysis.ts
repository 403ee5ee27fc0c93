import {
  compareHarvestWithEstimate,
  estimateSeasonYield,
  findCropType,
  type ManagementClass,
  type RecordedHarvest,
  type SeasonYieldEstimate,
} from '@murimi/core';
import { needsFieldDetails, type AnalysisOutcome } from './analysis-types.ts';
import type { SeasonImagery } from './season-imagery.ts';
import { seasonWaterBalance, type SeasonWeather } from './season-weather.ts';

export interface YieldField {
  cropType: string | null;
  plantingDate: string | null;
  sizeHectares: number;
  soilTexture: string | null;
  latitude: number;
  irrigated: boolean;
}

/**
 * The management class of a field: an irrigated field is farmed commercially (fertilised to a target); any other is
 * taken as smallholder, the conservative class, until the farmer says otherwise.
 */
export function managementClassOf(field: Pick<YieldField, 'irrigated'>): ManagementClass {
  return field.irrigated ? 'commercial' : 'smallholder';
}

const tPerHa = (value: number) => `${value.toFixed(1)} t/ha`;

/** The yield sentence a farmer reads: the range at 12.5 % moisture, what limits it, and where the numbers come from. */
export function yieldSummary(estimate: SeasonYieldEstimate): string {
  const wet = estimate.rangeAtStandardMoisture;
  const moisture = estimate.grainMoisturePct;
  const uncertaintyPct = Math.round(estimate.uncertaintyFraction * 100);
  const seen = Math.round(estimate.seasonShareObserved * 100);
  const sentences = [
    `Expected yield about ${tPerHa(wet.expectedTPerHa)} of grain at ${moisture} % moisture, likely between ` +
      `${tPerHa(wet.lowTPerHa)} and ${tPerHa(wet.highTPerHa)} (${wet.expectedTonnes.toFixed(1)} t for the field; ` +
      `${tPerHa(estimate.range.expectedTPerHa)} as dry grain).`,
    `Worked out from ${estimate.imagesUsed} satellite images and the weather, with ${seen} % of the season seen so far, ` +
      'by two published crop models (light-use efficiency and FAO AquaCrop water productivity) set for ' +
      `${estimate.managementClass === 'commercial' ? 'an irrigated or commercial' : 'a rain-fed smallholder'} field; ` +
      `the range of ±${uncertaintyPct} % is our allowance for what they cannot see, as they have not yet been checked ` +
      'against harvests in your area.',
  ];
  if (estimate.limitingFactor.factor !== 'none') sentences.push(estimate.limitingFactor.explanation);
  if (estimate.harvest) {
    const harvest = estimate.harvest;
    const where = { below: 'below the range', within: 'within the range', above: 'above the range' }[harvest.position];
    sentences.push(
      `You recorded a harvest of ${tPerHa(harvest.harvestedTPerHa)} at ${harvest.moisturePct} % moisture ` +
        `(${tPerHa(harvest.harvestedTPerHaAtStandardMoisture)} at ${moisture} %), ${where}.`,
    );
  } else {
    sentences.push('Record your harvest to see it beside this estimate.');
  }
  return sentences.join(' ');
}

/**
 * Season yield as a range (`unified-yield-analysis`): light-use efficiency from the season's NDVI and sunshine,
 * cross-checked by AquaCrop-style water productivity, with the field's management class; "not enough data" before
 * emergence. The method, its coefficients, its uncertainty and the main limiting factor are part of the result and
 * the summary, and a recorded harvest of the season is set beside the estimate.
 */
export function runYieldAnalysis(
  field: YieldField,
  imagery: SeasonImagery,
  weather: SeasonWeather,
  today: string,
  harvest: RecordedHarvest | null = null,
): AnalysisOutcome {
  const crop = field.cropType ? findCropType(field.cropType) : undefined;
  if (!crop) return needsFieldDetails(today, 'Add the crop and planting date to this field to get a yield estimate.');
  // Each day's growth is cut by the water stress of the field's root-zone water balance (FAO-56 Ks).
  const balance = seasonWaterBalance(crop, field, weather, today);
  const stressByDate = new Map((balance?.days ?? []).map((day) => [day.date, day.ks]));
  const estimate = estimateSeasonYield({
    crop,
    plantingDate: field.plantingDate,
    today,
    fieldAreaHa: field.sizeHectares,
    ndviObservations: imagery.ndvi.map(({ date, meanNdvi }) => ({ date, meanNdvi })),
    weather: weather.past.map((day) => ({
      date: day.date,
      shortwaveRadiationMjPerM2Day: day.shortwaveRadiationMjPerM2,
      et0Mm: day.et0FaoMm,
      waterStressCoefficient: stressByDate.get(day.date) ?? null,
    })),
    weatherIsSimulated: weather.simulated,
    managementClass: managementClassOf(field),
  });
  if (estimate.available && harvest) estimate.harvest = compareHarvestWithEstimate(estimate.rangeAtStandardMoisture, harvest);
  const simulated = imagery.simulated || weather.simulated;
  const label = simulated ? ' (Simulated imagery or weather.)' : '';
  const summary = estimate.available ? `${yieldSummary(estimate)}${label}` : `${estimate.message}${label}`;
  return {
    analysisDate: imagery.latest?.date ?? today,
    result: estimate,
    summary,
    inputs: { sceneIds: imagery.sceneIds, weatherWindow: { from: field.plantingDate, to: today } },
    simulated,
  };
}
