import { colourOf, LEGENDS } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { app } from '../../locales/en/app.ts';
import { classKey, legendClasses, legendGradient, legendOf, legendThresholds, noReadingColour, pixelSizeMOf } from './index-legend.ts';

describe('the index legend', () => {
  it('reads NDWI from the engine’s NIR−SWIR legend and the others by their own names', () => {
    expect(legendOf('ndwi')).toBe(LEGENDS.ndmi);
    expect(legendOf('ndvi')).toBe(LEGENDS.ndvi);
    expect(pixelSizeMOf('ndre')).toBe(20);
    expect(pixelSizeMOf('ndvi')).toBe(10);
  });

  it('words the NDVI classes at the spec’s thresholds: below 0.2, 0.2 to 0.5, 0.5 and above', () => {
    const classes = legendClasses(LEGENDS.ndvi);
    expect(classes.map((c) => c.key)).toEqual(['bareOrStressed', 'moderate', 'healthy']);
    expect(classes.map((c) => c.range)).toEqual([
      { kind: 'below', value: 0.2 },
      { kind: 'between', from: 0.2, to: 0.5 },
      { kind: 'from', value: 0.5 },
    ]);
    expect(classes.every((c) => !c.swatch.includes(noReadingColour))).toBe(true);
  });

  it('draws each class over its whole range with the colours the map’s PNG gets: Healthy runs teal to yellow', () => {
    const [bare, moderate, healthy] = legendClasses(LEGENDS.ndvi);
    const css = (value: number) => `rgb(${colourOf(LEGENDS.ndvi, value).join(' ')})`;
    // 0.5 and up: teal at 0.5, green at 0.7, yellow from 0.9 (the map's healthy maize is green-yellow, not teal).
    expect(healthy!.swatch).toBe(`linear-gradient(to right, ${css(0.5)} 0%, ${css(0.7)} 50%, ${css(0.9)} 100%)`);
    expect(moderate!.swatch).toBe(`linear-gradient(to right, ${css(0.2)} 0%, ${css(0.5)} 100%)`);
    // Below 0.2 starts where the ramp starts: everything under −0.2 is its first colour on the map too.
    expect(bare!.swatch).toBe(`linear-gradient(to right, ${css(-0.2)} 0%, ${css(0.2)} 100%)`);
    expect(legendClasses(LEGENDS.lai)[2]!.swatch).toBe(`linear-gradient(to right, ${'rgb(94 201 98)'} 0%, ${'rgb(253 231 37)'} 100%)`);
  });

  it('has a label in English for every class of every legend', () => {
    for (const legend of Object.values(LEGENDS)) {
      for (const band of legend.classes) expect(app.cropHealth.classes).toHaveProperty(classKey(band.label), band.label);
    }
  });

  it('gives the chart the inner thresholds only, with the class that starts at each', () => {
    expect(legendThresholds(LEGENDS.ndvi)).toEqual([
      { value: 0.2, key: 'moderate', belowKey: 'bareOrStressed' },
      { value: 0.5, key: 'healthy', belowKey: 'moderate' },
    ]);
    expect(legendThresholds(LEGENDS.ndmi)).toEqual([{ value: -0.2, key: 'noWaterStress', belowKey: 'waterStress' }]);
  });

  it('spreads the gradient by value: NDVI 0.2 sits at 36 % of the −0.2 to 0.9 ramp', () => {
    const gradient = legendGradient(LEGENDS.ndvi);
    expect(gradient.startsWith('linear-gradient(to right, rgb(68 1 84) 0%')).toBe(true);
    expect(gradient).toContain('rgb(59 82 139) 36%');
    expect(gradient.endsWith('rgb(253 231 37) 100%)')).toBe(true);
  });
});
