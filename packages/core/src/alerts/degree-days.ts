/**
 * Insect degree-days from daily maximum and minimum temperatures by the single-sine method with a horizontal upper
 * cut-off (Baskerville & Emin 1969, Ecology 50:514; the method and formulas UC IPM publishes as its standard):
 * the day's temperature is taken as one sine wave from the minimum to the maximum and back, and the degree-days are
 * the area of that curve above the lower threshold Tbase, with the part above the upper cut-off Tcut counted as Tcut.
 *
 * With M = (Tmax + Tmin)/2, A = (Tmax − Tmin)/2, θ1 = asin((Tbase − M)/A) and θ2 = asin((Tcut − M)/A), each held to
 * [−π/2, π/2] (a threshold outside the day's range is never crossed):
 *
 *   DD = [(M − Tbase)(θ2 − θ1) + A(cos θ1 − cos θ2) + (Tcut − Tbase)(π/2 − θ2)] / π
 *
 * which gives M − Tbase on a day wholly between the thresholds, Tcut − Tbase on a day wholly above the cut-off and 0
 * on a day wholly below the base. The daily mean method, max(0, M − Tbase), counts 0 on a cool day with a warm
 * afternoon (4 to 20 °C over a 12.57 °C base: the mean, 12 °C, is below the base, but the afternoon hours above it
 * add about 2.3 °D); the sine counts them. At a constant temperature (the laboratory conditions the thermal constants were
 * measured at) both methods agree, so the published constants apply unchanged.
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

/** Degree-days (°D) of one day: the single-sine method with a horizontal upper cut-off (see the module note). */
export function dailyDegreeDays(maxTemperatureC: number, minTemperatureC: number, model: DegreeDayModel): number {
  if (!Number.isFinite(maxTemperatureC) || !Number.isFinite(minTemperatureC)) {
    throw new RangeError(`Degree-days need finite temperatures, got ${maxTemperatureC} and ${minTemperatureC}`);
  }
  const { baseTemperatureC: base, upperCutoffC: cutoff } = model;
  if (!(cutoff > base)) throw new RangeError(`The upper cut-off (${cutoff} °C) must be above the base (${base} °C)`);
  // A day whose maximum was read below its minimum (two sources mixed) is still the same range of temperatures.
  const high = Math.max(maxTemperatureC, minTemperatureC);
  const low = Math.min(maxTemperatureC, minTemperatureC);
  const mean = (high + low) / 2;
  const amplitude = (high - low) / 2;
  if (amplitude === 0) return Math.max(0, Math.min(mean, cutoff) - base);
  const crossing = (threshold: number) => Math.asin(Math.min(1, Math.max(-1, (threshold - mean) / amplitude)));
  const theta1 = crossing(base);
  const theta2 = crossing(cutoff);
  const area =
    (mean - base) * (theta2 - theta1) + amplitude * (Math.cos(theta1) - Math.cos(theta2)) + (cutoff - base) * (Math.PI / 2 - theta2);
  // Rounding can leave a hair below zero on a day that just touches the base.
  return Math.max(0, area / Math.PI);
}

export interface DegreeDayTotal {
  date: string;
  /** This day's degree-days, °D (0 on a day without temperatures). */
  degreeDays: number;
  /** Sum from the start date through this day, °D. */
  cumulativeDegreeDays: number;
  /** The day had no maximum or minimum temperature and counts as 0 °D (the sum runs low by it). */
  missing: boolean;
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
    days.push({ date, degreeDays, cumulativeDegreeDays, missing: !known });
  }
  return { days, missingDates };
}
