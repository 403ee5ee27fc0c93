import { describe, expect, it } from 'vitest';
import { findCropType } from '../crops/crop-catalogue.ts';
import { addDays } from '../dates.ts';
import {
  DEFAULT_LOOKBACK_DAYS,
  LONGEST_SEASON_DAYS,
  MAX_SEASON_WINDOW_DAYS,
  SEASON_END_MARGIN_DAYS,
  seasonLengthDays,
  seasonWindow,
  UNKNOWN_CROP_SEASON_DAYS,
  type SeasonState,
} from './season.ts';

const PLANTED = '2025-11-15';
// maize-grain-early: FAO-56 Table 11 stages 20/35/40/30 = 125 days.
const EARLY_MAIZE_END = addDays(PLANTED, 125 + SEASON_END_MARGIN_DAYS - 1);

describe('seasonWindow', () => {
  const cases: {
    case: string;
    plantingDate: string | null;
    harvestDate?: string | null;
    cropType?: string | null;
    today: string;
    state: SeasonState;
    from: string;
    seasonEnd: string | null;
  }[] = [
    {
      case: 'a 125-day early maize planted 60 days ago is in season from planting',
      plantingDate: PLANTED,
      cropType: 'maize-grain-early',
      today: addDays(PLANTED, 60),
      state: 'in-season',
      from: PLANTED,
      seasonEnd: EARLY_MAIZE_END,
    },
    {
      case: 'planted today: in season, the window is that one day',
      plantingDate: PLANTED,
      cropType: 'maize-grain-early',
      today: PLANTED,
      state: 'in-season',
      from: PLANTED,
      seasonEnd: EARLY_MAIZE_END,
    },
    {
      case: 'the early maize is still in season on the last day of its stages plus the margin',
      plantingDate: PLANTED,
      cropType: 'maize-grain-early',
      today: EARLY_MAIZE_END,
      state: 'in-season',
      from: PLANTED,
      seasonEnd: EARLY_MAIZE_END,
    },
    {
      case: 'and its season is over the day after, with no harvest recorded',
      plantingDate: PLANTED,
      cropType: 'maize-grain-early',
      today: addDays(EARLY_MAIZE_END, 1),
      state: 'season-over',
      from: addDays(EARLY_MAIZE_END, 1 - DEFAULT_LOOKBACK_DAYS),
      seasonEnd: EARLY_MAIZE_END,
    },
    {
      case: 'a 180-day maize planted 160 days ago is still in season where the early maize is not',
      plantingDate: PLANTED,
      cropType: 'maize-grain-late',
      today: addDays(PLANTED, 160),
      state: 'in-season',
      from: PLANTED,
      seasonEnd: addDays(PLANTED, 180 + SEASON_END_MARGIN_DAYS - 1),
    },
    {
      case: 'planted three years ago with no harvest date: out of season, the last 120 days read',
      plantingDate: '2022-11-15',
      cropType: 'maize-grain-late',
      today: '2025-11-15',
      state: 'season-over',
      from: '2025-07-18',
      seasonEnd: addDays('2022-11-15', 180 + SEASON_END_MARGIN_DAYS - 1),
    },
    {
      case: 'harvest date given: the season ends there, though the crop could have grown on',
      plantingDate: PLANTED,
      harvestDate: addDays(PLANTED, 100),
      cropType: 'maize-grain-late',
      today: addDays(PLANTED, 101),
      state: 'harvested',
      from: addDays(PLANTED, 101 - DEFAULT_LOOKBACK_DAYS),
      seasonEnd: addDays(PLANTED, 100),
    },
    {
      case: 'harvested today: still in season today',
      plantingDate: PLANTED,
      harvestDate: addDays(PLANTED, 100),
      cropType: 'maize-grain-late',
      today: addDays(PLANTED, 100),
      state: 'in-season',
      from: PLANTED,
      seasonEnd: addDays(PLANTED, 100),
    },
    {
      case: 'a harvest date later than the crop stages: the recorded date wins',
      plantingDate: PLANTED,
      harvestDate: addDays(PLANTED, 300),
      cropType: 'maize-grain-early',
      today: addDays(PLANTED, 250),
      state: 'in-season',
      from: PLANTED,
      seasonEnd: addDays(PLANTED, 300),
    },
    {
      case: 'planted in the future: not yet in season, the last 120 days read',
      plantingDate: addDays(PLANTED, 10),
      cropType: 'maize-grain-late',
      today: PLANTED,
      state: 'not-yet-planted',
      from: addDays(PLANTED, -DEFAULT_LOOKBACK_DAYS),
      seasonEnd: addDays(PLANTED, 10 + 180 + SEASON_END_MARGIN_DAYS - 1),
    },
    {
      case: 'no planting date: not in season, the last 120 days read',
      plantingDate: null,
      cropType: 'maize-grain-late',
      today: PLANTED,
      state: 'no-planting-date',
      from: addDays(PLANTED, -DEFAULT_LOOKBACK_DAYS),
      seasonEnd: null,
    },
    {
      case: 'no crop: the season lasts the unknown-crop length',
      plantingDate: PLANTED,
      cropType: null,
      today: addDays(PLANTED, UNKNOWN_CROP_SEASON_DAYS - 1),
      state: 'in-season',
      from: PLANTED,
      seasonEnd: addDays(PLANTED, UNKNOWN_CROP_SEASON_DAYS - 1),
    },
    {
      case: 'a crop no longer in the catalogue is taken as unknown',
      plantingDate: PLANTED,
      cropType: 'no-such-crop',
      today: addDays(PLANTED, UNKNOWN_CROP_SEASON_DAYS),
      state: 'season-over',
      from: addDays(PLANTED, UNKNOWN_CROP_SEASON_DAYS - DEFAULT_LOOKBACK_DAYS),
      seasonEnd: addDays(PLANTED, UNKNOWN_CROP_SEASON_DAYS - 1),
    },
    {
      case: 'first-year sugarcane (405 days) in its 400th day is read over its latest year only',
      plantingDate: PLANTED,
      cropType: 'sugarcane-virgin',
      today: addDays(PLANTED, 400),
      state: 'in-season',
      from: addDays(PLANTED, 400 - MAX_SEASON_WINDOW_DAYS),
      seasonEnd: addDays(PLANTED, 405 + SEASON_END_MARGIN_DAYS - 1),
    },
  ];

  it.each(cases)('$case', ({ plantingDate, harvestDate = null, cropType = null, today, state, from, seasonEnd }) => {
    const window = seasonWindow({ plantingDate, harvestDate, cropType }, today);
    expect(window).toEqual({
      state,
      inSeason: state === 'in-season',
      from,
      to: today,
      seasonStart: plantingDate,
      seasonEnd,
    });
  });

  it('never reads further back than a year', () => {
    for (const cropType of ['sugarcane-virgin', 'banana-year-1', 'maize-grain', null]) {
      for (let age = 0; age <= 2 * LONGEST_SEASON_DAYS; age += 7) {
        const today = addDays(PLANTED, age);
        const window = seasonWindow({ plantingDate: PLANTED, harvestDate: null, cropType }, today);
        expect(window.from >= addDays(today, -MAX_SEASON_WINDOW_DAYS)).toBe(true);
      }
    }
  });
});

describe('season length', () => {
  it('is the crop catalogue FAO-56 stage total plus the margin', () => {
    const stages = findCropType('maize-grain-early')!.stageLengthsDays;
    expect(stages.initial + stages.development + stages.midSeason + stages.lateSeason).toBe(125);
    expect(seasonLengthDays('maize-grain-early')).toBe(125 + SEASON_END_MARGIN_DAYS);
    expect(seasonLengthDays(null)).toBe(UNKNOWN_CROP_SEASON_DAYS);
  });

  it('has a longest over all crops that no season without a harvest date outlasts', () => {
    expect(LONGEST_SEASON_DAYS).toBe(405 + SEASON_END_MARGIN_DAYS);
    const beyond = addDays(PLANTED, LONGEST_SEASON_DAYS);
    expect(seasonWindow({ plantingDate: PLANTED, harvestDate: null, cropType: 'sugarcane-virgin' }, beyond).inSeason).toBe(false);
  });
});
