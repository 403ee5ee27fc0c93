import type { FieldOnMap, FieldPoint } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { mapFields } from './map-fields.ts';

const point: FieldPoint = {
  id: 'f1',
  name: 'Top Field',
  size_hectares: 3.14,
  bbox: { minLng: 31.049, minLat: -17.831, maxLng: 31.051, maxLat: -17.829 },
  centroid: [31.05, -17.83],
  cropType: 'maize-grain-medium',
};
const keptField = { ...point, mapBoundary: { type: 'Point', coordinates: [31.05, -17.83] } } as unknown as FieldOnMap;
const points = { data: { data: [point], version: 42 }, isError: false };
const noPoints = { data: undefined, isError: true };
const pending = { data: undefined, isPending: true, isError: false };
const kept = { data: [keptField], isPending: false, isError: false };
const notKept = { data: undefined, isPending: false, isError: true };

describe("Map View's fields", () => {
  it('online: the points, and the outlines as tiles at their version', () => {
    expect(mapFields(true, points, pending)).toEqual({ fields: [point], outlines: { from: 'tiles', version: 42 }, failed: false });
    expect(mapFields(true, { data: undefined, isError: false }, pending)).toEqual({ fields: undefined, outlines: null, failed: false });
    expect(mapFields(true, noPoints, pending)).toMatchObject({ fields: undefined, failed: true });
  });

  it("offline: the field pack's list for fields and outlines, waiting for it to be read", () => {
    expect(mapFields(false, points, pending)).toEqual({ fields: undefined, outlines: null, failed: false });
    expect(mapFields(false, points, kept)).toEqual({ fields: [keptField], outlines: { from: 'list', fields: [keptField] }, failed: false });
    expect(mapFields(false, noPoints, kept)).toMatchObject({ fields: [keptField], failed: false });
  });

  it('offline without a pack: the points kept from the last visit, with no outlines; failed only when neither is kept', () => {
    expect(mapFields(false, points, notKept)).toEqual({ fields: [point], outlines: { from: 'list', fields: [] }, failed: false });
    expect(mapFields(false, noPoints, notKept)).toEqual({ fields: undefined, outlines: { from: 'list', fields: [] }, failed: true });
  });
});
