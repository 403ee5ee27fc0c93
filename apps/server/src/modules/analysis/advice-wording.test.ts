import { NO_RECORDED_WATER } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { runFertilizerAnalysis } from './fertilizer-analysis.ts';
import { runIrrigationAnalysis } from './irrigation-analysis.ts';
import type { SeasonWeather } from './season-weather.ts';

const TODAY = '2026-11-20';
const noWeather: SeasonWeather = { past: [], forecast: [], simulated: false, stale: false, recorded: NO_RECORDED_WATER };
const field = { cropType: 'maize-grain', plantingDate: '2026-12-05', soilTexture: 'sandy-loam', latitude: -17.8 };

describe('advice sentences a farmer reads', () => {
  it('irrigation: a field planted later says the planting date as the app shows it, not as an ISO date', () => {
    const outcome = runIrrigationAnalysis({ ...field, irrigated: true }, noWeather, TODAY);
    expect(outcome.summary).toBe('This field is planted on 5 Dec; irrigation advice starts from planting.');
  });

  it('fertilizer: names the default products as they are sold, and keeps engineering marks out of the summary', () => {
    const outcome = runFertilizerAnalysis({
      field: { ...field, sizeHectares: 2 },
      soilTest: { id: 'soil-1', unit: 'ppm', nitrogen: 12, phosphorus: 9, potassium: 95, ph: 5.2, sampleDate: '2026-11-01' },
      applications: [],
      imagery: { ndvi: [], sceneIds: [], latest: null, simulated: false },
      weather: noWeather,
      today: TODAY,
    });
    expect(outcome.result).toMatchObject({ productsChosen: 'default: Compound D and Ammonium nitrate (AN)' });
    expect(outcome.summary).not.toMatch(/[✔✖◐]|\d{4}-\d{2}-\d{2}/);
  });
});
