import { describe, expect, it } from 'vitest';
import { paceOf } from './outside-paces.ts';

describe("the process's paces", () => {
  it('gives every caller of a service at a rate the one pace, so together they keep to it', () => {
    const forecast = paceOf('https://api.open-meteo.test/v1/forecast', 500);
    expect(paceOf('https://api.open-meteo.test/v1/forecast?latitude=1', 500)).toBe(forecast);
    expect(paceOf('https://catalogue.test/v1', 120)).not.toBe(forecast);
    expect(forecast.perMinute).toBe(500);
  });
});
