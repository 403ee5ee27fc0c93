import { describe, expect, it } from 'vitest';
import { FERTILIZER_PRODUCTS, customFertilizerProduct } from './products.ts';
import { recommendFertilizer, type FertilizerEvent, type FertilizerRecommendationInput } from './recommend-fertilizer.ts';

const { urea, ammoniumNitrate, compoundD } = FERTILIZER_PRODUCTS;

/**
 * Maize planted 2025-01-10, today day 35 (inside the V6–V8 window, days 30–40), basal compound D already on,
 * soil medium in P and K, light rain forecast, dry field, a clear image 3 days ago: every rule clear.
 */
const maizeAtTopDress: FertilizerRecommendationInput = {
  cropTypeId: 'maize-grain-late',
  today: '2025-02-14',
  daysAfterPlanting: 35,
  targetYieldTonnesPerHa: 6,
  soilTest: { unit: 'ppm', nitrogen: 15, phosphorus: 30, potassium: 200, ph: 6.2, sampleDate: '2024-09-01' },
  soilTexture: 'loam',
  fieldAreaHectares: 2.5,
  applications: [
    {
      applicationDate: '2025-01-10',
      product: 'Compound D',
      nitrogenPct: 7,
      phosphatePct: 14,
      potashPct: 7,
      rateKgPerHa: 300,
      nitrogenKgPerHa: 21,
      phosphateKgPerHa: 42,
      potashKgPerHa: 21,
    },
  ],
  forecast: { rainNext48hMm: 8, rainNext72hMm: 12 },
  waterlogging: { waterBalanceSurplus: false, sclWaterShare: 0, ndwiPositiveShare: 0 },
  daysSinceClearImage: 3,
  products: [compoundD, urea],
};

const eventOf = (events: FertilizerEvent[], kind: FertilizerEvent['kind']) => events.find((event) => event.kind === kind);

describe('recommendFertilizer: maize at top-dress time', () => {
  it('with all clear: apply the top-dress now, with the applied N subtracted, in kg/ha, kg and bags', () => {
    const result = recommendFertilizer(maizeAtTopDress);
    expect(result.suppressions).toEqual([]);
    // 6 t × 21 kg N/t = 126, minus 21 kg N from the logged compound D
    expect(result.nutrients?.nitrogen.needKgPerHa).toBe(126);
    expect(result.stillNeeded.nitrogenKgPerHa).toBe(105);
    // P and K leftovers (1.5 and 8.4 kg/ha) are too small for a late basal pass
    expect(result.events.map((event) => event.kind)).toEqual(['top-dress']);
    expect(result.notes.join(' ')).toMatch(/not worth a separate pass/);

    const topDress = eventOf(result.events, 'top-dress');
    expect(topDress).toMatchObject({
      timing: 'due-now',
      action: 'apply-now',
      nutrients: { nitrogenKgPerHa: 105 },
      windowDates: { from: '2025-02-09', to: '2025-02-19' },
    });
    const [line] = topDress?.plan?.lines ?? [];
    // 105 kg N ÷ 46 % = 228 kg/ha urea; × 2.5 ha = 570 kg = 11.4 bags → 12
    expect(line).toMatchObject({ rateKgPerHa: 228, quantity: { fieldKg: 570, bagsExact: 11.4, bagsToBuy: 12 } });
    expect(result.headline).toMatch(/^Apply now — N top-dress \(V6–V8\): 228 kg\/ha Urea \(12 × 50 kg\)/);
  });

  it('subtracts every N application logged this season', () => {
    const withMore = recommendFertilizer({
      ...maizeAtTopDress,
      applications: [
        ...(maizeAtTopDress.applications ?? []),
        { applicationDate: '2025-01-20', product: 'AN', nitrogenPct: 34.5, phosphatePct: 0, potashPct: 0, rateKgPerHa: 100 },
      ],
    });
    expect(withMore.nutrients?.nitrogen.appliedKgPerHa).toBe(55.5);
    expect(eventOf(withMore.events, 'top-dress')?.nutrients.nitrogenKgPerHa).toBe(70.5);
  });

  const heldBy: [string, Partial<FertilizerRecommendationInput>, RegExp][] = [
    ['heavy-rain-forecast', { forecast: { rainNext48hMm: 32, rainNext72hMm: 40 } }, /Heavy rain is forecast/],
    ['waterlogging', { waterlogging: { waterBalanceSurplus: true, sclWaterShare: 0, ndwiPositiveShare: 0 } }, /waterlogged/],
    [
      'nitrogen-applied-recently',
      {
        applications: [
          ...(maizeAtTopDress.applications ?? []),
          { applicationDate: '2025-02-10', nitrogenKgPerHa: 17, phosphateKgPerHa: 0, potashKgPerHa: 0 },
        ],
      },
      /4 days ago/,
    ],
  ];

  it.each(heldBy)('%s alone holds the due top-dress but still shows what it would be', (rule, change, reason) => {
    const result = recommendFertilizer({ ...maizeAtTopDress, ...change });
    expect(result.suppressions.map((suppression) => suppression.rule)).toEqual([rule]);
    const topDress = eventOf(result.events, 'top-dress');
    expect(topDress?.action).toBe('hold');
    expect(topDress?.suppressions.map((suppression) => suppression.rule)).toEqual([rule]);
    expect(topDress?.suppressions[0]?.reason).toMatch(reason);
    expect(topDress?.plan?.lines[0]?.product.id).toBe('urea');
    expect(topDress?.nutrients.nitrogenKgPerHa).toBeGreaterThan(0);
    expect(result.headline).toMatch(/^Hold — N top-dress/);
  });

  it('too late alone: past tasselling the remaining N is held for this season, with the reason', () => {
    const result = recommendFertilizer({ ...maizeAtTopDress, today: '2025-04-05', daysAfterPlanting: 85 });
    expect(result.suppressions.map((suppression) => suppression.rule)).toEqual(['too-late-in-season']);
    const topDress = eventOf(result.events, 'top-dress');
    expect(topDress).toMatchObject({ timing: 'missed', action: 'hold', nutrients: { nitrogenKgPerHa: 105 } });
    expect(topDress?.suppressions[0]?.reason).toMatch(/past tasselling.*little or no extra yield/);
    expect(topDress?.suppressions[0]?.lookAgainAfter.condition).toMatch(/next season/);
  });

  it('no clear image alone does not hold the soil-based top-dress', () => {
    const result = recommendFertilizer({ ...maizeAtTopDress, daysSinceClearImage: 12 });
    expect(result.suppressions.map((suppression) => suppression.rule)).toEqual(['no-recent-clear-image']);
    expect(eventOf(result.events, 'top-dress')?.action).toBe('apply-now');
  });

  it('a top-dress due later is not held by today’s rain', () => {
    const result = recommendFertilizer({
      ...maizeAtTopDress,
      today: '2025-01-25',
      daysAfterPlanting: 15,
      forecast: { rainNext48hMm: 40, rainNext72hMm: 60 },
    });
    const topDress = eventOf(result.events, 'top-dress');
    expect(topDress).toMatchObject({ timing: 'upcoming', action: 'wait', suppressions: [] });
  });

  it('warns about urea when no rain is forecast, and picks AN over urea when both are chosen', () => {
    const dry = { rainNext48hMm: 0, rainNext72hMm: 1 };
    const ureaOnly = recommendFertilizer({ ...maizeAtTopDress, forecast: dry });
    expect(ureaOnly.notes.join(' ')).toMatch(/38–46 %.*use CAN or AN instead of urea/);
    expect(eventOf(ureaOnly.events, 'top-dress')?.plan?.notes.join(' ')).toMatch(/Urea is the only straight N product/);

    const both = recommendFertilizer({ ...maizeAtTopDress, forecast: dry, products: [compoundD, urea, ammoniumNitrate] });
    expect(eventOf(both.events, 'top-dress')?.plan?.lines[0]?.product.id).toBe('ammonium-nitrate');
    const wet = recommendFertilizer({ ...maizeAtTopDress, products: [compoundD, urea, ammoniumNitrate] });
    expect(eventOf(wet.events, 'top-dress')?.plan?.lines[0]?.product.id).toBe('urea');
    expect(wet.notes.join(' ')).not.toMatch(/38–46 %/);
  });
});

describe('recommendFertilizer: at planting', () => {
  const atPlanting: FertilizerRecommendationInput = {
    ...maizeAtTopDress,
    today: '2025-01-10',
    daysAfterPlanting: 0,
    applications: [],
    products: [urea, compoundD],
  };

  it('compound D covers P first, then a straight N product tops up the planting N, and the rest is top-dressed', () => {
    const result = recommendFertilizer(atPlanting);
    const basal = eventOf(result.events, 'basal');
    // 126 kg N: a third (42) at planting; P₂O₅ 43.5 and K₂O 29.4 (maintenance, medium soil)
    expect(basal?.nutrients).toEqual({ nitrogenKgPerHa: 42, phosphateKgPerHa: 43.5, potashKgPerHa: 29.4 });
    const [compound, straight] = basal?.plan?.lines ?? [];
    // 43.5 ÷ 14 % = 311 kg/ha compound D, bringing 21.8 kg N and 21.8 kg K₂O; urea 20.2 kg N ÷ 46 % = 44 kg/ha
    expect(compound).toMatchObject({
      product: { id: 'compound-d' },
      rateKgPerHa: 311,
      supplies: { nitrogenKgPerHa: 21.8, potashKgPerHa: 21.8 },
    });
    expect(compound?.purpose).toMatch(/Compound D covers P₂O₅ first: 43.5 kg P₂O₅\/ha ÷ 14 % = 311 kg\/ha/);
    expect(straight).toMatchObject({ product: { id: 'urea' }, rateKgPerHa: 44 });
    expect(straight?.purpose).toMatch(/Then Urea tops up N/);
    // compound D's ratio leaves K₂O short when no potash product is chosen: said plainly
    expect(basal?.plan?.shortfalls.join(' ')).toMatch(/7.6 kg K₂O\/ha is not covered/);

    const topDress = eventOf(result.events, 'top-dress');
    expect(topDress?.nutrients.nitrogenKgPerHa).toBe(84); // 126 − 42.0 supplied at planting
    expect(basal?.action).toBe('apply-now');
    expect(topDress?.action).toBe('wait');
  });

  it('a chosen potash product fills the K₂O gap left by the compound', () => {
    const muriate = customFertilizerProduct('Muriate of potash', 0, 0, 60);
    const result = recommendFertilizer({ ...atPlanting, products: [compoundD, muriate, urea] });
    const lines = eventOf(result.events, 'basal')?.plan?.lines ?? [];
    expect(lines.map((line) => line.product.name)).toEqual(['Compound D', 'Muriate of potash', 'Urea']);
    expect(eventOf(result.events, 'basal')?.plan?.shortfalls).toEqual([]);
  });

  it('on sand puts less N at planting and splits the top-dress in two', () => {
    const result = recommendFertilizer({ ...atPlanting, soilTexture: 'sand' });
    const basal = eventOf(result.events, 'basal');
    expect(basal?.nutrients.nitrogenKgPerHa).toBe(31.5); // a quarter of 126
    const topDresses = result.events.filter((event) => event.kind === 'top-dress');
    expect(topDresses.map((event) => event.window)).toEqual([
      { fromDay: 30, toDay: 40 },
      { fromDay: 51, toDay: 61 },
    ]);
    expect(topDresses[0]?.nutrients.nitrogenKgPerHa).toBe(topDresses[1]?.nutrients.nitrogenKgPerHa);
  });

  it('low soil P gets more compound than medium P, high P and K get none', () => {
    const rateFor = (phosphorus: number, potassium: number) =>
      eventOf(
        recommendFertilizer({ ...atPlanting, soilTest: { unit: 'ppm', phosphorus, potassium, sampleDate: '2024-09-01' } }).events,
        'basal',
      )?.plan?.lines.find((line) => line.product.id === 'compound-d')?.rateKgPerHa ?? 0;
    expect(rateFor(8, 150)).toBeGreaterThan(rateFor(20, 150));
    expect(rateFor(40, 250)).toBe(0);
  });

  it('without a soil test recommends from crop removal and states the assumption', () => {
    const result = recommendFertilizer({ ...atPlanting, soilTest: null });
    expect(result.soilTest?.state).toBe('missing');
    expect(result.nutrients?.phosphate.approach).toBe('maintenance-no-soil-test');
    expect(result.stillNeeded.phosphateKgPerHa).toBe(43.5);
    expect(result.assumptions.join(' ')).toMatch(/No soil test.*assuming a medium soil/);
  });

  it('without a target yield uses the stated default', () => {
    const result = recommendFertilizer({ ...atPlanting, targetYieldTonnesPerHa: null });
    expect(result.targetYield).toMatchObject({ tonnesPerHa: 5, isDefault: true });
    expect(result.assumptions.join(' ')).toMatch(
      /No target yield given: assumed 5 t grain\/ha, a middle value between smallholder .* — not your field's yield\./,
    );
    expect(result.nutrients?.nitrogen.needKgPerHa).toBe(105);
  });

  it('without products gives nutrients only and says how to get amounts', () => {
    const result = recommendFertilizer({ ...atPlanting, products: [] });
    expect(result.events.every((event) => event.plan === null)).toBe(true);
    expect(result.assumptions.join(' ')).toMatch(/choose products/);
  });
});

describe('recommendFertilizer: NDRE sufficiency', () => {
  // Day 55; all planned N already on (compound D at planting, urea on day 32); last clear image 3 days ago.
  const allNitrogenOn: FertilizerRecommendationInput = {
    ...maizeAtTopDress,
    today: '2025-03-06',
    daysAfterPlanting: 55,
    applications: [
      ...(maizeAtTopDress.applications ?? []),
      { applicationDate: '2025-02-11', product: 'Urea', nitrogenPct: 46, phosphatePct: 0, potashPct: 0, rateKgPerHa: 230 },
    ],
  };

  it('SI below 0.95 suggests an extra top-dress', () => {
    const result = recommendFertilizer({ ...allNitrogenOn, ndre: { fieldNdre: 0.34, referenceNdre: 0.4 } });
    expect(result.stillNeeded.nitrogenKgPerHa).toBe(0);
    expect(result.ndre).toMatchObject({ sufficiencyIndex: 0.85, topDressSuggested: true });
    const topUp = eventOf(result.events, 'ndre-top-up');
    expect(topUp).toMatchObject({ action: 'apply-now', nutrients: { nitrogenKgPerHa: 30 } });
    expect(topUp?.explanation.join(' ')).toMatch(/below 0.95, a research guide not calibrated for your field: .*Walk the field first/);
  });

  it('SI of 0.95 or more suggests none', () => {
    const result = recommendFertilizer({ ...allNitrogenOn, ndre: { fieldNdre: 0.39, referenceNdre: 0.4 } });
    expect(result.ndre).toMatchObject({ sufficiencyIndex: 0.975, topDressSuggested: false });
    expect(eventOf(result.events, 'ndre-top-up')).toBeUndefined();
    expect(result.events.filter((event) => event.nutrients.nitrogenKgPerHa > 0)).toEqual([]);
  });

  it('an old image holds only the NDRE top-up', () => {
    const result = recommendFertilizer({ ...allNitrogenOn, ndre: { fieldNdre: 0.34, referenceNdre: 0.4 }, daysSinceClearImage: 14 });
    const topUp = eventOf(result.events, 'ndre-top-up');
    expect(topUp?.action).toBe('hold');
    expect(topUp?.suppressions.map((suppression) => suppression.rule)).toEqual(['no-recent-clear-image']);
    expect(topUp?.plan?.lines[0]).toMatchObject({ product: { id: 'urea' }, rateKgPerHa: 65 });
  });
});

describe('recommendFertilizer: other crops', () => {
  const soybean: FertilizerRecommendationInput = {
    ...maizeAtTopDress,
    cropTypeId: 'soybean',
    targetYieldTonnesPerHa: 2.5,
    applications: [],
    products: [compoundD, ammoniumNitrate],
    ndre: { fieldNdre: 0.3, referenceNdre: 0.4 },
  };

  it('soybean gets no top-dress N, even with a low NDRE, and is told why', () => {
    for (const daysAfterPlanting of [0, 35, 60]) {
      const result = recommendFertilizer({ ...soybean, daysAfterPlanting });
      expect(result.stillNeeded.nitrogenKgPerHa).toBe(0);
      expect(result.events.filter((event) => event.kind !== 'basal')).toEqual([]);
      expect(result.events.flatMap((event) => event.plan?.lines ?? []).some((line) => line.product.id === 'ammonium-nitrate')).toBe(false);
      expect(result.nutrients?.nitrogen.reasoning.join(' ')).toMatch(/No top-dress N/);
      expect(result.notes.join(' ')).toMatch(/never means top-dress N/);
    }
  });

  it('soybean: the N in the basal compound is the starter', () => {
    const result = recommendFertilizer({ ...soybean, daysAfterPlanting: 0 });
    const basal = eventOf(result.events, 'basal');
    // 2.5 t × 14 kg P₂O₅/t = 35 → 250 kg/ha compound D, 17.5 kg N
    expect(basal?.plan?.lines.map((line) => [line.product.id, line.rateKgPerHa])).toEqual([['compound-d', 250]]);
    expect(basal?.explanation.join(' ')).toMatch(/17.5 kg N\/ha in the compound is the starter/);
  });

  it('tobacco: a fixed N total by texture, chloride warning, no NDRE top-up', () => {
    const result = recommendFertilizer({
      ...maizeAtTopDress,
      cropTypeId: 'tobacco-flue-cured',
      soilTexture: 'sand',
      applications: [],
      daysAfterPlanting: 0,
      ndre: { fieldNdre: 0.3, referenceNdre: 0.4 },
    });
    expect(result.nutrients?.nitrogen).toMatchObject({ approach: 'quality-limited', needKgPerHa: 80 });
    expect(result.notes.join(' ')).toMatch(/low-chloride/);
    expect(eventOf(result.events, 'basal')?.nutrients.nitrogenKgPerHa).toBe(40);
    expect(eventOf(result.events, 'ndre-top-up')).toBeUndefined();
  });

  it('wheat: N from grain removal, said to be a floor', () => {
    const result = recommendFertilizer({ ...maizeAtTopDress, cropTypeId: 'wheat-spring', targetYieldTonnesPerHa: 5, applications: [] });
    expect(result.nutrients?.nitrogen).toMatchObject({ approach: 'removal', needKgPerHa: 100 });
    expect(result.notes.join(' ')).toMatch(/a floor/);
  });

  it('a crop without figures gets "no recommendation for this crop"', () => {
    const result = recommendFertilizer({ ...maizeAtTopDress, cropTypeId: 'cabbage' });
    expect(result).toMatchObject({ status: 'no-recommendation', cropName: 'Cabbage', events: [], nutrients: null });
    expect(result.headline).toMatch(/^No recommendation for this crop/);
    expect(recommendFertilizer({ ...maizeAtTopDress, cropTypeId: 'not-a-crop' }).status).toBe('no-recommendation');
  });
});

describe('recommendFertilizer: words a farmer reads', () => {
  /** Every string in a result, except fields that are a bare date (YYYY-MM-DD) or an id. */
  function sentencesOf(value: unknown): string[] {
    if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? [] : [value];
    if (Array.isArray(value)) return value.flatMap(sentencesOf);
    if (value && typeof value === 'object') return Object.values(value).flatMap(sentencesOf);
    return [];
  }

  const planting: FertilizerRecommendationInput = { ...maizeAtTopDress, today: '2025-01-10', daysAfterPlanting: 0, applications: [] };
  const scenarios: [string, FertilizerRecommendationInput][] = [
    ['all clear at top-dress', maizeAtTopDress],
    ['heavy rain', { ...maizeAtTopDress, forecast: { rainNext48hMm: 32, rainNext72hMm: 40 } }],
    ['heavy rain on sand', { ...maizeAtTopDress, soilTexture: 'sand', forecast: { rainNext48hMm: 20, rainNext72hMm: 55 } }],
    ['waterlogged', { ...maizeAtTopDress, waterlogging: { waterBalanceSurplus: true, sclWaterShare: 0.3, ndwiPositiveShare: 0.2 } }],
    [
      'nitrogen applied recently',
      {
        ...maizeAtTopDress,
        applications: [...(maizeAtTopDress.applications ?? []), { applicationDate: '2025-02-10', nitrogenKgPerHa: 17 }],
      },
    ],
    ['too late', { ...maizeAtTopDress, today: '2025-04-14', daysAfterPlanting: 94 }],
    ['no clear image, NDRE pale', { ...maizeAtTopDress, daysSinceClearImage: null, ndre: { fieldNdre: 0.3, referenceNdre: 0.4 } }],
    ['at planting on sand, defaults', { ...planting, soilTexture: 'sand', soilTest: null, targetYieldTonnesPerHa: null }],
    [
      'low soil N sampled near planting',
      { ...planting, soilTest: { unit: 'ppm', nitrogen: 12, phosphorus: 8, potassium: 80, ph: 5.2, sampleDate: '2024-12-20' } },
    ],
    ['old soil test', { ...planting, soilTest: { unit: 'ppm', nitrogen: 30, phosphorus: 8, potassium: 80, sampleDate: '2019-01-01' } }],
    ['soybean', { ...planting, cropTypeId: 'soybean', products: [compoundD] }],
    ['tobacco on sand', { ...planting, cropTypeId: 'tobacco-flue-cured', soilTexture: 'sand' }],
    ['wheat', { ...planting, cropTypeId: 'wheat-spring' }],
  ];

  it.each(scenarios)('%s: no engineering marks, unexplained sources or ISO dates in the text', (_name, input) => {
    const text = sentencesOf(recommendFertilizer(input));
    expect(text.length).toBeGreaterThan(5);
    for (const sentence of text) {
      expect(sentence).not.toMatch(/[✔✖◐]|rule of thumb we have not verified|science brief/i);
      expect(sentence).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
  });

  it('says the uncertainty of a rule in plain words', () => {
    const held = recommendFertilizer({ ...maizeAtTopDress, forecast: { rainNext48hMm: 32, rainNext72hMm: 40 } });
    expect(held.suppressions[0]?.reason).toMatch(/\(The 25 mm limit is common extension advice, not a measured threshold\.\)$/);
    const recent = recommendFertilizer(scenarios[4]![1]);
    expect(recent.suppressions[0]?.reason).toMatch(/^Nitrogen was put on 4 days ago \(10 Feb\)\./);
  });
});
