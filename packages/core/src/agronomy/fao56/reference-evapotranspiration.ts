/**
 * Daily grass reference evapotranspiration ET₀ by the FAO Penman-Monteith method, with the Hargreaves equation
 * as the fallback, from FAO-56 chapters 2-3: Allen, R.G., Pereira, L.S., Raes, D., Smith, M. (1998). Crop
 * evapotranspiration — Guidelines for computing crop water requirements. FAO Irrigation and Drainage Paper 56,
 * Rome. https://www.fao.org/3/x0490e/x0490e06.htm (Eq. 6), https://www.fao.org/3/x0490e/x0490e07.htm (Eqs. 7-52).
 *
 * ET₀ in mm/day, radiation and heat flux in MJ m⁻² day⁻¹, pressures in kPa, temperatures in °C.
 */
import {
  actualVapourPressureFromDewPointKpa,
  actualVapourPressureFromRhMaxKpa,
  actualVapourPressureFromRhMaxMinKpa,
  actualVapourPressureFromRhMeanKpa,
  meanSaturationVapourPressureKpa,
  saturationVapourPressureSlopeKpaPerC,
} from './humidity.ts';
import {
  clearSkySolarRadiationMjPerM2Day,
  dayOfYearOfDate,
  daylightHours,
  equivalentEvaporationMm,
  extraterrestrialRadiationMjPerM2Day,
  netLongwaveRadiationMjPerM2Day,
  netRadiationMjPerM2Day,
  netShortwaveRadiationMjPerM2Day,
  solarDeclinationRad,
  solarRadiationFromSunshineMjPerM2Day,
  solarRadiationFromTemperatureMjPerM2Day,
  sunsetHourAngleRad,
  type SiteExposure,
} from './radiation.ts';

/** Atmospheric pressure P at an elevation above sea level, kPa (FAO-56 Eq. 7, standard atmosphere at 20 °C). */
export function atmosphericPressureKpa(elevationM: number): number {
  return 101.3 * ((293 - 0.0065 * elevationM) / 293) ** 5.26;
}

/** Psychrometric constant γ, kPa/°C (FAO-56 Eq. 8: cp·P/(ε·λ) = 0.665e-3·P with λ = 2.45 MJ kg⁻¹). */
export function psychrometricConstantKpaPerC(atmosphericPressureKpa: number): number {
  return 0.665e-3 * atmosphericPressureKpa;
}

/**
 * Wind speed at the standard 2 m height from a speed measured at another height over short grass, m/s
 * (FAO-56 Eq. 47, logarithmic wind profile). Throws a RangeError for a negative speed, or a height at or
 * below 0.1 m where the logarithm turns negative and the equation has no meaning.
 */
export function windSpeedAt2mMPerS(windSpeedMPerS: number, measurementHeightM: number): number {
  if (!(windSpeedMPerS >= 0)) throw new RangeError(`Wind speed must be 0 m/s or more, not ${windSpeedMPerS}.`);
  if (!(measurementHeightM > 0.1)) {
    throw new RangeError(`Wind measurement height must be above 0.1 m (FAO-56 Eq. 47), not ${measurementHeightM}.`);
  }
  return (windSpeedMPerS * 4.87) / Math.log(67.8 * measurementHeightM - 5.42);
}

/**
 * Soil heat flux G under the grass reference for a day, MJ m⁻² day⁻¹: FAO-56 Eq. 42 takes it as 0 because the
 * heat the soil gains by day it loses by night.
 */
export const DAILY_SOIL_HEAT_FLUX_MJ_PER_M2_DAY = 0;

export interface MonthlyMeanTemperatures {
  previousMonthTempMeanC: number;
  monthTempMeanC: number;
  /** Null or absent when the next month is not known yet (e.g. the current month). */
  nextMonthTempMeanC?: number | null;
}

/**
 * Soil heat flux G for a month, MJ m⁻² day⁻¹, from mean air temperatures: FAO-56 Eq. 43,
 * 0.07 (T next − T previous), when the next month is known, otherwise Eq. 44, 0.14 (T month − T previous).
 */
export function monthlySoilHeatFluxMjPerM2Day(temperatures: MonthlyMeanTemperatures): number {
  const { previousMonthTempMeanC, monthTempMeanC, nextMonthTempMeanC } = temperatures;
  if (typeof nextMonthTempMeanC === 'number') return 0.07 * (nextMonthTempMeanC - previousMonthTempMeanC);
  return 0.14 * (monthTempMeanC - previousMonthTempMeanC);
}

export interface PenmanMonteithInput {
  netRadiationMjPerM2Day: number;
  soilHeatFluxMjPerM2Day: number;
  /** Mean air temperature at 2 m, °C. */
  tempMeanC: number;
  windSpeed2mMPerS: number;
  /** es, kPa (Eq. 12). */
  meanSaturationVapourPressureKpa: number;
  /** ea, kPa (Eqs. 14-19). */
  actualVapourPressureKpa: number;
  /** Δ, kPa/°C (Eq. 13). */
  vapourPressureSlopeKpaPerC: number;
  /** γ, kPa/°C (Eq. 8). */
  psychrometricConstantKpaPerC: number;
}

/**
 * FAO Penman-Monteith reference evapotranspiration ET₀ of a hypothetical 0.12 m grass with surface resistance
 * 70 s/m and albedo 0.23, mm/day (FAO-56 Eq. 6). 0.408 converts MJ m⁻² to mm (Eq. 20); 900 and 0.34 carry the
 * reference crop's resistances for a daily step.
 */
export function penmanMonteithEt0Mm(input: PenmanMonteithInput): number {
  const slope = input.vapourPressureSlopeKpaPerC;
  const gamma = input.psychrometricConstantKpaPerC;
  const wind = input.windSpeed2mMPerS;
  const radiationTerm = 0.408 * slope * (input.netRadiationMjPerM2Day - input.soilHeatFluxMjPerM2Day);
  const aerodynamicTerm =
    gamma * (900 / (input.tempMeanC + 273)) * wind * (input.meanSaturationVapourPressureKpa - input.actualVapourPressureKpa);
  return (radiationTerm + aerodynamicTerm) / (slope + gamma * (1 + 0.34 * wind));
}

export interface HargreavesInput {
  tempMaxC: number;
  tempMinC: number;
  extraterrestrialRadiationMjPerM2Day: number;
}

/**
 * Hargreaves reference evapotranspiration, mm/day (FAO-56 Eq. 52, Hargreaves & Samani 1985):
 * 0.0023 (Tmean + 17.8) (Tmax − Tmin)^0.5 Ra, with Ra as equivalent evaporation in mm/day. FAO-56 offers it only
 * where humidity, radiation or wind data are lacking; it tends to overpredict in humid and underpredict in
 * windy (u₂ > 3 m/s) conditions.
 */
export function hargreavesEt0Mm(input: HargreavesInput): number {
  const tempMeanC = (input.tempMaxC + input.tempMinC) / 2;
  return (
    0.0023 *
    (tempMeanC + 17.8) *
    Math.sqrt(input.tempMaxC - input.tempMinC) *
    equivalentEvaporationMm(input.extraterrestrialRadiationMjPerM2Day)
  );
}

/** One day's weather at a site, as the product receives it; absent readings are null or left out. */
export interface Et0DailyWeather {
  /** Calendar date `YYYY-MM-DD` (the site's local day). */
  date: string;
  /** Degrees, north positive, −90 to 90. */
  latitudeDeg: number;
  /** Metres above sea level. */
  elevationM: number;
  tempMaxC: number;
  tempMinC: number;
  relativeHumidityMaxPct?: number | null;
  relativeHumidityMinPct?: number | null;
  relativeHumidityMeanPct?: number | null;
  dewPointC?: number | null;
  /** Mean wind speed of the day and the height above ground it was measured at (e.g. 10 m for most forecasts). */
  wind?: { speedMPerS: number; heightM: number } | null;
  /** Measured or modelled incoming shortwave radiation Rs, MJ m⁻² day⁻¹. */
  solarRadiationMjPerM2Day?: number | null;
  /** Hours of bright sunshine n. */
  sunshineHours?: number | null;
  /** Picks kRs of FAO-56 Eq. 50 when Rs must be estimated from temperature; interior when absent. */
  siteExposure?: SiteExposure;
}

export type Et0Method = 'penman-monteith' | 'hargreaves';

export interface DailyReferenceEt0 {
  /** Reference evapotranspiration ET₀, mm/day. */
  et0Mm: number;
  method: Et0Method;
  /** Each input that was estimated or defaulted, and how, so that the number is never shown without them. */
  assumptions: string[];
}

/** FAO-56 chapter 3 ("Missing wind speed data"): 2 m/s, the average over 2000 weather stations worldwide. */
const DEFAULT_WIND_SPEED_2M_M_PER_S = 2;

const isReading = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * Daily ET₀ for a site and a day. FAO Penman-Monteith (Eq. 6) when a humidity reading exists, taking ea from the
 * best one in FAO-56's order of preference (dew point, Eq. 14; RHmax with RHmin, Eq. 17; RHmax, Eq. 18;
 * RHmean, Eq. 19). Missing radiation is estimated from sunshine hours (Eq. 35) or else from Tmax − Tmin
 * (Eq. 50); missing wind is taken as 2 m/s at 2 m as FAO-56 chapter 3 recommends. Without any humidity reading
 * the Hargreaves equation (Eq. 52) is used instead. Every estimate is listed in `assumptions`.
 * Throws a RangeError for impossible input (Tmin above Tmax, latitude outside ±90°, negative wind or radiation,
 * RH outside 0-100 %, sunshine longer than the day).
 */
export function dailyReferenceEt0(day: Et0DailyWeather): DailyReferenceEt0 {
  const dayOfYear = dayOfYearOfDate(day.date);
  assertPlausibleWeather(day, dayOfYear);
  const extraterrestrialRadiation = extraterrestrialRadiationMjPerM2Day(day.latitudeDeg, dayOfYear);
  const assumptions: string[] = [];

  const humidity = actualVapourPressureFromBestReading(day);
  if (humidity === null) {
    assumptions.push(
      'No humidity reading (dew point, RHmax or RHmean): ET₀ from the Hargreaves equation (FAO-56 Eq. 52), using temperature and extraterrestrial radiation only.',
    );
    return {
      et0Mm: hargreavesEt0Mm({
        tempMaxC: day.tempMaxC,
        tempMinC: day.tempMinC,
        extraterrestrialRadiationMjPerM2Day: extraterrestrialRadiation,
      }),
      method: 'hargreaves',
      assumptions,
    };
  }
  if (humidity.assumption) assumptions.push(humidity.assumption);

  let windSpeed2mMPerS = DEFAULT_WIND_SPEED_2M_M_PER_S;
  // Eq. 47 is a fit whose factor at 2 m is 1.0002, not 1, so a 2 m reading is taken as it is.
  if (day.wind?.heightM === 2) {
    windSpeed2mMPerS = day.wind.speedMPerS;
  } else if (day.wind) {
    windSpeed2mMPerS = windSpeedAt2mMPerS(day.wind.speedMPerS, day.wind.heightM);
    assumptions.push(`Wind measured at ${day.wind.heightM} m converted to 2 m (FAO-56 Eq. 47, log profile over grass).`);
  } else {
    assumptions.push('No wind reading: 2 m/s at 2 m assumed (FAO-56 chapter 3, missing wind speed data).');
  }

  let solarRadiation: number;
  if (isReading(day.solarRadiationMjPerM2Day)) {
    solarRadiation = day.solarRadiationMjPerM2Day;
  } else if (isReading(day.sunshineHours)) {
    solarRadiation = solarRadiationFromSunshineMjPerM2Day({
      sunshineHours: day.sunshineHours,
      daylightHours: daylightHoursOfDay(day.latitudeDeg, dayOfYear),
      extraterrestrialRadiationMjPerM2Day: extraterrestrialRadiation,
    });
    assumptions.push('Solar radiation estimated from sunshine hours (Angström, FAO-56 Eq. 35, as = 0.25, bs = 0.50).');
  } else {
    const siteExposure = day.siteExposure ?? 'interior';
    solarRadiation = solarRadiationFromTemperatureMjPerM2Day({
      tempMaxC: day.tempMaxC,
      tempMinC: day.tempMinC,
      extraterrestrialRadiationMjPerM2Day: extraterrestrialRadiation,
      siteExposure,
    });
    assumptions.push(
      `No radiation or sunshine reading: solar radiation estimated from Tmax − Tmin (FAO-56 Eq. 50, kRs = ${siteExposure === 'coastal' ? '0.19, coastal' : '0.16, interior'} site).`,
    );
  }

  const netRadiation = netRadiationMjPerM2Day(
    netShortwaveRadiationMjPerM2Day(solarRadiation),
    netLongwaveRadiationMjPerM2Day({
      tempMaxC: day.tempMaxC,
      tempMinC: day.tempMinC,
      actualVapourPressureKpa: humidity.kpa,
      solarRadiationMjPerM2Day: solarRadiation,
      clearSkySolarRadiationMjPerM2Day: clearSkySolarRadiationMjPerM2Day(extraterrestrialRadiation, day.elevationM),
    }),
  );
  // FAO-56 Eq. 9: the daily mean temperature is the mean of the extremes, for Δ and for Eq. 6 alike.
  const tempMeanC = (day.tempMaxC + day.tempMinC) / 2;
  const et0Mm = penmanMonteithEt0Mm({
    netRadiationMjPerM2Day: netRadiation,
    soilHeatFluxMjPerM2Day: DAILY_SOIL_HEAT_FLUX_MJ_PER_M2_DAY,
    tempMeanC,
    windSpeed2mMPerS,
    meanSaturationVapourPressureKpa: meanSaturationVapourPressureKpa(day.tempMaxC, day.tempMinC),
    actualVapourPressureKpa: humidity.kpa,
    vapourPressureSlopeKpaPerC: saturationVapourPressureSlopeKpaPerC(tempMeanC),
    psychrometricConstantKpaPerC: psychrometricConstantKpaPerC(atmosphericPressureKpa(day.elevationM)),
  });
  return { et0Mm, method: 'penman-monteith', assumptions };
}

function daylightHoursOfDay(latitudeDeg: number, dayOfYear: number): number {
  return daylightHours(sunsetHourAngleRad((Math.PI / 180) * latitudeDeg, solarDeclinationRad(dayOfYear)));
}

/** ea from the most reliable humidity reading of the day, or null when there is none FAO-56 can use. */
function actualVapourPressureFromBestReading(day: Et0DailyWeather): { kpa: number; assumption: string | null } | null {
  const { tempMaxC, tempMinC, dewPointC, relativeHumidityMaxPct, relativeHumidityMinPct, relativeHumidityMeanPct } = day;
  if (isReading(dewPointC)) return { kpa: actualVapourPressureFromDewPointKpa(dewPointC), assumption: null };
  if (isReading(relativeHumidityMaxPct) && isReading(relativeHumidityMinPct)) {
    return {
      kpa: actualVapourPressureFromRhMaxMinKpa({ tempMaxC, tempMinC, relativeHumidityMaxPct, relativeHumidityMinPct }),
      assumption: null,
    };
  }
  if (isReading(relativeHumidityMaxPct)) {
    return {
      kpa: actualVapourPressureFromRhMaxKpa(tempMinC, relativeHumidityMaxPct),
      assumption: 'Actual vapour pressure from RHmax only (FAO-56 Eq. 18).',
    };
  }
  if (isReading(relativeHumidityMeanPct)) {
    return {
      kpa: actualVapourPressureFromRhMeanKpa({ tempMaxC, tempMinC, relativeHumidityMeanPct }),
      assumption: 'Actual vapour pressure from RHmean (FAO-56 Eq. 19), less reliable than RHmax and RHmin.',
    };
  }
  return null;
}

function assertPlausibleWeather(day: Et0DailyWeather, dayOfYear: number): void {
  const required: Array<[string, number]> = [
    ['Latitude', day.latitudeDeg],
    ['Elevation', day.elevationM],
    ['Maximum temperature', day.tempMaxC],
    ['Minimum temperature', day.tempMinC],
  ];
  const optional: Array<[string, number | null | undefined]> = [
    ['Dew point', day.dewPointC],
    ['Solar radiation', day.solarRadiationMjPerM2Day],
    ['Sunshine hours', day.sunshineHours],
    ['Wind speed', day.wind?.speedMPerS],
    ['Wind measurement height', day.wind?.heightM],
  ];
  for (const [name, value] of [...required, ...optional]) {
    if (isReading(value) && !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, not ${value}.`);
  }
  if (!(Math.abs(day.latitudeDeg) <= 90)) throw new RangeError(`Latitude must be between −90° and 90°, not ${day.latitudeDeg}°.`);
  if (day.tempMinC > day.tempMaxC) {
    throw new RangeError(`Minimum temperature ${day.tempMinC} °C is above the maximum temperature ${day.tempMaxC} °C.`);
  }

  const humidities: Array<[string, number | null | undefined]> = [
    ['RHmax', day.relativeHumidityMaxPct],
    ['RHmin', day.relativeHumidityMinPct],
    ['RHmean', day.relativeHumidityMeanPct],
  ];
  for (const [name, value] of humidities) {
    if (isReading(value) && !(value >= 0 && value <= 100)) throw new RangeError(`${name} must be between 0 and 100 %, not ${value}.`);
  }
  if (
    isReading(day.relativeHumidityMaxPct) &&
    isReading(day.relativeHumidityMinPct) &&
    day.relativeHumidityMinPct > day.relativeHumidityMaxPct
  ) {
    throw new RangeError(`RHmin ${day.relativeHumidityMinPct} % is above RHmax ${day.relativeHumidityMaxPct} %.`);
  }

  // Rejects a negative speed or an unusable height even when Hargreaves, which ignores wind, ends up being used.
  if (day.wind) windSpeedAt2mMPerS(day.wind.speedMPerS, day.wind.heightM);
  if (isReading(day.solarRadiationMjPerM2Day) && day.solarRadiationMjPerM2Day < 0) {
    throw new RangeError(`Solar radiation must be 0 MJ/m²/day or more, not ${day.solarRadiationMjPerM2Day}.`);
  }
  if (isReading(day.sunshineHours)) {
    const dayLengthHours = daylightHoursOfDay(day.latitudeDeg, dayOfYear);
    if (day.sunshineHours < 0 || day.sunshineHours > dayLengthHours) {
      throw new RangeError(
        `Sunshine hours must be between 0 and the day length of ${dayLengthHours.toFixed(1)} h (FAO-56 Eq. 34), not ${day.sunshineHours}.`,
      );
    }
  }
}
