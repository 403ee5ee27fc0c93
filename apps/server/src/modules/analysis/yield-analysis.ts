import { estimateSeasonYield, findCropType } from '@murimi/core';
import { needsFieldDetails, type AnalysisOutcome } from './analysis-types.ts';
import type { SeasonImagery } from './season-imagery.ts';
import { seasonWaterBalance, type SeasonWeather } from './season-weather.ts';

export interface YieldField {
  cropType: string | null;
  plantingDate: string | null;
  sizeHectares: number;
  soilTexture: string | null;
  latitude: number;
}

/**
 * Season yield as a range (`unified-yield-analysis`): light-use efficiency from the season's NDVI and sunshine,
 * cross-checked by AquaCrop-style water productivity; "not enough data" before emergence. The method, its
 * coefficients and its uncertainty are part of the result and the summary.
 */
export function runYieldAnalysis(field: YieldField, imagery: SeasonImagery, weather: SeasonWeather, today: string): AnalysisOutcome {
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
  });
  const simulated = imagery.simulated || weather.simulated;
  const label = simulated ? ' (Simulated imagery or weather.)' : '';
  const summary = estimate.available
    ? `Yield this canopy could give: ${estimate.range.expectedTPerHa.toFixed(1)} t/ha (${estimate.range.lowTPerHa.toFixed(1)}–` +
      `${estimate.range.highTPerHa.toFixed(1)} t/ha, ${estimate.range.expectedTonnes.toFixed(1)} t for the field), from ` +
      `${estimate.imagesUsed} images and ${Math.round(estimate.seasonShareObserved * 100)} % of the season observed. ` +
      `Harvests are often lower (pests, weeds, losses the satellite does not see): compare with your own records.${label}`
    : `${estimate.message}${label}`;
  return {
    analysisDate: imagery.latest?.date ?? today,
    result: estimate,
    summary,
    inputs: { sceneIds: imagery.sceneIds, weatherWindow: { from: field.plantingDate, to: today } },
    simulated,
  };
}
