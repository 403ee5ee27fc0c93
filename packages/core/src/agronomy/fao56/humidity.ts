/**
 * Air humidity terms of the FAO Penman-Monteith equation, from FAO-56 chapter 3 ("Air humidity"):
 * Allen, R.G., Pereira, L.S., Raes, D., Smith, M. (1998). Crop evapotranspiration — Guidelines for computing
 * crop water requirements. FAO Irrigation and Drainage Paper 56, Rome. https://www.fao.org/3/x0490e/x0490e07.htm
 *
 * Temperatures in °C, vapour pressures in kPa, relative humidity in % (0–100).
 */

/**
 * Saturation vapour pressure e°(T) at air temperature T, kPa (FAO-56 Eq. 11, Tetens form).
 * Coefficients 0.6108 kPa, 17.27 and 237.3 °C are FAO-56's.
 */
export function saturationVapourPressureKpa(tempC: number): number {
  return 0.6108 * Math.exp((17.27 * tempC) / (tempC + 237.3));
}

/**
 * Mean saturation vapour pressure es of a day, kPa (FAO-56 Eq. 12): the mean of e°(Tmax) and e°(Tmin).
 * Averaging the two pressures, not taking e° of the mean temperature, is deliberate: e° is convex, so
 * e°(Tmean) underestimates es and with it the vapour pressure deficit and ET₀.
 */
export function meanSaturationVapourPressureKpa(tempMaxC: number, tempMinC: number): number {
  return (saturationVapourPressureKpa(tempMaxC) + saturationVapourPressureKpa(tempMinC)) / 2;
}

/** Slope Δ of the saturation vapour pressure curve at the mean air temperature, kPa/°C (FAO-56 Eq. 13). */
export function saturationVapourPressureSlopeKpaPerC(tempMeanC: number): number {
  return (4098 * saturationVapourPressureKpa(tempMeanC)) / (tempMeanC + 237.3) ** 2;
}

/** Actual vapour pressure ea from the dew point temperature, kPa (FAO-56 Eq. 14): ea = e°(Tdew). */
export function actualVapourPressureFromDewPointKpa(dewPointC: number): number {
  return saturationVapourPressureKpa(dewPointC);
}

export interface RelativeHumidityMaxMin {
  tempMaxC: number;
  tempMinC: number;
  relativeHumidityMaxPct: number;
  relativeHumidityMinPct: number;
}

/**
 * Actual vapour pressure ea from daily maximum and minimum relative humidity, kPa (FAO-56 Eq. 17).
 * RHmax is paired with Tmin and RHmin with Tmax because the air is most humid at the coolest hour.
 */
export function actualVapourPressureFromRhMaxMinKpa(input: RelativeHumidityMaxMin): number {
  const { tempMaxC, tempMinC, relativeHumidityMaxPct, relativeHumidityMinPct } = input;
  return (
    (saturationVapourPressureKpa(tempMinC) * (relativeHumidityMaxPct / 100) +
      saturationVapourPressureKpa(tempMaxC) * (relativeHumidityMinPct / 100)) /
    2
  );
}

/**
 * Actual vapour pressure ea from maximum relative humidity only, kPa (FAO-56 Eq. 18). FAO-56 recommends it over
 * Eq. 17 when RHmin is doubtful, since sensor errors are largest at low humidity.
 */
export function actualVapourPressureFromRhMaxKpa(tempMinC: number, relativeHumidityMaxPct: number): number {
  return saturationVapourPressureKpa(tempMinC) * (relativeHumidityMaxPct / 100);
}

export interface RelativeHumidityMean {
  tempMaxC: number;
  tempMinC: number;
  relativeHumidityMeanPct: number;
}

/**
 * Actual vapour pressure ea from mean relative humidity, kPa (FAO-56 Eq. 19). FAO-56 calls it less desirable
 * than Eqs. 17 and 18 because a mean RH is skewed by the non-linearity of e°(T).
 */
export function actualVapourPressureFromRhMeanKpa(input: RelativeHumidityMean): number {
  return (input.relativeHumidityMeanPct / 100) * meanSaturationVapourPressureKpa(input.tempMaxC, input.tempMinC);
}
