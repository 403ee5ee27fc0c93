import { expression } from '@maplibre/maplibre-gl-style-spec';
import type { FieldOnMap } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { CROP_GROUP_COLOURS, boundsOfFields, cropGroupColour, fieldFeatures, fieldLabel, fieldPointFeatures } from './field-layers.ts';

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
  it('gives each field one point, at the centre of its area, however many map tiles it crosses', () => {
    const pivot = field({
      name: 'Centre pivot',
      size_hectares: 50.3,
      mapBoundary: { type: 'Point', coordinates: [31.05, -17.83], properties: { radius: 400, circle: true } },
      centroid: [31.05, -17.83],
    });
    const points = fieldPointFeatures([pivot, field({ id: 'f2', name: 'Barn Block', cropType: null, centroid: [31.1, -17.9] })]).features;
    expect(points).toHaveLength(2);
    // What the server's tiles carry for a point, so one set of layers draws both.
    expect(points[0]).toMatchObject({
      geometry: { type: 'Point', coordinates: [31.05, -17.83] },
      properties: { id: 'f1', name: 'Centre pivot', size_hectares: 50.3, cropGroup: 'cereal' },
    });
    expect(points[1]).toMatchObject({ geometry: { coordinates: [31.1, -17.9] }, properties: { id: 'f2', cropGroup: 'none' } });
    // The polygons carry no label, so nothing is drawn once per tile a polygon crosses.
    expect(fieldFeatures([pivot]).features[0]!.properties).not.toHaveProperty('label');
  });

  it('labels a point with its name over its hectares, as the language writes numbers', () => {
    const labelOf = (locale: string, name: string, hectares: number) => {
      const parsed = expression.createExpression(fieldLabel(locale), 'layers[0].layout.text-field');
      if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
      return parsed.value.evaluate({ zoom: 14 }, { type: 1, properties: { name, size_hectares: hectares } } as never);
    };
    expect(labelOf('en-GB', 'Centre pivot', 50.34)).toBe('Centre pivot\n50.3 ha');
    expect(labelOf('en-GB', 'Barn Block', 12.345)).toBe('Barn Block\n12.3 ha');
    // Under 10 ha, two decimals: a smallholder's 0.76 ha is not rounded to 0.8.
    expect(labelOf('en-GB', 'Garden', 0.756)).toBe('Garden\n0.76 ha');
    expect(labelOf('en-GB', 'Dam', 9)).toBe('Dam\n9 ha');
    expect(labelOf('pt-PT', 'Machamba', 2.5)).toBe('Machamba\n2,5 ha');
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
