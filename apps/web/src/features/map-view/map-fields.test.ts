import type { FieldMapSummary, FieldOnMap, FieldPoint } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { mapFields, summariseFields } from './map-fields.ts';

const point: FieldPoint = {
  id: 'f1',
  name: 'Top Field',
  size_hectares: 3.14,
  bbox: { minLng: 31.049, minLat: -17.831, maxLng: 31.051, maxLat: -17.829 },
  centroid: [31.05, -17.83],
  cropType: 'maize-grain-medium',
};
const beans: FieldPoint = {
  ...point,
  id: 'f2',
  size_hectares: 1.5,
  bbox: { minLng: 31.1, minLat: -17.9, maxLng: 31.2, maxLat: -17.8 },
  cropType: 'soybean',
};
const keptField = { ...point, mapBoundary: { type: 'Point', coordinates: [31.05, -17.83] } } as unknown as FieldOnMap;
const serverSummary: FieldMapSummary = {
  count: 1,
  size_hectares: 3.14,
  bounds: [31.049, -17.831, 31.051, -17.829],
  cropGroups: ['cereal'],
  version: 42,
};
const summary = { data: serverSummary, isPending: false, isError: false };
const noSummary = { data: undefined, isPending: false, isError: true };
const pending = { data: undefined, isPending: true, isError: false };
const pack = { data: [keptField], isPending: false, isError: false };
const listed = { data: [point, beans], isPending: false, isError: false };
const notKept = { data: undefined, isPending: false, isError: true };

describe("Map View's fields", () => {
  it("online: the server's summary, and the tiles at its version", () => {
    expect(mapFields(true, summary, pending, pending)).toEqual({
      summary: { count: 1, size_hectares: 3.14, bounds: [31.049, -17.831, 31.051, -17.829], cropGroups: ['cereal'] },
      source: { from: 'tiles', version: 42 },
      failed: false,
    });
    expect(mapFields(true, pending, pending, pending)).toEqual({ summary: undefined, source: null, failed: false });
    expect(mapFields(true, noSummary, pack, listed)).toMatchObject({ summary: undefined, source: null, failed: true });
  });

  it("offline: the field pack's list for points and outlines, waiting for it to be read", () => {
    expect(mapFields(false, noSummary, pending, listed)).toEqual({ summary: undefined, source: null, failed: false });
    expect(mapFields(false, noSummary, pack, listed)).toEqual({
      summary: summariseFields([keptField]),
      source: { from: 'list', points: [keptField], outlines: [keptField] },
      failed: false,
    });
  });

  it('offline without a pack: the field list kept from the last visit, with no outlines; failed only when neither is kept', () => {
    expect(mapFields(false, noSummary, notKept, listed)).toMatchObject({ source: { from: 'list', points: [point, beans], outlines: [] } });
    expect(mapFields(false, noSummary, notKept, pending)).toEqual({ summary: undefined, source: null, failed: false });
    expect(mapFields(false, noSummary, notKept, notKept)).toEqual({ summary: undefined, source: null, failed: true });
  });

  it('summarises a kept list as the server does: count, hectares, box and crop groups', () => {
    expect(summariseFields([point, beans])).toEqual({
      count: 2,
      size_hectares: 4.64,
      bounds: [31.049, -17.9, 31.2, -17.8],
      cropGroups: ['cereal', 'legume'],
    });
    expect(summariseFields([])).toEqual({ count: 0, size_hectares: 0, bounds: null, cropGroups: [] });
  });
});
