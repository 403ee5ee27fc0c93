import type { FieldOnMap } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { CROP_GROUP_COLOURS, boundsOfFields, cropGroupColour, fieldFeatures, fieldLabelPoints } from './field-layers.ts';

const field = (overrides: Partial<FieldOnMap>): FieldOnMap => ({
  id: 'f1',
  name: 'Top Field',
  farmId: 'farm',
  mapBoundary: { type: 'Point', coordinates: [31.05, -17.83], properties: { radius: 100, circle: true } },
  size: 3.14,
  size_hectares: 3.14,
  bbox: { minLng: 31.049, minLat: -17.831, maxLng: 31.051, maxLat: -17.829 },
  centroid: [31.05, -17.83],
  cropType: 'maize-grain-medium',
  variety: null,
  plantingDate: null,
  expectedHarvestDate: null,
  actualHarvestDate: null,
  soilTexture: null,
  irrigated: false,
  createdAt: '2026-11-01T00:00:00Z',
  lastModified: '2026-11-01T00:00:00Z',
  ...overrides,
});

describe('field layers', () => {
  it('labels each field once, at the centre of its area, however many map tiles it crosses', () => {
    const pivot = field({
      name: 'Centre pivot',
      size_hectares: 50.3,
      mapBoundary: { type: 'Point', coordinates: [31.05, -17.83], properties: { radius: 400, circle: true } },
      centroid: [31.05, -17.83],
    });
    const labels = fieldLabelPoints([
      pivot,
      field({ id: 'f2', name: 'Barn Block', size_hectares: 12.345, centroid: [31.1, -17.9] }),
    ]).features;
    expect(labels).toHaveLength(2);
    expect(labels[0]).toMatchObject({
      geometry: { type: 'Point', coordinates: [31.05, -17.83] },
      properties: { id: 'f1', label: 'Centre pivot\n50.3 ha', colour: CROP_GROUP_COLOURS.cereal },
    });
    expect(labels[1]).toMatchObject({ geometry: { coordinates: [31.1, -17.9] }, properties: { label: 'Barn Block\n12.3 ha' } });
    // The polygons carry no label, so nothing is drawn once per tile a polygon crosses.
    expect(fieldFeatures([pivot]).features[0]!.properties).not.toHaveProperty('label');
  });

  it('gives each field a polygon (circles traced) and its crop group colour', () => {
    const [maize, tobacco, bare] = fieldFeatures([
      field({}),
      field({ id: 'f2', name: 'Barn Block', cropType: 'tobacco-flue-cured', size_hectares: 12.345 }),
      field({ id: 'f3', name: 'Fallow', cropType: null }),
    ]).features;
    expect(maize!.geometry.type).toBe('Polygon');
    expect(maize!.geometry.coordinates[0]).toHaveLength(65);
    expect(maize!.properties).toEqual({ id: 'f1', name: 'Top Field', cropGroup: 'cereal', colour: CROP_GROUP_COLOURS.cereal });
    expect(tobacco!.properties.colour).toBe(CROP_GROUP_COLOURS.industrial);
    expect(bare!.properties.colour).toBe(CROP_GROUP_COLOURS.none);
  });

  it("draws a polygon from the list's map boundary as it is", () => {
    const mapBoundary = {
      type: 'Polygon',
      coordinates: [
        [
          [31.05, -17.83],
          [31.06, -17.83],
          [31.06, -17.82],
          [31.05, -17.83],
        ],
      ],
    };
    expect(fieldFeatures([field({ mapBoundary })]).features[0]!.geometry).toEqual(mapBoundary);
  });

  it('bounds all fields, and none without fields', () => {
    const far = field({ bbox: { minLng: 30.0, minLat: -18.5, maxLng: 30.1, maxLat: -18.4 } });
    expect(boundsOfFields([field({}), far])).toEqual([30.0, -18.5, 31.051, -17.829]);
    expect(boundsOfFields([])).toBeNull();
  });

  it("colours a feature by its crop group, as the server's tiles carry it", () => {
    const [, , ...pairs] = cropGroupColour;
    const colours = Object.fromEntries(Array.from({ length: (pairs.length - 1) / 2 }, (_, i) => [pairs[2 * i], pairs[2 * i + 1]]));
    expect(colours).toEqual(CROP_GROUP_COLOURS);
    expect(pairs.at(-1)).toBe(CROP_GROUP_COLOURS.none);
  });
});
