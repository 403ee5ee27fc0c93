/**
 * Radiation terms of the FAO Penman-Monteith equation for daily periods, from FAO-56 chapter 3 ("Radiation",
 * "Estimating missing climatic data"): Allen, R.G., Pereira, L.S., Raes, D., Smith, M. (1998). Crop
 * evapotranspiration — Guidelines for computing crop water requirements. FAO Irrigation and Drainage Paper 56,
 * Rome. https://www.fao.org/3/x0490e/x0490e07.htm
 *
 * Radiation in MJ m⁻² day⁻¹, angles in radians unless a name says degrees, latitude north-positive.
 */

/** Solar constant Gsc, MJ m⁻² min⁻¹ (FAO-56 Eq. 21). */
const SOLAR_CONSTANT_MJ_PER_M2_MIN = 0.082;

/** Stefan-Boltzmann constant σ per day, MJ K⁻⁴ m⁻² day⁻¹ (FAO-56 Eq. 39). */
const STEFAN_BOLTZMANN_MJ_PER_K4_M2_DAY = 4.903e-9;

/** Albedo of the grass reference crop (FAO-56 Eq. 38). */
const GRASS_REFERENCE_ALBEDO = 0.23;

/** Angström coefficients as and bs for when no local calibration exists (FAO-56 Eq. 35). */
const ANGSTROM_AS = 0.25;
const ANGSTROM_BS = 0.5;

/** Where a site lies for the temperature-based radiation estimate (FAO-56 Eq. 50). */
export type SiteExposure = 'interior' | 'coastal';

/**
 * Adjustment coefficient kRs of FAO-56 Eq. 50, °C^-0.5: 0.16 for interior sites, where the land mass dominates
 * the air, and 0.19 for coastal sites, where a nearby water body damps the daily temperature range.
 */
const TEMPERATURE_RADIATION_COEFFICIENT: Record<SiteExposure, number> = { interior: 0.16, coastal: 0.19 };

/**
 * Day of the year J (1 January = 1) of a calendar date `YYYY-MM-DD`, as FAO-56 Eqs. 23-24 use it.
 * Throws a RangeError for a string that is not a real calendar date.
 */
export function dayOfYearOfDate(calendarDate: string): number {
  const time = Date.parse(`${calendarDate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(calendarDate) || Number.isNaN(time) || !new Date(time).toISOString().startsWith(calendarDate)) {
    throw new RangeError(`"${calendarDate}" is not a calendar date in the form YYYY-MM-DD.`);
  }
  const startOfYear = Date.parse(`${calendarDate.slice(0, 4)}-01-01T00:00:00Z`);
  return Math.round((time - startOfYear) / 86_400_000) + 1;
}

/** Inverse relative distance Earth-Sun dr, dimensionless (FAO-56 Eq. 23). */
export function inverseRelativeDistanceEarthSun(dayOfYear: number): number {
  return 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * dayOfYear);
}

/** Solar declination δ, radians (FAO-56 Eq. 24). */
export function solarDeclinationRad(dayOfYear: number): number {
  return 0.409 * Math.sin(((2 * Math.PI) / 365) * dayOfYear - 1.39);
}

/**
 * Sunset hour angle ωs, radians (FAO-56 Eq. 25). Inside the polar circles the arccos argument leaves [−1, 1]
 * (midnight sun or polar night); it is clamped so that ωs is π or 0 there instead of NaN.
 */
export function sunsetHourAngleRad(latitudeRad: number, solarDeclinationRad: number): number {
  const cosine = -Math.tan(latitudeRad) * Math.tan(solarDeclinationRad);
  return Math.acos(Math.min(1, Math.max(-1, cosine)));
}

/** Extraterrestrial radiation Ra for a day, MJ m⁻² day⁻¹ (FAO-56 Eq. 21, with Eqs. 22-25). */
export function extraterrestrialRadiationMjPerM2Day(latitudeDeg: number, dayOfYear: number): number {
  const latitudeRad = (Math.PI / 180) * latitudeDeg;
  const declinationRad = solarDeclinationRad(dayOfYear);
  const sunsetRad = sunsetHourAngleRad(latitudeRad, declinationRad);
  return (
    ((24 * 60) / Math.PI) *
    SOLAR_CONSTANT_MJ_PER_M2_MIN *
    inverseRelativeDistanceEarthSun(dayOfYear) *
    (sunsetRad * Math.sin(latitudeRad) * Math.sin(declinationRad) + Math.cos(latitudeRad) * Math.cos(declinationRad) * Math.sin(sunsetRad))
  );
}

/** Daylight hours N, the maximum possible duration of sunshine, hours (FAO-56 Eq. 34). */
export function daylightHours(sunsetHourAngleRad: number): number {
  return (24 / Math.PI) * sunsetHourAngleRad;
}

/**
 * Radiation expressed as the depth of water it would evaporate, mm/day (FAO-56 Eq. 20): 0.408 = 1/λ with the
 * latent heat of vaporization λ = 2.45 MJ kg⁻¹.
 */
export function equivalentEvaporationMm(radiationMjPerM2Day: number): number {
  return 0.408 * radiationMjPerM2Day;
}

export interface SunshineRadiationInput {
  /** Actual duration of bright sunshine n, hours. */
  sunshineHours: number;
  /** Daylight hours N (Eq. 34), hours. */
  daylightHours: number;
  extraterrestrialRadiationMjPerM2Day: number;
}

/**
 * Solar (shortwave) radiation Rs from measured sunshine hours, MJ m⁻² day⁻¹ (Angström formula, FAO-56 Eq. 35)
 * with FAO-56's uncalibrated as = 0.25 and bs = 0.50.
 */
export function solarRadiationFromSunshineMjPerM2Day(input: SunshineRadiationInput): number {
  return (ANGSTROM_AS + ANGSTROM_BS * (input.sunshineHours / input.daylightHours)) * input.extraterrestrialRadiationMjPerM2Day;
}

export interface TemperatureRadiationInput {
  tempMaxC: number;
  tempMinC: number;
  extraterrestrialRadiationMjPerM2Day: number;
  siteExposure: SiteExposure;
}

/**
 * Solar radiation Rs estimated from the daily temperature range, MJ m⁻² day⁻¹ (Hargreaves' radiation formula,
 * FAO-56 Eq. 50): clear skies give hot days and cool nights, so a wide range means much sunshine.
 */
export function solarRadiationFromTemperatureMjPerM2Day(input: TemperatureRadiationInput): number {
  return (
    TEMPERATURE_RADIATION_COEFFICIENT[input.siteExposure] *
    Math.sqrt(input.tempMaxC - input.tempMinC) *
    input.extraterrestrialRadiationMjPerM2Day
  );
}

/** Clear-sky solar radiation Rso, MJ m⁻² day⁻¹ (FAO-56 Eq. 37, for when as and bs are not calibrated). */
export function clearSkySolarRadiationMjPerM2Day(extraterrestrialRadiationMjPerM2Day: number, elevationM: number): number {
  return (0.75 + 2e-5 * elevationM) * extraterrestrialRadiationMjPerM2Day;
}

/** Net shortwave radiation Rns over the grass reference (albedo 0.23), MJ m⁻² day⁻¹ (FAO-56 Eq. 38). */
export function netShortwaveRadiationMjPerM2Day(solarRadiationMjPerM2Day: number): number {
  return (1 - GRASS_REFERENCE_ALBEDO) * solarRadiationMjPerM2Day;
}

export interface NetLongwaveRadiationInput {
  tempMaxC: number;
  tempMinC: number;
  actualVapourPressureKpa: number;
  solarRadiationMjPerM2Day: number;
  clearSkySolarRadiationMjPerM2Day: number;
}

/**
 * Net outgoing longwave radiation Rnl, MJ m⁻² day⁻¹ (FAO-56 Eq. 39, σ = 4.903e-9 MJ K⁻⁴ m⁻² day⁻¹, K = °C + 273.16).
 * Rs/Rso is capped at 1.0 as FAO-56 requires, since an estimated Rs can exceed the clear-sky value. In the
 * polar night Rso is 0 and the cloudiness ratio is undefined; it is then taken as 1 so the result stays finite.
 */
export function netLongwaveRadiationMjPerM2Day(input: NetLongwaveRadiationInput): number {
  const meanFourthPowerK4 = ((input.tempMaxC + 273.16) ** 4 + (input.tempMinC + 273.16) ** 4) / 2;
  const relativeShortwave =
    input.clearSkySolarRadiationMjPerM2Day > 0 ? Math.min(1, input.solarRadiationMjPerM2Day / input.clearSkySolarRadiationMjPerM2Day) : 1;
  return (
    STEFAN_BOLTZMANN_MJ_PER_K4_M2_DAY *
    meanFourthPowerK4 *
    (0.34 - 0.14 * Math.sqrt(input.actualVapourPressureKpa)) *
    (1.35 * relativeShortwave - 0.35)
  );
}

/** Net radiation Rn at the grass surface, MJ m⁻² day⁻¹ (FAO-56 Eq. 40): Rn = Rns − Rnl. */
export function netRadiationMjPerM2Day(netShortwaveMjPerM2Day: number, netLongwaveMjPerM2Day: number): number {
  return netShortwaveMjPerM2Day - netLongwaveMjPerM2Day;
}
