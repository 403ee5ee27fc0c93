import { describe, expect, it } from 'vitest';
import { sumAppliedNutrients, type LoggedFertilizerApplication } from './applied-nutrients.ts';
import { fertilizerProfileFor, type FertilizerCropProfile } from './crop-nutrient-profiles.ts';
import { assessSoilTest, computeNutrientNeeds, type FertilizerSoilTest, type NutrientNeedInput } from './nutrient-need.ts';

const TODAY = '2025-01-15';
const maize = fertilizerProfileFor({ id: 'maize-grain', crop: 'maize' }) as FertilizerCropProfile;
const soybean = fertilizerProfileFor({ id: 'soybean', crop: 'soybean' }) as FertilizerCropProfile;

function needs(options: {
  profile?: FertilizerCropProfile;
  yieldT?: number;
  soilTest?: FertilizerSoilTest | null;
  applications?: LoggedFertilizerApplication[];
  plantingDate?: string | null;
  credits?: NutrientNeedInput['otherNitrogenCredits'];
}) {
  const soilTest = options.soilTest ?? null;
  return computeNutrientNeeds({
    profile: options.profile ?? maize,
    targetYieldTonnesPerHa: options.yieldT ?? 6,
    soilTest,
    soilTestAssessment: assessSoilTest(soilTest, TODAY),
    soilTexture: 'loam',
    plantingDate: options.plantingDate ?? '2025-01-01',
    today: TODAY,
    applied: sumAppliedNutrients(options.applications ?? [], TODAY),
    otherNitrogenCredits: options.credits,
  });
}

const soil = (phosphorus: number | null, potassium: number | null, extra: Partial<FertilizerSoilTest> = {}): FertilizerSoilTest => ({
  unit: 'ppm',
  phosphorus,
  potassium,
  sampleDate: '2024-06-01',
  ...extra,
});

describe('P₂O₅ and K₂O from the soil test', () => {
  it('low P gets build-up plus maintenance, more than medium P, and high P is drawn down to nothing', () => {
    const low = needs({ soilTest: soil(8, 150) }).phosphate;
    const medium = needs({ soilTest: soil(20, 150) }).phosphate;
    const high = needs({ soilTest: soil(40, 150) }).phosphate;

    expect(low.approach).toBe('build-up-and-maintenance');
    expect(medium.approach).toBe('maintenance');
    expect(high.approach).toBe('draw-down');
    // maintenance: 6 t × 7.25 kg P₂O₅/t; build-up: (15 − 8) ppm × 20 ÷ 4 years
    expect(medium.stillNeededKgPerHa).toBe(43.5);
    expect(low.buildUpKgPerHa).toBe(35);
    expect(low.stillNeededKgPerHa).toBe(78.5);
    expect(low.stillNeededKgPerHa).toBeGreaterThan(medium.stillNeededKgPerHa);
    expect(high.stillNeededKgPerHa).toBe(0);
    expect(high.reasoning.join(' ')).toMatch(/draw down/);
  });

  it('a lower P reading needs more build-up', () => {
    expect(needs({ soilTest: soil(4, 150) }).phosphate.stillNeededKgPerHa).toBeGreaterThan(
      needs({ soilTest: soil(12, 150) }).phosphate.stillNeededKgPerHa,
    );
  });

  it('treats K the same way: low > medium, high = 0', () => {
    const low = needs({ soilTest: soil(20, 60) }).potash;
    const medium = needs({ soilTest: soil(20, 150) }).potash;
    const high = needs({ soilTest: soil(20, 250) }).potash;
    expect(medium.stillNeededKgPerHa).toBe(29.4); // 6 t × 4.9 kg K₂O/t
    expect(low.stillNeededKgPerHa).toBe(109.4); // + (100 − 60) × 8 ÷ 4
    expect(high.stillNeededKgPerHa).toBe(0);
  });

  it('without a soil test gives maintenance from crop removal and says what it assumed', () => {
    const result = needs({ soilTest: null });
    expect(result.phosphate.approach).toBe('maintenance-no-soil-test');
    expect(result.phosphate.stillNeededKgPerHa).toBe(43.5);
    expect(result.potash.stillNeededKgPerHa).toBe(29.4);
    expect(result.phosphate.reasoning[0]).toMatch(/No soil test: assuming a medium soil/);
    expect(assessSoilTest(null, TODAY)).toMatchObject({ state: 'missing', explanation: [expect.stringMatching(/No soil test/)] });
  });

  it('does not rate a test reported in %, and says so', () => {
    const test = soil(8, 150, { unit: '%' });
    const result = needs({ soilTest: test });
    expect(result.phosphate.approach).toBe('maintenance-no-soil-test');
    expect(assessSoilTest(test, TODAY).explanation.join(' ')).toMatch(/reported in %/);
  });

  it('flags a test older than three years but still uses it for P and K', () => {
    const assessment = assessSoilTest(soil(8, 150, { sampleDate: '2020-01-01' }), TODAY);
    expect(assessment.state).toBe('old');
    expect(assessment.explanation[0]).toBe(
      'The soil test of 1 Jan 2020 is 5 years old. It is still used for P and K, which change slowly, but re-test the field: ' +
        'testing every 3 years or so is common advice, not a measured limit.',
    );
    expect(needs({ soilTest: soil(8, 150, { sampleDate: '2020-01-01' }) }).phosphate.approach).toBe('build-up-and-maintenance');
  });
});

describe('N need', () => {
  it('maize: target yield × 21 kg N/t, minus N already applied', () => {
    const before = needs({}).nitrogen;
    expect(before.needKgPerHa).toBe(126);
    expect(before.stillNeededKgPerHa).toBe(126);

    const after = needs({
      applications: [
        // a record with its delivered nutrients, and one with only product grade and rate
        { applicationDate: '2025-01-01', product: 'Compound D', nitrogenKgPerHa: 21, phosphateKgPerHa: 42, potashKgPerHa: 21 },
        { applicationDate: '2025-01-10', product: 'AN', nitrogenPct: 34.5, phosphatePct: 0, potashPct: 0, rateKgPerHa: 100 },
      ],
    });
    expect(after.nitrogen.appliedKgPerHa).toBe(55.5);
    expect(after.nitrogen.stillNeededKgPerHa).toBe(70.5);
    expect(after.phosphate.appliedKgPerHa).toBe(42);
    expect(after.nitrogen.reasoning.join(' ')).toMatch(/Already applied this season: 55.5 kg N\/ha/);
  });

  it('never goes below zero when more was applied than needed', () => {
    const result = needs({
      applications: [{ applicationDate: '2025-01-02', nitrogenKgPerHa: 300, phosphateKgPerHa: 200, potashKgPerHa: 200 }],
    });
    expect(result.nitrogen.stillNeededKgPerHa).toBe(0);
    expect(result.phosphate.stillNeededKgPerHa).toBe(0);
    expect(result.potash.stillNeededKgPerHa).toBe(0);
  });

  const nitrogenTest = (ppm: number): FertilizerSoilTest => ({
    unit: 'ppm',
    nitrogen: ppm,
    phosphorus: 20,
    potassium: 150,
    sampleDate: '2024-12-20',
    depthCm: 20,
  });

  it('credits all the mineral N of a medium soil sampled near planting, and other credits the caller gives', () => {
    const result = needs({ soilTest: nitrogenTest(25), credits: [{ source: 'cattle manure', nitrogenKgPerHa: 20 }] }).nitrogen;
    // 25 ppm is medium (20–40 ppm): 25 ppm × 1.3 g/cm³ × 20 cm × 0.1 = 65 kg N/ha, all credited.
    expect(result.soilLevel).toBe('medium');
    expect(result.credits.map((credit) => credit.nitrogenKgPerHa)).toEqual([65, 20]);
    expect(result.stillNeededKgPerHa).toBe(126 - 65 - 20);
    expect(result.reasoning.join(' ')).toMatch(/Soil N 25 ppm × 1.3 g\/cm³ × 20 cm × 0.1 = 65 kg N\/ha .*so all of it is credited/);
  });

  it('gives a soil rated low in N only the small credit soil nitrate guides allow, so it gets close to the full rate', () => {
    // Ohio State's soil nitrate table: full rate at 0–10 ppm, 30 of 156 lb N/acre off at 11–15 ppm, 45 of 156 at 16–20.
    // The sample itself holds 2.6 kg N/ha per ppm (1.3 g/cm³ × 20 cm × 0.1), more than those shares of 126 kg N/ha.
    const tenPpm = needs({ soilTest: nitrogenTest(10) }).nitrogen;
    expect(tenPpm.soilLevel).toBe('low');
    expect(tenPpm.creditsKgPerHa).toBe(0);
    expect(tenPpm.stillNeededKgPerHa).toBe(126);
    expect(tenPpm.reasoning.join(' ')).toMatch(/Soil N 10 ppm is low \(under 20 ppm\): no soil N credit/);

    const twelvePpm = needs({ soilTest: nitrogenTest(12) }).nitrogen;
    expect(twelvePpm.creditsKgPerHa).toBe(24.2); // 126 × 30 / 156; the sample holds 31.2
    expect(twelvePpm.stillNeededKgPerHa).toBe(101.8);
    expect(twelvePpm.reasoning.join(' ')).toMatch(
      /Soil N 12 ppm is low \(under 20 ppm\): .*held to 19 % of the N need: 24.2 kg N\/ha\. At 11–15 ppm .*cut the full N rate by only about 19 %/,
    );

    const eighteenPpm = needs({ soilTest: nitrogenTest(18) }).nitrogen;
    expect(eighteenPpm.creditsKgPerHa).toBe(36.3); // 126 × 45 / 156; the sample holds 46.8
    // Every low reading is credited less than the N its sample holds, and less than 31 % of the need.
    for (const result of [tenPpm, twelvePpm, eighteenPpm]) expect(result.creditsKgPerHa).toBeLessThan(0.31 * result.needKgPerHa);
  });

  it('never credits a low soil more N than its sample holds', () => {
    // A shallow 5 cm sample at 14 ppm holds 14 × 1.3 × 5 × 0.1 = 9.1 kg N/ha, less than 19 % of 126.
    const result = needs({ soilTest: { ...nitrogenTest(14), depthCm: 5 } }).nitrogen;
    expect(result.creditsKgPerHa).toBe(9.1);
    expect(result.reasoning.join(' ')).toMatch(/held to 19 % of the N need, and to the 9.1 kg N\/ha the sample holds: 9.1 kg N\/ha/);
  });

  it('does not credit a soil N reading taken long before planting', () => {
    const result = needs({ soilTest: { unit: 'ppm', nitrogen: 30, phosphorus: 20, potassium: 150, sampleDate: '2024-06-01' } }).nitrogen;
    expect(result.creditsKgPerHa).toBe(0);
    expect(result.reasoning.join(' ')).toMatch(
      /credited only when sampled within 60 days of planting \(a rough guide, not a tested limit\)/,
    );
  });

  it('soybean: no N beyond a starter, whatever the yield, and it says so', () => {
    const result = needs({ profile: soybean, yieldT: 4 });
    expect(result.nitrogen.approach).toBe('legume-starter-only');
    expect(result.nitrogen.stillNeededKgPerHa).toBe(0);
    expect(result.nitrogen.reasoning.join(' ')).toMatch(/fixes its own nitrogen.*starter/);
    expect(result.phosphate.stillNeededKgPerHa).toBe(56); // 4 t × 14 kg P₂O₅/t, no soil test
  });

  it('refuses a target yield of zero', () => {
    expect(() => needs({ yieldT: 0 })).toThrow(RangeError);
  });
});

describe('applied nutrients', () => {
  it('leaves out records dated after today and records with no rate, and remembers the last N date', () => {
    const applied = sumAppliedNutrients(
      [
        { applicationDate: '2025-01-01', nitrogenKgPerHa: 20, phosphateKgPerHa: 40, potashKgPerHa: 20 },
        { applicationDate: '2025-01-10', product: 'KCl', potashKgPerHa: 30, nitrogenKgPerHa: 0 },
        { applicationDate: '2025-02-01', nitrogenKgPerHa: 50 },
        { applicationDate: '2025-01-05', product: 'Mystery' },
      ],
      TODAY,
    );
    expect(applied).toMatchObject({
      nitrogenKgPerHa: 20,
      phosphateKgPerHa: 40,
      potashKgPerHa: 50,
      lastNitrogenApplicationDate: '2025-01-01',
    });
    expect(applied.notes).toHaveLength(2);
  });
});
