import {
  adviseIrrigation,
  findCropType,
  formatDayMonth,
  type SoilTextureClass,
  type WaterBalanceDay,
  type WaterBalanceSeason,
} from '@murimi/core';
import { needsFieldDetails, type AnalysisOutcome } from './analysis-types.ts';
import { seasonWaterBalance, waterInputs, type SeasonWeather } from './season-weather.ts';

export interface WaterField {
  cropType: string | null;
  plantingDate: string | null;
  soilTexture: string | null;
  irrigated: boolean;
  latitude: number;
}

const oneDecimal = (value: number) => Number(value.toFixed(1));
// Ks to three decimals, so a day just under the 0.9 stress line is not rounded onto it.
const threeDecimals = (value: number) => Number(value.toFixed(3));

/** The balance's days as the columns a result keeps of the whole season: depths in mm to one decimal, Ks to three. */
export function waterBalanceSeason(days: readonly WaterBalanceDay[]): WaterBalanceSeason {
  return {
    dates: days.map((day) => day.date),
    depletionMm: days.map((day) => oneDecimal(day.rootZoneDepletionMm)),
    readilyAvailableWaterMm: days.map((day) => oneDecimal(day.readilyAvailableWaterMm)),
    totalAvailableWaterMm: days.map((day) => oneDecimal(day.totalAvailableWaterMm)),
    rainMm: days.map((day) => oneDecimal(day.rainMm)),
    irrigationMm: days.map((day) => oneDecimal(day.irrigationMm)),
    etcAdjMm: days.map((day) => oneDecimal(day.etcAdjMm)),
    ks: days.map((day) => threeDecimals(day.ks)),
  };
}

/**
 * Irrigation advice (FAO-56): the root-zone water balance from planting to yesterday on the field's weather, then
 * the forecast: for an irrigated field when to water and how much (or to wait for rain), for a rain-fed field a
 * water-stress report. The balance is the one every analysis reads (`seasonWaterBalance`).
 */
export function runIrrigationAnalysis(field: WaterField, weather: SeasonWeather, today: string): AnalysisOutcome {
  const crop = field.cropType ? findCropType(field.cropType) : undefined;
  if (!crop || !field.plantingDate) {
    return needsFieldDetails(today, 'Add the crop and planting date to this field to get irrigation advice.');
  }
  const balance = seasonWaterBalance(crop, field, weather, today);
  if (!balance) {
    return needsFieldDetails(
      today,
      `This field is planted on ${formatDayMonth(field.plantingDate, today)}; irrigation advice starts from planting.`,
    );
  }
  const soilTexture = field.soilTexture as SoilTextureClass | null;
  const forecast = waterInputs(weather.forecast, field.latitude, weather.recorded);
  const yesterday = balance.days.at(-1);
  const depletionMm = yesterday?.rootZoneDepletionMm ?? 0;
  const advice = adviseIrrigation({
    irrigated: field.irrigated,
    crop,
    plantingDate: field.plantingDate,
    soilTexture,
    today,
    rootZoneDepletionMm: depletionMm,
    forecast: forecast.days,
  });
  const result = {
    advice,
    waterBalance: {
      rootZoneDepletionMm: oneDecimal(depletionMm),
      totalAvailableWaterMm: yesterday ? oneDecimal(yesterday.totalAvailableWaterMm) : null,
      readilyAvailableWaterMm: yesterday ? oneDecimal(yesterday.readilyAvailableWaterMm) : null,
      soil: balance.soil,
      lastDays: balance.days.slice(-14),
      season: waterBalanceSeason(balance.days),
      assumptions: [...balance.assumptions, ...balance.notes],
    },
    weather: { simulated: weather.simulated, stale: weather.stale, gaps: [...balance.gaps, ...forecast.gaps] },
  };
  const sentences = advice.reasons.filter((reason) => reason.code !== 'soil-assumption' && reason.code !== 'crop-caution');
  const summary = sentences.map((reason) => reason.message).join(' ') + (weather.simulated ? ' (Simulated weather.)' : '');
  return {
    analysisDate: today,
    result,
    summary,
    inputs: {
      weatherWindow: { from: field.plantingDate, to: weather.forecast.at(-1)?.date ?? today },
      weatherSource: weather.simulated ? 'simulated' : 'open-meteo',
    },
    simulated: weather.simulated,
  };
}
