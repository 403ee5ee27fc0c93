/**
 * Insect degree-days from daily maximum and minimum temperatures, by the averaging method with a horizontal upper
 * cut-off:
 *
 *   DD = max(0, (min(Tmax, Tcut) + min(Tmin, Tcut)) / 2 − Tbase)
 *
 * Development speeds up roughly in a straight line with temperature only up to a point; above it, a hot day does not
 * count for more than a day at the cut-off. The single-sine method follows the daily curve more closely, but the
 * published thermal constants we use were fitted as plain sums of constant-temperature days, which the averaging
 * method matches.
 */
import { addDays } from '../dates.ts';
import { sortedByDate } from './alert.ts';
import type { AlertWeatherDay } from './weather-alerts.ts';

export interface DegreeDayModel {
  /** Lower development threshold Tbase, °C. */
  baseTemperatureC: number;
  /** Horizontal upper cut-off Tcut, °C: temperatures above it count as Tcut. */
  upperCutoffC: number;
}

/**
 * Upper cut-off for the pests here, 30 °C: Du Plessis et al. (2020) found fall armyworm development rising in a
 * straight line with temperature from 18 to 30 °C and no longer so at 32 °C, and 30 °C is also the cut-off of the
 * usual maize growing-degree-day method (86 °F). No upper threshold was taken from the stalk-borer study; the same
 * cut-off is used for it.
 */
export const PEST_UPPER_CUTOFF_C = 30;

/** Degree-days (°D) of one day: the averaging method with a horizontal upper cut-off. */
export function dailyDegreeDays(maxTemperatureC: number, minTemperatureC: number, model: DegreeDayModel): number {
  if (!Number.isFinite(maxTemperatureC) || !Number.isFinite(minTemperatureC)) {
    throw new RangeError(`Degree-days need finite temperatures, got ${maxTemperatureC} and ${minTemperatureC}`);
  }
  const high = Math.min(maxTemperatureC, model.upperCutoffC);
  const low = Math.min(minTemperatureC, model.upperCutoffC);
  return Math.max(0, (high + low) / 2 - model.baseTemperatureC);
}

export interface DegreeDayTotal {
  date: string;
  /** This day's degree-days, °D (0 on a day without temperatures). */
  degreeDays: number;
  /** Sum from the start date through this day, °D. */
  cumulativeDegreeDays: number;
}

export interface DegreeDayAccumulation {
  days: DegreeDayTotal[];
  /** Days from the start date with no maximum or minimum temperature, counted as 0 °D (the sum runs low by them). */
  missingDates: string[];
}

/** Degree-days summed day by day from `fromDate` (included, e.g. the planting date) to the series' last day. */
export function accumulateDegreeDays(weather: readonly AlertWeatherDay[], fromDate: string, model: DegreeDayModel): DegreeDayAccumulation {
  const byDate = new Map(sortedByDate(weather).map((day) => [day.date, day]));
  const lastDate = [...byDate.keys()].at(-1);
  const days: DegreeDayTotal[] = [];
  const missingDates: string[] = [];
  let cumulativeDegreeDays = 0;
  for (let date = fromDate; lastDate !== undefined && date <= lastDate; date = addDays(date, 1)) {
    const day = byDate.get(date);
    const known = day && typeof day.temperatureMaxC === 'number' && typeof day.temperatureMinC === 'number';
    const degreeDays = known ? dailyDegreeDays(day.temperatureMaxC!, day.temperatureMinC!, model) : 0;
    if (!known) missingDates.push(date);
    cumulativeDegreeDays += degreeDays;
    days.push({ date, degreeDays, cumulativeDegreeDays });
  }
  return { days, missingDates };
}
