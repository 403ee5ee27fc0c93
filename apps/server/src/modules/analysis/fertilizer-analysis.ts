import {
  customFertilizerProduct,
  daysBetween,
  FERTILIZER_PRODUCTS,
  findCropType,
  recommendFertilizer,
  type FertilizerProduct,
  type FertilizerSoilTexture,
  type LoggedFertilizerApplication,
  type FertilizerSoilTest,
} from '@murimi/core';
import { needsFieldDetails, type AnalysisOutcome } from './analysis-types.ts';
import type { SeasonImagery } from './season-imagery.ts';
import { seasonWaterBalance, type SeasonWeather } from './season-weather.ts';

const tenthsOfMm = (mm: number) => Math.round(mm * 10) / 10;

export interface FertilizerField {
  cropType: string | null;
  plantingDate: string | null;
  soilTexture: string | null;
  sizeHectares: number;
  latitude: number;
}

/** When the farmer has not said which products they use: the basal compound and the top-dress most sold for maize here. */
export const DEFAULT_PRODUCT_IDS = ['compound-d', 'ammonium-nitrate'] as const;
const PRODUCTS_BY_ID = new Map(Object.values(FERTILIZER_PRODUCTS).map((product) => [product.id, product]));
/** The default products as a farmer reads them ("Compound D and Ammonium nitrate"), not as ids. */
const DEFAULT_PRODUCT_NAMES = DEFAULT_PRODUCT_IDS.map((id) => PRODUCTS_BY_ID.get(id)?.name ?? id).join(' and ');

/** A product the farmer named: one of ours by id, or their own grade. */
export type ProductChoice = string | { name: string; nitrogenPct: number; phosphatePct: number; potashPct: number };

export function productsFor(choices: readonly ProductChoice[] | undefined): FertilizerProduct[] {
  return (choices ?? DEFAULT_PRODUCT_IDS).flatMap((choice) => {
    if (typeof choice !== 'string')
      return [customFertilizerProduct(choice.name, choice.nitrogenPct, choice.phosphatePct, choice.potashPct)];
    const product = PRODUCTS_BY_ID.get(choice);
    return product ? [product] : [];
  });
}

/**
 * Fertilizer advice (`fertilizer-recommendation`): the latest soil test, the season's applications, the crop and
 * its stage, NDRE sufficiency from the latest clear image, the rain forecast and waterlogging signals go to the
 * recommendation engine, which says what is still needed, when, in which products and bags, and what holds it back.
 */
export function runFertilizerAnalysis(input: {
  field: FertilizerField;
  soilTest: (FertilizerSoilTest & { id: string }) | null;
  applications: LoggedFertilizerApplication[];
  imagery: SeasonImagery;
  weather: SeasonWeather;
  products?: readonly ProductChoice[];
  today: string;
}): AnalysisOutcome {
  const { field, imagery, weather, today } = input;
  const crop = field.cropType ? findCropType(field.cropType) : undefined;
  if (!crop) return needsFieldDetails(today, 'Add the crop and planting date to this field to get fertilizer advice.');
  const soilTexture = field.soilTexture as FertilizerSoilTexture | null;
  const daysAfterPlanting = field.plantingDate && field.plantingDate <= today ? daysBetween(field.plantingDate, today) : null;
  const rain = weather.forecast.map((day) => day.precipitationMm ?? 0);
  // Surplus: water drained below the roots in the last three days of the balance (FAO-56 deep percolation).
  const balance = seasonWaterBalance(crop, field, weather, today);
  const waterBalanceSurplus = balance && balance.days.length > 0 ? balance.days.slice(-3).some((day) => day.deepPercolationMm > 0) : null;
  const latest = imagery.latest;
  const recommendation = recommendFertilizer({
    cropTypeId: crop.id,
    today,
    daysAfterPlanting,
    soilTest: input.soilTest,
    soilTexture,
    fieldAreaHectares: field.sizeHectares,
    applications: input.applications,
    // The field's 90th percentile stands in for the 95th (the statistics the engine keeps).
    ndre: latest?.ndre ? { fieldNdre: latest.ndre.mean, referenceNdre: latest.ndre.p90 } : null,
    // Whole tenths of a millimetre: sums of the forecast's floats would otherwise read "9.600000000000001 mm".
    forecast:
      weather.forecast.length >= 3
        ? { rainNext48hMm: tenthsOfMm(rain[0]! + rain[1]!), rainNext72hMm: tenthsOfMm(rain[0]! + rain[1]! + rain[2]!) }
        : null,
    waterlogging: { waterBalanceSurplus, ndwiPositiveShare: latest?.openWaterShare ?? null },
    daysSinceClearImage: latest ? daysBetween(latest.date, today) : null,
    products: productsFor(input.products),
  });
  const simulated = imagery.simulated || weather.simulated;
  return {
    analysisDate: today,
    result: { ...recommendation, productsChosen: input.products ? 'by the farmer' : `default: ${DEFAULT_PRODUCT_NAMES}` },
    summary: recommendation.headline + (simulated ? ' (Simulated imagery or weather.)' : ''),
    inputs: {
      soilTestId: input.soilTest?.id ?? null,
      applications: input.applications.length,
      latestSceneId: latest?.sceneId ?? null,
      weatherWindow: { from: weather.past[0]?.date ?? today, to: weather.forecast.at(-1)?.date ?? today },
    },
    simulated,
  };
}
