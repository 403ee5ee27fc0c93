import { fertilizerResultSchema, type FertilizerAdviceResult } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import fixture from '../../../../../packages/core/src/analysis-results/fixtures/fertilizer-result.json';
import { applicationPrefill, eventToActOn, methodFor, nothingNeeded } from './advice-model.ts';

const result = fertilizerResultSchema.parse(fixture) as FertilizerAdviceResult;
const topDress = result.events[0]!;
const event = (overrides: Partial<typeof topDress>) => ({ ...topDress, ...overrides });

describe('the application to act on', () => {
  it('is the one to apply now', () => {
    expect(eventToActOn(result)).toBe(topDress);
    expect(topDress.action).toBe('apply-now');
  });

  it('else one due or upcoming, else one held back, else none', () => {
    const upcoming = event({ label: 'second split', action: 'wait', timing: 'upcoming' });
    const held = event({ label: 'held', action: 'hold', timing: 'due-now' });
    const missed = event({ label: 'missed', action: 'wait', timing: 'missed' });
    expect(eventToActOn({ ...result, events: [missed, upcoming] })?.label).toBe('second split');
    expect(eventToActOn({ ...result, events: [missed, held] })?.label).toBe('held');
    expect(eventToActOn({ ...result, events: [missed] })).toBeNull();
    expect(eventToActOn({ ...result, events: [] })).toBeNull();
  });
});

describe('the application form filled in from the advice', () => {
  it('carries the field, the product and its grade, the rate, today and the method of the application', () => {
    const line = topDress.plan!.lines[0]!;
    expect(
      applicationPrefill({
        fieldId: 'f-1',
        product: line.product,
        rateKgPerHa: line.rateKgPerHa,
        kind: topDress.kind,
        today: '2026-11-25',
      }),
    ).toEqual({
      fieldId: 'f-1',
      product: 'Urea',
      nitrogenPct: '46',
      phosphatePct: '0',
      potashPct: '0',
      rateKgPerHa: '81',
      applicationDate: '2026-11-25',
      method: 'top-dress',
    });
  });

  it('writes a decimal grade and rate as the inputs take them', () => {
    const an = { name: 'Ammonium nitrate (AN)', nitrogenPct: 34.5, phosphatePct: 0, potashPct: 0 };
    expect(applicationPrefill({ fieldId: 'f', product: an, rateKgPerHa: 107.84, kind: 'basal', today: '2026-11-25' })).toMatchObject({
      nitrogenPct: '34.5',
      rateKgPerHa: '107.8',
      method: 'banded',
    });
  });

  it('bands basal fertilizer, top-dresses N, broadcasts without an application in view', () => {
    expect(methodFor('basal')).toBe('banded');
    expect(methodFor('top-dress')).toBe('top-dress');
    expect(methodFor('ndre-top-up')).toBe('top-dress');
    expect(methodFor(null)).toBe('broadcast');
  });
});

it('nothing is needed only when N, P₂O₅ and K₂O are all 0 kg/ha', () => {
  expect(nothingNeeded({ nitrogenKgPerHa: 0, phosphateKgPerHa: 0, potashKgPerHa: 0 })).toBe(true);
  expect(nothingNeeded(result.stillNeeded)).toBe(false);
  expect(nothingNeeded({ nitrogenKgPerHa: 0, phosphateKgPerHa: 0, potashKgPerHa: 3.5 })).toBe(false);
});
