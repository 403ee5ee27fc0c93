import { describe, expect, it } from 'vitest';
import {
  actualVapourPressureFromDewPointKpa,
  actualVapourPressureFromRhMaxKpa,
  actualVapourPressureFromRhMaxMinKpa,
  actualVapourPressureFromRhMeanKpa,
  meanSaturationVapourPressureKpa,
  saturationVapourPressureKpa,
  saturationVapourPressureSlopeKpaPerC,
} from './humidity.ts';

// Expected values are FAO-56's worked examples (Allen et al. 1998, chapter 3), compared at the number of decimals
// the paper prints: toBeCloseTo(value, n) passes when the result rounds to the printed figure.

describe('FAO-56 Example 3: mean saturation vapour pressure, Tmax 24.5 °C, Tmin 15 °C', () => {
  it('gives e°(Tmax) = 3.075 kPa and e°(Tmin) = 1.705 kPa (Eq. 11)', () => {
    expect(saturationVapourPressureKpa(24.5)).toBeCloseTo(3.075, 3);
    expect(saturationVapourPressureKpa(15)).toBeCloseTo(1.705, 3);
  });

  it('gives es = 2.390 kPa (Eq. 12), above e°(Tmean) because e° is convex', () => {
    expect(meanSaturationVapourPressureKpa(24.5, 15)).toBeCloseTo(2.39, 3);
    expect(saturationVapourPressureKpa((24.5 + 15) / 2)).toBeLessThan(meanSaturationVapourPressureKpa(24.5, 15));
  });
});

describe('FAO-56 Example 5: actual vapour pressure from RH, Tmin 18 °C, Tmax 25 °C, RHmax 82 %, RHmin 54 %', () => {
  const day = { tempMaxC: 25, tempMinC: 18, relativeHumidityMaxPct: 82, relativeHumidityMinPct: 54 };

  it('gives e°(Tmin) = 2.064 kPa and e°(Tmax) = 3.168 kPa', () => {
    expect(saturationVapourPressureKpa(18)).toBeCloseTo(2.064, 3);
    expect(saturationVapourPressureKpa(25)).toBeCloseTo(3.168, 3);
  });

  it('gives ea = 1.70 kPa from RHmax and RHmin (Eq. 17)', () => {
    expect(actualVapourPressureFromRhMaxMinKpa(day)).toBeCloseTo(1.7, 2);
  });

  it('gives ea = 1.69 kPa from RHmax only (Eq. 18)', () => {
    expect(actualVapourPressureFromRhMaxKpa(18, 82)).toBeCloseTo(1.69, 2);
  });

  it('gives ea = 1.78 kPa from RHmean = 68 % (Eq. 19)', () => {
    expect(actualVapourPressureFromRhMeanKpa({ tempMaxC: 25, tempMinC: 18, relativeHumidityMeanPct: 68 })).toBeCloseTo(1.78, 2);
  });
});

describe('FAO-56 Example 6: vapour pressure deficit from the data of Example 5', () => {
  it('gives es − ea = 0.91 kPa', () => {
    const deficitKpa =
      meanSaturationVapourPressureKpa(25, 18) -
      actualVapourPressureFromRhMaxMinKpa({ tempMaxC: 25, tempMinC: 18, relativeHumidityMaxPct: 82, relativeHumidityMinPct: 54 });
    expect(deficitKpa).toBeCloseTo(0.91, 2);
  });
});

describe('FAO-56 Example 18 (Uccle, 6 July): humidity terms', () => {
  it('gives Δ = 0.122 kPa/°C at Tmean 16.9 °C (Eq. 13)', () => {
    expect(saturationVapourPressureSlopeKpaPerC(16.9)).toBeCloseTo(0.122, 3);
  });

  it('gives es = 1.997 kPa, ea = 1.409 kPa and es − ea = 0.589 kPa from Tmax 21.5, Tmin 12.3, RHmax 84, RHmin 63', () => {
    const es = meanSaturationVapourPressureKpa(21.5, 12.3);
    const ea = actualVapourPressureFromRhMaxMinKpa({
      tempMaxC: 21.5,
      tempMinC: 12.3,
      relativeHumidityMaxPct: 84,
      relativeHumidityMinPct: 63,
    });
    expect(es).toBeCloseTo(1.997, 3);
    expect(ea).toBeCloseTo(1.409, 3);
    expect(es - ea).toBeCloseTo(0.589, 3);
  });
});

describe('FAO-56 Example 20 (Lyon, July): humidity when only temperatures are known', () => {
  it('gives ea = 1.68 kPa taking the dew point as Tmin = 14.8 °C (Eqs. 14 and 48)', () => {
    expect(actualVapourPressureFromDewPointKpa(14.8)).toBeCloseTo(1.68, 2);
  });
});
