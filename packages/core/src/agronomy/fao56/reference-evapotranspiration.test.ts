import { describe, expect, it } from 'vitest';
import { actualVapourPressureFromDewPointKpa, meanSaturationVapourPressureKpa, saturationVapourPressureSlopeKpaPerC } from './humidity.ts';
import {
  clearSkySolarRadiationMjPerM2Day,
  dayOfYearOfDate,
  daylightHours,
  equivalentEvaporationMm,
  extraterrestrialRadiationMjPerM2Day,
  netLongwaveRadiationMjPerM2Day,
  netShortwaveRadiationMjPerM2Day,
  solarDeclinationRad,
  solarRadiationFromSunshineMjPerM2Day,
  solarRadiationFromTemperatureMjPerM2Day,
  sunsetHourAngleRad,
} from './radiation.ts';
import {
  atmosphericPressureKpa,
  DAILY_SOIL_HEAT_FLUX_MJ_PER_M2_DAY,
  dailyReferenceEt0,
  hargreavesEt0Mm,
  monthlySoilHeatFluxMjPerM2Day,
  penmanMonteithEt0Mm,
  psychrometricConstantKpaPerC,
  windSpeedAt2mMPerS,
  type Et0DailyWeather,
} from './reference-evapotranspiration.ts';

// Expected values are FAO-56's worked examples (Allen et al. 1998, chapters 3-4), compared at the number of decimals
// the paper prints. Where the paper feeds a rounded intermediate into the next step, the test does the same and says so.

describe('FAO-56 Example 2: atmospheric parameters at 1800 m', () => {
  it('gives P = 81.8 kPa (Eq. 7) and γ = 0.054 kPa/°C (Eq. 8)', () => {
    const pressureKpa = atmosphericPressureKpa(1800);
    expect(pressureKpa).toBeCloseTo(81.8, 1);
    expect(psychrometricConstantKpaPerC(pressureKpa)).toBeCloseTo(0.054, 3);
  });
});

describe('FAO-56 Example 13: monthly soil heat flux, April 14.1 °C, May 16.1 °C, June 18.8 °C', () => {
  it('gives G(May) = 0.33 MJ m⁻² day⁻¹ from April and June (Eq. 43), 0.13 mm/day as evaporation', () => {
    const g = monthlySoilHeatFluxMjPerM2Day({ previousMonthTempMeanC: 14.1, monthTempMeanC: 16.1, nextMonthTempMeanC: 18.8 });
    expect(g).toBeCloseTo(0.33, 2);
    expect(equivalentEvaporationMm(g)).toBeCloseTo(0.13, 2);
  });

  it('gives 0.28 MJ m⁻² day⁻¹ from April and May when June is not known yet (Eq. 44)', () => {
    expect(monthlySoilHeatFluxMjPerM2Day({ previousMonthTempMeanC: 14.1, monthTempMeanC: 16.1, nextMonthTempMeanC: null })).toBeCloseTo(
      0.28,
      2,
    );
  });

  it('takes daily G as 0 (Eq. 42)', () => {
    expect(DAILY_SOIL_HEAT_FLUX_MJ_PER_M2_DAY).toBe(0);
  });
});

describe('FAO-56 Example 14: wind speed at 2 m', () => {
  it('converts 3.2 m/s measured at 10 m to 2.4 m/s (Eq. 47)', () => {
    expect(windSpeedAt2mMPerS(3.2, 10)).toBeCloseTo(2.4, 1);
  });

  it('changes a speed measured at 2 m by less than 0.05 % (the fit’s factor there is 1.0002)', () => {
    expect(windSpeedAt2mMPerS(3.2, 2) / 3.2).toBeCloseTo(1, 3);
  });

  it.each([
    [-1, 10],
    [3, 0],
    [3, 0.05],
  ])('rejects %d m/s at %d m', (speed, height) => {
    expect(() => windSpeedAt2mMPerS(speed, height)).toThrow(RangeError);
  });
});

describe('FAO-56 Example 17: monthly ET₀ for Bangkok (13°44′N, 2 m) in April', () => {
  // Monthly means: Tmax 34.8 °C, Tmin 25.6 °C, ea 2.85 kPa, u₂ 2 m/s, 8.5 h of sunshine a day, mean temperature
  // 29.2 °C in March and 30.2 °C in April. Mid-April is J = 105.
  const latitudeDeg = 13 + 44 / 60;
  const dayOfYear = dayOfYearOfDate('2023-04-15');
  const tempMeanC = (34.8 + 25.6) / 2;
  const ra = extraterrestrialRadiationMjPerM2Day(latitudeDeg, dayOfYear);
  const n = daylightHours(sunsetHourAngleRad((Math.PI / 180) * latitudeDeg, solarDeclinationRad(dayOfYear)));
  const rs = solarRadiationFromSunshineMjPerM2Day({ sunshineHours: 8.5, daylightHours: n, extraterrestrialRadiationMjPerM2Day: ra });
  const rso = clearSkySolarRadiationMjPerM2Day(ra, 2);
  const rns = netShortwaveRadiationMjPerM2Day(rs);
  const rnl = netLongwaveRadiationMjPerM2Day({
    tempMaxC: 34.8,
    tempMinC: 25.6,
    actualVapourPressureKpa: 2.85,
    solarRadiationMjPerM2Day: rs,
    clearSkySolarRadiationMjPerM2Day: rso,
  });
  const g = monthlySoilHeatFluxMjPerM2Day({ previousMonthTempMeanC: 29.2, monthTempMeanC: 30.2 });
  // The paper rounds P to 101.3 kPa before Eq. 8; γ from the unrounded 101.28 kPa would print 0.0673, not 0.0674.
  const gamma = psychrometricConstantKpaPerC(Number(atmosphericPressureKpa(2).toFixed(1)));

  it('gives Tmean = 30.2 °C, Δ = 0.246 kPa/°C, P = 101.3 kPa and γ = 0.0674 kPa/°C', () => {
    expect(tempMeanC).toBeCloseTo(30.2, 1);
    expect(saturationVapourPressureSlopeKpaPerC(tempMeanC)).toBeCloseTo(0.246, 3);
    expect(atmosphericPressureKpa(2)).toBeCloseTo(101.3, 1);
    expect(gamma).toBeCloseTo(0.0674, 4);
  });

  it('gives es = 4.42 kPa and es − ea = 1.57 kPa', () => {
    expect(meanSaturationVapourPressureKpa(34.8, 25.6)).toBeCloseTo(4.42, 2);
    expect(meanSaturationVapourPressureKpa(34.8, 25.6) - 2.85).toBeCloseTo(1.57, 2);
  });

  it('gives Ra = 38.06, N = 12.31 h, Rs = 22.65 and Rso = 28.54 MJ m⁻² day⁻¹', () => {
    expect(dayOfYear).toBe(105);
    expect(ra).toBeCloseTo(38.06, 2);
    expect(n).toBeCloseTo(12.31, 2);
    expect(rs).toBeCloseTo(22.65, 2);
    expect(rso).toBeCloseTo(28.54, 2);
  });

  it('gives Rns = 17.44, Rnl = 3.11, Rn = 14.33 and G = 0.14 MJ m⁻² day⁻¹ (Eq. 44)', () => {
    expect(rns).toBeCloseTo(17.44, 2);
    expect(rnl).toBeCloseTo(3.11, 2);
    expect(rns - rnl).toBeCloseTo(14.33, 2);
    expect(g).toBeCloseTo(0.14, 2);
  });

  it('gives ET₀ = 5.72 mm/day (Eq. 6)', () => {
    const et0Mm = penmanMonteithEt0Mm({
      netRadiationMjPerM2Day: rns - rnl,
      soilHeatFluxMjPerM2Day: g,
      tempMeanC,
      windSpeed2mMPerS: 2,
      meanSaturationVapourPressureKpa: meanSaturationVapourPressureKpa(34.8, 25.6),
      actualVapourPressureKpa: 2.85,
      vapourPressureSlopeKpaPerC: saturationVapourPressureSlopeKpaPerC(tempMeanC),
      psychrometricConstantKpaPerC: gamma,
    });
    expect(et0Mm).toBeCloseTo(5.72, 2);
  });
});

/** FAO-56 Example 18: Uccle (Brussels), 6 July, as the product would receive the day. 10 km/h = 10/3.6 m/s. */
const uccle: Et0DailyWeather = {
  // A common year, so that 6 July is J = 187 as in the paper.
  date: '2023-07-06',
  latitudeDeg: 50 + 48 / 60,
  elevationM: 100,
  tempMaxC: 21.5,
  tempMinC: 12.3,
  relativeHumidityMaxPct: 84,
  relativeHumidityMinPct: 63,
  wind: { speedMPerS: 10 / 3.6, heightM: 10 },
  sunshineHours: 9.25,
};

describe('FAO-56 Example 18: daily ET₀ for Uccle (Brussels) on 6 July', () => {
  it('gives u₂ = 2.078 m/s from 10 km/h at 10 m, P = 100.1 kPa and γ = 0.0666 kPa/°C', () => {
    expect(windSpeedAt2mMPerS(10 / 3.6, 10)).toBeCloseTo(2.078, 3);
    expect(atmosphericPressureKpa(100)).toBeCloseTo(100.1, 1);
    expect(psychrometricConstantKpaPerC(100.1)).toBeCloseTo(0.0666, 4);
  });

  it('gives ET₀ = 3.9 mm/day by Penman-Monteith, noting the wind height conversion and the sunshine-based radiation', () => {
    const result = dailyReferenceEt0(uccle);
    expect(result.method).toBe('penman-monteith');
    expect(result.et0Mm).toBeCloseTo(3.9, 1);
    expect(result.assumptions).toEqual([
      'Wind measured at 10 m converted to 2 m (FAO-56 Eq. 47, log profile over grass).',
      'Solar radiation estimated from sunshine hours (Angström, FAO-56 Eq. 35, as = 0.25, bs = 0.50).',
    ]);
  });

  it('gives the same ET₀ from the printed intermediates (Rn 13.28, Tmean 16.9, u₂ 2.078, es 1.997, ea 1.409, Δ 0.122, γ 0.0666)', () => {
    const et0Mm = penmanMonteithEt0Mm({
      netRadiationMjPerM2Day: 13.28,
      soilHeatFluxMjPerM2Day: 0,
      tempMeanC: 16.9,
      windSpeed2mMPerS: 2.078,
      meanSaturationVapourPressureKpa: 1.997,
      actualVapourPressureKpa: 1.409,
      vapourPressureSlopeKpaPerC: 0.122,
      psychrometricConstantKpaPerC: 0.0666,
    });
    expect(et0Mm).toBeCloseTo(3.9, 1);
  });
});

/** FAO-56 Examples 15 and 20: Lyon (45°43′N, 200 m), July, with only Tmax 26.6 °C and Tmin 14.8 °C. */
const lyon: Et0DailyWeather = { date: '2023-07-15', latitudeDeg: 45 + 43 / 60, elevationM: 200, tempMaxC: 26.6, tempMinC: 14.8 };

describe('FAO-56 Example 20: ET₀ with missing humidity, radiation and wind, Lyon in July', () => {
  // The paper estimates ea from Tdew ≈ Tmin (1.68 kPa), Rs from Eq. 50 (22.3 MJ m⁻² day⁻¹, as in Example 15) and
  // takes u₂ = 2 m/s. Those estimates are checked here; the ET₀ the paper prints could not be retrieved, so the
  // final value is checked only against the same chain run by hand.
  it('runs Penman-Monteith on the paper’s estimates when the dew point is taken as Tmin', () => {
    const ra = extraterrestrialRadiationMjPerM2Day(lyon.latitudeDeg, dayOfYearOfDate(lyon.date));
    const ea = actualVapourPressureFromDewPointKpa(14.8);
    const rs = solarRadiationFromTemperatureMjPerM2Day({
      tempMaxC: 26.6,
      tempMinC: 14.8,
      extraterrestrialRadiationMjPerM2Day: ra,
      siteExposure: 'interior',
    });
    expect(ea).toBeCloseTo(1.68, 2);
    expect(rs).toBeCloseTo(22.3, 1);

    const byHand = penmanMonteithEt0Mm({
      netRadiationMjPerM2Day:
        netShortwaveRadiationMjPerM2Day(rs) -
        netLongwaveRadiationMjPerM2Day({
          tempMaxC: 26.6,
          tempMinC: 14.8,
          actualVapourPressureKpa: ea,
          solarRadiationMjPerM2Day: rs,
          clearSkySolarRadiationMjPerM2Day: clearSkySolarRadiationMjPerM2Day(ra, 200),
        }),
      soilHeatFluxMjPerM2Day: 0,
      tempMeanC: 20.7,
      windSpeed2mMPerS: 2,
      meanSaturationVapourPressureKpa: meanSaturationVapourPressureKpa(26.6, 14.8),
      actualVapourPressureKpa: ea,
      vapourPressureSlopeKpaPerC: saturationVapourPressureSlopeKpaPerC(20.7),
      psychrometricConstantKpaPerC: psychrometricConstantKpaPerC(atmosphericPressureKpa(200)),
    });
    const result = dailyReferenceEt0({ ...lyon, dewPointC: 14.8 });
    expect(result.method).toBe('penman-monteith');
    expect(result.et0Mm).toBeCloseTo(byHand, 10);
    expect(result.assumptions).toEqual([
      'No wind reading: 2 m/s at 2 m assumed (FAO-56 chapter 3, missing wind speed data).',
      'No radiation or sunshine reading: solar radiation estimated from Tmax − Tmin (FAO-56 Eq. 50, kRs = 0.16, interior site).',
    ]);
  });
});

describe('Hargreaves equation (FAO-56 Eq. 52)', () => {
  // FAO-56 prints no worked example for Eq. 52. By hand for Lyon in July (Example 15's Ra = 40.6 MJ m⁻² day⁻¹):
  // 0.0023 × (20.7 + 17.8) × √11.8 × (0.408 × 40.6) = 0.0023 × 38.5 × 3.435 × 16.56 = 5.04 mm/day.
  it('gives 5.04 mm/day for Tmax 26.6 °C, Tmin 14.8 °C, Ra 40.6 MJ m⁻² day⁻¹', () => {
    expect(hargreavesEt0Mm({ tempMaxC: 26.6, tempMinC: 14.8, extraterrestrialRadiationMjPerM2Day: 40.6 })).toBeCloseTo(5.04, 2);
  });

  it('is what dailyReferenceEt0 falls back to without any humidity reading, and says so', () => {
    const result = dailyReferenceEt0({ ...lyon, wind: { speedMPerS: 3, heightM: 10 }, solarRadiationMjPerM2Day: 25 });
    const ra = extraterrestrialRadiationMjPerM2Day(lyon.latitudeDeg, dayOfYearOfDate(lyon.date));
    expect(result.method).toBe('hargreaves');
    expect(result.et0Mm).toBe(hargreavesEt0Mm({ tempMaxC: 26.6, tempMinC: 14.8, extraterrestrialRadiationMjPerM2Day: ra }));
    expect(result.assumptions).toEqual([
      'No humidity reading (dew point, RHmax or RHmean): ET₀ from the Hargreaves equation (FAO-56 Eq. 52), using temperature and extraterrestrial radiation only.',
    ]);
  });

  it('does not take RHmin alone as a humidity reading (FAO-56 has no equation for it)', () => {
    expect(dailyReferenceEt0({ ...lyon, relativeHumidityMinPct: 40 }).method).toBe('hargreaves');
  });
});

describe('dailyReferenceEt0: choice of inputs', () => {
  const et0 = (day: Et0DailyWeather) => dailyReferenceEt0(day).et0Mm;
  const noHumidity = { ...uccle, relativeHumidityMaxPct: null, relativeHumidityMinPct: null };

  it('prefers the dew point to any relative humidity (FAO-56 order: Eq. 14, 17, 18, 19)', () => {
    expect(et0({ ...uccle, dewPointC: 10, relativeHumidityMeanPct: 70 })).toBe(et0({ ...noHumidity, dewPointC: 10 }));
  });

  it('prefers RHmax with RHmin to RHmax alone, and RHmax alone to RHmean, noting the weaker choice', () => {
    expect(et0({ ...uccle, relativeHumidityMeanPct: 50 })).toBe(et0(uccle));

    const rhMaxOnly = dailyReferenceEt0({ ...noHumidity, relativeHumidityMaxPct: 84, relativeHumidityMeanPct: 50 });
    expect(rhMaxOnly.et0Mm).toBe(et0({ ...noHumidity, relativeHumidityMaxPct: 84 }));
    expect(rhMaxOnly.et0Mm).not.toBe(et0(uccle));
    expect(rhMaxOnly.assumptions).toContain('Actual vapour pressure from RHmax only (FAO-56 Eq. 18).');

    const rhMean = dailyReferenceEt0({ ...noHumidity, relativeHumidityMeanPct: 73.5 });
    expect(rhMean.method).toBe('penman-monteith');
    expect(rhMean.assumptions).toContain('Actual vapour pressure from RHmean (FAO-56 Eq. 19), less reliable than RHmax and RHmin.');
  });

  it('prefers measured radiation to sunshine hours, and sunshine hours to the temperature range', () => {
    const measured = dailyReferenceEt0({ ...uccle, solarRadiationMjPerM2Day: 15 });
    expect(measured.et0Mm).toBe(et0({ ...uccle, sunshineHours: null, solarRadiationMjPerM2Day: 15 }));
    expect(measured.et0Mm).not.toBe(et0(uccle));
    expect(measured.assumptions).toEqual(['Wind measured at 10 m converted to 2 m (FAO-56 Eq. 47, log profile over grass).']);

    const fromTemperature = dailyReferenceEt0({ ...uccle, sunshineHours: null });
    expect(fromTemperature.assumptions).toContain(
      'No radiation or sunshine reading: solar radiation estimated from Tmax − Tmin (FAO-56 Eq. 50, kRs = 0.16, interior site).',
    );
    expect(dailyReferenceEt0({ ...uccle, sunshineHours: null, siteExposure: 'coastal' }).assumptions).toContain(
      'No radiation or sunshine reading: solar radiation estimated from Tmax − Tmin (FAO-56 Eq. 50, kRs = 0.19, coastal site).',
    );
  });

  it('takes wind measured at 2 m as it is, and 2 m/s at 2 m when there is none', () => {
    const at2m = dailyReferenceEt0({ ...uccle, wind: { speedMPerS: 2, heightM: 2 } });
    const missing = dailyReferenceEt0({ ...uccle, wind: null });
    expect(missing.et0Mm).toBe(at2m.et0Mm);
    expect(at2m.assumptions).not.toContain('No wind reading: 2 m/s at 2 m assumed (FAO-56 chapter 3, missing wind speed data).');
    expect(missing.assumptions).toContain('No wind reading: 2 m/s at 2 m assumed (FAO-56 chapter 3, missing wind speed data).');
  });

  it('stays finite in the polar night', () => {
    const polarNight = { date: '2023-12-21', latitudeDeg: 80, elevationM: 10, tempMaxC: -20, tempMinC: -30 };
    expect(dailyReferenceEt0(polarNight).et0Mm).toBeCloseTo(0, 10);
    expect(Number.isFinite(dailyReferenceEt0({ ...polarNight, relativeHumidityMeanPct: 80 }).et0Mm)).toBe(true);
  });
});

describe('dailyReferenceEt0: impossible input', () => {
  it.each<[string, Partial<Et0DailyWeather>, RegExp]>([
    ['Tmin above Tmax', { tempMaxC: 12, tempMinC: 21 }, /Minimum temperature 21 °C is above the maximum temperature 12 °C/],
    ['latitude above 90°', { latitudeDeg: 91 }, /Latitude must be between −90° and 90°, not 91°/],
    ['latitude below −90°', { latitudeDeg: -90.5 }, /Latitude must be between −90° and 90°, not -90.5°/],
    ['negative wind', { wind: { speedMPerS: -1, heightM: 10 } }, /Wind speed must be 0 m\/s or more, not -1/],
    ['wind at ground level', { wind: { speedMPerS: 3, heightM: 0 } }, /Wind measurement height must be above 0.1 m/],
    ['RHmax above 100 %', { relativeHumidityMaxPct: 101 }, /RHmax must be between 0 and 100 %, not 101/],
    ['RHmin below 0 %', { relativeHumidityMinPct: -5 }, /RHmin must be between 0 and 100 %, not -5/],
    ['RHmean above 100 %', { relativeHumidityMeanPct: 120 }, /RHmean must be between 0 and 100 %, not 120/],
    ['RHmin above RHmax', { relativeHumidityMaxPct: 60, relativeHumidityMinPct: 70 }, /RHmin 70 % is above RHmax 60 %/],
    ['negative radiation', { solarRadiationMjPerM2Day: -1 }, /Solar radiation must be 0 MJ\/m²\/day or more/],
    ['sunshine longer than the day', { sunshineHours: 17 }, /Sunshine hours must be between 0 and the day length of 16.1 h/],
    ['a temperature that is not a number', { tempMaxC: Number.NaN }, /Maximum temperature must be a finite number/],
    ['a date that does not exist', { date: '2023-02-30' }, /"2023-02-30" is not a calendar date/],
  ])('rejects %s with a RangeError', (_case, change, message) => {
    expect(() => dailyReferenceEt0({ ...uccle, ...change })).toThrow(RangeError);
    expect(() => dailyReferenceEt0({ ...uccle, ...change })).toThrow(message);
  });

  it('rejects RH out of range even when Hargreaves would be used', () => {
    expect(() => dailyReferenceEt0({ ...lyon, relativeHumidityMinPct: 140 })).toThrow(RangeError);
    expect(() => dailyReferenceEt0({ ...lyon, wind: { speedMPerS: -2, heightM: 10 } })).toThrow(RangeError);
  });
});
