import { measureFieldBoundary, type FieldBoundary } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { boundaryOf, featureOf } from './boundary-features.ts';

const hectares = (boundary: FieldBoundary) => {
  const measured = measureFieldBoundary(boundary);
  if (!measured.ok) throw new Error(measured.problem.message);
  return measured.value.areaHectares;
};

describe('boundary features', () => {
  it('closes an open polygon ring and gives it back unchanged', () => {
    const open: FieldBoundary = {
      type: 'Polygon',
      coordinates: [
        [
          [31.03, -17.82],
          [31.035, -17.82],
          [31.035, -17.825],
        ],
      ],
    };
    const feature = featureOf(open);
    expect(feature.properties.mode).toBe('polygon');
    expect(feature.geometry.coordinates[0]).toHaveLength(4);
    expect(feature.geometry.coordinates[0]![3]).toEqual([31.03, -17.82]);
    expect(boundaryOf(feature)).toEqual({ type: 'Polygon', coordinates: [[...open.coordinates[0]!, [31.03, -17.82]]] });
  });

  it('turns a circle into a traced polygon and back into its centre and radius', () => {
    const circle: FieldBoundary = { type: 'Point', coordinates: [31.0335, -17.8252], properties: { radius: 180, circle: true } };
    const feature = featureOf(circle);
    expect(feature.properties).toEqual({ mode: 'circle', radiusKilometers: 0.18 });
    expect(feature.geometry.coordinates[0]).toHaveLength(65);
    const back = boundaryOf(feature);
    expect(back.type).toBe('Point');
    if (back.type !== 'Point') return;
    expect(back.coordinates[0]).toBeCloseTo(31.0335, 7);
    expect(back.coordinates[1]).toBeCloseTo(-17.8252, 7);
    expect(back.properties.radius).toBeCloseTo(180, 1);
    expect(hectares(back)).toBeCloseTo(hectares(circle), 2);
  });

  it('keeps at most 9 decimals, which the drawing library requires', () => {
    const feature = featureOf({ type: 'Point', coordinates: [31.123456789123, -17.5], properties: { radius: 100, circle: true } });
    const decimals = feature.geometry.coordinates[0]!.flat().map((value) => String(value).split('.')[1]?.length ?? 0);
    expect(Math.max(...decimals)).toBeLessThanOrEqual(9);
  });
});
